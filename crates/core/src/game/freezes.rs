//! Freezes (R19–R21, R28): who may declare, queueing a follow-up, starting,
//! driving the resolution until it waits for a choice, and resuming.

use super::{combat, crystals, equipment, fighter, tractor, Game};
use crate::choice::ChoiceKind;
use crate::dice::DiceSource;
use crate::error::RuleError;
use crate::event::Event;
use crate::freeze::{Declared, FireStep, FreezeAction, Progress};
use crate::ids::{SeatId, ShipId};
use crate::intent::{Intent, Target};
use crate::station::{Station, DICE_STATIONS};

/// The progress a freeze starts with.
pub(super) fn initial_progress(action: &FreezeAction) -> Progress {
    match action {
        FreezeAction::Fire { .. } => Progress::Fire(FireStep::Launch { side: None }),
        FreezeAction::Tractor { .. } => Progress::Tractor,
        FreezeAction::Warp => Progress::Warp,
        FreezeAction::Bomb { .. } => Progress::Bomb,
        FreezeAction::Launch { .. } => Progress::Launch,
        FreezeAction::Card { .. } => Progress::Card,
    }
}

/// Choices the resolution itself waits for; damage and obstacle choices do not hold
/// it up (D5), nor stop play when opened outside a freeze (D7).
pub(super) fn belongs_to_freeze(kind: &ChoiceKind) -> bool {
    matches!(
        kind,
        ChoiceKind::DiagonalSector { .. }
            | ChoiceKind::TorpedoSide
            | ChoiceKind::TractorDestination { .. }
            | ChoiceKind::EntryEdge { .. }
            | ChoiceKind::WarpDestination { .. }
    )
}

/// The freeze action an intent declares, with the target resolved.
pub(super) fn action_of(game: &Game, ship: ShipId, intent: &Intent) -> Result<FreezeAction, RuleError> {
    match intent {
        Intent::Fire { count, target, side } => {
            let target = match target {
                Some(t) => *t,
                None => {
                    let team = game.ship(ship).map(|s| s.team);
                    let enemies: Vec<ShipId> =
                        team.map(|t| game.enemies_of(t).map(|(id, _)| id).collect()).unwrap_or_default();
                    match enemies.as_slice() {
                        [only] => Target::Ship(*only),
                        _ => return Err(RuleError::NameTheTarget),
                    }
                }
            };
            Ok(FreezeAction::Fire { count: *count, target, side: *side })
        }
        Intent::TractorShip { target } => Ok(FreezeAction::Tractor { target: *target }),
        Intent::WarpJump => Ok(FreezeAction::Warp),
        Intent::Bomb => fighter::check_bomb(game, ship).map(|target| FreezeAction::Bomb { target }),
        Intent::Launch { side, pay } => fighter::launch_action(game, ship, *side, *pay),
        Intent::UseCard { card } if intent.is_freeze() => Ok(FreezeAction::Card { card: *card }),
        _ => Err(RuleError::NotAFreeze),
    }
}

/// R21: who may shout it.
fn check_caller(game: &Game, seat: SeatId, ship: ShipId, action: &FreezeAction) -> Result<(), RuleError> {
    let captain_calls = game.captain_present(ship);
    let is_captain = game.seat(seat).is_some_and(|s| s.captain);
    let station = match action {
        // D21: any seat of the Capital ship may call LAUNCH, as a warp jump;
        // D27: any seat shouts a snowflake card's name.
        FreezeAction::Warp | FreezeAction::Launch { .. } | FreezeAction::Card { .. } => return Ok(()),
        FreezeAction::Fire { .. } if game.ruleset.house.weapons_name_side => {
            return if game.holds(seat, Station::Weapons) {
                Ok(())
            } else {
                Err(RuleError::OnlyWeaponsCallsFire)
            };
        }
        // R22: the Pilot holds Weapons with the whole cockpit.
        FreezeAction::Fire { .. } | FreezeAction::Bomb { .. } => Station::Weapons,
        FreezeAction::Tractor { .. } => Station::Tractor,
    };
    match (captain_calls, is_captain, game.holds(seat, station)) {
        (true, true, _) | (false, _, true) => Ok(()),
        (true, false, _) => Err(RuleError::CaptainGivesOrder),
        (false, _, false) => Err(RuleError::OnlyOfficerCalls { station }),
    }
}

/// Whether the action itself is possible now (also re-checked when a queued freeze starts, R28).
pub(super) fn check_action(game: &Game, ship: ShipId, action: &FreezeAction) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if s.destroyed {
        return Err(RuleError::OwnShipDestroyed);
    }
    match action {
        FreezeAction::Fire { count, target, side } => combat::check_fire(game, ship, *count, *target, *side),
        FreezeAction::Tractor { .. } if !s.class.has_tractor_beam() => {
            Err(RuleError::FighterHasNoTractorBeam)
        }
        FreezeAction::Tractor { target } => tractor::check_tractor_ship(game, ship, *target),
        FreezeAction::Bomb { target } => match fighter::check_bomb(game, ship)? {
            now if now == *target => Ok(()),
            _ => Err(RuleError::BombRunSpoiled),
        },
        FreezeAction::Launch { fighter: f, pay, .. } => fighter::check_launch(game, ship, *f, *pay),
        FreezeAction::Card { card } => equipment::check_usable(game, ship, *card),
        FreezeAction::Warp => {
            if game.crystals_to_spend(ship) == 0 {
                return Err(RuleError::WarpNeedsCrystal);
            }
            Ok(())
        }
    }
}

pub(super) fn validate_declare(game: &Game, seat: SeatId, intent: &Intent) -> Result<(), RuleError> {
    let Some(ship) = game.seat_ship(seat) else { return Err(RuleError::NoSeat) };
    let action = action_of(game, ship, intent)?;
    check_caller(game, seat, ship, &action)?;
    if let Some(freeze) = &game.freeze {
        if game.ruleset.house.no_queued_freezes {
            return Err(RuleError::NoFreezeDuringFreeze);
        }
        let team = game.ship(ship).map(|s| s.team);
        let queued_already = freeze.queued.iter().any(|q| game.ship(q.ship).map(|s| s.team) == team);
        if queued_already {
            return Err(RuleError::FollowUpQueued);
        }
        if freeze.declared.ship == ship
            && freeze.progress != Progress::Review
            && matches!(action, FreezeAction::Fire { .. })
            && matches!(freeze.declared.action, FreezeAction::Fire { .. })
        {
            // D9: the same torpedoes cannot be fired twice; the check below would pass
            // on torpedoes that this very launch is about to remove.
            return Err(RuleError::OwnLaunchResolving);
        }
    }
    check_action(game, ship, &action)
}

/// Declares (or queues) a freeze.
pub(super) fn declare(
    game: &mut Game,
    seat: SeatId,
    intent: &Intent,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let Some(ship) = game.seat_ship(seat) else { return };
    let Ok(action) = action_of(game, ship, intent) else { return };
    let declared = Declared { ship, action };
    if game.freeze.is_some() {
        game.emit(out, Event::FreezeQueued { declared });
    } else {
        start(game, declared, dice, out);
    }
}

fn start(game: &mut Game, declared: Declared, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    let ship = declared.ship;
    let action = declared.action.clone();
    game.emit(out, Event::FreezeDeclared { declared });
    if game.ruleset.house.freeze_drops_rolled_dice {
        drop_rolled_dice(game, out);
    }
    match action {
        FreezeAction::Fire { .. } => {}
        FreezeAction::Tractor { target } => tractor::start_drag(game, ship, target, out),
        FreezeAction::Warp => crystals::start(game, ship, dice, out),
        FreezeAction::Bomb { target } => fighter::drop_bomb(game, ship, target, dice, out),
        FreezeAction::Launch { .. } => fighter::launch(game, ship, &action, out),
        FreezeAction::Card { card } => equipment::use_card(game, ship, card, out),
    }
    advance(game, dice, out);
}

/// McGuire (R39): rolled dice not yet placed are lost when time freezes.
fn drop_rolled_dice(game: &mut Game, out: &mut Vec<Event>) {
    for i in 0..game.ships.len() {
        for station in DICE_STATIONS {
            let rolled: Vec<u8> = game.ships[i]
                .station_dice(station)
                .iter()
                .enumerate()
                .filter(|(_, d)| d.rolled().is_some())
                .map(|(d, _)| d as u8)
                .collect();
            for die in rolled {
                game.emit(out, Event::RollLost { ship: ShipId(i as u8), station, die });
            }
        }
    }
}

/// Runs the resolution until it waits for a choice or is resolved.
pub(super) fn advance(game: &mut Game, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    // Every step either moves the progress on or opens a choice; the bound is a safety net.
    for _ in 0..16 {
        let Some(f) = &game.freeze else { return };
        if f.awaiting.is_some() {
            return;
        }
        match f.progress.clone() {
            Progress::Fire(step) => combat::step(game, step, dice, out),
            Progress::Tractor | Progress::Warp | Progress::Bomb | Progress::Launch | Progress::Card => {
                // These wait on their destination choice; without one they are done.
                game.emit(out, Event::FreezeProgress { progress: Progress::Review });
            }
            Progress::Review => return,
        }
        super::damage::check_over(game, out);
    }
}

/// The host ends the review: the next queued freeze starts (the team that did
/// not declare the running one first, R20, R28), or play resumes.
pub(super) fn resume(
    game: &mut Game,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(f) = &game.freeze else { return Err(RuleError::NotFrozen) };
    if f.progress != Progress::Review || f.awaiting.is_some() {
        return Err(RuleError::FreezeUnresolved);
    }
    let running_team = game.ship(f.declared.ship).map(|s| s.team);
    let mut queue = f.queued.clone();
    queue.sort_by_key(|q| game.ship(q.ship).map(|s| s.team) == running_team);
    for next in queue {
        match check_action(game, next.ship, &next.action) {
            Ok(()) => {
                start(game, next, dice, out);
                return Ok(());
            }
            Err(e) => game.emit(out, Event::FreezeCancelled { declared: next, reason: e }),
        }
    }
    game.emit(out, Event::FreezeEnded);
    Ok(())
}
