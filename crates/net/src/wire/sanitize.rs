//! Checks on decoded host messages before a replica trusts them.
//!
//! `duel_core::Pip` derives `Deserialize` without its 1..=6 clamp, so bytes
//! can carry a `Pip(0)`; `Game::apply` on such an event indexes a face table
//! with `pip - 1` and panics. The core is the lead's; until `Pip` validates
//! on deserialize, every pip that crosses the wire is checked here, so
//! "decoding never panics" extends to applying what was decoded.

use duel_core::choice::ChoiceKind;
use duel_core::{Event, Game, Pip};

use super::{HostMsg, WireError};

fn pips_ok(mut pips: impl Iterator<Item = Pip>) -> Result<(), WireError> {
    if pips.all(|p| (1..=6).contains(&p.value())) {
        Ok(())
    } else {
        Err(WireError::Invalid("a die face outside 1..=6"))
    }
}

fn choice_ok(kind: &ChoiceKind) -> Result<(), WireError> {
    match kind {
        ChoiceKind::WarpDestination { rolled, .. } => pips_ok(rolled.iter().copied()),
        _ => Ok(()),
    }
}

/// Whether an event is safe to apply.
///
/// # Errors
/// [`WireError::Invalid`] for an impossible die face.
pub fn check_event(event: &Event) -> Result<(), WireError> {
    match event {
        Event::EnergyRolled { faces, .. } | Event::DiceRolled { faces, .. } => {
            pips_ok(faces.iter().map(|(_, p)| *p))
        }
        Event::DamageRolled { faces, .. } => pips_ok(faces.iter().copied()),
        Event::WarpRolled { pips, .. } => pips_ok(pips.iter().copied()),
        Event::ChoiceOpened { choice } => choice_ok(&choice.kind),
        _ => Ok(()),
    }
}

/// Whether a snapshot is safe to adopt: pips in range and the core's own
/// invariants hold.
///
/// # Errors
/// [`WireError::Invalid`] naming what is wrong.
pub fn check_game(game: &Game) -> Result<(), WireError> {
    for ship in game.ships() {
        pips_ok(ship.pool().filter_map(|(_, p)| p))?;
        if ship.dice.iter().any(|d| d.len() > 8) {
            return Err(WireError::Invalid("a station with too many dice"));
        }
    }
    for choice in game.choices() {
        choice_ok(&choice.kind)?;
    }
    if game.ships().len() > 8 || game.seats().len() > 64 {
        return Err(WireError::Invalid("more ships or seats than any layout has"));
    }
    if !game.is_consistent() {
        return Err(WireError::Invalid("the snapshot breaks the rules' invariants"));
    }
    Ok(())
}

/// Checks every event and game a host message carries.
pub(super) fn check_host_msg(msg: &HostMsg) -> Result<(), WireError> {
    match msg {
        HostMsg::Events { events, .. } => events.iter().try_for_each(check_event),
        HostMsg::Sync(snapshot) => {
            check_game(&snapshot.game)?;
            snapshot.tail.iter().try_for_each(check_event)
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use duel_core::station::Station;
    use duel_core::ShipId;

    /// `Pip` deserializes without its clamp: this is the event that would
    /// panic `Game::apply` (face table index `0 - 1`).
    fn pip_zero_event() -> Event {
        let good =
            Event::DiceRolled { ship: ShipId(0), station: Station::Helm, faces: vec![(0, Pip::new(1))] };
        let mut bytes = postcard::to_allocvec(&good).unwrap();
        *bytes.last_mut().unwrap() = 0;
        postcard::from_bytes(&bytes).unwrap()
    }

    #[test]
    fn a_zero_pip_from_the_wire_is_caught_before_apply() {
        let bad = pip_zero_event();
        assert!(matches!(&bad, Event::DiceRolled { faces, .. } if faces[0].1.value() == 0));
        assert_eq!(check_event(&bad), Err(WireError::Invalid("a die face outside 1..=6")));
        let msg = HostMsg::Events { from: crate::ids::Seq(1), events: vec![bad], hash: None };
        assert!(check_host_msg(&msg).is_err());
    }
}
