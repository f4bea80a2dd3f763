//! What a stroke of the editor's brush does to a map, kept pure so it is
//! unit-tested natively. A square holds one thing at a time on a playable
//! map, but painting never silently removes a crystal or a start square: a
//! rift painted on one is shown as a problem to fix (`MapSpec::problems`).

use duel_core::map::{MapSpec, Start, Terrain, MAX_SIDE, MIN_SIDE};
use duel_core::{Dir, Square};

/// What the brush paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Clears the terrain and any start square here.
    Empty,
    Terrain(Terrain),
    /// Moves crystal square `n` (1–6) here.
    Crystal(u8),
    /// Puts start square `n` (1–4) here, facing this way.
    Start(u8, Dir),
}

impl Brush {
    /// The brush that paints the point-symmetric partner of a stroke (D16):
    /// arrows and facings turned round, crystal k ↔ 7 − k, start 1 ↔ 2 and 3 ↔ 4.
    pub fn mirrored(self) -> Brush {
        match self {
            Brush::Terrain(Terrain::Gravity(d)) => Brush::Terrain(Terrain::Gravity(d.opposite())),
            Brush::Crystal(n) => Brush::Crystal(7 - n.clamp(1, 6)),
            Brush::Start(n, d) => Brush::Start(if n.is_multiple_of(2) { n - 1 } else { n + 1 }, d.opposite()),
            other => other,
        }
    }

    /// The brush in words (accessible names, the status line).
    pub fn name(self) -> String {
        match self {
            Brush::Empty => "empty space".into(),
            Brush::Terrain(t) => t.name(),
            Brush::Crystal(n) => format!("crystal square {n}"),
            Brush::Start(n, d) => format!("start square {n} facing {}", d.name()),
        }
    }
}

/// Paints `brush` on `sq`, and its mirror image on the opposite square when
/// `symmetric`. Returns whether anything changed.
pub fn stroke(map: &mut MapSpec, sq: Square, brush: Brush, symmetric: bool) -> bool {
    let before = map.clone();
    let mut strokes = vec![(sq, brush)];
    let twin = map.mirror(sq);
    if symmetric && twin != sq {
        strokes.push((twin, brush.mirrored()));
    }
    // Start squares are numbered in order: paint the lower number first so
    // that "start 1 and its mirror start 2" works on an empty map.
    strokes.sort_by_key(|(_, b)| match b {
        Brush::Start(n, _) => *n,
        _ => 0,
    });
    for (sq, brush) in strokes {
        paint(map, sq, brush);
    }
    *map != before
}

fn paint(map: &mut MapSpec, sq: Square, brush: Brush) {
    if sq.col >= map.cols || sq.row >= map.rows {
        return;
    }
    match brush {
        Brush::Empty => {
            map.paint(sq, None);
            map.start_squares.retain(|s| s.square != sq);
        }
        Brush::Terrain(t) => map.paint(sq, Some(t)),
        Brush::Crystal(n) => {
            let i = usize::from(n.clamp(1, 6) - 1);
            // A crystal already here swaps places, so each number stays on the map once.
            if let Some(j) = map.crystal_squares.iter().position(|c| *c == sq) {
                map.crystal_squares[j] = map.crystal_squares[i];
            }
            map.crystal_squares[i] = sq;
        }
        Brush::Start(n, facing) => {
            let i = usize::from(n.clamp(1, 4) - 1);
            let start = Start { square: sq, facing };
            if let Some(s) = map.start_squares.get_mut(i) {
                *s = start;
            } else if i == map.start_squares.len() {
                map.start_squares.push(start);
            }
        }
    }
}

/// Whether start square `n` can be painted now: they are numbered in order
/// (D45), so start 3 needs starts 1 and 2 first. With `symmetric` on, start
/// 2's mirror is start 1, so either of a pair can come first.
pub fn start_ready(map: &MapSpec, n: u8, symmetric: bool) -> bool {
    let have = map.start_squares.len();
    let first_of_pair = if n.is_multiple_of(2) { n - 1 } else { n };
    let need = if symmetric { first_of_pair } else { n };
    usize::from(need) <= have + 1
}

/// A blank map of `cols` × `rows` named `name`: no terrain, no start
/// squares, and the six crystal squares laid out like the rulebook's board
/// (R4), scaled to the size and point-symmetric (D16).
pub fn blank(name: &str, cols: u8, rows: u8) -> MapSpec {
    let cols = cols.clamp(MIN_SIDE, MAX_SIDE);
    let rows = rows.clamp(MIN_SIDE, MAX_SIDE);
    let mut map = MapSpec { name: name.to_string(), cols, rows, ..MapSpec::default() };
    lay_crystals(&mut map);
    map
}

/// Crystal squares 1–3 scaled from the 9 × 9 board, 4–6 their mirror images.
fn lay_crystals(map: &mut MapSpec) {
    let scale = |v: u8, side: u8| ((u16::from(v) * u16::from(side - 1) + 4) / 8) as u8;
    let first = MapSpec::default().crystal_squares;
    for (i, c) in first.iter().enumerate().take(3) {
        let sq = Square::new(scale(c.col, map.cols), scale(c.row, map.rows));
        map.crystal_squares[i] = sq;
        map.crystal_squares[5 - i] = map.mirror(sq);
    }
}

/// The map at a new size: what fits stays. Crystal squares still where a
/// blank map put them follow the size (so a new map stays symmetric); if one
/// would fall off, all six are laid out afresh (the player moves them after).
pub fn resize(map: &MapSpec, cols: u8, rows: u8) -> MapSpec {
    let cols = cols.clamp(MIN_SIDE, MAX_SIDE);
    let rows = rows.clamp(MIN_SIDE, MAX_SIDE);
    let inside = |sq: &Square| sq.col < cols && sq.row < rows;
    let mut out = MapSpec {
        cols,
        rows,
        terrain: map.terrain.iter().filter(|(sq, _)| inside(sq)).copied().collect(),
        start_squares: map.start_squares.iter().take_while(|s| inside(&s.square)).copied().collect(),
        ..map.clone()
    };
    let untouched = blank("", map.cols, map.rows).crystal_squares == map.crystal_squares;
    if untouched || !map.crystal_squares.iter().all(inside) {
        lay_crystals(&mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_map_of_every_size_is_playable() {
        for cols in MIN_SIDE..=MAX_SIDE {
            for rows in MIN_SIDE..=MAX_SIDE {
                let map = blank("Blank", cols, rows);
                assert_eq!(map.check(), Ok(()), "{cols}×{rows}");
            }
        }
    }

    #[test]
    fn symmetric_strokes_mirror_arrows_crystals_and_starts() {
        let mut map = blank("Sym", 7, 7);
        let sq = Square::new(1, 1);
        assert!(stroke(&mut map, sq, Brush::Terrain(Terrain::Gravity(Dir::East)), true));
        assert_eq!(map.arrow_at(Square::new(5, 5)), Some(Dir::West));
        stroke(&mut map, Square::new(0, 0), Brush::Crystal(2), true);
        assert_eq!(map.crystal_square(2), Square::new(0, 0));
        assert_eq!(map.crystal_square(5), Square::new(6, 6));
        stroke(&mut map, Square::new(3, 6), Brush::Start(1, Dir::North), true);
        assert_eq!(map.start_squares.len(), 2);
        assert_eq!(map.start_squares[1], Start { square: Square::new(3, 0), facing: Dir::South });
        // Painting start 2 first works too: its mirror is start 1.
        let mut other = blank("Sym", 7, 7);
        assert!(start_ready(&other, 2, true));
        assert!(!start_ready(&other, 2, false));
        stroke(&mut other, Square::new(3, 0), Brush::Start(2, Dir::South), true);
        assert_eq!(other.start_squares.len(), 2);
        assert_eq!(other.start_squares[0].square, Square::new(3, 6));
    }

    #[test]
    fn a_crystal_moved_onto_another_swaps_with_it() {
        let mut map = blank("Swap", 9, 9);
        let (one, two) = (map.crystal_square(1), map.crystal_square(2));
        stroke(&mut map, two, Brush::Crystal(1), false);
        assert_eq!((map.crystal_square(1), map.crystal_square(2)), (two, one));
    }

    #[test]
    fn a_rift_on_a_crystal_square_is_a_problem_until_erased() {
        let mut map = blank("Rift", 7, 7);
        let sq = map.crystal_square(3);
        stroke(&mut map, sq, Brush::Terrain(Terrain::Rift), false);
        assert!(map.check().is_err());
        stroke(&mut map, sq, Brush::Empty, false);
        assert_eq!(map.check(), Ok(()));
    }

    #[test]
    fn shrinking_keeps_what_fits() {
        let mut map = blank("Big", 12, 12);
        stroke(&mut map, Square::new(2, 2), Brush::Terrain(Terrain::Rift), false);
        stroke(&mut map, Square::new(10, 10), Brush::Terrain(Terrain::Nebula), false);
        let small = resize(&map, 6, 6);
        assert_eq!(small.terrain, vec![(Square::new(2, 2), Terrain::Rift)]);
        assert_eq!(small.check(), Ok(()));
    }

    #[test]
    fn a_new_map_resized_a_side_at_a_time_stays_symmetric() {
        let map = resize(&resize(&blank("New", 9, 9), 7, 9), 7, 7);
        assert_eq!(map.crystal_squares, blank("New", 7, 7).crystal_squares);
    }
}
