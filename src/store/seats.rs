//! Which seats this device holds, the tabs they give, and which seat acts
//! for a ship-wide order (Fire, Tractor, Warp) when a device holds several.

use duel_core::station::ALL_STATIONS;
use duel_core::{Game, Intent, SeatId, ShipClass, ShipId, Station};
use duel_net::{PlayerNo, RoomView};
use leptos::prelude::*;

use super::Store;
use crate::ui::tab::Tab;

impl Store {
    /// The seats this device holds (tracked: a memo re-runs when they change).
    pub fn my_seats(&self) -> Vec<SeatId> {
        held(self.room, self.me, true)
    }

    /// The seats this device holds, read without tracking (event handlers).
    pub fn my_seats_untracked(&self) -> Vec<SeatId> {
        held(self.room, self.me, false)
    }
}

/// The seats player `me` holds in `room`, read with or without tracking.
pub(super) fn held(
    room: ReadSignal<Option<RoomView>>,
    me: ReadSignal<Option<PlayerNo>>,
    track: bool,
) -> Vec<SeatId> {
    let seats = |room: &Option<RoomView>, me| match (room, me) {
        (Some(room), Some(me)) => room.seats_of(me),
        _ => Vec::new(),
    };
    if track {
        let me = me.get();
        room.with(|r| seats(r, me))
    } else {
        let me = me.get_untracked();
        room.with_untracked(|r| seats(r, me))
    }
}

/// The tabs for `seats`: each station once per ship (a shared Engineering
/// appears once), Captains' bridges, a Pilot's cockpit (the whole Fighter
/// on one card, R22), then the board.
pub fn tabs(game: &Game, seats: &[SeatId]) -> Vec<Tab> {
    let mut out: Vec<Tab> = Vec::new();
    let mut seen: Vec<(ShipId, Station)> = Vec::new();
    for seat in seats {
        let Some(spec) = game.seat(*seat) else { continue };
        if spec.captain {
            out.push(Tab::Captain { seat: *seat });
        }
        if game.ship(spec.ship).is_some_and(|s| s.class == ShipClass::Fighter) {
            out.push(Tab::Cockpit { seat: *seat });
            continue;
        }
        for station in ALL_STATIONS {
            if spec.stations.contains(&station) && !seen.contains(&(spec.ship, station)) {
                seen.push((spec.ship, station));
                out.push(Tab::Station { seat: *seat, station });
            }
        }
    }
    out.push(Tab::Board);
    out
}

/// The ship a tab acts for.
pub fn tab_ship(game: &Game, tab: Tab) -> Option<ShipId> {
    tab.seat().and_then(|s| game.seat_ship(s))
}

/// The ship this device plays: the shown tab's, else its first seat's.
pub fn focus_ship(game: &Game, seats: &[SeatId], tab: Option<Tab>) -> Option<ShipId> {
    tab.and_then(|t| tab_ship(game, t)).or_else(|| seats.iter().find_map(|s| game.seat_ship(*s)))
}

/// The seat that should send `intent` for `ship`: the first of ours the
/// rules accept, else the first of ours on that ship (whose refusal then
/// explains why nobody can).
pub fn acting_seat(game: &Game, seats: &[SeatId], ship: ShipId, intent: &Intent) -> Option<SeatId> {
    let ours: Vec<SeatId> = seats.iter().copied().filter(|s| game.seat_ship(*s) == Some(ship)).collect();
    ours.iter().copied().find(|s| game.validate(*s, intent).is_ok()).or(ours.first().copied())
}

/// The enemy ship nearest to `ship` (the default target).
pub fn nearest_enemy(game: &Game, ship: ShipId) -> Option<ShipId> {
    let me = game.ship(ship)?;
    let rule = game.ruleset().range_rule();
    game.enemies_of(me.team)
        .min_by_key(|(_, s)| duel_core::geometry::range(me.position.square, s.position.square, rule))
        .map(|(id, _)| id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::{GameConfig, Mission};

    #[test]
    fn a_pilot_gets_one_cockpit_tab_beside_a_capital_ships_stations() {
        let game = Game::new(GameConfig::mission(Mission::CarrierStrike)).unwrap();
        // Seat 0 crews White's Capital ship, seat 1 flies White's Fighter (R22).
        let tabs = tabs(&game, &[SeatId(0), SeatId(1)]);
        assert_eq!(tabs.iter().filter(|t| matches!(t, Tab::Station { .. })).count(), 6);
        assert_eq!(
            tabs.iter().filter(|t| matches!(t, Tab::Cockpit { seat } if *seat == SeatId(1))).count(),
            1
        );
        assert_eq!(tabs.last(), Some(&Tab::Board));
        let pilot_only = super::tabs(&game, &[SeatId(1)]);
        assert_eq!(pilot_only, vec![Tab::Cockpit { seat: SeatId(1) }, Tab::Board]);
    }
}
