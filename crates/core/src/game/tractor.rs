//! Tractor beams and mines (R16, R17, R29, R35, R36): crystals (no freeze),
//! ships (freeze, drag to a neighbouring square), arming and releasing mines,
//! and the McGuire option of moving a mine.

use super::movement::{enter, strip_entered, Entered};
use super::{choices, Game};
use crate::choice::{ChoiceKind, Chooser};
use crate::config::ShipId;
use crate::error::{fmt_square, refuse, RuleError};
use crate::event::{CrystalAt, Event, Removal};
use crate::geometry::{tractor_needed, Dir, Square};
use crate::station::{MineId, Station};

fn check_strength(game: &Game, ship: ShipId, to: Square, what: &str) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { refuse!("no such ship") };
    let need = tractor_needed(s.position.square, to, game.ruleset.range_rule());
    let have = s.tractor_strength();
    if have < need {
        refuse!("tractoring {what} needs strength {need} (twice the range, R16); you have {have}");
    }
    Ok(())
}

pub(super) fn validate_crystal(game: &Game, ship: ShipId, crystal: u8) -> Result<(), RuleError> {
    match game.crystals.get(usize::from(crystal)) {
        Some(CrystalAt::OnMap(sq)) => check_strength(game, ship, *sq, "that crystal"),
        Some(_) => refuse!("that crystal is not on the map (crystals a team holds cannot be tractored)"),
        None => refuse!("there is no such crystal"),
    }
}

pub(super) fn validate_mine(game: &Game, ship: ShipId, at: Square, to: Square) -> Result<(), RuleError> {
    if !game.ruleset.house.tractor_moves_mines {
        refuse!("tractoring mines is a house rule not in play");
    }
    if game.mine_at(at).is_none() {
        refuse!("there is no mine at {}", fmt_square(at));
    }
    let one_step = at != to && at.col.abs_diff(to.col) <= 1 && at.row.abs_diff(to.row) <= 1;
    if !one_step || !game.map.contains(to) {
        refuse!("a mine moves one square, staying on the map");
    }
    if game.mine_at(to).is_some() {
        refuse!("only one mine may be in a square (R17)");
    }
    check_strength(game, ship, at, "that mine")
}

pub(super) fn validate_release(game: &Game, ship: ShipId, mine: MineId) -> Result<(), RuleError> {
    let Some(s) = game.ship(ship) else { refuse!("no such ship") };
    if !s.mine_armed(mine) {
        refuse!("mine {mine:?} is not armed: place a Mine {mine:?} die first (R17)");
    }
    if game.mine_at(s.position.square).is_some() {
        refuse!("this square already holds a mine (R17)");
    }
    Ok(())
}

pub(super) fn check_tractor_ship(game: &Game, ship: ShipId, target: ShipId) -> Result<(), RuleError> {
    if target == ship {
        refuse!("a ship cannot tractor itself");
    }
    let Some(t) = game.ship(target) else { refuse!("there is no such ship") };
    if t.destroyed {
        refuse!("that ship has been destroyed");
    }
    check_strength(game, ship, t.position.square, "that ship")
}

fn discard_tractor_dice(game: &mut Game, ship: ShipId, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    let dice: Vec<u8> = s.placed(Station::Tractor).map(|(i, _, _)| i).collect();
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
    let options = t.position.square.neighbours(game.map.cols, game.map.rows);
    let kind = ChoiceKind::TractorDestination { target, options };
    choices::open(game, ship, Chooser::CaptainOr(Station::Tractor), kind, out);
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
        choices::open(game, target, Chooser::AnySeat, kind, out);
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
