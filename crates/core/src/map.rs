//! The board as data (R4, R5): grid size, start squares, crystal squares,
//! and the tokens placed in set-up. A `MapSpec` is unvalidated; the game
//! accepts it only through `MapSpec::validate`.

use serde::{Deserialize, Serialize};

use crate::config::Mission;
use crate::error::SetupError;
use crate::geometry::{Dir, Square};

/// The side of an obstacle token that is face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Obstacle {
    /// Strips two shield dice from a ship entering (R10).
    Asteroid,
    /// Strips two sensor dice from a ship entering (R10).
    Nebula,
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
}

/// Obstacle tokens in the box (R5).
pub const OBSTACLE_TOKENS: u8 = 10;
/// Wormhole tokens (optional rule, both or none).
pub const WORMHOLE_TOKENS: u8 = 2;

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
        }
    }
}

impl MapSpec {
    /// Checks the grid and crystal squares.
    ///
    /// # Errors
    /// A readable [`SetupError`] when the grid is too small or too large, or
    /// a crystal square is off the map, repeated or on a start square.
    pub fn validate(&self, starts: &[Start]) -> Result<(), SetupError> {
        if !(5..=16).contains(&self.cols) || !(5..=16).contains(&self.rows) {
            return Err(SetupError::MapSize { cols: self.cols, rows: self.rows });
        }
        for (i, sq) in self.crystal_squares.iter().enumerate() {
            if !self.contains(*sq) {
                return Err(SetupError::OffMap { what: "crystal square", square: *sq });
            }
            if self.crystal_squares[..i].contains(sq) {
                return Err(SetupError::Overlap { what: "crystal square", square: *sq });
            }
            if starts.iter().any(|s| s.square == *sq) {
                return Err(SetupError::Overlap { what: "crystal square on a start", square: *sq });
            }
        }
        for s in starts {
            if !self.contains(s.square) {
                return Err(SetupError::OffMap { what: "start square", square: s.square });
            }
        }
        Ok(())
    }

    /// Whether `sq` is on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.col < self.cols && sq.row < self.rows
    }

    /// R4: start squares for a layout, in ship order (White's ships first).
    pub fn starts(&self, layout: crate::config::Layout) -> Vec<Start> {
        let mid = self.cols / 2;
        let bottom = self.rows - 1;
        let up = |col| Start { square: Square::new(col, bottom), facing: Dir::North };
        let down = |col| Start { square: Square::new(col, 0), facing: Dir::South };
        match layout {
            crate::config::Layout::Duel => vec![up(mid), down(mid)],
            crate::config::Layout::TwoPerSide => vec![up(mid), up(mid + 1), down(mid), down(mid - 1)],
            crate::config::Layout::FreeForAll => vec![
                Start { square: Square::new(0, bottom), facing: Dir::North },
                Start { square: Square::new(self.cols - 1, 0), facing: Dir::South },
                Start { square: Square::new(self.cols - 1, bottom), facing: Dir::North },
                Start { square: Square::new(0, 0), facing: Dir::South },
            ],
            // R22: a Fighter starts next to its Capital ship on the start row,
            // placed point-symmetrically like the second ship of a side (R4).
            crate::config::Layout::Mission(Mission::CarrierStrike) => {
                vec![up(mid), up(mid + 1), down(mid), down(mid - 1)]
            }
            // D18: Fighter Assault's two Fighters have no Capital ship to start
            // beside: they start either side of Black's Capital start square.
            crate::config::Layout::Mission(Mission::FighterAssault) => {
                vec![up(mid), down(mid - 1), down(mid + 1)]
            }
            // R22: in the Fighter Duel the Fighters take the Capital start squares.
            crate::config::Layout::Mission(Mission::FighterDuel) => vec![up(mid), down(mid)],
        }
    }

    /// The crystal square numbered `n` (1..=6).
    pub fn crystal_square(&self, n: u8) -> Square {
        self.crystal_squares[usize::from(n.clamp(1, 6) - 1)]
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
                m != *sq && !blocked.contains(sq) && !blocked.contains(&m)
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
    use crate::config::Layout;

    #[test]
    fn r4_default_map_is_valid_and_crystals_point_symmetric() {
        let map = MapSpec::default();
        assert!(map.validate(&map.starts(Layout::Duel)).is_ok());
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
    fn a_bad_map_is_refused_with_a_reason() {
        let mut map = MapSpec::default();
        map.crystal_squares[1] = map.crystal_squares[0];
        let err = map.validate(&[]).unwrap_err();
        assert!(err.to_string().contains("crystal square"));
        map.cols = 3;
        assert!(map.validate(&[]).is_err());
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
}
