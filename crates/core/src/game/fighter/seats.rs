//! Seats that change with a Fighter (R22 "Player Roles", D20): when a
//! team's Fighter is destroyed its Pilot goes back to the Capital ship and
//! may take any station; when it is relaunched any player may become the
//! Pilot, handing their stations to those who stay. The host carries these
//! out ([`crate::intent::HostAction::Reseat`]); the core checks them.

use super::super::{setup, Game, Phase};
use crate::class::ShipClass;
use crate::config::SeatSpec;
use crate::error::RuleError;
use crate::event::Event;
use crate::freeze::FreezeAction;
use crate::ids::{SeatId, TeamId};
use crate::station::{Station, ALL_STATIONS};

/// Whether `team` may change seats now (D20): while its Fighter is destroyed
/// (mission 1, where it may come back) or flies with no Pilot, and during its
/// own LAUNCH freeze; never during another freeze.
fn may_reseat(game: &Game, team: TeamId) -> bool {
    if let Some(f) = &game.freeze {
        let own = game.ship(f.declared.ship).is_some_and(|s| s.team == team);
        return own && matches!(f.declared.action, FreezeAction::Launch { .. });
    }
    let relaunches = game.mission().is_some_and(|m| m.relaunches());
    game.team_ships(team, ShipClass::Fighter)
        .any(|(id, f)| (f.destroyed && relaunches) || (!f.destroyed && !game.seats_of(id).any(|_| true)))
}

/// Stations of `ship` held by some seat of `seats`.
fn manned(seats: &[SeatSpec], ship: crate::ids::ShipId) -> Vec<Station> {
    ALL_STATIONS
        .into_iter()
        .filter(|st| seats.iter().any(|s| s.ship == ship && s.stations.contains(st)))
        .collect()
}

/// Checks a team's change of seats (D20).
///
/// # Errors
/// The seat does not exist, is listed twice or crosses teams; the team may
/// not change seats now; the new table breaks the seat rules (D17, R22); a
/// station would be left unmanned; a flying Fighter would have no Pilot.
pub(in crate::game) fn validate_reseat(game: &Game, changes: &[(SeatId, SeatSpec)]) -> Result<(), RuleError> {
    if !matches!(game.phase, Phase::Battle) {
        return Err(RuleError::BattleNotBegun);
    }
    let mut team = None;
    for (i, (seat, spec)) in changes.iter().enumerate() {
        let Some(old) = game.seat(*seat) else { return Err(RuleError::NoSuchSeat { seat: *seat }) };
        if changes[..i].iter().any(|(s, _)| s == seat) {
            return Err(RuleError::ReseatBadTable { reason: format!("seat {} is listed twice", seat.0) });
        }
        let from = game.ship(old.ship).map(|s| s.team);
        let to = game.ship(spec.ship).map(|s| s.team);
        if from.is_none() || from != to || (team.is_some() && team != from) {
            return Err(RuleError::ReseatOtherTeam);
        }
        team = from;
    }
    let Some(team) = team else { return Err(RuleError::ReseatBadTable { reason: "no seat named".into() }) };
    if !may_reseat(game, team) {
        return Err(RuleError::ReseatNotNow);
    }
    let mut seats = game.seats.clone();
    for (seat, spec) in changes {
        if let Some(slot) = seats.get_mut(usize::from(seat.0)) {
            *slot = spec.clone();
        }
    }
    setup::validate_seat_table(game.layout, &seats)
        .map_err(|e| RuleError::ReseatBadTable { reason: e.to_string() })?;
    for (i, ship) in game.ships.iter().enumerate() {
        let id = crate::ids::ShipId(i as u8);
        if ship.team != team || ship.destroyed {
            continue;
        }
        let after = manned(&seats, id);
        if let Some(station) = manned(&game.seats, id).into_iter().find(|st| !after.contains(st)) {
            return Err(RuleError::ReseatLeavesStation { station });
        }
        if ship.class == ShipClass::Fighter && after.is_empty() {
            // "One player assumes the Fighter Pilot station."
            return Err(RuleError::ReseatLeavesStation { station: Station::Helm });
        }
    }
    Ok(())
}

impl Game {
    /// Whether the host would accept this change of seats now (D20): the UI
    /// offers only the swaps that pass, and says why the others do not.
    ///
    /// # Errors
    /// As [`validate_reseat`].
    pub fn check_reseat(&self, changes: &[(SeatId, SeatSpec)]) -> Result<(), RuleError> {
        validate_reseat(self, changes)
    }
}

/// Carries out a checked change of seats.
pub(in crate::game) fn reseat(game: &mut Game, changes: &[(SeatId, SeatSpec)], out: &mut Vec<Event>) {
    game.emit(out, Event::Reseated { seats: changes.to_vec() });
}
