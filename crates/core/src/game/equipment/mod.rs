//! Using Experimental Equipment cards (`001_…` "Using the Cards", R22,
//! D25–D31): dice placed on a card like on a display, crystals put on and
//! taken off, a card used on demand, by itself when full, or charged for as
//! long as it stays full. What each card *does* is in `effects`; the draft
//! is in `draft`.

pub(super) mod draft;
mod effects;

use super::Game;
use crate::class::ShipClass;
use crate::dice::Face;
use crate::equipment::{Card, Trigger};
use crate::error::{RuleError, SetupError};
use crate::event::{CrystalAt, Event, Removal};
use crate::ids::{ShipId, TeamId};
use crate::ship::Ship;
use crate::spot::Spot;
use crate::station::Station;

/// D30: cards go to teams with exactly one Capital ship, two teams in all
/// (a duel, or mission 1): the draft is for two teams and Fighters cannot
/// use cards.
pub(super) fn check_layout(game: &Game) -> Result<(), SetupError> {
    let teams = game.ships.iter().map(|s| s.team.0).max().map_or(0, |t| t + 1);
    let one_capital_each = (0..teams).all(|t| game.team_ships(TeamId(t), ShipClass::Capital).count() == 1);
    if teams == 2 && one_capital_each {
        Ok(())
    } else {
        Err(SetupError::EquipmentLayout)
    }
}

/// The ship that carries a team's cards: its Capital ship.
pub(super) fn card_ship(game: &Game, team: TeamId) -> Option<ShipId> {
    game.team_ships(team, ShipClass::Capital).map(|(id, _)| id).next()
}

/// R9 for a card's space: the die belongs to the slot's station, shows one
/// of its faces, and the space is free (one die per space).
pub(super) fn check_spot(
    ship: &Ship,
    station: Station,
    face: Face,
    card: Card,
    slot: u8,
) -> Result<(), RuleError> {
    if ship.class == ShipClass::Fighter {
        return Err(RuleError::FighterHasNoCards);
    }
    if !ship.has_card(card) {
        return Err(RuleError::NotYourCard { card });
    }
    let Some(spec) = card.slot(slot) else { return Err(RuleError::WrongCardFace { card, slot }) };
    if spec.station != station {
        return Err(RuleError::WrongDisplay { station });
    }
    if !spec.faces.contains(&face) {
        return Err(RuleError::WrongCardFace { card, slot });
    }
    if !ship.spot_free(Spot::Card(card, slot)) {
        return Err(RuleError::SlotTaken);
    }
    Ok(())
}

/// Whether every required space of `card` holds a die and every crystal space a crystal.
pub(super) fn is_charged(game: &Game, ship: ShipId, card: Card) -> bool {
    let Some(s) = game.ship(ship) else { return false };
    let spec = card.spec();
    s.has_card(card)
        && !s.destroyed
        && spec
            .slots
            .iter()
            .enumerate()
            .all(|(n, slot)| slot.optional || s.dice_at(Spot::Card(card, n as u8)).next().is_some())
        && game.crystals_on_card(ship, card) >= spec.crystals
}

fn card_of(game: &Game, ship: ShipId, card: Card) -> Result<&Ship, RuleError> {
    let s = game.ship(ship).ok_or(RuleError::NoSuchShip)?;
    if s.class == ShipClass::Fighter {
        return Err(RuleError::FighterHasNoCards);
    }
    if !s.has_card(card) {
        return Err(RuleError::NotYourCard { card });
    }
    Ok(s)
}

pub(super) fn validate_crystal_to(game: &Game, ship: ShipId, card: Card) -> Result<(), RuleError> {
    card_of(game, ship, card)?;
    let room = card.spec().crystals;
    if room == 0 {
        return Err(RuleError::NoCrystalSpace { card });
    }
    if game.crystals_on_card(ship, card) >= room {
        return Err(RuleError::CardCrystalsFull { card });
    }
    if game.crystals_held(ship) == 0 {
        return Err(RuleError::NoCrystalToPut);
    }
    Ok(())
}

pub(super) fn crystal_to(game: &mut Game, ship: ShipId, card: Card, out: &mut Vec<Event>) {
    if let Some(i) = game.crystals.iter().position(|c| *c == CrystalAt::Held(ship)) {
        game.emit(out, Event::CrystalMoved { crystal: i as u8, to: CrystalAt::OnCard(ship, card) });
    }
}

pub(super) fn validate_crystal_off(game: &Game, ship: ShipId, card: Card) -> Result<(), RuleError> {
    card_of(game, ship, card)?;
    if game.crystals_on_card(ship, card) == 0 {
        return Err(RuleError::NoCrystalOnCard { card });
    }
    Ok(())
}

pub(super) fn crystal_off(game: &mut Game, ship: ShipId, card: Card, out: &mut Vec<Event>) {
    if let Some(i) = game.crystals.iter().position(|c| *c == CrystalAt::OnCard(ship, card)) {
        game.emit(out, Event::CrystalMoved { crystal: i as u8, to: CrystalAt::Held(ship) });
    }
}

/// Whether `card` can be used now (on demand): held, used on demand, its
/// required spaces filled, and its effect possible.
pub(super) fn check_usable(game: &Game, ship: ShipId, card: Card) -> Result<(), RuleError> {
    card_of(game, ship, card)?;
    if card.spec().trigger != Trigger::OnUse {
        return Err(RuleError::CardWorksByItself { card });
    }
    if !is_charged(game, ship, card) {
        return Err(RuleError::CardNotReady { card });
    }
    effects::check(game, ship, card)
}

/// The card's ability goes off: its effect, then its unlocked dice come off
/// and its unlocked crystals go to the used box (`001_…`, lock icons).
pub(super) fn use_card(game: &mut Game, ship: ShipId, card: Card, out: &mut Vec<Event>) {
    game.emit(out, Event::CardUsed { ship, card });
    effects::run(game, ship, card, out);
    clear(game, ship, card, out);
}

fn clear(game: &mut Game, ship: ShipId, card: Card, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    let mut by_station: Vec<(Station, Vec<u8>)> = Vec::new();
    for (station, die, slot, _) in s.card_dice(card) {
        if card.slot(slot).is_some_and(|sl| sl.locked) {
            continue;
        }
        match by_station.iter_mut().find(|(st, _)| *st == station) {
            Some((_, dice)) => dice.push(die),
            None => by_station.push((station, vec![die])),
        }
    }
    for (station, dice) in by_station {
        game.emit(out, Event::DiceRemoved { ship, station, dice, why: Removal::CardUsed });
    }
    if !card.spec().crystals_locked {
        while game.crystals_on_card(ship, card) > 0 {
            let Some(i) = game.crystals.iter().position(|c| *c == CrystalAt::OnCard(ship, card)) else {
                break;
            };
            game.emit(out, Event::CrystalMoved { crystal: i as u8, to: CrystalAt::Used });
        }
    }
}

/// After a die lands on a card: a card that acts when full goes off
/// (Rotational Thrusters, like the helm's last die).
pub(super) fn after_placement(game: &mut Game, ship: ShipId, spot: Spot, out: &mut Vec<Event>) {
    let Spot::Card(card, _) = spot else { return };
    if card.spec().trigger == Trigger::WhenFull && is_charged(game, ship, card) {
        use_card(game, ship, card, out);
    }
}
