//! What buttons and keys do: each builds one intent from the shown state and
//! sends it. When nothing sensible can be built, the intent that is sent is
//! the one whose refusal tells the player why (the core's words, not ours).

use leptos::prelude::*;
use std::sync::Arc;

use duel_core::ship::{DieState, EnergyAt, Ship};
use duel_core::{Game, Intent, Pip, SeatId, ShipId, Spot, Station, Target};

use super::seats::{acting_seat, focus_ship, nearest_enemy};
use crate::app::store::Store;
use crate::ui::state::Tab;

/// The game, this device's seats and the shown tab, read without tracking.
fn now(store: Store) -> Option<(Arc<Game>, Vec<SeatId>, Option<Tab>)> {
    let game = store.game.get_untracked()?;
    let seats = match (store.room.get_untracked(), store.me.get_untracked()) {
        (Some(room), Some(me)) => room.seats_of(me),
        _ => Vec::new(),
    };
    Some((game, seats, store.ui.tab.get_untracked()))
}

fn ship_of(game: &Game, seat: SeatId) -> Option<&Ship> {
    game.ship(game.seat_ship(seat)?)
}

/// Engineering's roll: every unrolled pool die plus the picked ones; failing
/// that, every six (they must be rerolled); failing that, the whole pool.
pub fn energy_roll(ship: &Ship, picked: &[u8]) -> Intent {
    let pool: Vec<(u8, Option<Pip>)> = ship.pool().collect();
    let mut dice: Vec<u8> =
        pool.iter().filter(|(i, p)| p.is_none() || picked.contains(i)).map(|(i, _)| *i).collect();
    if dice.is_empty() {
        dice = pool.iter().filter(|(_, p)| p.is_some_and(|p| p.value() == 6)).map(|(i, _)| *i).collect();
    }
    if dice.is_empty() {
        dice = pool.iter().map(|(i, _)| *i).collect();
    }
    if dice.is_empty() {
        // No die in the pool: the core says where they all are.
        dice = (0..ship.energy.len() as u8).collect();
    }
    Intent::RollEnergy { dice }
}

/// A station's roll: the picked rolled dice plus as many unrolled ones as
/// its energy allows; failing that, every rolled die (reroll them all).
pub fn station_roll(ship: &Ship, station: Station, picked: &[u8]) -> Intent {
    let dice = ship.station_dice(station);
    let room = ship.energy_at(station).saturating_sub(ship.rolled_count(station));
    let idle = dice.iter().enumerate().filter(|(_, d)| **d == DieState::Idle).map(|(i, _)| i as u8);
    let rolled: Vec<u8> =
        dice.iter().enumerate().filter(|(_, d)| d.rolled().is_some()).map(|(i, _)| i as u8).collect();
    let mut chosen: Vec<u8> = rolled.iter().copied().filter(|i| picked.contains(i)).collect();
    chosen.extend(idle.clone().take(room));
    if chosen.is_empty() {
        chosen = rolled;
    }
    if chosen.is_empty() {
        chosen = idle.take(1).collect();
    }
    if chosen.is_empty() {
        chosen = vec![0];
    }
    Intent::RollDice { station, dice: chosen }
}

/// "R": roll at the shown station.
pub fn roll(store: Store, seat: SeatId, station: Station) {
    let Some((game, _, _)) = now(store) else { return };
    let Some(ship) = ship_of(&game, seat) else { return };
    let intent = if station == Station::Engineering {
        energy_roll(ship, &store.ui.picked_energy.get_untracked())
    } else {
        station_roll(ship, station, &store.ui.picked.get_untracked())
    };
    if store.send(seat, intent) {
        store.ui.picked.set(Vec::new());
        store.ui.picked_energy.set(Vec::new());
    }
}

/// "1"–"5": Engineering sends a pool die showing `n` to the station it powers (R1).
pub fn send_number(store: Store, seat: SeatId, n: u8) {
    let Some((game, _, _)) = now(store) else { return };
    let Some(ship) = ship_of(&game, seat) else { return };
    let showing = ship.pool().find(|(_, p)| p.is_some_and(|p| p.value() == n)).map(|(i, _)| i);
    match showing {
        Some(die) => {
            if store.send(seat, Intent::SendEnergy { die }) {
                store.ui.picked_energy.update(|p| p.retain(|d| *d != die));
            }
        }
        None => {
            let station = Station::for_energy(Pip::new(n)).map_or("no station", |s| s.name());
            let any_in_pool = ship.energy.iter().any(|e| matches!(e, EnergyAt::Pool(_)));
            if any_in_pool {
                store.toasts.error(format!("No energy die shows {n} ({station}): roll again"));
            } else {
                store.toasts.error("Engineering's pool is empty: the energy dice are at the stations");
            }
        }
    }
}

/// A tap on a display spot: places the picked (or first fitting) rolled die
/// there, or the override face being placed.
pub fn place(store: Store, seat: SeatId, station: Station, spot: Spot) {
    let Some((game, _, _)) = now(store) else { return };
    let Some(ship) = ship_of(&game, seat) else { return };
    let dice = ship.station_dice(station);
    if let Some(face) = store.ui.override_face.get_untracked() {
        let die = dice.iter().position(|d| *d == DieState::Idle).unwrap_or(0) as u8;
        if store.send(seat, Intent::Override { station, die, face, spot }) {
            store.ui.override_face.set(None);
        }
        return;
    }
    let picked = store.ui.picked.get_untracked();
    let rolled = |i: &usize| dice[*i].rolled().is_some();
    let fits = |i: &usize| dice[*i].rolled().is_some_and(|f| spot.accepts(f));
    let order: Vec<usize> = (0..dice.len()).collect();
    let die = order
        .iter()
        .copied()
        .find(|i| picked.contains(&(*i as u8)) && fits(i))
        .or_else(|| order.iter().copied().find(fits))
        .or_else(|| order.iter().copied().find(|i| picked.contains(&(*i as u8)) && rolled(i)))
        .or_else(|| order.iter().copied().find(rolled))
        .unwrap_or(0) as u8;
    if store.send(seat, Intent::PlaceDie { station, die, spot }) {
        store.ui.picked.update(|p| p.retain(|d| *d != die));
    }
}

/// Takes the picked placed die off its display.
pub fn remove(store: Store, seat: SeatId, station: Station, die: u8) {
    if store.send(seat, Intent::RemoveDie { station, die }) {
        store.ui.placed_pick.set(None);
    }
}

/// The ship the orders are for and the seats this device holds.
fn order_ctx(store: Store) -> Option<(Arc<Game>, Vec<SeatId>, ShipId)> {
    let (game, seats, tab) = now(store)?;
    let ship = focus_ship(&game, &seats, tab)?;
    Some((game, seats, ship))
}

/// Sends a ship-wide order through whichever of our seats may give it.
fn order(store: Store, game: &Game, seats: &[SeatId], ship: ShipId, intent: Intent) {
    match acting_seat(game, seats, ship, &intent) {
        Some(seat) => {
            store.send(seat, intent);
        }
        None => store.toasts.error("this device holds no seat on that ship"),
    }
}

/// The target of Fire and Tractor: the picked one, else the nearest enemy.
pub fn target(store: Store, game: &Game, ship: ShipId) -> Option<Target> {
    store.ui.target.get_untracked().or_else(|| nearest_enemy(game, ship).map(Target::Ship))
}

/// "Fire 1!" / "Fire 2!"
pub fn fire(store: Store, count: u8) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    let side = game.ruleset().house.weapons_name_side.then(|| store.ui.fire_side.get_untracked());
    let target = target(store, &game, ship);
    order(store, &game, &seats, ship, Intent::Fire { count, target, side });
}

/// "Tractor!" on the target ship.
pub fn tractor_ship(store: Store) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    let target = match target(store, &game, ship) {
        Some(Target::Ship(t)) => t,
        _ => match nearest_enemy(&game, ship) {
            Some(t) => t,
            None => return store.toasts.error("there is no ship to tractor"),
        },
    };
    order(store, &game, &seats, ship, Intent::TractorShip { target });
}

/// "Warp jump!"
pub fn warp(store: Store) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    order(store, &game, &seats, ship, Intent::WarpJump);
}

/// Energy Surge (two crystals buy back an energy die).
pub fn surge(store: Store) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    order(store, &game, &seats, ship, Intent::EnergySurge);
}
