//! Checks on decoded host messages before a replica trusts them.
//!
//! Decoding already refuses impossible die faces (`duel_core::Pip` only
//! deserialises 1..=6), so events are safe to apply as decoded. A snapshot
//! is a whole `Game` from the wire: it must also satisfy the core's
//! invariants (dice per station, ships per layout, one mine per square…)
//! before a replica adopts it.

use duel_core::{Event, Game};

use super::{HostMsg, WireError};

/// Whether an event is safe to apply. `Game::apply` is total, so this only
/// bounds what could make it slow.
///
/// # Errors
/// [`WireError::Invalid`] for a Thunderstruck reveal of more than five dice.
pub fn check_event(event: &Event) -> Result<(), WireError> {
    use duel_core::thunderstruck::Event as Ts;
    match event {
        // At most five dice a round (four and the Reflex die).
        Event::Thunderstruck(Ts::Revealed { dice, placement, .. })
            if dice.len() > 5 || placement.slots().len() > 5 =>
        {
            Err(WireError::Invalid("a reveal of more dice than anyone rolls"))
        }
        _ => Ok(()),
    }
}

/// Whether a snapshot is safe to adopt: the core's own invariants hold.
///
/// # Errors
/// [`WireError::Invalid`] naming what is wrong.
pub fn check_game(game: &Game) -> Result<(), WireError> {
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
    use duel_core::{GameConfig, Pip, ShipId};

    #[test]
    fn a_zero_pip_from_the_wire_does_not_even_decode() {
        let good =
            Event::DiceRolled { ship: ShipId(0), station: Station::Helm, faces: vec![(0, Pip::new(1))] };
        let mut bytes = postcard::to_allocvec(&good).unwrap();
        *bytes.last_mut().unwrap() = 0;
        assert!(postcard::from_bytes::<Event>(&bytes).is_err());
    }

    #[test]
    fn a_snapshot_breaking_the_invariants_is_refused() {
        let good = Game::new(GameConfig::quick_duel(1)).unwrap();
        assert!(check_game(&good).is_ok());
        // A ship off the map cannot happen in play: forge one into the snapshot.
        let mut value = good.clone();
        value.apply(&Event::ShipMoved {
            ship: ShipId(0),
            to: duel_core::Position::centre(duel_core::Square::new(40, 40)),
            facing: duel_core::Dir::North,
        });
        assert_eq!(check_game(&value), Err(WireError::Invalid("the snapshot breaks the rules' invariants")));
    }
}
