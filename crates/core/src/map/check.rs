//! Checking a map before a game starts on it (D42, D45): every square on
//! the grid, one thing per square, crystal and start squares clear, both
//! wormholes or none, and every crystal and start square reachable.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{MapSpec, Terrain, MAX_SIDE, MIN_SIDE};
use crate::geometry::{fmt_square, Square, DIRS};
use crate::layout::Layout;

/// Why a map cannot be played, in words an editor can show as you paint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MapError {
    Size {
        cols: u8,
        rows: u8,
    },
    Name,
    OffMap {
        what: String,
        square: Square,
    },
    /// Two entries for one square (terrain listed twice, two crystals, two starts).
    Twice {
        what: String,
        square: Square,
    },
    /// A square that is both a crystal square and a start square.
    CrystalOnStart {
        square: Square,
    },
    /// A crystal or start square that holds terrain or a gap.
    NotClear {
        what: String,
        square: Square,
        terrain: Terrain,
    },
    /// One wormhole, or more than two.
    Wormholes {
        count: usize,
    },
    /// Painted starts must be two (a duel) or four (every layout).
    StartCount {
        count: usize,
    },
    /// The layout needs more start squares than the map has.
    NotEnoughStarts {
        have: usize,
        need: usize,
    },
    /// A crystal or start square no ship can reach from the first start.
    Unreachable {
        what: String,
        square: Square,
    },
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MapError::Size { cols, rows } => {
                write!(f, "a map must be {MIN_SIDE} to {MAX_SIDE} squares each way, not {cols}×{rows}")
            }
            MapError::Name => f.write_str("a map needs a name of 1 to 40 characters"),
            MapError::OffMap { what, square } => write!(f, "{what} {} is off the map", fmt_square(*square)),
            MapError::Twice { what, square } => write!(f, "{what} {} is used twice", fmt_square(*square)),
            MapError::CrystalOnStart { square } => {
                write!(f, "{} cannot be both a crystal square and a start square", fmt_square(*square))
            }
            MapError::NotClear { what, square, terrain } => {
                write!(f, "{what} {} is on a {}: it must be clear", fmt_square(*square), terrain.name())
            }
            MapError::Wormholes { count } => {
                write!(f, "a map has two wormholes or none, not {count}")
            }
            MapError::StartCount { count } => {
                write!(f, "paint two start squares (a duel) or four (every layout), not {count}")
            }
            MapError::NotEnoughStarts { have, need } => {
                write!(f, "this map has start squares for {have} ships; this game needs {need}")
            }
            MapError::Unreachable { what, square } => {
                write!(f, "{what} {} cannot be reached from the start squares", fmt_square(*square))
            }
        }
    }
}

impl std::error::Error for MapError {}

impl MapSpec {
    /// Checks the map on its own, for any layout: every problem an editor shows.
    ///
    /// # Errors
    /// The first [`MapError`] found, in the order a reader would fix them.
    pub fn check(&self) -> Result<(), MapError> {
        self.problems().into_iter().next().map_or(Ok(()), Err)
    }

    /// Checks the map for a game with `layout`: [`MapSpec::check`], enough
    /// start squares, and (on the rulebook's start rows) those squares clear.
    ///
    /// # Errors
    /// A [`MapError`] naming what is wrong.
    pub fn check_for(&self, layout: Layout) -> Result<(), MapError> {
        self.check()?;
        let starts = self.starts(layout);
        let need = usize::from(layout.ship_count());
        if starts.len() < need {
            return Err(MapError::NotEnoughStarts { have: self.start_squares.len(), need });
        }
        for s in &starts {
            self.clear_square("start square", s.square)?;
        }
        self.all_reachable(&starts.iter().map(|s| s.square).collect::<Vec<_>>())
    }

    /// Every problem with the map, in the order a reader would fix them.
    pub fn problems(&self) -> Vec<MapError> {
        let mut out = Vec::new();
        if !(MIN_SIDE..=MAX_SIDE).contains(&self.cols) || !(MIN_SIDE..=MAX_SIDE).contains(&self.rows) {
            return vec![MapError::Size { cols: self.cols, rows: self.rows }];
        }
        if self.name.trim().is_empty() || self.name.chars().count() > 40 {
            out.push(MapError::Name);
        }
        let mut seen = BTreeSet::new();
        for (i, (sq, _)) in self.terrain.iter().enumerate() {
            if sq.col >= self.cols || sq.row >= self.rows {
                out.push(MapError::OffMap { what: "terrain".into(), square: *sq });
            }
            let sorted = i == 0 || self.terrain[i - 1].0 < *sq;
            if !seen.insert(*sq) || !sorted {
                out.push(MapError::Twice { what: "the terrain of".into(), square: *sq });
            }
        }
        let wormholes = self.printed_wormholes().len();
        if wormholes != 0 && wormholes != 2 {
            out.push(MapError::Wormholes { count: wormholes });
        }
        for (i, sq) in self.crystal_squares.iter().enumerate() {
            let what = format!("crystal square {}", i + 1);
            if let Err(e) = self.clear_square(&what, *sq) {
                out.push(e);
            } else if self.crystal_squares[..i].contains(sq) {
                out.push(MapError::Twice { what: "crystal square".into(), square: *sq });
            }
        }
        let starts = &self.start_squares;
        if !starts.is_empty() && starts.len() != 2 && starts.len() != 4 {
            out.push(MapError::StartCount { count: starts.len() });
        }
        for (i, s) in starts.iter().enumerate() {
            if let Err(e) = self.clear_square("start square", s.square) {
                out.push(e);
            } else if self.crystal_squares.contains(&s.square) {
                out.push(MapError::CrystalOnStart { square: s.square });
            } else if starts[..i].iter().any(|o| o.square == s.square) {
                out.push(MapError::Twice { what: "start square".into(), square: s.square });
            }
        }
        if out.is_empty() {
            let from: Vec<Square> = if starts.is_empty() {
                self.rulebook_starts(Layout::Duel).iter().map(|s| s.square).collect()
            } else {
                starts.iter().map(|s| s.square).collect()
            };
            if let Err(e) = from.iter().try_for_each(|s| self.clear_square("start square", *s)) {
                out.push(e);
            } else if let Err(e) = self.all_reachable(&from) {
                out.push(e);
            }
        }
        out
    }

    /// A crystal or start square must be on the map with nothing printed on it.
    fn clear_square(&self, what: &str, sq: Square) -> Result<(), MapError> {
        if sq.col >= self.cols || sq.row >= self.rows {
            return Err(MapError::OffMap { what: what.into(), square: sq });
        }
        match self.terrain_at(sq) {
            Some(terrain) => Err(MapError::NotClear { what: what.into(), square: sq, terrain }),
            None => Ok(()),
        }
    }

    /// Every crystal square and every start square in `starts` can be
    /// reached from the first start by orthogonal steps over the map (gaps
    /// between tiles are the only thing a ship cannot cross; D42).
    fn all_reachable(&self, starts: &[Square]) -> Result<(), MapError> {
        let Some(first) = starts.first() else { return Ok(()) };
        let mut seen = BTreeSet::from([*first]);
        let mut todo = vec![*first];
        while let Some(sq) = todo.pop() {
            for dir in DIRS {
                if let Some(next) = self.step(sq, dir) {
                    if seen.insert(next) {
                        todo.push(next);
                    }
                }
            }
        }
        let targets = starts.iter().map(|s| ("start square", *s));
        let crystals = self.crystal_squares.iter().map(|s| ("crystal square", *s));
        match targets.chain(crystals).find(|(_, s)| !seen.contains(s)) {
            Some((what, square)) => Err(MapError::Unreachable { what: what.into(), square }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dir;
    use crate::map::Start;

    fn two_starts() -> MapSpec {
        let start_squares = vec![
            Start { square: Square::new(4, 8), facing: Dir::North },
            Start { square: Square::new(4, 0), facing: Dir::South },
        ];
        MapSpec { start_squares, ..MapSpec::default() }
    }

    #[test]
    fn a_bad_map_is_refused_with_a_reason() {
        let mut map = MapSpec::default();
        map.crystal_squares[1] = map.crystal_squares[0];
        let err = map.check().unwrap_err();
        assert!(err.to_string().contains("crystal square"), "{err}");
        map.cols = 3;
        assert_eq!(map.check().unwrap_err().to_string(), "a map must be 5 to 16 squares each way, not 3×9");
    }

    #[test]
    fn d45_a_start_square_on_a_rift_is_refused() {
        let mut map = two_starts();
        map.paint(Square::new(4, 8), Some(Terrain::Rift));
        assert_eq!(map.check().unwrap_err().to_string(), "start square E9 is on a rift: it must be clear");
    }

    #[test]
    fn d42_a_crystal_square_walled_off_by_gaps_is_unreachable() {
        let mut map = MapSpec::default();
        // Crystal square 1 is B3: wall it in with gaps.
        for sq in Square::new(1, 2).neighbours(9, 9) {
            map.paint(sq, Some(Terrain::Void));
        }
        let err = map.check().unwrap_err();
        assert_eq!(err.to_string(), "crystal square B3 cannot be reached from the start squares");
    }

    #[test]
    fn d42_one_wormhole_and_three_starts_are_refused() {
        let mut map = MapSpec::default();
        map.paint(Square::new(0, 4), Some(Terrain::Wormhole));
        map.start_squares = vec![Start { square: Square::new(0, 0), facing: Dir::South }; 3];
        let problems: Vec<String> = map.problems().iter().map(ToString::to_string).collect();
        assert!(problems.contains(&"a map has two wormholes or none, not 1".to_string()), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("not 3")), "{problems:?}");
    }

    #[test]
    fn d45_a_duel_map_cannot_seat_four_ships() {
        let map = two_starts();
        assert!(map.check_for(Layout::Duel).is_ok());
        let err = map.check_for(Layout::TwoPerSide).unwrap_err();
        assert_eq!(err.to_string(), "this map has start squares for 2 ships; this game needs 4");
    }
}
