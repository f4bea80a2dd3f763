//! Judging positions: how good a placement of the two ships is for us, what
//! entering a square costs, where to drag the enemy, where to warp. One
//! integer score (no floats, so decisions replay exactly) shared by the helm
//! planner and the Captain's choices.

use duel_core::dice::HelmFace;
use duel_core::game::plan_path;
use duel_core::geometry::{arc_of, hit_sector, range, tractor_needed, Dir, Position, SectorHit, Square};
use duel_core::map::Obstacle;
use duel_core::Station;

use crate::situation::{arc_side, pierce, resolve, side_index, Situation};

/// What a point of damage is worth: a mine on the way costs this much.
pub(crate) const DAMAGE: i32 = 90;
/// A drag has to gain this much to be worth a freeze and the tractor dice.
pub(crate) const DRAG_WORTH: i32 = 30;

/// The geometry between the two ships that [`exchange`] reads: who has
/// whom in which arc (R13), which sectors a shot would strike, the range (R12).
/// It changes only when a ship moves, so the helm planner caches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sightlines {
    /// Our arc holding the enemy (0 front, 1 rear).
    pub ours: Option<usize>,
    /// The enemy's side our torpedoes would strike.
    pub we_strike: SectorHit,
    /// The enemy's arc holding us.
    pub theirs: Option<usize>,
    /// Our side its torpedoes would strike.
    pub they_strike: SectorHit,
    pub range: u8,
}

/// The sightlines with us at `me` facing `my_facing`, the enemy at `foe_pos` facing `foe_facing`.
pub(crate) fn sightlines(
    sit: &Situation,
    me: Position,
    my_facing: Dir,
    foe_pos: Position,
    foe_facing: Dir,
) -> Sightlines {
    Sightlines {
        ours: arc_of(me, my_facing, foe_pos).map(|a| side_index(arc_side(a))),
        we_strike: hit_sector(foe_pos, foe_facing, me),
        theirs: arc_of(foe_pos, foe_facing, me).map(|a| side_index(arc_side(a))),
        they_strike: hit_sector(me, my_facing, foe_pos),
        range: range(me.square, foe_pos.square, sit.rule),
    }
}

/// How good it is for us to stand at `me` facing `my_facing` while the enemy
/// stands at `foe_pos` facing `foe_facing`, given both crews' dice now.
pub(crate) fn exchange(
    sit: &Situation,
    me: Position,
    my_facing: Dir,
    foe_pos: Position,
    foe_facing: Dir,
) -> i32 {
    exchange_at(sit, &sightlines(sit, me, my_facing, foe_pos, foe_facing))
}

/// [`exchange`] from precomputed sightlines.
///
/// Offence: the enemy in one of our arcs (R13), torpedoes ready on that side,
/// our lock against range + its jammers (R14), its shields on the sector we
/// would strike. Defence: the same from its side, doubled when it already
/// has the lock to hit us. Closer is slightly better: lock needs range.
pub(crate) fn exchange_at(sit: &Situation, lines: &Sightlines) -> i32 {
    let Some(foe) = &sit.foe else { return 0 };
    let r = i32::from(lines.range);
    let mut score = -2 * r;
    match lines.ours {
        Some(i) => {
            let ready = 30 * i32::from(sit.torps.loaded[i]) + 4 * i32::from(sit.torps.parts[i]);
            let sector = resolve(lines.we_strike, &foe.shields);
            // Three shields stop a salvo, but one torpedo strips them for the next (R14).
            let p = match (foe.shields[sector.index()], sit.torps.loaded[i]) {
                (3.., 2..) => 30,
                (n, _) => pierce(n),
            };
            let gap = (r + i32::from(foe.counts.jammers) - i32::from(sit.counts.lock)).max(0);
            // Beyond what the free sensor dice could ever add (two per die), waiting is hopeless.
            let reach = 2 * i32::from(Station::Sensors.dice_count() - sit.counts.sensors);
            score += 20 + (ready + 10) * p / 100 - 3 * gap - 8 * (gap - reach).max(0);
        }
        // Side-on: a quarter turn brings the enemy into an arc.
        None => score -= 10,
    }
    if let Some(i) = lines.theirs {
        let loaded = i32::from(foe.torps.loaded[i]);
        let danger = 30 * loaded + 4 * i32::from(foe.torps.parts[i]) + 5;
        let sector = resolve(lines.they_strike, &sit.shields);
        let p = pierce(sit.shields[sector.index()]);
        let need = (r + i32::from(sit.counts.jammers)).max(1);
        let locked = loaded > 0 && i32::from(foe.counts.lock) >= need;
        score -= danger * p / 100 * if locked { 2 } else { 1 } + 5;
    }
    score
}

/// What entering `sq` costs us (R10): an asteroid strips two shield dice, a
/// nebula two sensor dice, a mine deals a damage (R17).
pub(crate) fn entering(sit: &Situation, sq: Square) -> i32 {
    let mut cost = 0;
    match sit.game.obstacle_at(sq) {
        Some(Obstacle::Asteroid) => cost += 2 + 10 * i32::from(sit.placed(Station::Shields).min(2)),
        Some(Obstacle::Nebula) => cost += 2 + 10 * i32::from(sit.placed(Station::Sensors).min(2)),
        None => {}
    }
    if sit.mines.contains(&sq) {
        cost += DAMAGE;
    }
    cost
}

/// What the enemy loses by being dragged into `sq` (the mirror of [`entering`]).
fn foe_entering(sit: &Situation, sq: Square) -> i32 {
    let Some(foe) = &sit.foe else { return 0 };
    let mut gain = 0;
    match sit.game.obstacle_at(sq) {
        Some(Obstacle::Asteroid) => gain += 2 + 10 * i32::from(foe.counts.shields.min(2)),
        Some(Obstacle::Nebula) => gain += 2 + 10 * i32::from(foe.counts.sensors.min(2)),
        None => {}
    }
    if sit.mines.contains(&sq) {
        gain += DAMAGE;
    }
    gain
}

/// A small pull towards crystals a light tractor beam can reach from `sq` (R16, R35).
pub(crate) fn crystal_reach(sit: &Situation, sq: Square) -> i32 {
    if sit.crystals >= 4 {
        return 0;
    }
    let near = sit.crystal_squares.iter().filter(|at| tractor_needed(sq, **at, sit.rule) <= 2).count();
    3 * near as i32
}

/// How good it is to stand still where we are.
pub(crate) fn stay(sit: &Situation) -> i32 {
    match &sit.foe {
        Some(foe) => exchange(sit, sit.ship.position, sit.ship.facing, foe.ship.position, foe.ship.facing),
        None => 0,
    }
}

/// Where a planned helm move ends and what it runs into on the way: the
/// part of a path's score that only changes when our ship moves or a mine is
/// laid, so the planner walks it once per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub end: End,
    /// Obstacles and mines entered on the way (the end square included).
    pub asteroids: u8,
    pub nebulae: u8,
    pub mines: u8,
    /// What the end square itself holds: [asteroid, nebula, mine].
    pub at_end: [bool; 3],
}

/// Where a move leaves the ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct End {
    pub square: Square,
    pub facing: Dir,
    /// The direction of the last step into `square` (R11 halves).
    pub travel: Dir,
    /// Whether the ship left its square at all.
    pub moved: bool,
}

impl End {
    /// A compact key: equal keys, equal ends.
    pub fn key(&self) -> u32 {
        u32::from(self.square.col) << 9
            | u32::from(self.square.row) << 5
            | (self.facing as u32) << 3
            | (self.travel as u32) << 1
            | u32::from(self.moved)
    }

    /// Our position and the enemy's after the move (R11: a mover entering
    /// the enemy's square takes the half by the edge it came in by).
    pub fn positions(&self, sit: &Situation) -> (Position, Option<Position>) {
        let foe = sit.foe.as_ref().map(|f| f.ship.position);
        match foe {
            _ if !self.moved => (sit.ship.position, foe),
            Some(f) if f.square == self.square => (
                Position { square: self.square, half: Some(self.travel.opposite()) },
                Some(Position { square: self.square, half: Some(self.travel) }),
            ),
            Some(f) => (Position::centre(self.square), Some(Position::centre(f.square))),
            None => (Position::centre(self.square), None),
        }
    }
}

impl Outcome {
    /// A compact key: equal keys, equal outcomes.
    pub fn key(&self) -> u64 {
        let [a, n, m] = self.at_end.map(u64::from);
        u64::from(self.end.key()) << 24
            | u64::from(self.asteroids) << 16
            | u64::from(self.nebulae) << 8
            | u64::from(self.mines) << 3
            | a << 2
            | n << 1
            | m
    }
}

/// A move in progress, die by die: where the ship is and what it entered so
/// far. The planner extends trails one helm face at a time with `plan_path`,
/// so the 125 three-die moves share their first and second steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trail {
    square: Square,
    facing: Dir,
    travel: Dir,
    asteroids: u8,
    nebulae: u8,
    mines: u8,
}

impl Trail {
    /// Where our ship stands now.
    pub fn start(sit: &Situation) -> Trail {
        let (square, facing) = (sit.ship.position.square, sit.ship.facing);
        Trail { square, facing, travel: facing, asteroids: 0, nebulae: 0, mines: 0 }
    }

    /// The trail after one more helm die (R10), walked with `plan_path`.
    pub fn then(self, sit: &Situation, face: HelmFace) -> Trail {
        let mut t = self;
        for step in plan_path(sit.game, self.square, self.facing, &[face]) {
            if step.square != t.square {
                t.travel = Dir::between(t.square, step.square).unwrap_or(step.facing);
                let [a, n, m] = look(sit, step.square);
                t.asteroids += u8::from(a);
                t.nebulae += u8::from(n);
                t.mines += u8::from(m);
                t.square = step.square;
            }
            t.facing = step.facing;
        }
        t
    }

    /// The finished move's outcome.
    pub fn outcome(self, sit: &Situation) -> Outcome {
        let moved = self.square != sit.ship.position.square;
        let at_end = if moved { look(sit, self.square) } else { [false; 3] };
        let travel = if moved { self.travel } else { self.facing };
        Outcome {
            end: End { square: self.square, facing: self.facing, travel, moved },
            asteroids: self.asteroids,
            nebulae: self.nebulae,
            mines: self.mines,
            at_end,
        }
    }
}

/// What a square holds that a ship entering it suffers: [asteroid, nebula, mine].
fn look(sit: &Situation, sq: Square) -> [bool; 3] {
    let o = sit.game.obstacle_at(sq);
    [o == Some(Obstacle::Asteroid), o == Some(Obstacle::Nebula), sit.mines.contains(&sq)]
}

/// What a move's outcome costs on the way: obstacles and mines entered
/// (`whole_path`), or only those of the end square.
pub(crate) fn outcome_cost(sit: &Situation, o: &Outcome, whole_path: bool) -> i32 {
    let shields = 2 + 10 * i32::from(sit.placed(Station::Shields).min(2));
    let sensors = 2 + 10 * i32::from(sit.placed(Station::Sensors).min(2));
    let [end_a, end_n, end_m] = o.at_end.map(i32::from);
    let (a, n, m) = if whole_path {
        (i32::from(o.asteroids), i32::from(o.nebulae), i32::from(o.mines))
    } else {
        (end_a, end_n, end_m)
    };
    a * shields + n * sensors + m * DAMAGE
}

/// The sightlines after a move ending at `end`, if there is an enemy.
pub(crate) fn end_sightlines(sit: &Situation, end: &End) -> Option<Sightlines> {
    let foe = sit.foe.as_ref()?;
    let (me, at) = end.positions(sit);
    Some(sightlines(sit, me, end.facing, at?, foe.ship.facing))
}

/// The score of dragging the enemy into `sq` with a tractor beam (R16).
pub(crate) fn drag_score(sit: &Situation, sq: Square) -> i32 {
    let Some(foe) = &sit.foe else { return i32::MIN };
    let mine = sit.ship.position;
    // Into our own square the halves decide the arcs; too fiddly to be worth it.
    if sq == mine.square {
        return i32::MIN / 2;
    }
    exchange(sit, Position::centre(mine.square), sit.ship.facing, Position::centre(sq), foe.ship.facing)
        + foe_entering(sit, sq)
}

/// The best square among `options` to drag the enemy to, with its score.
pub(crate) fn best_drag(sit: &Situation, options: &[Square]) -> Option<(Square, i32)> {
    options.iter().map(|sq| (*sq, drag_score(sit, *sq))).max_by_key(|(sq, s)| (*s, std::cmp::Reverse(*sq)))
}

/// What the best drag of the enemy would gain over leaving it where it is.
pub(crate) fn drag_gain(sit: &Situation) -> Option<i32> {
    *sit.drag.get_or_init(|| compute_drag_gain(sit))
}

fn compute_drag_gain(sit: &Situation) -> Option<i32> {
    let foe = sit.foe.as_ref()?;
    // R16, D42: never into a gap between tiles.
    let options = sit.game.map().neighbours(foe.ship.position.square);
    let (_, best) = best_drag(sit, &options)?;
    Some(best - stay(sit))
}

/// The score of arriving at `sq` by warp jump (R18, R30: facing kept, effects apply).
pub(crate) fn warp_score(sit: &Situation, sq: Square) -> i32 {
    let Some(foe) = &sit.foe else { return -entering(sit, sq) };
    let (me, them) = if sq == foe.ship.position.square {
        (Position { square: sq, half: None }, foe.ship.position)
    } else {
        (Position::centre(sq), foe.ship.position)
    };
    exchange(sit, me, sit.ship.facing, them, foe.ship.facing) - entering(sit, sq)
}

/// The score of entering a shared square by `edge` when tractored in diagonally (R29).
pub(crate) fn edge_score(sit: &Situation, to: Square, edge: Dir) -> i32 {
    let Some(foe) = &sit.foe else { return 0 };
    let me = Position { square: to, half: Some(edge) };
    let them = Position { square: to, half: Some(edge.opposite()) };
    exchange(sit, me, sit.ship.facing, them, foe.ship.facing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::event::Event;
    use duel_core::{Game, GameConfig, ShipId};

    fn open_duel() -> Game {
        let mut config = GameConfig::duel();
        config.preplaced = Some(duel_core::config::Preplaced::default());
        Game::new(config).expect("valid")
    }

    fn put(game: &mut Game, ship: ShipId, col: u8, row: u8, facing: Dir) {
        game.apply(&Event::ShipMoved { ship, to: Position::centre(Square::new(col, row)), facing });
    }

    #[test]
    fn enemy_in_our_arc_beats_enemy_beside_us() {
        let mut game = open_duel();
        put(&mut game, ShipId(1), 4, 2, Dir::East);
        put(&mut game, ShipId(0), 4, 5, Dir::North);
        let sit = Situation::new(&game, ShipId(0)).expect("ship");
        let foe = game.ship(ShipId(1)).expect("foe");
        let facing_it =
            exchange(&sit, Position::centre(Square::new(4, 5)), Dir::North, foe.position, foe.facing);
        let side_on =
            exchange(&sit, Position::centre(Square::new(4, 5)), Dir::East, foe.position, foe.facing);
        assert!(facing_it > side_on, "{facing_it} vs {side_on}");
    }

    #[test]
    fn a_drag_into_a_mine_is_worth_a_freeze() {
        let mut game = open_duel();
        put(&mut game, ShipId(0), 4, 4, Dir::North);
        game.apply(&Event::MineReleased {
            ship: ShipId(0),
            mine: duel_core::MineId::A,
            square: Square::new(5, 4),
        });
        put(&mut game, ShipId(0), 3, 4, Dir::North);
        put(&mut game, ShipId(1), 4, 4, Dir::South);
        let sit = Situation::new(&game, ShipId(0)).expect("ship");
        let options = game.map().neighbours(Square::new(4, 4));
        let (best, _) = best_drag(&sit, &options).expect("options");
        assert_eq!(best, Square::new(5, 4));
        assert!(drag_gain(&sit).expect("foe") >= DRAG_WORTH);
    }
}
