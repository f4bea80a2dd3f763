//! Judging positions: how good a placement of the two ships is for us, what
//! entering a square costs (rifts and gravity arrows included, D43–D44),
//! where to drag the enemy, where to warp. One
//! integer score (no floats, so decisions replay exactly) shared by the helm
//! planner and the Captain's choices.

mod trail;

pub(crate) use trail::{end_sightlines, outcome_cost, End, Outcome, Trail};

use duel_core::geometry::{arc_of, hit_sector, range, tractor_needed, Dir, Position, SectorHit, Square};
use duel_core::map::Obstacle;
use duel_core::Station;

use crate::situation::{arc_side, pierce, resolve, side_index, Situation};

/// What a point of damage is worth: a mine on the way costs this much.
pub(crate) const DAMAGE: i32 = 90;
/// A drag has to gain this much to be worth a freeze and the tractor dice.
pub(crate) const DRAG_WORTH: i32 = 30;

/// The geometry between the two ships that [`exchange`] reads: who has
/// whom in which arc (R13), which sectors a shot would strike, the range
/// (R12), and whether a rift blocks the line of fire (D43: both ways, since
/// the line runs between the two squares' centres).
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
    /// A rift on the line between the ships: neither may fire (D43).
    pub blocked: bool,
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
        blocked: sit.game.map().rift_between(me.square, foe_pos.square).is_some(),
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
/// Behind a rift nobody can fire (D43): as side-on as it gets, both ways.
pub(crate) fn exchange_at(sit: &Situation, lines: &Sightlines) -> i32 {
    let Some(foe) = &sit.foe else { return 0 };
    let r = i32::from(lines.range);
    let mut score = -2 * r;
    if lines.blocked {
        return score - 10;
    }
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
/// nebula two sensor dice, a rift every shield die (D43), a mine deals a
/// damage (R17).
pub(crate) fn entering(sit: &Situation, sq: Square) -> i32 {
    let mut cost = 0;
    match sit.game.obstacle_at(sq) {
        Some(Obstacle::Asteroid) => cost += 2 + 10 * i32::from(sit.placed(Station::Shields).min(2)),
        Some(Obstacle::Nebula) => cost += 2 + 10 * i32::from(sit.placed(Station::Sensors).min(2)),
        None => {}
    }
    if sit.game.map().rift_at(sq) {
        cost += 2 + 10 * i32::from(sit.placed(Station::Shields));
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
    // D43: a tractor drag into a rift strips every shield die too.
    if sit.game.map().rift_at(sq) {
        gain += 2 + 10 * i32::from(foe.counts.shields);
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
