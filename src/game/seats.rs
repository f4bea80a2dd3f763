//! Which seats this device holds, the tabs they give, and which seat acts
//! for a ship-wide order (Fire, Tractor, Warp) when a device holds several.

use duel_core::station::ALL_STATIONS;
use duel_core::{Game, Intent, SeatId, ShipId, Station};

use crate::ui::state::Tab;

/// The tabs for `seats`: each station once per ship (a shared Engineering
/// appears once), Captains' bridges, then the board.
pub fn tabs(game: &Game, seats: &[SeatId]) -> Vec<Tab> {
    let mut out: Vec<Tab> = Vec::new();
    let mut seen: Vec<(ShipId, Station)> = Vec::new();
    for seat in seats {
        let Some(spec) = game.seat(*seat) else { continue };
        if spec.captain {
            out.push(Tab::Captain { seat: *seat });
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
