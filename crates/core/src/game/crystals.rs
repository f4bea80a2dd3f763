//! Crystals and what they buy (R18, R30–R32, R38): Station Override, the
//! warp jump, Energy Surge.

use super::movement::{enter, strip_entered, Entered};
use super::Game;
use crate::choice::{ChoiceKind, Chooser};
use crate::dice::{DiceSource, Face, Pip};
use crate::error::RuleError;
use crate::event::{CrystalAt, Event};
use crate::geometry::Square;
use crate::ids::ShipId;
use crate::ship::EnergyAt;
use crate::spot::Spot;
use crate::station::Station;

/// Moves one of the ship's crystals to `to` (the used box, or the damage
/// track): one from the available box, else one taken off an equipment card
/// (`001_…`, the NeuroNav example; D28).
pub(super) fn spend_crystal(game: &mut Game, ship: ShipId, to: CrystalAt, out: &mut Vec<Event>) {
    let held = game.crystals.iter().position(|c| *c == CrystalAt::Held(ship));
    let on_card = || game.crystals.iter().position(|c| matches!(c, CrystalAt::OnCard(s, _) if *s == ship));
    if let Some(i) = held.or_else(on_card) {
        game.emit(out, Event::CrystalMoved { crystal: i as u8, to });
    }
}

/// R32: a crystal sets an idle die of a station to any face, straight onto the display.
pub(super) fn validate_override(
    game: &Game,
    ship: ShipId,
    station: Station,
    die: u8,
    face: Face,
    spot: Spot,
) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if game.crystals_to_spend(ship) == 0 && !free_by_gravity(s, station, die, spot) {
        return Err(RuleError::OverrideNeedsCrystal);
    }
    super::energy::validate_override(s, station, die, face, spot)
}

pub(super) fn station_override(
    game: &mut Game,
    ship: ShipId,
    station: Station,
    die: u8,
    face: Face,
    spot: Spot,
    out: &mut Vec<Event>,
) {
    // D44: a die a gravity arrow kept is placed for free on a helm space.
    if !game.ship(ship).is_some_and(|s| free_by_gravity(s, station, die, spot)) {
        spend_crystal(game, ship, CrystalAt::Used, out);
    }
    game.emit(out, Event::DieOverridden { ship, station, die, face, spot });
}

/// Whether `die` of `station` is a helm die a gravity arrow kept (D44).
pub(super) fn kept_by_gravity(ship: &crate::ship::Ship, station: Station, die: u8) -> bool {
    station == Station::Helm && ship.gravity_kept.contains(&die)
}

/// D44: a kept die goes on a helm space with no crystal; anywhere else (an
/// equipment card's Helm space) it is a Station Override like any other
/// (R32: one crystal). Found by `legal_complete_equipment.rs`.
fn free_by_gravity(ship: &crate::ship::Ship, station: Station, die: u8, spot: Spot) -> bool {
    kept_by_gravity(ship, station, die) && matches!(spot, Spot::Helm(_))
}

pub(super) fn validate_surge(game: &Game, ship: ShipId) -> Result<(), RuleError> {
    if game.crystals_to_spend(ship) < 2 {
        return Err(RuleError::SurgeNeedsTwoCrystals);
    }
    if game.ship(ship).is_none_or(|s| s.energy_on_track() == 0) {
        return Err(RuleError::SurgeNeedsLostEnergy);
    }
    Ok(())
}

/// One crystal replaces an energy die on the damage track for good; the other is used.
pub(super) fn surge(game: &mut Game, ship: ShipId, out: &mut Vec<Event>) {
    let Some(die) = game.ship(ship).and_then(|s| s.energy.iter().position(|e| *e == EnergyAt::DamageTrack))
    else {
        return;
    };
    spend_crystal(game, ship, CrystalAt::Track(ship), out);
    spend_crystal(game, ship, CrystalAt::Used, out);
    game.emit(out, Event::EnergyRestored { ship, die: die as u8 });
}

/// "Warp jump!": a crystal is spent and two energy dice rolled.
pub(super) fn start(game: &mut Game, ship: ShipId, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    spend_crystal(game, ship, CrystalAt::Used, out);
    roll_and_offer(game, ship, Vec::new(), dice, out);
}

/// R31: another crystal during the warp buys two more dice.
pub(super) fn roll_again(
    game: &mut Game,
    ship: ShipId,
    rolled: &[Pip],
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    spend_crystal(game, ship, CrystalAt::Used, out);
    roll_and_offer(game, ship, rolled.to_vec(), dice, out);
}

/// Crystal squares the ship may warp to: the rolled ones without an enemy (R18, R30).
fn destinations(game: &Game, ship: ShipId, rolled: &[Pip]) -> Vec<Square> {
    let team = game.ship(ship).map(|s| s.team);
    let mut out: Vec<Square> = Vec::new();
    for pip in rolled {
        let sq = game.map.crystal_square(pip.value());
        let enemy_there =
            game.ships.iter().any(|s| Some(s.team) != team && !s.destroyed && s.position.square == sq);
        if !enemy_there && !out.contains(&sq) {
            out.push(sq);
        }
    }
    out
}

fn roll_and_offer(
    game: &mut Game,
    ship: ShipId,
    mut rolled: Vec<Pip>,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    // R30: when every rolled square holds an enemy, roll again for free.
    for _ in 0..32 {
        let pips = vec![dice.roll(), dice.roll()];
        game.emit(out, Event::WarpRolled { ship, pips: pips.clone() });
        rolled.extend(pips);
        if !destinations(game, ship, &rolled).is_empty() {
            break;
        }
    }
    let options = destinations(game, ship, &rolled);
    if options.is_empty() {
        return;
    }
    game.open_choice(out, ship, Chooser::AnySeat, ChoiceKind::WarpDestination { rolled, options });
}

/// The ship appears on the chosen crystal square, facing kept; a mine there explodes (R30).
pub(super) fn arrive(game: &mut Game, ship: ShipId, to: Square, out: &mut Vec<Event>) {
    let Some(facing) = game.ship(ship).map(|s| s.facing) else { return };
    let mut entered = Entered::default();
    enter(game, ship, to, None, facing, &mut entered, out);
    strip_entered(game, ship, entered, out);
}
