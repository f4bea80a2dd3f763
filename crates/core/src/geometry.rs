//! Squares, facings, half-square positions, range, arcs and hit sectors
//! (R11–R13). Pure integer geometry; rows grow downwards (row 0 is the top,
//! where Black starts).

use serde::{Deserialize, Serialize};

/// A square of the map grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    /// The square at column `col`, row `row`.
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    /// The neighbour in direction `dir`, if it is inside a `cols` × `rows` map.
    pub fn step(self, dir: Dir, cols: u8, rows: u8) -> Option<Square> {
        let (dx, dy) = dir.delta();
        self.offset(dx, dy, cols, rows)
    }

    /// The square `dx`, `dy` away, if it is on the map.
    pub fn offset(self, dx: i8, dy: i8, cols: u8, rows: u8) -> Option<Square> {
        let col = i16::from(self.col) + i16::from(dx);
        let row = i16::from(self.row) + i16::from(dy);
        let inside = (0..i16::from(cols)).contains(&col) && (0..i16::from(rows)).contains(&row);
        inside.then(|| Square::new(col as u8, row as u8))
    }

    /// The eight squares around this one that are on the map (tractor destinations, R16).
    pub fn neighbours(self, cols: u8, rows: u8) -> Vec<Square> {
        let mut out = Vec::with_capacity(8);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    out.extend(self.offset(dx, dy, cols, rows));
                }
            }
        }
        out
    }

    fn delta_to(self, other: Square) -> (i16, i16) {
        (i16::from(other.col) - i16::from(self.col), i16::from(other.row) - i16::from(self.row))
    }
}

/// "E5": a square as the board labels it (column letter, row number counted from the top).
pub fn fmt_square(sq: Square) -> String {
    let col = char::from(b'A' + sq.col.min(25));
    format!("{col}{}", u16::from(sq.row) + 1)
}

/// A compass direction on the map: a ship's facing, a movement step, or the
/// half of a shared square a ship sits in. North is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    /// (dx, dy) of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// A quarter turn to the right.
    pub fn right(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    /// A quarter turn to the left.
    pub fn left(self) -> Dir {
        self.right().right().right()
    }

    /// The compass word a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        self.right().right()
    }

    /// The direction of a single orthogonal step between neighbouring squares.
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        match from.delta_to(to) {
            (0, -1) => Some(Dir::North),
            (1, 0) => Some(Dir::East),
            (0, 1) => Some(Dir::South),
            (-1, 0) => Some(Dir::West),
            _ => None,
        }
    }

    /// Rotates a world delta (x right, y down) into this facing's frame: (forward, right).
    fn frame(self, dx: i16, dy: i16) -> (i16, i16) {
        match self {
            Dir::North => (-dy, dx),
            Dir::East => (dx, dy),
            Dir::South => (dy, -dx),
            Dir::West => (-dx, -dy),
        }
    }
}

/// The four directions.
pub const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

/// A shield sector: a side of the ship (shield faces 1–4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Sector {
    Front,
    Right,
    Aft,
    Left,
}

/// The sectors in shield-number order.
pub const SECTORS: [Sector; 4] = [Sector::Front, Sector::Right, Sector::Aft, Sector::Left];

impl Sector {
    /// Index 0..4 (shield number − 1).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Sector::Front => "front (1)",
            Sector::Right => "right (2)",
            Sector::Aft => "aft (3)",
            Sector::Left => "left (4)",
        }
    }
}

/// Where a ship is: its square, and the half it sits in when it shares the square (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Position {
    pub square: Square,
    /// `None` in the centre; `Some(dir)` in the half towards `dir`.
    pub half: Option<Dir>,
}

impl Position {
    /// A ship alone in the centre of `square`.
    pub fn centre(square: Square) -> Position {
        Position { square, half: None }
    }

    /// Coordinates in half-squares (the centre of square (c, r) is (2c+1, 2r+1)).
    pub fn halves(self) -> (i16, i16) {
        let (ox, oy) = self.half.map_or((0, 0), Dir::delta);
        (
            2 * i16::from(self.square.col) + 1 + i16::from(ox),
            2 * i16::from(self.square.row) + 1 + i16::from(oy),
        )
    }

    /// The delta from `self` to `other` used for arcs and sectors: whole
    /// squares normally, half-square offsets when both share a square (R13).
    fn arc_delta(self, other: Position) -> (i16, i16) {
        if self.square == other.square {
            let (ax, ay) = self.halves();
            let (bx, by) = other.halves();
            (bx - ax, by - ay)
        } else {
            self.square.delta_to(other.square)
        }
    }
}

/// How range is counted (R12 and the McGuire toggle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RangeRule {
    /// Orthogonal steps, |dx| + |dy|; the same square is range 0.
    Orthogonal,
    /// The larger of |dx|, |dy|, and at least 1 (McGuire).
    ChebyshevMinOne,
}

/// R12: range between two squares. Wormholes are ignored (counted through).
pub fn range(from: Square, to: Square, rule: RangeRule) -> u8 {
    let (dx, dy) = from.delta_to(to);
    let r = match rule {
        RangeRule::Orthogonal => dx.abs() + dy.abs(),
        RangeRule::ChebyshevMinOne => dx.abs().max(dy.abs()).max(1),
    };
    u8::try_from(r).unwrap_or(u8::MAX)
}

/// R16 / R39: tractor strength needed to reach from `from` to `to`.
pub fn tractor_needed(from: Square, to: Square, rule: RangeRule) -> u8 {
    if from == to {
        return 1;
    }
    range(from, to, rule).saturating_mul(2)
}

/// A ship's arc: the cone its torpedo tubes on one side cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arc {
    Front,
    Rear,
}

/// R13: which arc of the shooter (at `from`, facing `facing`) holds `target`, if any.
/// Diagonals belong to the arc; squares strictly to the side are in neither.
pub fn arc_of(from: Position, facing: Dir, target: Position) -> Option<Arc> {
    let (dx, dy) = from.arc_delta(target);
    let (fwd, right) = facing.frame(dx, dy);
    if fwd > 0 && fwd >= right.abs() {
        Some(Arc::Front)
    } else if fwd < 0 && -fwd >= right.abs() {
        Some(Arc::Rear)
    } else {
        None
    }
}

/// Which side of a target a torpedo strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SectorHit {
    /// Clearly one side.
    Sector(Sector),
    /// Exactly on a diagonal between two sectors (R13: the stronger, or the defender picks).
    Diagonal(Sector, Sector),
}

/// R13: the side of the target (at `target`, facing `facing`) that faces the shooter.
pub fn hit_sector(target: Position, facing: Dir, shooter: Position) -> SectorHit {
    let (dx, dy) = target.arc_delta(shooter);
    let (fwd, right) = facing.frame(dx, dy);
    let long = if fwd >= 0 { Sector::Front } else { Sector::Aft };
    let side = if right >= 0 { Sector::Right } else { Sector::Left };
    match fwd.abs().cmp(&right.abs()) {
        std::cmp::Ordering::Greater => SectorHit::Sector(long),
        std::cmp::Ordering::Less => SectorHit::Sector(side),
        // The same point cannot happen between two ships; treat it as the front.
        std::cmp::Ordering::Equal if fwd == 0 => SectorHit::Sector(Sector::Front),
        std::cmp::Ordering::Equal => SectorHit::Diagonal(long, side),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn at(col: u8, row: u8) -> Position {
        Position { square: Square::new(col, row), half: None }
    }

    #[test]
    fn r12_range_counts_orthogonal_steps_and_same_square_is_zero() {
        let a = Square::new(4, 8);
        assert_eq!(range(a, Square::new(6, 6), RangeRule::Orthogonal), 4);
        assert_eq!(range(a, a, RangeRule::Orthogonal), 0);
    }

    #[test]
    fn r12_house_range_is_the_larger_axis_at_least_one() {
        let a = Square::new(4, 8);
        assert_eq!(range(a, Square::new(6, 5), RangeRule::ChebyshevMinOne), 3);
        assert_eq!(range(a, a, RangeRule::ChebyshevMinOne), 1);
        assert_eq!(range(a, Square::new(5, 7), RangeRule::ChebyshevMinOne), 1);
    }

    #[test]
    fn r13_front_arc_includes_the_exact_diagonals_not_the_side() {
        let me = at(4, 4);
        assert_eq!(arc_of(me, Dir::North, at(4, 1)), Some(Arc::Front));
        assert_eq!(arc_of(me, Dir::North, at(7, 1)), Some(Arc::Front));
        assert_eq!(arc_of(me, Dir::North, at(8, 1)), None);
        assert_eq!(arc_of(me, Dir::North, at(4, 6)), Some(Arc::Rear));
        assert_eq!(arc_of(me, Dir::North, at(6, 4)), None);
        assert_eq!(arc_of(me, Dir::East, at(8, 4)), Some(Arc::Front));
        assert_eq!(arc_of(me, Dir::East, at(2, 5)), Some(Arc::Rear));
    }

    #[test]
    fn r13_hit_sector_is_the_side_facing_the_shooter() {
        // Target faces south (down); a shooter below it is in front of it.
        let target = at(4, 2);
        assert_eq!(hit_sector(target, Dir::South, at(4, 6)), SectorHit::Sector(Sector::Front));
        assert_eq!(hit_sector(target, Dir::South, at(4, 0)), SectorHit::Sector(Sector::Aft));
        // Facing south, the ship's right is the west.
        assert_eq!(hit_sector(target, Dir::South, at(1, 2)), SectorHit::Sector(Sector::Right));
        assert_eq!(
            hit_sector(target, Dir::South, at(6, 4)),
            SectorHit::Diagonal(Sector::Front, Sector::Left)
        );
    }

    #[test]
    fn r11_rulebook_example_c_shared_square_one_ship_can_fire() {
        // White entered from the south (takes the south half) then turned right (east);
        // Black, facing south, is pushed to the north half.
        let white = Position { square: Square::new(4, 4), half: Some(Dir::South) };
        let black = Position { square: Square::new(4, 4), half: Some(Dir::North) };
        assert_eq!(arc_of(black, Dir::South, white), Some(Arc::Front));
        assert_eq!(arc_of(white, Dir::East, black), None);
        assert_eq!(hit_sector(white, Dir::East, black), SectorHit::Sector(Sector::Left));
    }

    #[test]
    fn r16_tractor_needs_double_range_and_one_in_own_square() {
        let a = Square::new(2, 2);
        assert_eq!(tractor_needed(a, Square::new(2, 4), RangeRule::Orthogonal), 4);
        assert_eq!(tractor_needed(a, a, RangeRule::Orthogonal), 1);
        assert_eq!(tractor_needed(a, Square::new(3, 3), RangeRule::ChebyshevMinOne), 2);
    }

    #[test]
    fn stepping_off_the_map_is_none() {
        assert_eq!(Square::new(0, 0).step(Dir::North, 9, 9), None);
        assert_eq!(Square::new(0, 0).step(Dir::East, 9, 9), Some(Square::new(1, 0)));
        assert_eq!(Square::new(0, 0).neighbours(9, 9).len(), 3);
        assert_eq!(Square::new(4, 4).neighbours(9, 9).len(), 8);
    }
}
