//! Engineering and station dice (R1, R6, R7, R9, R32): rolling, sending
//! energy, placing, removing, overriding.

use super::Game;
use crate::config::ShipId;
use crate::dice::{DiceSource, Face};
use crate::error::{refuse, RuleError};
use crate::event::{Event, Removal};
use crate::ship::{mine_index, DieState, EnergyAt, MineToken, Ship};
use crate::station::{Spot, Station};

fn distinct(dice: &[u8]) -> Result<(), RuleError> {
    if dice.is_empty() {
        refuse!("choose at least one die to roll");
    }
    for (i, d) in dice.iter().enumerate() {
        if dice[..i].contains(d) {
            refuse!("die {} is listed twice", d + 1);
        }
    }
    Ok(())
}

pub(super) fn validate_roll_energy(ship: &Ship, dice: &[u8]) -> Result<(), RuleError> {
    distinct(dice)?;
    for d in dice {
        match ship.energy.get(usize::from(*d)) {
            Some(EnergyAt::Pool(_)) => {}
            Some(EnergyAt::DamageTrack) => refuse!("energy die {} was lost to damage", d + 1),
            Some(EnergyAt::Station(s)) => {
                refuse!("energy die {} is at {s}, not in Engineering's pool", d + 1)
            }
            None => refuse!("there is no energy die {}", d + 1),
        }
    }
    Ok(())
}

pub(super) fn validate_send(ship: &Ship, die: u8) -> Result<(), RuleError> {
    match ship.energy.get(usize::from(die)) {
        Some(EnergyAt::Pool(Some(pip))) => {
            if Station::for_energy(*pip).is_none() {
                refuse!("a six powers no station: reroll it (R1)");
            }
            Ok(())
        }
        Some(EnergyAt::Pool(None)) => refuse!("roll energy die {} before sending it", die + 1),
        Some(_) => refuse!("energy die {} is not in Engineering's pool", die + 1),
        None => refuse!("there is no energy die {}", die + 1),
    }
}

pub(super) fn validate_return(ship: &Ship, station: Station) -> Result<(), RuleError> {
    let energy = ship.energy_at(station);
    if energy == 0 {
        refuse!("{station} has no energy die to hand back");
    }
    if ship.rolled_count(station) >= energy {
        refuse!("every energy die at {station} is backing a rolled die: place or reroll it first");
    }
    Ok(())
}

fn station_die(ship: &Ship, station: Station, die: u8) -> Result<DieState, RuleError> {
    if station == Station::Engineering {
        refuse!("Engineering has no station dice");
    }
    match ship.station_dice(station).get(usize::from(die)) {
        Some(d) => Ok(*d),
        None => refuse!("{station} has no die {}", die + 1),
    }
}

pub(super) fn validate_roll_dice(ship: &Ship, station: Station, dice: &[u8]) -> Result<(), RuleError> {
    distinct(dice)?;
    let mut newly = 0;
    for d in dice {
        match station_die(ship, station, *d)? {
            DieState::Placed { .. } => refuse!("a placed die cannot be rerolled: remove it first (R6)"),
            DieState::Idle => newly += 1,
            DieState::Rolled { .. } => {}
        }
    }
    let energy = ship.energy_at(station);
    if energy == 0 {
        refuse!("{station} has no energy die: ask Engineering for {}s", station.energy_number().unwrap_or(0));
    }
    if ship.rolled_count(station) + newly > energy {
        refuse!(
            "{station} has {energy} energy {}: it may hold at most {energy} rolled {} (R6)",
            if energy == 1 { "die" } else { "dice" },
            if energy == 1 { "die" } else { "dice" }
        );
    }
    Ok(())
}

/// R9 plus the one-die slots and the mine tokens (R36).
fn check_spot(ship: &Ship, station: Station, face: Face, spot: Spot) -> Result<(), RuleError> {
    if face.is_special() {
        refuse!("the expansion symbol cannot be placed in this game: reroll it (R2)");
    }
    if spot.station() != station || !station.owns(face) {
        refuse!("a {station} die goes on the {station} display");
    }
    if !spot.accepts(face) {
        refuse!("a die showing {} cannot go there (R9)", face.name());
    }
    if !ship.spot_free(spot) {
        refuse!("that slot already holds a die");
    }
    if let Spot::Mine(id) = spot {
        if ship.mines[mine_index(id)] != MineToken::Held {
            refuse!("mine {:?} has already been released (R36)", id);
        }
    }
    Ok(())
}

pub(super) fn validate_place(ship: &Ship, station: Station, die: u8, spot: Spot) -> Result<(), RuleError> {
    match station_die(ship, station, die)? {
        DieState::Rolled { face, .. } => check_spot(ship, station, face, spot),
        DieState::Idle => refuse!("roll the die before placing it"),
        DieState::Placed { .. } => refuse!("that die is already placed"),
    }
}

pub(super) fn validate_remove(ship: &Ship, station: Station, die: u8) -> Result<(), RuleError> {
    match station_die(ship, station, die)? {
        DieState::Placed { .. } => Ok(()),
        _ => refuse!("that die is not on the display"),
    }
}

pub(super) fn validate_override(
    ship: &Ship,
    station: Station,
    die: u8,
    face: Face,
    spot: Spot,
) -> Result<(), RuleError> {
    match station_die(ship, station, die)? {
        DieState::Idle => check_spot(ship, station, face, spot),
        // R32: only a die that is neither placed nor rolled.
        _ => refuse!("Station Override takes a die that is neither rolled nor placed (R32)"),
    }
}

pub(super) fn roll_energy(
    game: &mut Game,
    ship: ShipId,
    dice: &[u8],
    roll: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let faces = dice.iter().map(|d| (*d, roll.roll())).collect();
    game.emit(out, Event::EnergyRolled { ship, faces });
}

pub(super) fn send(game: &mut Game, ship: ShipId, die: u8, out: &mut Vec<Event>) {
    let station = match game.ship(ship).and_then(|s| s.energy.get(usize::from(die))) {
        Some(EnergyAt::Pool(Some(pip))) => Station::for_energy(*pip),
        _ => None,
    };
    if let Some(station) = station {
        game.emit(out, Event::EnergySent { ship, die, station });
    }
}

/// The lowest-numbered energy die at a station.
pub(super) fn energy_die_at(ship: &Ship, station: Station) -> Option<u8> {
    ship.energy.iter().position(|e| *e == EnergyAt::Station(station)).map(|i| i as u8)
}

pub(super) fn give_back(game: &mut Game, ship: ShipId, station: Station, out: &mut Vec<Event>) {
    if let Some(die) = game.ship(ship).and_then(|s| energy_die_at(s, station)) {
        game.emit(out, Event::EnergyReturned { ship, die, station });
    }
}

pub(super) fn roll_dice(
    game: &mut Game,
    ship: ShipId,
    station: Station,
    dice: &[u8],
    roll: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let faces = dice.iter().map(|d| (*d, roll.roll())).collect();
    game.emit(out, Event::DiceRolled { ship, station, faces });
}

pub(super) fn place(
    game: &mut Game,
    ship: ShipId,
    station: Station,
    die: u8,
    spot: Spot,
    out: &mut Vec<Event>,
) {
    if let Some(energy) = game.ship(ship).and_then(|s| energy_die_at(s, station)) {
        game.emit(out, Event::DiePlaced { ship, station, die, spot, energy });
    }
}

pub(super) fn remove(game: &mut Game, ship: ShipId, station: Station, die: u8, out: &mut Vec<Event>) {
    game.emit(out, Event::DiceRemoved { ship, station, dice: vec![die], why: Removal::Officer });
}

/// R15: a station left with more rolled dice than energy loses its most recent rolls.
pub(super) fn drop_excess_rolls(game: &mut Game, ship: ShipId, station: Station, out: &mut Vec<Event>) {
    loop {
        let Some(s) = game.ship(ship) else { return };
        if s.rolled_count(station) <= s.energy_at(station) {
            return;
        }
        let newest = s
            .station_dice(station)
            .iter()
            .enumerate()
            .filter_map(|(i, d)| match d {
                DieState::Rolled { order, .. } => Some((*order, i as u8)),
                _ => None,
            })
            .max();
        match newest {
            Some((_, die)) => game.emit(out, Event::RollLost { ship, station, die }),
            None => return,
        }
    }
}
