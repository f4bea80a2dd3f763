//! The battlefield (T1): a track of sectors of six spaces. Two players: a
//! straight track of two sectors; three players: a ring of three. Which
//! spaces a warp may reach is data ([`Board::warp_spots`], D33).
//!
//! After a retirement in a three-player game one sector may be closed
//! (`004_…` "Ending the Round" 1, D34): the ring is then cut there and
//! behaves like the two-player straight track.

use serde::{Deserialize, Serialize};

/// Spaces in one sector.
pub const SECTOR: u8 = 6;

/// Which way a ship's nose points along the track: towards higher or lower
/// space numbers (on the ring, clockwise or anticlockwise as drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Facing {
    Up,
    Down,
}

impl Facing {
    /// The other way (a Manoeuvre's flip).
    pub fn flipped(self) -> Facing {
        match self {
            Facing::Up => Facing::Down,
            Facing::Down => Facing::Up,
        }
    }
}

/// A space of the track, `0..Board::spaces()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Space(pub u8);

impl Space {
    /// The sector the space is in.
    pub fn sector(self) -> u8 {
        self.0 / SECTOR
    }
}

/// The shape of the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    sectors: u8,
    ring: bool,
    /// A sector closed after a retirement (three players only).
    closed: Option<u8>,
}

impl Board {
    /// T1: two sectors in a line for two players, a ring of three for three.
    pub fn for_players(players: u8) -> Board {
        if players == 3 {
            Board { sectors: 3, ring: true, closed: None }
        } else {
            Board { sectors: 2, ring: false, closed: None }
        }
    }

    pub fn sectors(&self) -> u8 {
        self.sectors
    }

    pub fn spaces(&self) -> u8 {
        self.sectors * SECTOR
    }

    /// Whether the track closes on itself (and no sector has been closed).
    pub fn is_ring(&self) -> bool {
        self.ring && self.closed.is_none()
    }

    pub fn closed(&self) -> Option<u8> {
        self.closed
    }

    /// D34: closes `sector` (the ring becomes a line of the other two).
    pub(crate) fn close(&mut self, sector: u8) {
        if self.ring && sector < self.sectors {
            self.closed = Some(sector);
        }
    }

    /// Whether a ship may stand on `space`.
    pub fn is_open(&self, space: Space) -> bool {
        space.0 < self.spaces() && Some(space.sector()) != self.closed
    }

    /// Where each ship starts and which way it faces (T1): on two sectors,
    /// at the two ends facing each other; on the ring, at the start of each
    /// sector, all facing clockwise (every ship has one rival six spaces ahead
    /// and one six behind).
    pub fn starts(&self) -> Vec<(Space, Facing)> {
        if self.ring {
            (0..self.sectors).map(|s| (Space(s * SECTOR), Facing::Up)).collect()
        } else {
            vec![(Space(0), Facing::Up), (Space(self.spaces() - 1), Facing::Down)]
        }
    }

    /// D33: the warp spots, two per sector, its second and fifth spaces.
    pub fn warp_spots(&self, sector: u8) -> [Space; 2] {
        let base = sector * SECTOR;
        [Space(base + 1), Space(base + 4)]
    }

    /// Where a ship in `from`'s sector may warp: the spots of every other
    /// open sector ("the opposite side of the battlefield"; with three
    /// players, either other sector).
    pub fn warp_targets(&self, from: Space) -> Vec<Space> {
        (0..self.sectors)
            .filter(|&s| s != from.sector() && Some(s) != self.closed)
            .flat_map(|s| self.warp_spots(s))
            .collect()
    }

    /// The position along the open line (the ring unrolled at its closed
    /// sector), so that distances never cross a closed sector.
    fn line(&self, space: Space) -> i16 {
        match (self.ring, self.closed) {
            (true, Some(c)) => {
                let start = ((c + 1) % self.sectors) * SECTOR;
                i16::from((space.0 + self.spaces() - start) % self.spaces())
            }
            _ => i16::from(space.0),
        }
    }

    /// T4: spaces between two ships, the short way round on the ring.
    pub fn distance(&self, a: Space, b: Space) -> u8 {
        let d = (self.line(a) - self.line(b)).unsigned_abs() as u8;
        if self.is_ring() {
            d.min(self.spaces() - d)
        } else {
            d
        }
    }

    /// Which way one must go from `from` to reach `to` the short way (`None`
    /// when both ways are equally long, or the same space).
    pub fn towards(&self, from: Space, to: Space) -> Option<Facing> {
        if self.is_ring() {
            let up = (to.0 + self.spaces() - from.0) % self.spaces();
            let down = self.spaces() - up;
            match up.cmp(&down) {
                _ if up == 0 => None,
                std::cmp::Ordering::Less => Some(Facing::Up),
                std::cmp::Ordering::Greater => Some(Facing::Down),
                std::cmp::Ordering::Equal => None,
            }
        } else {
            match self.line(to).cmp(&self.line(from)) {
                std::cmp::Ordering::Greater => Some(Facing::Up),
                std::cmp::Ordering::Less => Some(Facing::Down),
                std::cmp::Ordering::Equal => None,
            }
        }
    }

    /// The next space in direction `facing`, or `None` at a track end or a closed sector.
    pub fn step(&self, from: Space, facing: Facing) -> Option<Space> {
        let n = self.spaces();
        let next = match (facing, self.ring) {
            (Facing::Up, true) => (from.0 + 1) % n,
            (Facing::Down, true) => (from.0 + n - 1) % n,
            (Facing::Up, false) => from.0.checked_add(1).filter(|&s| s < n)?,
            (Facing::Down, false) => from.0.checked_sub(1)?,
        };
        Some(Space(next)).filter(|s| self.is_open(*s))
    }

    /// A Boost of `spaces` from `from` (`004_…` Boost 4): occupied spaces
    /// are passed over without being counted and never landed on; the ship
    /// stops early at a track end or a closed sector (D35).
    pub fn boost(&self, from: Space, facing: Facing, spaces: u8, occupied: &[Space]) -> Space {
        let (mut at, mut landed, mut left) = (from, from, spaces);
        while left > 0 {
            let Some(next) = self.step(at, facing) else { break };
            if next == from {
                break; // all the way round the ring
            }
            at = next;
            if !occupied.contains(&next) {
                landed = next;
                left -= 1;
            }
        }
        landed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t1_two_players_face_each_other_across_two_sectors() {
        let b = Board::for_players(2);
        assert_eq!(b.spaces(), 12);
        assert_eq!(b.starts(), vec![(Space(0), Facing::Up), (Space(11), Facing::Down)]);
        assert_eq!(b.distance(Space(0), Space(11)), 11);
    }

    #[test]
    fn t1_three_players_on_a_ring_of_three_sectors() {
        let b = Board::for_players(3);
        assert_eq!(b.spaces(), 18);
        assert_eq!(b.distance(Space(1), Space(17)), 2);
        assert_eq!(b.towards(Space(1), Space(17)), Some(Facing::Down));
        assert_eq!(b.step(Space(17), Facing::Up), Some(Space(0)));
    }

    #[test]
    fn boost_passes_over_ships_and_stops_at_the_end() {
        let b = Board::for_players(2);
        assert_eq!(b.boost(Space(0), Facing::Up, 3, &[Space(2)]), Space(4));
        assert_eq!(b.boost(Space(9), Facing::Up, 5, &[Space(11)]), Space(10));
        assert_eq!(b.boost(Space(9), Facing::Up, 5, &[Space(10), Space(11)]), Space(9));
    }

    #[test]
    fn d34_a_closed_sector_cuts_the_ring() {
        let mut b = Board::for_players(3);
        b.close(2);
        assert!(!b.is_open(Space(13)));
        assert_eq!(b.distance(Space(1), Space(11)), 10);
        assert_eq!(b.step(Space(0), Facing::Down), None);
        assert_eq!(b.warp_targets(Space(2)), vec![Space(7), Space(10)]);
    }
}
