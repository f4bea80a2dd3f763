//! Tractor beams and mines (R16, R17, R29, R35, R36): crystals (no freeze),
//! ships (freeze, drag to a neighbouring square), arming and releasing mines,
//! and the McGuire option of moving a mine.

use super::movement::{enter, strip_entered, Entered};
use super::Game;
use crate::choice::{ChoiceKind, Chooser};
use crate::error::{RuleError, Tractored};
use crate::event::{CrystalAt, Event, Removal};
use crate::geometry::{tractor_needed, Dir, Square};
use crate::ids::ShipId;
use crate::station::{MineId, Station};

fn check_strength(game: &Game, ship: ShipId, to: Square, what: Tractored) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    let need = tractor_needed(s.position.square, to, game.ruleset.range_rule());
    let have = s.tractor_strength();
    if have < need {
        return Err(RuleError::TractorTooWeak { what, need, have });
    }
    Ok(())
}

pub(super) fn validate_crystal(game: &Game, ship: ShipId, crystal: u8) -> Result<(), RuleError> {
    match game.crystals.get(usize::from(crystal)) {
        Some(CrystalAt::OnMap(sq)) => check_strength(game, ship, *sq, Tractored::Crystal),
        Some(_) => Err(RuleError::CrystalNotOnMap),
        None => Err(RuleError::NoSuchCrystal),
    }
}

pub(super) fn validate_mine(game: &Game, ship: ShipId, at: Square, to: Square) -> Result<(), RuleError> {
    if !game.ruleset.house.tractor_moves_mines {
        return Err(RuleError::MineTractorNotInPlay);
    }
    if game.mine_at(at).is_none() {
        return Err(RuleError::NoMineAt { square: at });
    }
    let one_step = at != to && at.col.abs_diff(to.col) <= 1 && at.row.abs_diff(to.row) <= 1;
    if !one_step || !game.map.contains(to) {
        return Err(RuleError::MineMovesOneSquare);
    }
    if game.mine_at(to).is_some() {
        return Err(RuleError::OneMinePerSquare);
    }
    check_strength(game, ship, at, Tractored::Mine)
}

pub(super) fn validate_release(game: &Game, ship: ShipId, mine: MineId) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { return Err(RuleError::NoSuchShip) };
    if !s.mine_armed(mine) {
        return Err(RuleError::MineNotArmed { mine });
    }
    if game.mine_at(s.position.square).is_some() {
        return Err(RuleError::OneMinePerSquare);
    }
    Ok(())
}

pub(super) fn check_tractor_ship(game: &Game, ship: ShipId, target: ShipId) -> Result<(), RuleError> {
    if target == ship {
        return Err(RuleError::TractorSelf);
    }
    let Some(t) = game.ship(target) else { return Err(RuleError::NoSuchShip) };
    if t.destroyed {
        return Err(RuleError::TargetDestroyed);
    }
    check_strength(game, ship, t.position.square, Tractored::Ship)
}

fn discard_tractor_dice(game: &mut Game, ship: ShipId, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    // D29: the tractor dice on the display; those on an equipment card stay.
    let dice: Vec<u8> = s.on_display(Station::Tractor).map(|(i, _, _)| i).collect();
    if !dice.is_empty() {
        game.emit(
            out,
            Event::DiceRemoved { ship, station: Station::Tractor, dice, why: Removal::TractorUsed },
        );
    }
}

pub(super) fn take_crystal(game: &mut Game, ship: ShipId, crystal: u8, out: &mut Vec<Event>) {
    discard_tractor_dice(game, ship, out);
    game.emit(out, Event::CrystalMoved { crystal, to: CrystalAt::Held(ship) });
}

pub(super) fn move_mine(game: &mut Game, ship: ShipId, at: Square, to: Square, out: &mut Vec<Event>) {
    let Some(mine) = game.mine_at(at) else { return };
    discard_tractor_dice(game, ship, out);
    game.emit(out, Event::MineMoved { owner: mine.owner, mine: mine.mine, to });
}

pub(super) fn release(game: &mut Game, ship: ShipId, mine: MineId, out: &mut Vec<Event>) {
    let Some(square) = game.ship(ship).map(|s| s.position.square) else { return };
    game.emit(out, Event::MineReleased { ship, mine, square });
    discard_tractor_dice(game, ship, out);
}

/// "Tractor!": the dice are spent and the caller picks a neighbouring square.
pub(super) fn start_drag(game: &mut Game, ship: ShipId, target: ShipId, out: &mut Vec<Event>) {
    discard_tractor_dice(game, ship, out);
    let Some(t) = game.ship(target) else { return };
    let options = game.map.neighbours(t.position.square);
    let kind = ChoiceKind::TractorDestination { target, options };
    game.open_choice(out, ship, Chooser::CaptainOr(Station::Tractor), kind);
}

/// Moves the tractored ship, facing kept, effects applied (R16, R29).
pub(super) fn drag(game: &mut Game, target: ShipId, to: Square, out: &mut Vec<Event>) {
    let Some(t) = game.ship(target) else { return };
    let from = t.position.square;
    let (dx, dy) = (i16::from(to.col) - i16::from(from.col), i16::from(to.row) - i16::from(from.row));
    let occupied = game
        .ships
        .iter()
        .enumerate()
        .any(|(i, s)| i != usize::from(target.0) && !s.destroyed && s.position.square == to);
    if dx != 0 && dy != 0 && occupied {
        // R29: diagonal into an occupied square: the tractored team picks the edge.
        let horizontal = if dx > 0 { Dir::West } else { Dir::East };
        let vertical = if dy > 0 { Dir::North } else { Dir::South };
        let kind = ChoiceKind::EntryEdge { to, options: [vertical, horizontal] };
        game.open_choice(out, target, Chooser::AnySeat, kind);
        return;
    }
    let travel = Dir::between(from, to);
    finish(game, target, to, travel, out);
}

/// The tractored ship's team picked the edge it enters by.
pub(super) fn enter_by_edge(game: &mut Game, target: ShipId, to: Square, edge: Dir, out: &mut Vec<Event>) {
    finish(game, target, to, Some(edge.opposite()), out);
}

fn finish(game: &mut Game, target: ShipId, to: Square, travel: Option<Dir>, out: &mut Vec<Event>) {
    let Some(facing) = game.ship(target).map(|s| s.facing) else { return };
    let mut entered = Entered::default();
    enter(game, target, to, travel, facing, &mut entered, out);
    strip_entered(game, target, entered, out);
}
