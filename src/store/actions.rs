//! What the game's buttons and keys do, as [`Store::act`] carries out their
//! [`super::Act`]s: each asks the core for the intent a tap means
//! (`Game::roll_order`, `Game::place_order`) and sends it, or shows the
//! core's reason why it cannot be done, in the core's words.

use leptos::prelude::*;
use std::sync::Arc;

use duel_core::intent::LaunchCost;
use duel_core::ship::{DieState, EnergyAt, Ship};
use duel_core::{Game, Intent, Pip, SeatId, ShipId, Spot, Station, Target};

use super::seats::{acting_seat, focus_ship, nearest_enemy};
use crate::store::Store;
use crate::ui::tab::Tab;

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

/// "R": roll at the shown station (the core says which dice, or why not).
pub(super) fn roll(store: Store, seat: SeatId, station: Station) {
    let Some((game, _, _)) = now(store) else { return };
    let picked = if station == Station::Engineering {
        store.ui.picked_energy.get_untracked()
    } else {
        store.ui.picks_untracked(station)
    };
    match game.roll_order(seat, station, &picked) {
        Ok(intent) => {
            if store.send(seat, intent) {
                store.ui.picked.set(Vec::new());
                store.ui.picked_energy.set(Vec::new());
            }
        }
        Err(why) => store.toasts.error(why.to_string()),
    }
}

/// "R" in a cockpit: rolls where dice are picked, else the first station
/// (helm, weapons, sensors, tractor) with a die that is neither placed nor rolled.
pub(super) fn roll_cockpit(store: Store, seat: SeatId) {
    let Some((game, _, _)) = now(store) else { return };
    let Some(ship) = ship_of(&game, seat) else { return };
    const ORDER: [Station; 4] = [Station::Helm, Station::Weapons, Station::Sensors, Station::Tractor];
    let picked = ORDER.into_iter().find(|st| !store.ui.picks_untracked(*st).is_empty());
    let idle = || ORDER.into_iter().find(|st| ship.station_dice(*st).contains(&DieState::Idle));
    roll(store, seat, picked.or_else(idle).unwrap_or(Station::Helm));
}

/// "1"–"5": Engineering sends a pool die showing `n` to the station it powers (R1).
pub(super) fn send_number(store: Store, seat: SeatId, n: u8) {
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
pub(super) fn place(store: Store, seat: SeatId, station: Station, spot: Spot) {
    let Some((game, _, _)) = now(store) else { return };
    let Some(ship) = ship_of(&game, seat) else { return };
    let dice = ship.station_dice(station);
    if let Some(face) = store.ui.override_face.get_untracked() {
        // D44: a helm die a gravity arrow kept goes first: it costs no crystal.
        let kept = if station == Station::Helm { ship.gravity_kept.first().copied() } else { None };
        let die = kept.unwrap_or_else(|| dice.iter().position(|d| *d == DieState::Idle).unwrap_or(0) as u8);
        if store.send(seat, Intent::Override { station, die, face, spot }) {
            store.ui.override_face.set(None);
        }
        return;
    }
    match game.place_order(seat, station, spot, &store.ui.picks_untracked(station)) {
        Ok(intent) => {
            let die = match intent {
                Intent::PlaceDie { die, .. } => Some(die),
                _ => None,
            };
            if store.send(seat, intent) {
                store.ui.picked.update(|p| p.retain(|d| Some(*d) != die));
            }
        }
        Err(why) => store.toasts.error(why.to_string()),
    }
}

/// Takes the picked placed die off its display.
pub(super) fn remove(store: Store, seat: SeatId, station: Station, die: u8) {
    if store.send(seat, Intent::RemoveDie { station, die }) {
        store.ui.placed_pick.set(None);
    }
}

/// A Pilot rerolls a placed die: it comes off the display first (R22).
pub(super) fn reroll_placed(store: Store, seat: SeatId, station: Station, die: u8) {
    if store.send(seat, Intent::RollDice { station, dice: vec![die] }) {
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
fn target(store: Store, game: &Game, ship: ShipId) -> Option<Target> {
    store.ui.target.get_untracked().or_else(|| nearest_enemy(game, ship).map(Target::Ship))
}

/// "Fire 1!" / "Fire 2!"
pub(super) fn fire(store: Store, count: u8) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    let side = game.ruleset().house.weapons_name_side.then(|| store.ui.fire_side.get_untracked());
    let target = target(store, &game, ship);
    order(store, &game, &seats, ship, Intent::Fire { count, target, side });
}

/// "Tractor!" on the target ship.
pub(super) fn tractor_ship(store: Store) {
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
pub(super) fn warp(store: Store) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    order(store, &game, &seats, ship, Intent::WarpJump);
}

/// "Launch!": the Capital ship relaunches its team's Fighter (R22), facing
/// the side chosen on the order bar, paid as `pay`.
pub(super) fn launch(store: Store, pay: LaunchCost) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    let side = store.ui.launch_side.get_untracked();
    order(store, &game, &seats, ship, Intent::Launch { side, pay });
}

/// Energy Surge (two crystals buy back an energy die).
pub(super) fn surge(store: Store) {
    let Some((game, seats, ship)) = order_ctx(store) else { return };
    order(store, &game, &seats, ship, Intent::EnergySurge);
}

/// Two devices host this room (issue 43): the player chose the other
/// host's table (the trust bar's button).
pub(super) fn follow_rival(store: Store) {
    let now = store.session_now();
    match store.with_session(|s| s.follow_rival(now)) {
        Some(Err(why)) => store.toasts.error(why),
        Some(Ok(())) => store.pump(),
        None => {}
    }
}
