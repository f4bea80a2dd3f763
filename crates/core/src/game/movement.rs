//! Helm movement (R10, R11) and the effects of entering a square, shared by
//! helm moves, tractor drags and warps: wormholes, mines, asteroids, nebulae,
//! and the half-square shuffle when ships share a square.

use super::{damage, Game};
use crate::class::Strip;
use crate::config::ShipId;
use crate::dice::{DiceSource, HelmFace};
use crate::event::{DamageCause, Event, Removal};
use crate::geometry::{Dir, Position, Square};
use crate::map::Obstacle;
use crate::station::{helm_face, HelmSlot, Spot, Station};

/// Obstacles entered during one move, stripped once at its end (R33).
#[derive(Default)]
pub(super) struct Entered {
    asteroids: u8,
    nebulae: u8,
}

/// Whether every helm slot of the ship's class holds a die (three on a
/// Capital ship, two on a Fighter).
pub(super) fn helm_ready(game: &Game, ship: ShipId) -> bool {
    helm_faces(game, ship).is_some()
}

/// The faces in the helm slots (A, B, C; a Fighter's A, B), if all are
/// filled; with Maneuver Jets charged, the first two filled (D31).
pub(super) fn helm_faces(game: &Game, ship: ShipId) -> Option<Vec<HelmFace>> {
    let s = game.ship(ship)?;
    let face_in = |slot: &HelmSlot| s.dice_at(Spot::Helm(*slot)).next().and_then(|(_, f)| helm_face(f));
    if game.card_active(ship, crate::equipment::Card::ManeuverJets) {
        let filled: Vec<HelmFace> = s.class.helm_slots().iter().filter_map(face_in).collect();
        return (filled.len() >= 2).then(|| filled.into_iter().take(2).collect());
    }
    s.class.helm_slots().iter().map(face_in).collect()
}

/// One square of a planned path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    pub square: Square,
    pub facing: Dir,
}

/// The path a ship would take with these helm faces, ignoring what it meets
/// except wormholes and the map edge (for the helm's preview and for bots).
pub fn plan_path(game: &Game, from: Square, facing: Dir, faces: &[HelmFace]) -> Vec<PathStep> {
    let mut path = Vec::new();
    let (mut sq, mut dir) = (from, facing);
    for face in faces {
        if let Some(squares) = forward_squares(game, sq, dir, *face) {
            for s in squares {
                sq = s;
                path.push(PathStep { square: sq, facing: dir });
            }
        }
        dir = turn(dir, *face);
        path.push(PathStep { square: sq, facing: dir });
    }
    path.dedup();
    path
}

/// R10: the squares one die's forward movement enters, following wormholes;
/// `None` when any step would leave the map (the whole forward part is ignored).
fn forward_squares(game: &Game, from: Square, dir: Dir, face: HelmFace) -> Option<Vec<Square>> {
    let steps = if face == HelmFace::Forward2 { 2 } else { 1 };
    let mut sq = from;
    let mut out = Vec::new();
    for _ in 0..steps {
        sq = sq.step(dir, game.map.cols, game.map.rows)?;
        if let Some(other) = game.wormhole_exit(sq) {
            out.push(sq);
            sq = other;
        }
        out.push(sq);
    }
    Some(out)
}

fn turn(dir: Dir, face: HelmFace) -> Dir {
    match face {
        HelmFace::TurnLeft => dir.left(),
        HelmFace::TurnRight => dir.right(),
        HelmFace::TurnAround => dir.opposite(),
        HelmFace::Forward1 | HelmFace::Forward2 => dir,
    }
}

impl Game {
    /// The other wormhole, if `sq` holds one.
    pub fn wormhole_exit(&self, sq: Square) -> Option<Square> {
        match self.wormholes.as_slice() {
            [a, b] if *a == sq => Some(*b),
            [a, b] if *b == sq => Some(*a),
            _ => None,
        }
    }
}

/// Moves the ship by its helm dice, A then B (then C), then clears them (R10).
pub(super) fn move_ship(game: &mut Game, ship: ShipId, _dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    let Some(faces) = helm_faces(game, ship) else { return };
    let Some(slots) = game.ship(ship).map(|s| s.class.helm_slots()) else { return };
    // R22: a bombing run needs the bomb loaded before the move began.
    let bomb_before = game.ship(ship).and_then(|s| s.bomb_bay());
    let mut entered = Entered::default();
    for face in faces {
        let Some(s) = game.ship(ship) else { return };
        if s.destroyed {
            break;
        }
        let (sq, dir) = (s.position.square, s.facing);
        let steps = if face == HelmFace::Forward2 { 2 } else { 1 };
        if forward_squares(game, sq, dir, face).is_some() {
            for _ in 0..steps {
                let Some(s) = game.ship(ship) else { return };
                if s.destroyed {
                    break;
                }
                let Some(next) = s.position.square.step(dir, game.map.cols, game.map.rows) else { break };
                enter(game, ship, next, Some(dir), dir, &mut entered, out);
            }
        }
        let Some(s) = game.ship(ship) else { return };
        let new_facing = turn(s.facing, face);
        if new_facing != s.facing {
            game.emit(out, Event::ShipMoved { ship, to: s.position, facing: new_facing });
        }
    }
    let helm_dice: Vec<u8> = slots
        .iter()
        .filter_map(|slot| game.ship(ship)?.dice_at(Spot::Helm(*slot)).next().map(|(i, _)| i))
        .collect();
    game.emit(
        out,
        Event::DiceRemoved { ship, station: Station::Helm, dice: helm_dice, why: Removal::MoveDone },
    );
    strip_entered(game, ship, entered, out);
    super::fighter::after_move(game, ship, bomb_before, out);
}

/// The ship moves into `dest` travelling `travel` (for the R11 halves), keeping `facing`.
/// Applies the square's effects: a wormhole shifts it on, a mine explodes,
/// obstacles are counted into `entered`.
pub(super) fn enter(
    game: &mut Game,
    ship: ShipId,
    dest: Square,
    travel: Option<Dir>,
    facing: Dir,
    entered: &mut Entered,
    out: &mut Vec<Event>,
) {
    place_in_square(game, ship, dest, travel, facing, out);
    if let Some(exit) = game.wormhole_exit(dest) {
        // The shift uses no movement (rulebook, Wormholes) and does not bounce back (D11).
        place_in_square(game, ship, exit, travel, facing, out);
        effects(game, ship, exit, entered, out);
    } else {
        effects(game, ship, dest, entered, out);
    }
}

/// R11: puts the ship in `dest`, sharing halves with any ship already there,
/// and recentres a ship left alone in the square it leaves.
fn place_in_square(
    game: &mut Game,
    ship: ShipId,
    dest: Square,
    travel: Option<Dir>,
    facing: Dir,
    out: &mut Vec<Event>,
) {
    let Some(from) = game.ship(ship).map(|s| s.position.square) else { return };
    let others_in = |game: &Game, sq: Square| -> Vec<ShipId> {
        game.ships
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != usize::from(ship.0) && !s.destroyed && s.position.square == sq)
            .map(|(i, _)| ShipId(i as u8))
            .collect()
    };
    let occupants = others_in(game, dest);
    // The mover sits by the edge it came in by; the others are pushed across.
    let push = travel.unwrap_or(facing);
    let half = if occupants.is_empty() { None } else { Some(push.opposite()) };
    game.emit(out, Event::ShipMoved { ship, to: Position { square: dest, half }, facing });
    for other in occupants {
        game.emit(out, Event::ShipShifted { ship: other, half: Some(push) });
    }
    if from != dest {
        if let [alone] = others_in(game, from).as_slice() {
            if game.ship(*alone).is_some_and(|s| s.position.half.is_some()) {
                game.emit(out, Event::ShipShifted { ship: *alone, half: None });
            }
        }
    }
}

fn effects(game: &mut Game, ship: ShipId, sq: Square, entered: &mut Entered, out: &mut Vec<Event>) {
    // NeuroNav Interface, charged: asteroids and nebulae do not affect the ship.
    let shielded = game.card_active(ship, crate::equipment::Card::NeuroNav);
    if let Some(obstacle) = game.obstacle_at(sq).filter(|_| !shielded) {
        game.emit(out, Event::ObstacleEntered { ship, obstacle });
        match obstacle {
            Obstacle::Asteroid => entered.asteroids += 1,
            Obstacle::Nebula => entered.nebulae += 1,
        }
    }
    // D14: the mine damages but does not stop the move (R10: it cannot be interrupted).
    if let Some(mine) = game.mine_at(sq) {
        game.emit(out, Event::MineGone { owner: mine.owner, mine: mine.mine });
        // R17 / R36: the entering ship takes the damage; McGuire: everyone in the square.
        let victims: Vec<ShipId> = if game.ruleset.house.mines_hit_everyone {
            game.ships
                .iter()
                .enumerate()
                .filter(|(_, s)| !s.destroyed && s.position.square == sq)
                .map(|(i, _)| ShipId(i as u8))
                .collect()
        } else {
            vec![ship]
        };
        for v in victims {
            damage::hit(game, v, DamageCause::Mine, out);
        }
    }
}

/// R10, R33: after the move, each asteroid strips two shield dice and each
/// nebula two sensor dice; the officer chooses when there is a choice. A
/// Fighter slips through asteroids and loses every sensor die in a nebula (R22).
pub(super) fn strip_entered(game: &mut Game, ship: ShipId, entered: Entered, out: &mut Vec<Event>) {
    let Some(class) = game.ship(ship).map(|s| s.class) else { return };
    let each = [
        (Obstacle::Asteroid, entered.asteroids, Removal::Asteroid),
        (Obstacle::Nebula, entered.nebulae, Removal::Nebula),
    ];
    for (obstacle, times, why) in each {
        let count = match class.strips(obstacle) {
            None => 0,
            Some((_, Strip::Dice(n))) => n.saturating_mul(times),
            Some((_, Strip::All)) if times > 0 => u8::MAX,
            Some((_, Strip::All)) => 0,
        };
        if let Some((station, _)) = class.strips(obstacle) {
            strip(game, ship, station, count, why, out);
        }
    }
}

fn strip(game: &mut Game, ship: ShipId, station: Station, count: u8, why: Removal, out: &mut Vec<Event>) {
    if count == 0 {
        return;
    }
    let Some(s) = game.ship(ship) else { return };
    if s.destroyed {
        return;
    }
    let placed: Vec<u8> = s.on_display(station).map(|(i, _, _)| i).collect();
    if placed.is_empty() {
        return;
    }
    if placed.len() <= usize::from(count) {
        game.emit(out, Event::DiceRemoved { ship, station, dice: placed, why });
    } else {
        let kind = crate::choice::ChoiceKind::StripDice { station, count };
        game.open_choice(out, ship, crate::choice::Chooser::Station(station), kind);
    }
}
