//! Missiles (R22): a Fighter's torpedoes. Loaded and fired exactly as
//! torpedoes, except that a Fighter calls only "Fire 1", only at a target in
//! its front arc; a Capital ship hit by a missile counts one shield more than
//! it has and loses at most one shield die; and anything that hits a Fighter
//! (torpedo or missile) deals one damage each, with no shields and no roll.

use super::super::{damage, Game};
use crate::class::ShipClass;
use crate::error::RuleError;
use crate::event::{DamageCause, Event};
use crate::geometry::{arc_of, Arc, Position};
use crate::ids::ShipId;
use crate::ship::Ship;

/// R22: a Fighter fires "Fire 1", forward only (its one tube points to the front arc).
///
/// # Errors
/// [`RuleError::FighterFiresOne`] for Fire 2, [`RuleError::MissileFrontOnly`]
/// when the target is outside the front arc (D19).
pub(in crate::game) fn check_missile(shooter: &Ship, count: u8, target: Position) -> Result<(), RuleError> {
    if !shooter.class.fires_one_forward() {
        return Ok(());
    }
    if count != 1 {
        return Err(RuleError::FighterFiresOne);
    }
    // D19: outside the front arc the one missile could never hit: refused, not wasted.
    if arc_of(shooter.position, shooter.facing, target) != Some(Arc::Front) {
        return Err(RuleError::MissileFrontOnly);
    }
    Ok(())
}

/// The shields a hit by `shooter`'s projectile counts on a sector holding
/// `actual` shield dice: one more for a missile (R22).
pub(in crate::game) fn counted_shields(shooter: ShipClass, actual: u8) -> u8 {
    actual.saturating_add(shooter.extra_shields_counted())
}

/// How many of the sector's `actual` shield dice a hit by `shooter`'s
/// projectile removes: all for a torpedo, at most one for a missile (R22).
pub(in crate::game) fn shields_lost(shooter: ShipClass, actual: usize) -> usize {
    shooter.shields_removed().map_or(actual, |most| actual.min(most))
}

/// What the damage of a hit by `shooter`'s projectile is recorded as.
fn cause(shooter: ShipClass) -> DamageCause {
    match shooter {
        ShipClass::Capital => DamageCause::Torpedo,
        ShipClass::Fighter => DamageCause::Missile,
    }
}

/// R22: a ship without shields takes one damage per torpedo or missile that
/// hits, with no sector and no roll.
pub(in crate::game) fn strike_shieldless(
    game: &mut Game,
    shooter: ShipId,
    target: ShipId,
    hits: u8,
    out: &mut Vec<Event>,
) {
    let class = game.ship(shooter).map_or(ShipClass::Capital, |s| s.class);
    game.emit(out, Event::DamageRolled { ship: target, faces: vec![], shields: 0, damage: hits });
    for _ in 0..hits {
        damage::hit(game, target, cause(class), out);
    }
}

/// The cause recorded for damage by `shooter`'s torpedoes or missiles.
pub(in crate::game) fn projectile_cause(game: &Game, shooter: ShipId) -> DamageCause {
    cause(game.ship(shooter).map_or(ShipClass::Capital, |s| s.class))
}
