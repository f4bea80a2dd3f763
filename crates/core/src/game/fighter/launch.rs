//! LAUNCH (R22, mission 1 only): while a team's Fighter is destroyed, its
//! Capital ship's crew may freeze the game to relaunch it, paying three
//! crystals or one damage (never the fourth). The Fighter appears in the
//! Capital ship's square facing 90° left or right of it, with full Health and
//! an empty cockpit. Who calls it and how it shares the square: D21.

use super::super::{crystals, damage, Game};
use crate::class::ShipClass;
use crate::error::RuleError;
use crate::event::{CrystalAt, DamageCause, Event};
use crate::freeze::FreezeAction;
use crate::geometry::Position;
use crate::ids::ShipId;
use crate::intent::{LaunchCost, LaunchSide, LAUNCH_CRYSTALS};
use crate::ship::HULL;

/// The freeze action "Launch!" declares for the crew of `ship`: its team's
/// Fighter, facing `side` of the Capital ship, paid by `pay`.
///
/// # Errors
/// [`RuleError::LaunchNotInMission`] when the team has no Fighter to launch.
pub(in crate::game) fn launch_action(
    game: &Game,
    ship: ShipId,
    side: LaunchSide,
    pay: LaunchCost,
) -> Result<FreezeAction, RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    let fighter = game.team_ships(s.team, ShipClass::Fighter).map(|(id, _)| id).next();
    let fighter = fighter.ok_or(RuleError::LaunchNotInMission)?;
    Ok(FreezeAction::Launch { fighter, facing: side.facing(s.facing), pay })
}

/// Whether the crew of `ship` may relaunch `fighter` paying `pay` now (R22).
///
/// # Errors
/// Not mission 1, not a Capital ship's crew, the Fighter still flying, or
/// the price unpaid ([`RuleError::LaunchNeedsCrystals`], [`RuleError::LaunchDamageFatal`]).
pub(in crate::game) fn check_launch(
    game: &Game,
    ship: ShipId,
    fighter: ShipId,
    pay: LaunchCost,
) -> Result<(), RuleError> {
    if !game.mission().is_some_and(|m| m.relaunches()) {
        return Err(RuleError::LaunchNotInMission);
    }
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if s.class != ShipClass::Capital {
        return Err(RuleError::LaunchFromCapital);
    }
    match game.ship(fighter) {
        Some(f) if f.team == s.team && f.class == ShipClass::Fighter && f.destroyed => {}
        Some(f) if f.team == s.team && f.class == ShipClass::Fighter => {
            return Err(RuleError::FighterStillFlying)
        }
        _ => return Err(RuleError::LaunchNotInMission),
    }
    match pay {
        LaunchCost::Crystals => {
            let have = game.crystals_to_spend(ship);
            if have < LAUNCH_CRYSTALS {
                return Err(RuleError::LaunchNeedsCrystals { have });
            }
        }
        // "If you have three damage you must spend crystals."
        LaunchCost::Damage if s.hits >= HULL - 1 => return Err(RuleError::LaunchDamageFatal),
        LaunchCost::Damage => {}
    }
    Ok(())
}

/// Carries out "Launch!": the price, then the Fighter in the Capital ship's square.
pub(in crate::game) fn launch(game: &mut Game, capital: ShipId, action: &FreezeAction, out: &mut Vec<Event>) {
    let FreezeAction::Launch { fighter, facing, pay } = *action else { return };
    match pay {
        LaunchCost::Crystals => {
            for _ in 0..LAUNCH_CRYSTALS {
                crystals::spend_crystal(game, capital, CrystalAt::Used, out);
            }
        }
        // "Place one energy die on the damage display": an ordinary hit (R15, D5).
        LaunchCost::Damage => damage::hit(game, capital, DamageCause::Launch, out),
    }
    let Some(square) = game.ship(capital).map(|s| s.position.square) else { return };
    let others: Vec<ShipId> = game
        .ships
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != usize::from(fighter.0) && !s.destroyed && s.position.square == square)
        .map(|(i, _)| ShipId(i as u8))
        .collect();
    // D21: the Fighter takes the half of the square it faces; the ships
    // already there move to the other half (R11).
    let to = Position { square, half: (!others.is_empty()).then_some(facing) };
    let health = game.ruleset.fighter_health();
    game.emit(out, Event::FighterLaunched { ship: fighter, to, facing, health });
    for other in others {
        game.emit(out, Event::ShipShifted { ship: other, half: Some(facing.opposite()) });
    }
}
