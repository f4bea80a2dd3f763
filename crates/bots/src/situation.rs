//! What a crew sees when it looks at the table: its ship, the nearest enemy,
//! both fire previews, torpedo readiness on each side, which sectors a shot
//! would strike. Computed once per decision and shared by every policy.

use duel_core::game::FirePreview;
use duel_core::geometry::{hit_sector, range, Dir, Position, RangeRule, Sector, SectorHit, SECTORS};
use duel_core::ship::Ship;
use duel_core::station::{Tube, TubeSide};
use duel_core::Spot;
use duel_core::{Game, ShipId, Target};

/// Chance in percent that one torpedo gets through `n` shield dice (R14):
/// none always, one needs a Blast (3 in 6), two a Double Blast (1 in 6), three never.
pub(crate) const PIERCE: [i32; 4] = [100, 50, 17, 0];

/// The percent chance for a shield count.
pub(crate) fn pierce(shields: u8) -> i32 {
    PIERCE[usize::from(shields.min(3))]
}

/// 0 for the front tubes and arc, 1 for the rear.
pub(crate) fn side_index(side: TubeSide) -> usize {
    match side {
        TubeSide::Front => 0,
        TubeSide::Rear => 1,
    }
}

/// The tube side covering an arc.
pub(crate) fn arc_side(arc: duel_core::geometry::Arc) -> TubeSide {
    match arc {
        duel_core::geometry::Arc::Front => TubeSide::Front,
        duel_core::geometry::Arc::Rear => TubeSide::Rear,
    }
}

/// Torpedo parts placed in one tube.
pub(crate) fn parts_in(ship: &Ship, tube: Tube) -> u8 {
    tube_parts(ship)[tube.slot()]
}

/// Parts placed in each tube (indexed by `Tube::slot`), in one pass over the dice.
pub(crate) fn tube_parts(ship: &Ship) -> [u8; 4] {
    let mut parts = [0u8; 4];
    for (_, _, spot) in ship.placed(duel_core::Station::Weapons) {
        if let Spot::Torpedo(tube, _) = spot {
            parts[tube.slot()] += 1;
        }
    }
    parts
}

/// Shield dice per sector, in `SECTORS` order.
pub(crate) fn shield_counts(ship: &Ship) -> [u8; 4] {
    SECTORS.map(|s| ship.shields(s))
}

/// The sector of a target (at `pos`, facing `facing`, with `shields`) that a
/// shot from `shooter` strikes. On an exact diagonal the stronger one: R13's
/// rule, and what a sensible defender picks under the house toggle too.
pub(crate) fn struck(shields: &[u8; 4], pos: Position, facing: Dir, shooter: Position) -> Sector {
    resolve(hit_sector(pos, facing, shooter), shields)
}

/// The sector a [`SectorHit`] lands on, given the target's shields (R13).
pub(crate) fn resolve(hit: SectorHit, shields: &[u8; 4]) -> Sector {
    match hit {
        SectorHit::Sector(s) => s,
        SectorHit::Diagonal(a, b) => {
            if shields[b.index()] > shields[a.index()] {
                b
            } else {
                a
            }
        }
    }
}

/// Torpedo readiness per side (index 0 front, 1 rear).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Torpedoes {
    /// Complete torpedoes.
    pub loaded: [u8; 2],
    /// Parts in the most complete unfinished tube.
    pub parts: [u8; 2],
}

impl Torpedoes {
    pub fn of(ship: &Ship) -> Torpedoes {
        let mut t = Torpedoes::default();
        let parts = tube_parts(ship);
        for tube in duel_core::station::TUBES {
            let i = side_index(tube.side);
            match parts[tube.slot()] {
                3 => t.loaded[i] += 1,
                n => t.parts[i] = t.parts[i].max(n),
            }
        }
        t
    }

    pub fn total(&self) -> u8 {
        self.loaded[0] + self.loaded[1]
    }

    pub fn on(&self, side: TubeSide) -> u8 {
        self.loaded[side_index(side)]
    }
}

/// Dice counts every policy reads, counted once per decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Counts {
    pub lock: u8,
    pub jammers: u8,
    /// Placed sensor dice (a nebula strips two, R10).
    pub sensors: u8,
    /// Placed shield dice (an asteroid strips two, R10).
    pub shields: u8,
}

impl Counts {
    pub fn of(ship: &Ship) -> Counts {
        let mut c = Counts::default();
        for (_, face, spot) in ship.on_display(duel_core::Station::Sensors) {
            c.sensors += 1;
            match spot {
                Spot::Lock => c.lock += duel_core::station::points(face),
                Spot::Jammer => c.jammers += duel_core::station::points(face),
                _ => {}
            }
        }
        c.shields = ship.on_display(duel_core::Station::Shields).count() as u8;
        c
    }
}

/// The enemy ship and how the two ships stand.
pub(crate) struct Foe<'g> {
    pub id: ShipId,
    pub ship: &'g Ship,
    pub counts: Counts,
    pub range: u8,
    pub torps: Torpedoes,
    pub shields: [u8; 4],
    /// Our shot at it, as the hit test would see it now.
    pub attack: FirePreview,
    /// Its shot at us.
    pub threat: FirePreview,
    /// Our sector its torpedoes would strike now.
    pub struck: Sector,
    /// Its sector our torpedoes would strike now.
    pub target_sector: Sector,
}

impl Foe<'_> {
    /// Shield dice on the sector our torpedoes would strike.
    pub fn target_shields(&self) -> u8 {
        self.shields[self.target_sector.index()]
    }
}

/// Everything one decision needs to know.
pub(crate) struct Situation<'g> {
    pub game: &'g Game,
    pub me: ShipId,
    pub ship: &'g Ship,
    pub counts: Counts,
    pub torps: Torpedoes,
    pub shields: [u8; 4],
    /// Crystals our ship holds.
    pub crystals: u8,
    pub rule: RangeRule,
    pub foe: Option<Foe<'g>>,
    /// Squares holding a mine token (R17), looked up once per decision.
    pub mines: Vec<duel_core::geometry::Square>,
    /// Squares holding a crystal on the map (a square may repeat).
    pub crystal_squares: Vec<duel_core::geometry::Square>,
    /// What the best tractor drag of the enemy would gain, worked out on first use.
    pub drag: std::cell::OnceCell<Option<i32>>,
    /// What the deciding seat misread this time, if anything (`misread.rs`).
    pub misread: Option<crate::misread::Misread>,
}

impl Situation<'_> {
    /// This decision is a hurried glance (`Misread::Glance`).
    pub fn glance(&self) -> bool {
        self.misread == Some(crate::misread::Misread::Glance)
    }

    /// Whether the crew sees a trick now: it knows them (`Profile::tactics`)
    /// and is not glancing in a hurry.
    pub fn sees_tricks(&self, profile: &crate::level::Profile) -> bool {
        profile.tactics && !self.glance()
    }
}

impl<'g> Situation<'g> {
    /// The view from ship `me`; `None` if there is no such ship.
    pub fn new(game: &'g Game, me: ShipId) -> Option<Situation<'g>> {
        let ship = game.ship(me)?;
        let rule = game.ruleset().range_rule();
        let shields = shield_counts(ship);
        let nearest = game
            .enemies_of(ship.team)
            .min_by_key(|(id, s)| (range(ship.position.square, s.position.square, rule), id.0));
        let foe = nearest.and_then(|(id, fs)| {
            let attack = game.fire_preview(me, Target::Ship(id))?;
            let threat = game.fire_preview(id, Target::Ship(me))?;
            let foe_shields = shield_counts(fs);
            Some(Foe {
                id,
                ship: fs,
                counts: Counts::of(fs),
                range: range(ship.position.square, fs.position.square, rule),
                torps: Torpedoes::of(fs),
                shields: foe_shields,
                attack,
                threat,
                struck: struck(&shields, ship.position, ship.facing, fs.position),
                target_sector: struck(&foe_shields, fs.position, fs.facing, ship.position),
            })
        });
        Some(Situation {
            game,
            me,
            ship,
            counts: Counts::of(ship),
            torps: Torpedoes::of(ship),
            shields,
            crystals: game.crystals_held(me),
            rule,
            foe,
            mines: game.mines().iter().map(|m| m.square).collect(),
            crystal_squares: game
                .crystals()
                .iter()
                .filter_map(|c| match c {
                    duel_core::event::CrystalAt::OnMap(sq) => Some(*sq),
                    _ => None,
                })
                .collect(),
            drag: std::cell::OnceCell::new(),
            misread: None,
        })
    }

    /// The enemy could hit us with its next shout.
    pub fn under_fire(&self) -> bool {
        self.foe.as_ref().is_some_and(|f| f.threat.would_hit)
    }

    /// We sit in an enemy arc that has a torpedo loaded (it may still lack lock).
    pub fn in_loaded_arc(&self) -> bool {
        self.foe.as_ref().is_some_and(|f| f.threat.loaded_on_arc > 0)
    }

    /// Placed dice at a station.
    pub fn placed(&self, station: duel_core::Station) -> u8 {
        match station {
            duel_core::Station::Sensors => self.counts.sensors,
            duel_core::Station::Shields => self.counts.shields,
            _ => self.ship.placed(station).count() as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::GameConfig;

    #[test]
    fn a_fresh_duel_sees_the_enemy_eight_squares_ahead_with_nothing_loaded() {
        let game = Game::new(GameConfig::quick_duel(3)).expect("valid");
        let sit = Situation::new(&game, ShipId(0)).expect("ship");
        let foe = sit.foe.as_ref().expect("enemy");
        assert_eq!(foe.id, ShipId(1));
        assert_eq!(foe.range, 8);
        assert_eq!(foe.attack.arc, Some(TubeSide::Front));
        assert!(!foe.attack.would_hit && !sit.under_fire());
        assert_eq!(sit.torps, Torpedoes::default());
        assert_eq!(foe.struck, Sector::Front);
        assert_eq!(pierce(0), 100);
        assert_eq!(pierce(7), 0);
    }
}
