//! The crew's shared plan for the next few seconds: which torpedo to load,
//! how much lock and jamming to build, which shield sectors to cover, what
//! the tractor beam is for, whether the helm should move. Engineering routes
//! energy by it (`want`), and each station judges its rolls by it.

use duel_core::event::CrystalAt;
use duel_core::geometry::tractor_needed;
use duel_core::ship::{mine_index, MineToken};
use duel_core::station::{MineId, Tube, TubeSide, TUBES};
use duel_core::Station;

use crate::level::Profile;
use crate::situation::{parts_in, tube_parts, Situation};
use crate::tactics;

/// Targets per station, derived from the table each decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The side that faces (or will face) the enemy.
    pub load_side: TubeSide,
    /// The torpedo being loaded: one at a time.
    pub tube: Option<Tube>,
    pub lock_target: u8,
    pub jam_target: u8,
    /// Shield dice wanted per sector (`SECTORS` order).
    pub shield_target: [u8; 4],
    /// Tractor strength wanted (a crystal, or the enemy ship).
    pub bolts_target: u8,
    /// The mine to arm, if any.
    pub arm_mine: Option<MineId>,
    pub helm_move: bool,
    /// Energy dice each station wants to roll with, by `Station::index`.
    pub want: [u8; 6],
    /// How much each station matters now (0..10), by `Station::index`.
    pub rank: [u8; 6],
}

/// Dice to roll for `points` more locks, jammers or bolts: a useful face
/// averages about one and a half points.
fn dice_for(points: u8) -> u8 {
    (2 * points).div_ceil(3)
}

/// Station dice neither placed (so they can still be rolled or are rolled).
fn unplaced(sit: &Situation, station: Station) -> u8 {
    station.dice_count().saturating_sub(sit.placed(station))
}

impl Plan {
    /// The plan for `sit`. `helm_move` comes from the helm planner.
    pub fn new(sit: &Situation, profile: &Profile, helm_move: bool) -> Plan {
        let ship = sit.ship;
        let foe = sit.foe.as_ref();
        let load_side = load_side(sit);
        let tube = pick_tube(sit, load_side);

        // Sensors (R14): lock to beat range + jammers; jam when the enemy has torpedoes.
        let mut lock_target = foe.map_or(0, |f| f.range.saturating_add(f.counts.jammers).clamp(1, 8));
        if sit.glance() {
            lock_target = lock_target.saturating_sub(1).max(1);
        }
        let mut jam_target: u8 = foe.map_or(0, |f| match (f.torps.total(), f.threat.arc.is_some()) {
            (0, _) if f.torps.parts.iter().any(|p| *p >= 2) => 1,
            (0, _) => 0,
            (_, true) => 3,
            (_, false) => 2,
        });
        let free = unplaced(sit, Station::Sensors);
        let (lock, jam) = (sit.counts.lock, sit.counts.jammers);
        let mut lock_dice = dice_for(lock_target.saturating_sub(lock));
        let mut jam_dice = dice_for(jam_target.saturating_sub(jam));
        if lock_dice + jam_dice > free {
            if sit.torps.total() > 0 || sit.torps.parts.iter().any(|p| *p >= 2) || !sit.in_loaded_arc() {
                lock_dice = lock_dice.min(free);
                jam_dice = free - lock_dice;
            } else {
                jam_dice = jam_dice.min(free);
                lock_dice = free - jam_dice;
            }
        }
        if lock_dice == 0 {
            lock_target = lock_target.min(lock);
        }
        if jam_dice == 0 {
            jam_target = jam_target.min(jam);
        }

        // Shields: the sector the enemy's tubes can reach.
        let mut shield_target = [0u8; 4];
        if let Some(f) = foe {
            let t = if f.threat.loaded_on_arc > 0 {
                3
            } else if f.threat.arc.is_some() || f.torps.total() > 0 {
                2
            } else if f.range <= 4 {
                1
            } else {
                0
            };
            // A glance mixes up the sector with its neighbour.
            let sector = (f.struck.index() + usize::from(sit.glance())) % 4;
            shield_target[sector] = t;
        }
        let shield_dice: u8 =
            shield_target.iter().zip(sit.shields).map(|(t, have)| t.saturating_sub(have)).sum();

        // Tractor: a crystal within light reach, the enemy when a drag pays (R16), mines (R17).
        let mut bolts_target = 0;
        if profile.crystals && sit.crystals < 4 {
            let here = ship.position.square;
            let nearest = sit
                .game
                .crystals()
                .iter()
                .filter_map(|c| match c {
                    CrystalAt::OnMap(sq) => Some(tractor_needed(here, *sq, sit.rule)),
                    _ => None,
                })
                .min();
            if let Some(need) = nearest.filter(|n| *n <= 4) {
                bolts_target = need;
            }
        }
        let mut arm_mine = None;
        if let (true, Some(f)) = (sit.sees_tricks(profile), foe) {
            if f.range <= 2 && tactics::drag_gain(sit).is_some_and(|g| g >= tactics::DRAG_WORTH) {
                let need = tractor_needed(ship.position.square, f.ship.position.square, sit.rule);
                bolts_target = bolts_target.max(need);
            }
        }
        // R17: a mine armed while the enemy is near, ready to drop on its path.
        if let (true, Some(f)) = (profile.mines, foe) {
            let armed = [MineId::A, MineId::B].iter().any(|m| ship.mine_armed(*m));
            if f.range <= 4 && !armed {
                arm_mine = [MineId::A, MineId::B]
                    .into_iter()
                    .find(|m| ship.mines[mine_index(*m)] == MineToken::Held);
            }
        }
        let bolts_dice = dice_for(bolts_target.saturating_sub(ship.tractor_strength()));

        let mut want = [0u8; 6];
        want[Station::Weapons.index()] = tube.map_or(0, |t| 3 - parts_in(ship, t));
        want[Station::Sensors.index()] = (lock_dice + jam_dice).min(free);
        want[Station::Shields.index()] = shield_dice.min(unplaced(sit, Station::Shields));
        want[Station::Helm.index()] = if helm_move { unplaced(sit, Station::Helm) } else { 0 };
        want[Station::Tractor.index()] =
            (bolts_dice + u8::from(arm_mine.is_some())).min(unplaced(sit, Station::Tractor));

        let mut rank = [0u8; 6];
        rank[Station::Weapons.index()] = 6;
        rank[Station::Sensors.index()] = 5;
        rank[Station::Helm.index()] = 4;
        rank[Station::Shields.index()] = 3;
        rank[Station::Tractor.index()] = 2;
        if let Some(f) = foe {
            if let Some(side) = f.attack.arc {
                if sit.torps.on(side) > 0 && lock < lock_target {
                    rank[Station::Sensors.index()] = 9;
                } else if tube.is_some_and(|t| t.side == side) {
                    rank[Station::Weapons.index()] = 8;
                }
            } else if helm_move {
                rank[Station::Helm.index()] = 7;
            }
            if sit.in_loaded_arc() {
                rank[Station::Shields.index()] = 8;
            }
        }
        Plan {
            load_side,
            tube,
            lock_target,
            jam_target,
            shield_target,
            bolts_target,
            arm_mine,
            helm_move,
            want,
            rank,
        }
    }

    /// Energy dice `station` wants beyond those it holds.
    pub fn need(&self, sit: &Situation, station: Station) -> u8 {
        self.want[station.index()].saturating_sub(sit.ship.energy_at(station) as u8)
    }

    pub fn rank(&self, station: Station) -> u8 {
        self.rank[station.index()]
    }
}

/// The side to load: the arc the enemy is in, else the end of the ship nearer it.
fn load_side(sit: &Situation) -> TubeSide {
    let Some(foe) = &sit.foe else { return TubeSide::Front };
    if let Some(side) = foe.attack.arc {
        return side;
    }
    let (me, them) = (sit.ship.position.square, foe.ship.position.square);
    let (fx, fy) = sit.ship.facing.delta();
    let dx = i16::from(them.col) - i16::from(me.col);
    let dy = i16::from(them.row) - i16::from(me.row);
    if dx * i16::from(fx) + dy * i16::from(fy) >= 0 {
        TubeSide::Front
    } else {
        TubeSide::Rear
    }
}

/// The torpedo to work on: the most complete unfinished tube that the free
/// weapons dice can finish, preferring the side that faces the enemy.
fn pick_tube(sit: &Situation, side: TubeSide) -> Option<Tube> {
    let free = unplaced(sit, Station::Weapons);
    let parts = tube_parts(sit.ship);
    TUBES
        .iter()
        .copied()
        .filter_map(|t| {
            let parts = parts[t.slot()];
            let fits = parts < 3 && 3 - parts <= free;
            fits.then(|| (2 * parts + if t.side == side { 3 } else { 0 }, std::cmp::Reverse(t.index), t))
        })
        .max_by_key(|(score, index, _)| (*score, *index))
        .map(|(_, _, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Difficulty;
    use duel_core::{Game, GameConfig, ShipId};

    #[test]
    fn at_the_start_load_the_front_and_lock_towards_the_range() {
        let game = Game::new(GameConfig::quick_duel(5)).expect("valid");
        let sit = Situation::new(&game, ShipId(0)).expect("ship");
        let plan = Plan::new(&sit, &Difficulty::Hard.profile(), true);
        assert_eq!(plan.load_side, TubeSide::Front);
        assert_eq!(plan.tube.map(|t| t.side), Some(TubeSide::Front));
        assert_eq!(plan.want[Station::Weapons.index()], 3);
        assert_eq!(plan.lock_target, 8);
        assert_eq!(plan.want[Station::Sensors.index()], 4);
        assert_eq!(plan.want[Station::Helm.index()], 3);
        assert_eq!(plan.jam_target, 0);
    }

    #[test]
    fn dice_for_points() {
        assert_eq!([0, 1, 2, 3, 4, 6].map(dice_for), [0, 1, 2, 2, 3, 4]);
    }

    /// A hurried glance (R13) puts the shield die on the sector beside the
    /// one the enemy's tubes would strike, and wants one lock fewer (R14).
    #[test]
    fn a_glance_mixes_up_the_shield_side_and_the_range() {
        let mut config = GameConfig::duel();
        config.preplaced = Some(duel_core::config::Preplaced::default());
        let game = Game::new(config).expect("valid");
        let mut setup = game.to_setup().expect("at rest");
        setup.put(ShipId(0), duel_core::Square::new(4, 6), duel_core::Dir::North).put(
            ShipId(1),
            duel_core::Square::new(4, 2),
            duel_core::Dir::South,
        );
        let game = setup.into_game().expect("a possible position");
        let profile = Difficulty::Hard.profile();
        let mut sit = Situation::new(&game, ShipId(0)).expect("ship");
        let plan = Plan::new(&sit, &profile, false);
        // Range 4, in the enemy's front arc: two shield dice on our front, lock 4.
        assert_eq!((plan.shield_target, plan.lock_target), ([2, 0, 0, 0], 4));
        sit.misread = Some(crate::misread::Misread::Glance);
        let hurried = Plan::new(&sit, &profile, false);
        assert_eq!((hurried.shield_target, hurried.lock_target), ([0, 2, 0, 0], 3));
    }
}
