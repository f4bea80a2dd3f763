//! The Pilot's helm (R10, R22): two slots, the Fighter moves when both are
//! filled. Every pair of rolled faces is scored by where it ends: on a
//! bombing run, in the enemy Capital ship's square; otherwise with the
//! quarry in the front arc, close, on its weakest sector; always out of
//! the arcs where an enemy has a torpedo or missile loaded, and off mines.
//! A rift on the line of fire blocks both ways (D43); the move is walked
//! by the core's `plan_path`, gravity arrows and gaps included (D42, D44).
//! Asteroids cost a Fighter nothing (R22); a nebula strips its sensors.

use duel_core::dice::HelmFace;
use duel_core::game::plan_path;
use duel_core::geometry::{arc_of, range, Arc, Dir, Position, Square};
use duel_core::map::Obstacle;
use duel_core::ship::DieState;
use duel_core::station::{helm_face, HelmSlot};
use duel_core::Spot;
use duel_core::{Intent, Station};

use super::Quarry;
use crate::proposal::{band, Proposal};
use crate::situation::{arc_side, Situation, Torpedoes};

/// A move must beat staying by this much.
const MARGIN: i32 = 4;

/// How good it is to end at `square` facing `facing`, having entered `path`.
fn score(sit: &Situation, q: &Quarry, square: Square, facing: Dir, path: &[Square]) -> i32 {
    let at = Position::centre(square);
    let there = q.ship.position;
    let dist = i32::from(range(square, there.square, sit.rule));
    let mut v = if sit.ship.bomb_loaded() && q.is_capital() {
        // A bombing run: end the move in its square (D22).
        if square == there.square {
            300
        } else {
            -25 * dist
        }
    } else {
        let mut v = -10 * dist;
        // D43: no missile flies through a rift.
        let clear = sit.game.map().rift_between(square, there.square).is_none();
        if clear && arc_of(at, facing, there) == Some(Arc::Front) {
            v += 60 - 4 * dist;
            let shields = i32::from(q.shields_from(at));
            if q.is_capital() {
                v += 20 * (2 - shields.min(3));
            }
        }
        v
    };
    // Keep out of loaded enemy arcs: each loaded torpedo there can cost a Health.
    for (_, enemy) in sit.game.enemies_of(sit.ship.team) {
        if sit.game.map().rift_between(enemy.position.square, square).is_some() {
            continue;
        }
        if let Some(arc) = arc_of(enemy.position, enemy.facing, at) {
            let loaded = i32::from(Torpedoes::of(enemy).on(arc_side(arc)));
            let reach =
                i32::from(range(enemy.position.square, square, sit.rule)) <= i32::from(enemy.lock()) + 1;
            v -= loaded * if reach { 70 } else { 25 };
        }
    }
    let missiles = !(sit.ship.bomb_loaded() && q.is_capital());
    for sq in path {
        if sit.mines.contains(sq) {
            v -= 150;
        }
        if missiles && sit.game.obstacle_at(*sq) == Some(Obstacle::Nebula) {
            v -= 15 * i32::from(sit.counts.sensors.min(2));
        }
    }
    v
}

/// The score of moving with `faces` from where the Fighter is.
fn after(sit: &Situation, q: &Quarry, faces: &[HelmFace]) -> i32 {
    let from = sit.ship.position.square;
    let path = plan_path(sit.game, from, sit.ship.facing, faces);
    let (end, facing) = path.last().map_or((from, sit.ship.facing), |s| (s.square, s.facing));
    let squares: Vec<Square> = path.iter().map(|s| s.square).filter(|s| *s != from).collect();
    score(sit, q, end, facing, &squares)
}

/// The five helm faces, each weighted by how many of a die's six faces show it (R2).
const FACES: [(HelmFace, i32); 5] = [
    (HelmFace::Forward1, 2),
    (HelmFace::Forward2, 1),
    (HelmFace::TurnLeft, 1),
    (HelmFace::TurnRight, 1),
    (HelmFace::TurnAround, 1),
];

/// D44: the best face for a kept die in the next free slot, and the move's
/// worth: with a die already placed, the move it completes; in slot A, the
/// average over the second die's faces (it still has to be rolled).
fn kept_face(sit: &Situation, q: &Quarry, placed: Option<(HelmSlot, HelmFace)>) -> Option<(i32, HelmFace)> {
    FACES
        .iter()
        .map(|(face, _)| {
            let v = match placed {
                Some((HelmSlot::A, first)) => after(sit, q, &[first, *face]),
                Some((_, first)) => after(sit, q, &[*face, first]),
                None => FACES.iter().map(|(second, w)| w * after(sit, q, &[*face, *second])).sum::<i32>() / 6,
            };
            (v, *face)
        })
        .max_by_key(|(v, face)| (*v, std::cmp::Reverse(*face as u8)))
}

/// Pushes the helm's proposals.
pub(crate) fn propose(sit: &Situation, q: &Quarry, restless: u8, out: &mut Vec<Proposal>) {
    let station = Station::Helm;
    let here = sit.ship.position.square;
    let stay = score(sit, q, here, sit.ship.facing, &[]);
    let threatened = sit.in_loaded_arc();
    let place = if threatened { band::ESCAPE } else { band::PLACE };
    let mut placed: Option<(HelmSlot, HelmFace)> = None;
    let mut free: Vec<HelmSlot> = Vec::new();
    for slot in sit.ship.class.helm_slots() {
        match sit.ship.dice_at(Spot::Helm(*slot)).next().and_then(|(_, f)| helm_face(f)) {
            Some(h) => placed = Some((*slot, h)),
            None => free.push(*slot),
        }
    }
    let mut rolled: Vec<(u8, HelmFace)> = Vec::new();
    let mut idle: Vec<u8> = Vec::new();
    // D44: a die a gravity arrow kept goes on any face for nothing; never roll it away.
    let kept = sit
        .ship
        .gravity_kept
        .iter()
        .copied()
        .find(|d| sit.ship.station_dice(station).get(usize::from(*d)) == Some(&DieState::Idle));
    for (i, d) in sit.ship.station_dice(station).iter().enumerate() {
        match d {
            DieState::Idle if kept == Some(i as u8) => {}
            DieState::Idle => idle.push(i as u8),
            DieState::Rolled { face, .. } => match helm_face(*face) {
                Some(h) => rolled.push((i as u8, h)),
                None => idle.push(i as u8),
            },
            DieState::Placed { .. } => {}
        }
    }
    let margin = if restless > 0 { -40 * i32::from(restless) } else { MARGIN };
    // Staying is fine only when the Fighter already stands where it wants to be.
    let happy = stay >= 40 && !threatened;
    if let (Some(die), Some(spot)) = (kept, free.first().map(|s| Spot::Helm(*s))) {
        if let Some((v, face)) = kept_face(sit, q, placed) {
            if v > stay + margin {
                let face = duel_core::Face::Helm(face);
                out.push(Proposal::new(place, 7, Intent::Override { station, die, face, spot }));
            }
        }
    }
    match (placed, free.as_slice()) {
        (Some((slot, first)), [last, ..]) => {
            // One die down: the next one moves the ship.
            let best = rolled
                .iter()
                .map(|(die, h)| {
                    let faces = if slot == HelmSlot::A { [first, *h] } else { [*h, first] };
                    (after(sit, q, &faces), *die)
                })
                .max_by_key(|(v, die)| (*v, std::cmp::Reverse(*die)));
            match best {
                Some((v, die)) if v > stay + margin => {
                    let spot = Spot::Helm(*last);
                    out.push(Proposal::new(place, 7, Intent::PlaceDie { station, die, spot }));
                }
                _ if !happy => {
                    let mut dice: Vec<u8> = rolled.iter().map(|(d, _)| *d).collect();
                    dice.extend(idle);
                    if !dice.is_empty() {
                        out.push(Proposal::new(band::ROLL, 7, Intent::RollDice { station, dice }));
                    }
                }
                _ => {}
            }
        }
        (None, [a, ..]) => {
            if !idle.is_empty() && !happy {
                out.push(Proposal::new(band::ROLL, 7, Intent::RollDice { station, dice: idle }));
                return;
            }
            let mut best: Option<(i32, u8)> = None;
            for (i, (d1, h1)) in rolled.iter().enumerate() {
                for (j, (_, h2)) in rolled.iter().enumerate() {
                    if i != j {
                        let v = after(sit, q, &[*h1, *h2]);
                        if best.is_none_or(|(b, _)| v > b) {
                            best = Some((v, *d1));
                        }
                    }
                }
            }
            match best {
                Some((v, die)) if v > stay + margin => {
                    let spot = Spot::Helm(*a);
                    out.push(Proposal::new(place, 7, Intent::PlaceDie { station, die, spot }));
                }
                _ if !happy && !rolled.is_empty() => {
                    let dice = rolled.iter().map(|(d, _)| *d).collect();
                    out.push(Proposal::new(band::ROLL, 7, Intent::RollDice { station, dice }));
                }
                _ => {}
            }
        }
        _ => {}
    }
}
