//! Engineering and station dice (R1, R6, R7, R9, R32): rolling, sending
//! energy, placing, removing, overriding.

use super::Game;
use crate::dice::{DiceSource, Face};
use crate::error::RuleError;
use crate::event::{Event, Removal};
use crate::ids::ShipId;
use crate::ship::{mine_index, DieState, EnergyAt, MineToken, Ship};
use crate::spot::Spot;
use crate::station::Station;

fn distinct(dice: &[u8]) -> Result<(), RuleError> {
    if dice.is_empty() {
        return Err(RuleError::NoDiceChosen);
    }
    for (i, d) in dice.iter().enumerate() {
        if dice[..i].contains(d) {
            return Err(RuleError::DieListedTwice { die: *d });
        }
    }
    Ok(())
}

pub(super) fn validate_roll_energy(ship: &Ship, dice: &[u8]) -> Result<(), RuleError> {
    distinct(dice)?;
    for d in dice {
        match ship.energy.get(usize::from(*d)) {
            Some(EnergyAt::Pool(_)) => {}
            Some(EnergyAt::DamageTrack) => return Err(RuleError::EnergyDieLost { die: *d }),
            Some(EnergyAt::Station(s)) => return Err(RuleError::EnergyDieAway { die: *d, station: *s }),
            None => return Err(RuleError::NoSuchEnergyDie { die: *d }),
        }
    }
    Ok(())
}

pub(super) fn validate_send(ship: &Ship, die: u8) -> Result<(), RuleError> {
    match ship.energy.get(usize::from(die)) {
        Some(EnergyAt::Pool(Some(pip))) => {
            if Station::for_energy(*pip).is_none() {
                return Err(RuleError::SixPowersNothing);
            }
            Ok(())
        }
        Some(EnergyAt::Pool(None)) => Err(RuleError::EnergyNotRolled { die }),
        Some(_) => Err(RuleError::EnergyNotInPool { die }),
        None => Err(RuleError::NoSuchEnergyDie { die }),
    }
}

pub(super) fn validate_return(ship: &Ship, station: Station) -> Result<(), RuleError> {
    let energy = ship.energy_at(station);
    if energy == 0 {
        return Err(RuleError::NoEnergyToReturn { station });
    }
    if ship.station_room(station) == 0 {
        return Err(RuleError::EnergyBacksRolledDice { station });
    }
    Ok(())
}

fn station_die(ship: &Ship, station: Station, die: u8) -> Result<DieState, RuleError> {
    if station == Station::Engineering {
        return Err(RuleError::EngineeringHasNoStationDice);
    }
    match ship.station_dice(station).get(usize::from(die)) {
        Some(d) => Ok(*d),
        None => Err(RuleError::NoSuchDie { station, die }),
    }
}

pub(super) fn validate_roll_dice(ship: &Ship, station: Station, dice: &[u8]) -> Result<(), RuleError> {
    distinct(dice)?;
    if !ship.class.uses_energy() {
        // R22: a Pilot rolls any of the cockpit's dice at any time, placed ones included.
        for d in dice {
            station_die(ship, station, *d)?;
        }
        return Ok(());
    }
    let mut newly = 0;
    for d in dice {
        match station_die(ship, station, *d)? {
            DieState::Placed { .. } => return Err(RuleError::PlacedDieReroll),
            DieState::Idle => newly += 1,
            DieState::Rolled { .. } => {}
        }
    }
    let energy = ship.energy_at(station);
    if energy == 0 {
        return Err(RuleError::NoEnergyAt { station });
    }
    if newly > ship.station_room(station) {
        return Err(RuleError::RollsExceedEnergy { station, energy });
    }
    Ok(())
}

/// R9 plus the one-die slots and the mine tokens (R36).
fn check_spot(ship: &Ship, station: Station, face: Face, spot: Spot) -> Result<(), RuleError> {
    if let Spot::Card(card, slot) = spot {
        return super::equipment::check_spot(ship, station, face, card, slot);
    }
    if face.is_special() {
        return Err(RuleError::SpecialFace);
    }
    if spot.station() != station || !station.owns(face) {
        return Err(RuleError::WrongDisplay { station });
    }
    if !spot.accepts(face) {
        return Err(RuleError::WrongArea { face });
    }
    if !ship.class.has_spot(spot) {
        return Err(RuleError::NoSuchPlace { class: ship.class });
    }
    if !ship.spot_free(spot) {
        return Err(RuleError::SlotTaken);
    }
    if let (Spot::Jammer, Some(slots)) = (spot, ship.class.jammer_slots()) {
        if ship.dice_at(Spot::Jammer).count() >= slots {
            return Err(RuleError::JammerSlotsFull);
        }
    }
    if let Spot::Mine(id) = spot {
        if ship.mines[mine_index(id)] != MineToken::Held {
            return Err(RuleError::MineReleased { mine: id });
        }
    }
    Ok(())
}

pub(super) fn validate_place(ship: &Ship, station: Station, die: u8, spot: Spot) -> Result<(), RuleError> {
    match station_die(ship, station, die)? {
        DieState::Rolled { face, .. } => check_spot(ship, station, face, spot),
        DieState::Idle => Err(RuleError::DieNotRolled),
        DieState::Placed { .. } => Err(RuleError::DieAlreadyPlaced),
    }
}

pub(super) fn validate_remove(ship: &Ship, station: Station, die: u8) -> Result<(), RuleError> {
    match station_die(ship, station, die)? {
        DieState::Placed { .. } => Ok(()),
        _ => Err(RuleError::DieNotPlaced),
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
        _ => Err(RuleError::OverrideNeedsIdleDie),
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
    // R22: rolling a placed cockpit die takes it off the display first.
    let placed: Vec<u8> = match game.ship(ship) {
        Some(s) => s.placed(station).map(|(i, _, _)| i).filter(|i| dice.contains(i)).collect(),
        None => vec![],
    };
    if !placed.is_empty() {
        game.emit(out, Event::DiceRemoved { ship, station, dice: placed, why: Removal::Officer });
    }
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
    let Some(s) = game.ship(ship) else { return };
    if !s.class.uses_energy() {
        // R22: a Fighter's dice need no energy, so none goes back.
        game.emit(out, Event::CockpitDiePlaced { ship, station, die, spot });
    } else if let Some(energy) = energy_die_at(s, station) {
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
