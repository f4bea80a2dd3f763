//! The helm planner's cache keys: a hash of exactly what each of its
//! tables reads (the geometry, what can be reached, the lines of fire, the
//! whole situation), so a table is rebuilt only when its inputs changed.

use duel_core::geometry::{Dir, Position};

use crate::level::Profile;
use crate::situation::{Counts, Situation, Torpedoes};

/// FNV-1a over everything the scores read.
struct Fnv(u64);

impl Fnv {
    fn put(&mut self, byte: u8) {
        self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }

    fn dir(&mut self, d: Dir) {
        self.put(d as u8);
    }

    fn position(&mut self, p: Position) {
        self.put(p.square.col);
        self.put(p.square.row);
        self.put(p.half.map_or(9, |d| d as u8));
    }

    fn ship(&mut self, c: Counts, t: Torpedoes, shields: [u8; 4]) {
        for b in [c.lock, c.jammers, c.sensors, c.shields, t.loaded[0], t.loaded[1], t.parts[0], t.parts[1]] {
            self.put(b);
        }
        for b in shields {
            self.put(b);
        }
    }
}

/// What the walked paths depend on: our place, mines, obstacles, wormholes.
pub(super) fn geometry_key(sit: &Situation) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.put(sit.me.0);
    h.position(sit.ship.position);
    h.dir(sit.ship.facing);
    for sq in sit.mines.iter().chain(sit.game.wormholes()) {
        h.put(sq.col);
        h.put(sq.row);
    }
    h.put(0xFF);
    for (sq, o) in sit.game.obstacles() {
        h.put(sq.col);
        h.put(sq.row);
        h.put(*o as u8);
    }
    h.0
}

/// What the crystal pull depends on beyond the geometry: crystals on the map.
pub(super) fn reach_key(sit: &Situation, crystals: bool, geometry: u64) -> u64 {
    let mut h = Fnv(geometry ^ 0x5A5A);
    if crystals {
        h.put(u8::from(sit.crystals >= 4));
        for sq in &sit.crystal_squares {
            h.put(sq.col);
            h.put(sq.row);
        }
    }
    h.0
}

/// What the sightlines depend on beyond the geometry: the enemy's place.
pub(super) fn lines_key(sit: &Situation, geometry: u64) -> u64 {
    let mut h = Fnv(geometry);
    if let Some(foe) = &sit.foe {
        h.put(foe.id.0);
        h.position(foe.ship.position);
        h.dir(foe.ship.facing);
    }
    h.0
}

/// What the scores depend on beyond the sightlines: both crews' dice.
pub(super) fn situation_key(sit: &Situation, profile: &Profile, lines: u64) -> u64 {
    let mut h = Fnv(lines);
    h.put(profile.helm as u8);
    h.put(u8::from(profile.crystals));
    h.ship(sit.counts, sit.torps, sit.shields);
    if let Some(foe) = &sit.foe {
        h.ship(foe.counts, foe.torps, foe.shields);
    }
    h.0
}
