//! The board as data (R4, R5, D42–D45): grid size and shape, start squares,
//! crystal squares, and what the *Space Cadets* map tiles print on squares
//! (asteroids, nebulae, rifts, gravity arrows, wormholes). A `MapSpec` is
//! unvalidated; the game accepts it only through [`MapSpec::check_for`].

mod builtin;
mod check;
mod code;
mod sight;

pub use builtin::{builtin, builtin_maps, BUILTIN_NAMES};
pub use check::MapError;
pub use code::{CodeError, CODE_PREFIX};
// The obstacle token lives in a leaf file so a ship's class can say what one strips without
// depending on the map; re-exported here, where other crates import it.
pub use crate::obstacle::Obstacle;

use serde::{Deserialize, Serialize};

use crate::geometry::{Dir, Square};
use crate::layout::Layout;
use crate::mission::Mission;

/// What a map tile prints on a square (`000_…`, "Playing on Space Cadets map tiles").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Asteroid,
    Nebula,
    /// Entering strips every shield die; weapons fire is not traced through it (D43).
    Rift,
    /// A gravity arrow pointing this way (D44).
    Gravity(Dir),
    /// One of a map's two wormholes.
    Wormhole,
    /// No tile here: not part of the map (ships cannot enter, D42).
    Void,
}

impl Terrain {
    /// The obstacle token this terrain acts as.
    pub fn obstacle(self) -> Option<Obstacle> {
        match self {
            Terrain::Asteroid => Some(Obstacle::Asteroid),
            Terrain::Nebula => Some(Obstacle::Nebula),
            _ => None,
        }
    }

    /// The word a player reads ("rift", "gravity arrow pointing north").
    pub fn name(self) -> String {
        match self {
            Terrain::Asteroid => "asteroid".into(),
            Terrain::Nebula => "nebula".into(),
            Terrain::Rift => "rift".into(),
            Terrain::Gravity(d) => format!("gravity arrow pointing {}", d.name()),
            Terrain::Wormhole => "wormhole".into(),
            Terrain::Void => "gap between tiles".into(),
        }
    }
}

/// How a forward step meets a gravity arrow on the square it enters (D44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pull {
    /// Travelling the way the arrow points: one helm die is kept.
    With,
    /// Travelling against it: with die A or B, die C's action is lost.
    Against,
}

impl Pull {
    /// D44: a step travelling `travel` onto an arrow pointing `arrow`; a
    /// step across the arrow is neither with nor against it.
    pub fn of(arrow: Dir, travel: Dir) -> Option<Pull> {
        if arrow == travel {
            Some(Pull::With)
        } else if arrow == travel.opposite() {
            Some(Pull::Against)
        } else {
            None
        }
    }
}

/// A ship's start square and facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Start {
    pub square: Square,
    pub facing: Dir,
}

/// An unvalidated board layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MapSpec {
    pub name: String,
    pub cols: u8,
    pub rows: u8,
    /// Crystal squares numbered 1..=6 (index 0 is crystal square 1).
    pub crystal_squares: [Square; 6],
    /// What the tiles print, one entry per square, sorted by square. Empty
    /// on the plain board, where tokens are placed in set-up instead (D42).
    pub terrain: Vec<(Square, Terrain)>,
    /// Start squares in painting order (D45): 1 White, 2 Black, 3 White's
    /// second ship, 4 Black's second. Empty: the rulebook's start rows (R4).
    pub start_squares: Vec<Start>,
}

/// Obstacle tokens in the box (R5).
pub const OBSTACLE_TOKENS: u8 = 10;
/// Wormhole tokens (optional rule, both or none).
pub const WORMHOLE_TOKENS: u8 = 2;
/// The largest map side (a 4×4 layout of the original tiles).
pub const MAX_SIDE: u8 = 16;
/// The smallest map side.
pub const MIN_SIDE: u8 = 5;

impl Default for MapSpec {
    /// The default 9 × 9 board (R4). Crystal squares are point-symmetric about the centre (D16).
    fn default() -> MapSpec {
        MapSpec {
            name: "Standard 9×9".to_string(),
            cols: 9,
            rows: 9,
            crystal_squares: [
                Square::new(1, 2),
                Square::new(4, 2),
                Square::new(7, 4),
                Square::new(1, 4),
                Square::new(4, 6),
                Square::new(7, 6),
            ],
            terrain: Vec::new(),
            start_squares: Vec::new(),
        }
    }
}

impl MapSpec {
    /// Whether this is a tile map: its printed terrain is the set-up, and
    /// no tokens are placed (D42).
    pub fn is_tiled(&self) -> bool {
        !self.terrain.is_empty()
    }

    /// What is printed on `sq`.
    pub fn terrain_at(&self, sq: Square) -> Option<Terrain> {
        self.terrain.binary_search_by_key(&sq, |(s, _)| *s).ok().map(|i| self.terrain[i].1)
    }

    /// Whether `sq` holds a rift.
    pub fn rift_at(&self, sq: Square) -> bool {
        self.terrain_at(sq) == Some(Terrain::Rift)
    }

    /// The direction of the gravity arrow on `sq`, if any.
    pub fn arrow_at(&self, sq: Square) -> Option<Dir> {
        match self.terrain_at(sq) {
            Some(Terrain::Gravity(d)) => Some(d),
            _ => None,
        }
    }

    /// The map's printed obstacles (asteroids and nebulae), sorted by square.
    pub fn printed_obstacles(&self) -> Vec<(Square, Obstacle)> {
        self.terrain.iter().filter_map(|(s, t)| t.obstacle().map(|o| (*s, o))).collect()
    }

    /// The map's printed wormholes.
    pub fn printed_wormholes(&self) -> Vec<Square> {
        self.terrain.iter().filter(|(_, t)| *t == Terrain::Wormhole).map(|(s, _)| *s).collect()
    }

    /// Puts `terrain` on `sq` (or clears it), keeping the list sorted.
    pub fn paint(&mut self, sq: Square, terrain: Option<Terrain>) {
        let at = self.terrain.binary_search_by_key(&sq, |(s, _)| *s);
        match (at, terrain) {
            (Ok(i), Some(t)) => self.terrain[i].1 = t,
            (Ok(i), None) => {
                self.terrain.remove(i);
            }
            (Err(i), Some(t)) => self.terrain.insert(i, (sq, t)),
            (Err(_), None) => {}
        }
    }

    /// Whether `sq` is part of the map: inside the grid and not a gap between tiles.
    pub fn contains(&self, sq: Square) -> bool {
        sq.col < self.cols && sq.row < self.rows && self.terrain_at(sq) != Some(Terrain::Void)
    }

    /// The neighbour of `sq` in direction `dir`, if it is part of the map.
    pub fn step(&self, sq: Square, dir: Dir) -> Option<Square> {
        sq.step(dir, self.cols, self.rows).filter(|s| self.contains(*s))
    }

    /// The square `dx`, `dy` away, if it is part of the map.
    pub fn offset(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        sq.offset(dx, dy, self.cols, self.rows).filter(|s| self.contains(*s))
    }

    /// The up to eight squares around `sq` that are part of the map (tractor destinations, R16).
    pub fn neighbours(&self, sq: Square) -> Vec<Square> {
        sq.neighbours(self.cols, self.rows).into_iter().filter(|s| self.contains(*s)).collect()
    }

    /// Every square of the map, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.rows)
            .flat_map(move |r| (0..self.cols).map(move |c| Square::new(c, r)))
            .filter(|s| self.contains(*s))
    }

    /// Start squares for a layout, in ship order (White's ships first): the
    /// map's own (D45) or the rulebook's start rows (R4). Fewer than the
    /// layout needs when the map has too few; [`MapSpec::check_for`] says so.
    pub fn starts(&self, layout: Layout) -> Vec<Start> {
        if self.start_squares.is_empty() {
            return self.rulebook_starts(layout);
        }
        let pick =
            |order: &[usize]| order.iter().filter_map(|i| self.start_squares.get(*i).copied()).collect();
        match layout {
            Layout::Duel | Layout::Mission(Mission::FighterDuel) => pick(&[0, 1]),
            Layout::TwoPerSide | Layout::Mission(Mission::CarrierStrike) => pick(&[0, 2, 1, 3]),
            Layout::FreeForAll => pick(&[0, 1, 2, 3]),
            // D45: Black's two Fighters take Black's two start squares.
            Layout::Mission(Mission::FighterAssault) => pick(&[0, 1, 3]),
        }
    }

    /// R4: start squares on the board's top and bottom rows, in ship order.
    fn rulebook_starts(&self, layout: Layout) -> Vec<Start> {
        let mid = self.cols / 2;
        let bottom = self.rows - 1;
        let up = |col| Start { square: Square::new(col, bottom), facing: Dir::North };
        let down = |col| Start { square: Square::new(col, 0), facing: Dir::South };
        match layout {
            Layout::Duel => vec![up(mid), down(mid)],
            Layout::TwoPerSide => vec![up(mid), up(mid + 1), down(mid), down(mid - 1)],
            Layout::FreeForAll => vec![
                Start { square: Square::new(0, bottom), facing: Dir::North },
                Start { square: Square::new(self.cols - 1, 0), facing: Dir::South },
                Start { square: Square::new(self.cols - 1, bottom), facing: Dir::North },
                Start { square: Square::new(0, 0), facing: Dir::South },
            ],
            // R22: a Fighter starts next to its Capital ship on the start row,
            // placed point-symmetrically like the second ship of a side (R4).
            Layout::Mission(Mission::CarrierStrike) => vec![up(mid), up(mid + 1), down(mid), down(mid - 1)],
            // D18: Fighter Assault's two Fighters have no Capital ship to start
            // beside: they start either side of Black's Capital start square.
            Layout::Mission(Mission::FighterAssault) => vec![up(mid), down(mid - 1), down(mid + 1)],
            // R22: in the Fighter Duel the Fighters take the Capital start squares.
            Layout::Mission(Mission::FighterDuel) => vec![up(mid), down(mid)],
        }
    }

    /// The crystal square numbered `n` (1..=6).
    pub fn crystal_square(&self, n: u8) -> Square {
        self.crystal_squares[usize::from(n.clamp(1, 6) - 1)]
    }

    /// The crystal number (1..=6) printed on `sq`, if any.
    pub fn crystal_number(&self, sq: Square) -> Option<u8> {
        self.crystal_squares.iter().position(|c| *c == sq).map(|i| i as u8 + 1)
    }

    /// The square point-symmetric to `sq` about the board's centre.
    pub fn mirror(&self, sq: Square) -> Square {
        Square::new(self.cols - 1 - sq.col, self.rows - 1 - sq.row)
    }

    /// A symmetric obstacle layout for the "place for me" default (R5): five
    /// tokens on the upper half chosen from `seed`, mirrored onto the lower half.
    /// Pure in `seed`, so a host can derive it from its RNG and replicas never need to.
    pub fn symmetric_obstacles(&self, seed: u64, blocked: &[Square]) -> Vec<(Square, Obstacle)> {
        let mut state = seed | 1;
        let mut next = move || {
            // xorshift64: deterministic on every target.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out: Vec<(Square, Obstacle)> = Vec::new();
        let half_rows = self.rows / 2;
        let candidates: Vec<Square> = (1..half_rows)
            .flat_map(|row| (0..self.cols).map(move |col| Square::new(col, row)))
            .filter(|sq| {
                let m = self.mirror(*sq);
                m != *sq
                    && self.contains(*sq)
                    && self.contains(m)
                    && !blocked.contains(sq)
                    && !blocked.contains(&m)
            })
            .collect();
        let mut pool = candidates;
        while out.len() < usize::from(OBSTACLE_TOKENS) && !pool.is_empty() {
            let pick = (next() % pool.len() as u64) as usize;
            let sq = pool.swap_remove(pick);
            let kind = if next() % 2 == 0 { Obstacle::Asteroid } else { Obstacle::Nebula };
            out.push((sq, kind));
            out.push((self.mirror(sq), kind));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_default_map_is_valid_and_crystals_point_symmetric() {
        let map = MapSpec::default();
        assert!(map.check_for(Layout::Duel).is_ok());
        for sq in map.crystal_squares {
            assert!(map.crystal_squares.contains(&map.mirror(sq)), "{sq:?}");
        }
        let starts = map.starts(Layout::Duel);
        assert_eq!(starts[0], Start { square: Square::new(4, 8), facing: Dir::North });
        assert_eq!(starts[1], Start { square: Square::new(4, 0), facing: Dir::South });
    }

    #[test]
    fn r4_two_per_side_start_adjacent_and_free_for_all_in_corners() {
        let map = MapSpec::default();
        let two = map.starts(Layout::TwoPerSide);
        assert_eq!(two[1].square, Square::new(5, 8));
        let ffa = map.starts(Layout::FreeForAll);
        assert!(ffa
            .iter()
            .all(|s| (s.square.col == 0 || s.square.col == 8) && (s.square.row == 0 || s.square.row == 8)));
    }

    #[test]
    fn r5_symmetric_layout_places_ten_tokens_point_symmetrically() {
        let map = MapSpec::default();
        let layout = map.symmetric_obstacles(42, &map.crystal_squares);
        assert_eq!(layout.len(), 10);
        for (sq, kind) in &layout {
            assert!(layout.contains(&(map.mirror(*sq), *kind)));
            assert!(!map.crystal_squares.contains(sq));
        }
    }

    #[test]
    fn d42_a_gap_between_tiles_is_off_the_map() {
        let mut map = MapSpec::default();
        map.paint(Square::new(4, 4), Some(Terrain::Void));
        assert!(!map.contains(Square::new(4, 4)));
        assert_eq!(map.step(Square::new(4, 5), Dir::North), None);
        assert_eq!(map.neighbours(Square::new(4, 5)).len(), 7);
        assert_eq!(map.squares().count(), 80);
        map.paint(Square::new(4, 4), None);
        assert!(map.terrain.is_empty());
    }

    #[test]
    fn d45_painted_starts_serve_every_layout_in_ship_order() {
        let mut map = MapSpec::default();
        let s = |c, r, facing| Start { square: Square::new(c, r), facing };
        map.start_squares =
            vec![s(2, 8, Dir::North), s(6, 0, Dir::South), s(3, 8, Dir::North), s(5, 0, Dir::South)];
        let two = map.starts(Layout::TwoPerSide);
        assert_eq!(two.iter().map(|s| s.square.col).collect::<Vec<_>>(), [2, 3, 6, 5]);
        let assault = map.starts(Layout::Mission(Mission::FighterAssault));
        assert_eq!(assault.iter().map(|s| s.square.col).collect::<Vec<_>>(), [2, 6, 5]);
        assert_eq!(map.starts(Layout::Duel).len(), 2);
    }
}
