//! Walking planned helm moves die by die (R10) and what they run into on a
//! tile map: obstacles, mines, rifts (D43) and gravity arrows (D44). The
//! helm planner extends trails one face at a time, so the 125 three-die
//! moves share their first and second steps.

use duel_core::dice::HelmFace;
use duel_core::game::plan_move;
use duel_core::geometry::{Dir, Position, Square};
use duel_core::map::{Obstacle, Pull};
use duel_core::Station;

use super::{sightlines, Sightlines, DAMAGE};
use crate::situation::Situation;

/// What a helm die a gravity arrow kept is worth (D44): the next move gets
/// a die on any face for nothing, with no energy and no reroll.
pub(crate) const KEPT: i32 = 8;
/// An arrow moved against cancels the last die's action (D44). The end
/// square already shows what that costs; this only breaks ties in favour of
/// the move that reaches the same place without throwing a die away.
pub(crate) const AGAINST: i32 = 2;

/// Where a planned helm move ends and what it runs into on the way: the
/// part of a path's score that only changes when our ship moves or a mine is
/// laid, so the planner walks it once per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub end: End,
    /// Obstacles, mines and rifts entered on the way (the end square included).
    pub asteroids: u8,
    pub nebulae: u8,
    pub mines: u8,
    pub rifts: u8,
    /// What the end square itself holds: [asteroid, nebula, mine, rift].
    pub at_end: [bool; 4],
    /// Helm dice gravity arrows kept (D44).
    pub kept: u8,
    /// An earlier die moved against an arrow: the last die did nothing (D44).
    pub cancelled: bool,
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
    /// A compact key: equal keys, equal ends (squares up to 16 × 16).
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
        let at_end = self.at_end.iter().fold(0u64, |acc, b| acc << 1 | u64::from(*b));
        u64::from(self.end.key()) << 40
            | u64::from(self.asteroids) << 32
            | u64::from(self.nebulae) << 24
            | u64::from(self.mines) << 16
            | u64::from(self.rifts) << 8
            | u64::from(self.kept.min(7)) << 5
            | u64::from(self.cancelled) << 4
            | at_end
    }
}

/// A move in progress, die by die: where the ship is and what it entered so
/// far. Each die is walked with `plan_move`; the gravity arrows' effect on
/// the dice (D44) is carried from die to die here, since whether a die is
/// the move's last is known only to the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trail {
    square: Square,
    facing: Dir,
    travel: Dir,
    asteroids: u8,
    nebulae: u8,
    mines: u8,
    rifts: u8,
    kept: u8,
    dice: u8,
    cancelled: bool,
}

impl Trail {
    /// Where our ship stands now.
    pub fn start(sit: &Situation) -> Trail {
        let (square, facing) = (sit.ship.position.square, sit.ship.facing);
        Trail {
            square,
            facing,
            travel: facing,
            asteroids: 0,
            nebulae: 0,
            mines: 0,
            rifts: 0,
            kept: 0,
            dice: 0,
            cancelled: false,
        }
    }

    /// The trail after one more helm die (R10); `last` when it is the die
    /// that completes the move (C on a Capital ship's helm, D44).
    pub fn then(self, sit: &Situation, face: HelmFace, last: bool) -> Trail {
        let mut t = self;
        t.dice += 1;
        if last && t.cancelled {
            // D44: an earlier die went against an arrow; this one does nothing.
            return t;
        }
        for step in plan_move(sit.game, self.square, self.facing, &[face]).path {
            match step.pull {
                Some(Pull::Against) if !last => t.cancelled = true,
                Some(Pull::With) => t.kept += 1,
                _ => {}
            }
            if step.square != t.square {
                t.travel = Dir::between(t.square, step.square).unwrap_or(step.facing);
                let [a, n, m, r] = look(sit, step.square);
                t.asteroids += u8::from(a);
                t.nebulae += u8::from(n);
                t.mines += u8::from(m);
                t.rifts += u8::from(r);
                t.square = step.square;
            }
            t.facing = step.facing;
        }
        t
    }

    /// The finished move's outcome.
    pub fn outcome(self, sit: &Situation) -> Outcome {
        let moved = self.square != sit.ship.position.square;
        let at_end = if moved { look(sit, self.square) } else { [false; 4] };
        let travel = if moved { self.travel } else { self.facing };
        Outcome {
            end: End { square: self.square, facing: self.facing, travel, moved },
            asteroids: self.asteroids,
            nebulae: self.nebulae,
            mines: self.mines,
            rifts: self.rifts,
            at_end,
            // D44: each arrow keeps a different die, so never more than were used.
            kept: self.kept.min(self.dice),
            cancelled: self.cancelled,
        }
    }
}

/// What a square holds that a ship entering it suffers: [asteroid, nebula, mine, rift].
fn look(sit: &Situation, sq: Square) -> [bool; 4] {
    let o = sit.game.obstacle_at(sq);
    [
        o == Some(Obstacle::Asteroid),
        o == Some(Obstacle::Nebula),
        sit.mines.contains(&sq),
        sit.game.map().rift_at(sq),
    ]
}

/// What a move's outcome costs on the way: obstacles, mines and rifts
/// entered (`whole_path`), or only those of the end square. A whole-path
/// planner also counts what gravity arrows do to the dice (D44).
pub(crate) fn outcome_cost(sit: &Situation, o: &Outcome, whole_path: bool) -> i32 {
    let shields = i32::from(sit.placed(Station::Shields));
    let per_asteroid = 2 + 10 * shields.min(2);
    let sensors = 2 + 10 * i32::from(sit.placed(Station::Sensors).min(2));
    let [end_a, end_n, end_m, end_r] = o.at_end.map(i32::from);
    let (a, n, m, r) = if whole_path {
        (i32::from(o.asteroids), i32::from(o.nebulae), i32::from(o.mines), i32::from(o.rifts))
    } else {
        (end_a, end_n, end_m, end_r)
    };
    // D43: a rift takes every shield die at the end of the move, asteroids or not.
    let shield_cost = if r > 0 { 2 + 10 * shields } else { a * per_asteroid };
    let mut cost = shield_cost + n * sensors + m * DAMAGE;
    if whole_path {
        cost += AGAINST * i32::from(o.cancelled) - KEPT * i32::from(o.kept);
    }
    cost
}

/// The sightlines after a move ending at `end`, if there is an enemy.
pub(crate) fn end_sightlines(sit: &Situation, end: &End) -> Option<Sightlines> {
    let foe = sit.foe.as_ref()?;
    let (me, at) = end.positions(sit);
    Some(sightlines(sit, me, end.facing, at?, foe.ship.facing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::event::Event;
    use duel_core::map::builtin;
    use duel_core::{Game, GameConfig, ShipId};

    /// Every three-die move walked trail by trail ends where the core's own
    /// preview says, with the same dice kept and cancelled (D44), from
    /// squares next to the Gravity Well's arrows.
    #[test]
    fn d44_trails_agree_with_the_cores_move_preview() {
        let config = GameConfig { map: builtin("gravity well").expect("built in"), ..GameConfig::duel() };
        let mut game = Game::new(config).expect("valid");
        // Onto an arrow with it, against it, and up the columns towards both.
        let starts = [(3, 3, Dir::East), (8, 3, Dir::West), (3, 9, Dir::North), (8, 9, Dir::North)];
        let faces = [
            HelmFace::Forward1,
            HelmFace::Forward2,
            HelmFace::TurnLeft,
            HelmFace::TurnRight,
            HelmFace::TurnAround,
        ];
        let mut seen = [0u32; 2];
        for (col, row, facing) in starts {
            let to = Position::centre(Square::new(col, row));
            game.apply(&Event::ShipMoved { ship: ShipId(0), to, facing });
            let sit = Situation::new(&game, ShipId(0)).expect("ship");
            for a in faces {
                for b in faces {
                    for c in faces {
                        let t =
                            Trail::start(&sit).then(&sit, a, false).then(&sit, b, false).then(&sit, c, true);
                        let o = t.outcome(&sit);
                        let plan = plan_move(&game, to.square, facing, &[a, b, c]);
                        let end = plan.path.last().map_or((to.square, facing), |s| (s.square, s.facing));
                        assert_eq!((o.end.square, o.end.facing), end, "{col},{row} {a:?} {b:?} {c:?}");
                        assert_eq!(
                            (o.kept, o.cancelled),
                            (plan.kept, plan.last_cancelled),
                            "{a:?} {b:?} {c:?}"
                        );
                        seen[0] += u32::from(o.kept > 0);
                        seen[1] += u32::from(o.cancelled);
                    }
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "the walks met arrows both ways: {seen:?}");
    }
}
