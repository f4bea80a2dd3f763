//! D43: weapons fire is not traced through a rift. A shot is traced along
//! the straight line between the centres of the shooter's and the target's
//! squares; it is blocked by a rift whose square that line passes *through*
//! (its inside), not one it only touches at a corner. Integer arithmetic on
//! half-square coordinates, so every replica agrees.

use std::cmp::Ordering;

use super::{MapSpec, Terrain};
use crate::geometry::Square;

/// A fraction `num / den` with `den > 0`.
#[derive(Clone, Copy)]
struct Frac {
    num: i32,
    den: i32,
}

impl Frac {
    fn new(num: i32, den: i32) -> Frac {
        if den < 0 {
            Frac { num: -num, den: -den }
        } else {
            Frac { num, den }
        }
    }

    fn cmp(self, other: Frac) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }

    fn max(self, other: Frac) -> Frac {
        if self.cmp(other) == Ordering::Less {
            other
        } else {
            self
        }
    }

    fn min(self, other: Frac) -> Frac {
        if self.cmp(other) == Ordering::Greater {
            other
        } else {
            self
        }
    }
}

/// The open range of the line's parameter `t` (0 at the shooter, 1 at the
/// target) inside the open interval `(lo, lo + 2)` on one axis, or `None`
/// when the line never is.
fn axis(start: i32, delta: i32, lo: i32) -> Option<(Frac, Frac)> {
    if delta == 0 {
        // The line runs along this axis at `start`: inside iff strictly between.
        return (lo < start && start < lo + 2).then(|| (Frac::new(-1, 1), Frac::new(2, 1)));
    }
    let a = Frac::new(lo - start, delta);
    let b = Frac::new(lo + 2 - start, delta);
    Some((a.min(b), a.max(b)))
}

/// Where along the line (from 0 to 1) it enters the inside of `sq`, if it does.
fn entry(from: Square, to: Square, sq: Square) -> Option<Frac> {
    let (ax, ay) = (2 * i32::from(from.col) + 1, 2 * i32::from(from.row) + 1);
    let (dx, dy) =
        (2 * (i32::from(to.col) - i32::from(from.col)), 2 * (i32::from(to.row) - i32::from(from.row)));
    let (x_in, x_out) = axis(ax, dx, 2 * i32::from(sq.col))?;
    let (y_in, y_out) = axis(ay, dy, 2 * i32::from(sq.row))?;
    let enter = x_in.max(y_in).max(Frac::new(0, 1));
    let leave = x_out.min(y_out).min(Frac::new(1, 1));
    (enter.cmp(leave) == Ordering::Less).then_some(enter)
}

impl MapSpec {
    /// D43: the rift (nearest the shooter) that blocks a shot traced from
    /// `from` to `to`, if any. The two ships' own squares never block.
    pub fn rift_between(&self, from: Square, to: Square) -> Option<Square> {
        self.terrain
            .iter()
            .filter(|(sq, t)| *t == Terrain::Rift && *sq != from && *sq != to)
            .filter_map(|(sq, _)| entry(from, to, *sq).map(|t| (t, *sq)))
            .min_by(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)))
            .map(|(_, sq)| sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_rifts(rifts: &[(u8, u8)]) -> MapSpec {
        let mut map = MapSpec::default();
        for (c, r) in rifts {
            map.paint(Square::new(*c, *r), Some(Terrain::Rift));
        }
        map
    }

    #[test]
    fn d43_a_rift_on_the_same_row_blocks_the_shot() {
        let map = with_rifts(&[(4, 4)]);
        assert_eq!(map.rift_between(Square::new(1, 4), Square::new(7, 4)), Some(Square::new(4, 4)));
        assert_eq!(map.rift_between(Square::new(4, 1), Square::new(4, 7)), Some(Square::new(4, 4)));
        // Beside the line, or beyond the target: not in the way.
        assert_eq!(map.rift_between(Square::new(1, 5), Square::new(7, 5)), None);
        assert_eq!(map.rift_between(Square::new(1, 4), Square::new(3, 4)), None);
    }

    #[test]
    fn d43_a_diagonal_line_passes_a_rift_it_only_touches_at_a_corner() {
        // From A1 to C3 the line passes the corners of B1 and A2's neighbours.
        let map = with_rifts(&[(1, 0), (0, 1)]);
        assert_eq!(map.rift_between(Square::new(0, 0), Square::new(2, 2)), None);
        let map = with_rifts(&[(1, 1)]);
        assert_eq!(map.rift_between(Square::new(0, 0), Square::new(2, 2)), Some(Square::new(1, 1)));
    }

    #[test]
    fn d43_a_slanting_line_is_blocked_by_the_squares_it_crosses() {
        // From A1 (0,0) to E2 (4,1): the line crosses row 0 up to x = 2.5
        // (squares 0..=2 of row 0) and row 1 from there (squares 2..=4).
        let crossed = [(1, 0), (2, 0), (2, 1), (3, 1)];
        for (c, r) in crossed {
            let map = with_rifts(&[(c, r)]);
            assert!(map.rift_between(Square::new(0, 0), Square::new(4, 1)).is_some(), "{c},{r}");
        }
        for (c, r) in [(3, 0), (1, 1), (0, 1)] {
            let map = with_rifts(&[(c, r)]);
            assert_eq!(map.rift_between(Square::new(0, 0), Square::new(4, 1)), None, "{c},{r}");
        }
    }

    #[test]
    fn d43_the_ships_own_squares_never_block() {
        let map = with_rifts(&[(2, 2), (5, 2)]);
        assert_eq!(map.rift_between(Square::new(2, 2), Square::new(5, 2)), None);
        assert_eq!(map.rift_between(Square::new(2, 2), Square::new(2, 2)), None);
    }
}
