//! Pulse bombs (R9, R22). Nose and tail weapon dice with a Bolt or Double
//! Bolt tractor die between them make a bomb; swapping that centre die for a
//! body makes it a missile again. BOMB is a freeze, legal only when the
//! Fighter's own last move ended in the enemy Capital ship's square, the bomb
//! was loaded before that move began, and neither ship has moved since. It
//! rolls nose and tail: one damage per blast face; no lock needed; locks and
//! jammers stay; the three dice are removed; only Capital ships are hurt.

use super::super::{damage, Game};
use crate::class::{ShipClass, MISSILE_TUBE};
use crate::dice::{DiceSource, WeaponFace};
use crate::error::RuleError;
use crate::event::{DamageCause, Event, Removal};
use crate::ids::ShipId;
use crate::spot::Spot;
use crate::station::{Station, TorpedoPart};

/// The enemy Capital ships alive in `ship`'s square (a pulse bomb's only targets).
fn capitals_below(game: &Game, ship: ShipId) -> Vec<ShipId> {
    let Some(s) = game.ship(ship) else { return vec![] };
    game.enemies_of(s.team)
        .filter(|(_, e)| e.class == ShipClass::Capital && e.position.square == s.position.square)
        .map(|(id, _)| id)
        .collect()
}

/// Whether `ship` may call BOMB now, and on which Capital ship (R22).
///
/// # Errors
/// [`RuleError::BombNeedsFighter`], [`RuleError::NoBombLoaded`],
/// [`RuleError::BombNotOverCapital`] or [`RuleError::BombRunSpoiled`].
pub(in crate::game) fn check_bomb(game: &Game, ship: ShipId) -> Result<ShipId, RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if !s.class.has_spot(Spot::PulseBomb) {
        return Err(RuleError::BombNeedsFighter);
    }
    let Some(bay) = s.bomb_bay() else { return Err(RuleError::NoBombLoaded) };
    let below = capitals_below(game, ship);
    if below.is_empty() {
        return Err(RuleError::BombNotOverCapital);
    }
    // D22: the run is cleared whenever either ship moves (see `apply`); the same
    // three dice must still be in the bay (a bomb rebuilt after the move does not count).
    match s.cockpit.and_then(|c| c.bomb_run) {
        Some(run) if run.bay == bay && below.contains(&run.target) => Ok(run.target),
        _ => Err(RuleError::BombRunSpoiled),
    }
}

/// After a Fighter's own helm move (R22): if a bomb was loaded when the move
/// began and the move ended in an enemy Capital ship's square, the bombing
/// run is open. `loaded_before` is the bomb bay when the move began; a mine
/// in the square has already gone off on entering (it resolves first).
pub(in crate::game) fn after_move(
    game: &mut Game,
    ship: ShipId,
    loaded_before: Option<[u16; 3]>,
    out: &mut Vec<Event>,
) {
    let Some(s) = game.ship(ship) else { return };
    if s.destroyed || loaded_before.is_none() || s.bomb_bay() != loaded_before {
        return;
    }
    if let Some(target) = capitals_below(game, ship).first().copied() {
        game.emit(out, Event::BombRunBegun { ship, target });
    }
}

/// "Bomb!": roll the bomb's nose and tail; each Blast or Double Blast is one
/// damage to the Capital ship; all three dice leave the missile bay (R22).
pub(in crate::game) fn drop_bomb(
    game: &mut Game,
    ship: ShipId,
    target: ShipId,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let faces = vec![dice.roll(), dice.roll()];
    let damage = faces.iter().filter(|p| WeaponFace::from_pip(**p).blasts() > 0).count() as u8;
    game.emit(out, Event::PulseBombRolled { ship, target, faces, damage });
    let Some(s) = game.ship(ship) else { return };
    let ends = [TorpedoPart::Nose, TorpedoPart::Tail].map(|p| Spot::Torpedo(MISSILE_TUBE, p));
    let weapons: Vec<u8> = ends.iter().filter_map(|spot| s.dice_at(*spot).next().map(|(i, _)| i)).collect();
    let core: Vec<u8> = s.dice_at(Spot::PulseBomb).map(|(i, _)| i).collect();
    for (station, dice) in [(Station::Weapons, weapons), (Station::Tractor, core)] {
        if !dice.is_empty() {
            game.emit(out, Event::DiceRemoved { ship, station, dice, why: Removal::Launched });
        }
    }
    // Locks and jammers stay; no crystals return after a BOMB (R34).
    for _ in 0..damage {
        damage::hit(game, target, DamageCause::PulseBomb, out);
    }
}
