//! What each card does when used: one function per card with an effect.
//! Cards that only work while charged (Maneuver Jets, NeuroNav) have no
//! effect here; the rules that they change ask `Game::card_active`.

use super::super::movement::{enter, strip_entered, Entered};
use super::Game;
use crate::dice::{Face, HelmFace};
use crate::equipment::{blink_direction, pivot, Card};
use crate::error::RuleError;
use crate::event::Event;
use crate::geometry::{Dir, Square};
use crate::ids::ShipId;
use crate::station::Station;

/// Whether the card's effect is possible now.
pub(super) fn check(game: &Game, ship: ShipId, card: Card) -> Result<(), RuleError> {
    match card {
        Card::Blink => blink_target(game, ship).map(|_| ()),
        Card::RotationalThrusters | Card::ManeuverJets | Card::NeuroNav => Ok(()),
    }
}

/// Carries out the card's effect.
pub(super) fn run(game: &mut Game, ship: ShipId, card: Card, out: &mut Vec<Event>) {
    match card {
        Card::Blink => blink(game, ship, out),
        Card::RotationalThrusters => rotate(game, ship, out),
        Card::ManeuverJets | Card::NeuroNav => {}
    }
}

/// The helm face on the card's helm space.
fn helm_on(game: &Game, ship: ShipId, card: Card) -> Option<HelmFace> {
    game.ship(ship)?.card_dice(card).into_iter().find_map(|(station, _, _, face)| match (station, face) {
        (Station::Helm, Face::Helm(h)) => Some(h),
        _ => None,
    })
}

/// Blink's destination and direction: as many squares as tractor dice on the
/// card, in the Helm die's direction relative to the ship's facing (D26).
fn blink_target(game: &Game, ship: ShipId) -> Result<(Square, Dir), RuleError> {
    let s = game.ship(ship).ok_or(RuleError::NoSuchShip)?;
    let face = helm_on(game, ship, Card::Blink).ok_or(RuleError::CardNotReady { card: Card::Blink })?;
    let squares = s.card_dice(Card::Blink).iter().filter(|(st, ..)| *st == Station::Tractor).count() as i8;
    let dir = blink_direction(face, s.facing);
    let (dx, dy) = dir.delta();
    let to = game.map.offset(s.position.square, dx * squares, dy * squares);
    to.map(|sq| (sq, dir)).ok_or(RuleError::BlinkOffMap)
}

/// D27: the ship appears in the destination without turning and without
/// entering the squares between; the destination's wormhole, mine and
/// obstacle apply as for any arrival.
fn blink(game: &mut Game, ship: ShipId, out: &mut Vec<Event>) {
    let Ok((to, dir)) = blink_target(game, ship) else { return };
    let Some(facing) = game.ship(ship).map(|s| s.facing) else { return };
    let mut entered = Entered::default();
    enter(game, ship, to, Some(dir), facing, &mut entered, out);
    strip_entered(game, ship, entered, out);
}

/// Rotational Thrusters: the ship pivots in its square by the Helm die's turn.
fn rotate(game: &mut Game, ship: ShipId, out: &mut Vec<Event>) {
    let Some(face) = helm_on(game, ship, Card::RotationalThrusters) else { return };
    let Some(s) = game.ship(ship) else { return };
    let (to, facing) = (s.position, pivot(face, s.facing));
    game.emit(out, Event::ShipMoved { ship, to, facing });
}
