//! Helm movement (R10, R11, D44's gravity arrows) and the effects of
//! entering a square, shared by helm moves, tractor drags and warps:
//! wormholes, mines, asteroids, nebulae, rifts (D43), and the half-square
//! shuffle when ships share a square.

use super::{damage, Game};
use crate::class::Strip;
use crate::dice::{DiceSource, HelmFace};
use crate::event::{DamageCause, Event, Removal};
use crate::geometry::{Dir, Position, Square};
use crate::ids::ShipId;
use crate::map::Pull;
use crate::obstacle::Obstacle;
use crate::spot::Spot;
use crate::station::{helm_face, HelmSlot, Station};

/// Obstacles and rifts entered during one move, stripped once at its end (R33, D43).
#[derive(Default)]
pub(super) struct Entered {
    asteroids: u8,
    nebulae: u8,
    rifts: u8,
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
    /// A gravity arrow this step met (D44).
    pub pull: Option<Pull>,
}

/// What a helm move would do, for the helm's preview and for bots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovePlan {
    pub path: Vec<PathStep>,
    /// The last die's action is lost: an earlier die moved against an arrow (D44).
    pub last_cancelled: bool,
    /// Helm dice kept by moving with arrows (D44).
    pub kept: u8,
}

/// The path a ship would take with these helm faces, ignoring what it meets
/// except wormholes, gravity arrows and the map's edge.
pub fn plan_path(game: &Game, from: Square, facing: Dir, faces: &[HelmFace]) -> Vec<PathStep> {
    plan_move(game, from, facing, faces).path
}

/// The whole move these helm faces would make (see [`MovePlan`]).
pub fn plan_move(game: &Game, from: Square, facing: Dir, faces: &[HelmFace]) -> MovePlan {
    plan_partial_move(game, from, facing, faces, faces.len())
}

/// The move so far while the helm fills its `slots` slots: `faces` are the
/// first dice; the last slot's die is the one an earlier "against" cancels (D44).
pub fn plan_partial_move(
    game: &Game,
    from: Square,
    facing: Dir,
    faces: &[HelmFace],
    slots: usize,
) -> MovePlan {
    let mut plan = MovePlan::default();
    let (mut sq, mut dir) = (from, facing);
    let last = slots.saturating_sub(1);
    for (k, face) in faces.iter().enumerate() {
        if k == last && plan.last_cancelled && k > 0 {
            break;
        }
        if let Some(squares) = forward_squares(game, sq, dir, *face) {
            for (entered, landed) in squares {
                let pull = game.map.arrow_at(entered).and_then(|a| Pull::of(a, dir));
                match pull {
                    Some(Pull::Against) if k < last => plan.last_cancelled = true,
                    Some(Pull::With) => plan.kept += 1,
                    _ => {}
                }
                sq = landed;
                plan.path.push(PathStep { square: sq, facing: dir, pull });
            }
        }
        dir = turn(dir, *face);
        plan.path.push(PathStep { square: sq, facing: dir, pull: None });
    }
    plan.path.dedup_by(|b, a| a.square == b.square && a.facing == b.facing && b.pull.is_none());
    plan.kept = plan.kept.min(faces.len() as u8);
    plan
}

/// R10: each step of one die's forward movement as (the square entered, where
/// the ship lands: a wormhole's other end, or the same square); `None` when
/// any step would leave the map (the whole forward part is ignored).
fn forward_squares(game: &Game, from: Square, dir: Dir, face: HelmFace) -> Option<Vec<(Square, Square)>> {
    let steps = if face == HelmFace::Forward2 { 2 } else { 1 };
    let mut sq = from;
    let mut out = Vec::new();
    for _ in 0..steps {
        let entered = game.map.step(sq, dir)?;
        sq = game.wormhole_exit(entered).unwrap_or(entered);
        out.push((entered, sq));
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

/// Moves the ship by its helm dice, A then B (then C), then clears them
/// (R10), keeping one for each gravity arrow moved with (D44).
pub(super) fn move_ship(game: &mut Game, ship: ShipId, _dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    let Some(faces) = helm_faces(game, ship) else { return };
    let Some(slots) = game.ship(ship).map(|s| s.class.helm_slots()) else { return };
    let helm_dice: Vec<u8> = slots
        .iter()
        .filter_map(|slot| game.ship(ship)?.dice_at(Spot::Helm(*slot)).next().map(|(i, _)| i))
        .collect();
    // R22: a bombing run needs the bomb loaded before the move began.
    let bomb_before = game.ship(ship).and_then(|s| s.bomb_bay());
    let mut entered = Entered::default();
    let last = faces.len().saturating_sub(1);
    let (mut cancel_last, mut kept) = (false, Vec::new());
    for (k, face) in faces.into_iter().enumerate() {
        if k == last && cancel_last {
            if let Some(slot) = slots.get(k) {
                game.emit(out, Event::HelmDieCancelled { ship, slot: *slot });
            }
            break;
        }
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
                let Some(next) = game.map.step(s.position.square, dir) else { break };
                enter(game, ship, next, Some(dir), dir, &mut entered, out);
                let Some(pull) = game.map.arrow_at(next).and_then(|a| Pull::of(a, dir)) else { continue };
                game.emit(out, Event::GravityPulled { ship, square: next, pull });
                match pull {
                    // D44: against with any die before the last costs the last die's action.
                    Pull::Against => cancel_last |= k < last,
                    Pull::With => kept.push(k),
                }
            }
        }
        let Some(s) = game.ship(ship) else { return };
        let new_facing = turn(s.facing, face);
        if new_facing != s.facing {
            game.emit(out, Event::ShipMoved { ship, to: s.position, facing: new_facing });
        }
    }
    game.emit(
        out,
        Event::DiceRemoved { ship, station: Station::Helm, dice: helm_dice.clone(), why: Removal::MoveDone },
    );
    let kept = kept_dice(&helm_dice, &kept);
    if !kept.is_empty() && game.ship(ship).is_some_and(|s| !s.destroyed) {
        game.emit(out, Event::HelmDiceKept { ship, dice: kept });
    }
    strip_entered(game, ship, entered, out);
    super::fighter::after_move(game, ship, bomb_before, out);
}

/// D44: the die that moved with an arrow is kept; a second arrow met by the
/// same die keeps the next die in A, B, C order not kept already.
fn kept_dice(helm_dice: &[u8], with: &[usize]) -> Vec<u8> {
    let mut kept: Vec<usize> = Vec::new();
    for k in with {
        let pick =
            std::iter::once(*k).chain(0..helm_dice.len()).find(|i| *i < helm_dice.len() && !kept.contains(i));
        kept.extend(pick);
    }
    let mut dice: Vec<u8> = kept.into_iter().map(|i| helm_dice[i]).collect();
    dice.sort_unstable();
    dice
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
    // D43: a rift takes the shields whatever the ship carries (NeuroNav names
    // asteroids and nebulae only).
    if game.map.rift_at(sq) {
        game.emit(out, Event::RiftEntered { ship, square: sq });
        entered.rifts += 1;
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
    if entered.rifts > 0 && class.has_shields() {
        strip(game, ship, Station::Shields, u8::MAX, Removal::Rift, out);
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
