//! Hidden planning, fairly (T10, D36): each player's dice come from a
//! secret seed it committed to before the host's round beacon was drawn,
//! and its placement is sealed by a digest before anyone reveals.
//!
//! - Before round `r`'s beacon, every player has committed `SHA-256(seed)`
//!   (at the start, or inside its previous reveal).
//! - The host draws the beacon with its verifiable dice (issue 11's keys).
//! - Each player derives its dice from `(seed, beacon, round, player,
//!   rerolls)` privately, places them, and seals `SHA-256(seed, rerolls,
//!   placement)`.
//! - Once every plan is sealed, each reveals its seed, rerolls and
//!   placement; anyone recomputes the seed digest, the dice and the seal.
//!
//! Nobody, the host included, sees a die or a placement before its own
//! plan is sealed: the only thing on the wire until then is digests of a
//! 256-bit secret. A player cannot choose its dice (the beacon comes after
//! its seed) and the host cannot either (it never learns the seed in time).

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use super::plan::Placement;
use super::Player;
use crate::dice::Pip;

/// A SHA-256 digest: a commitment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Digest(pub [u8; 32]);

/// A player's secret for one round (kept by its device until the reveal).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seed(pub [u8; 32]);

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seed({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

impl Seed {
    /// What the player commits to before the beacon.
    pub fn digest(&self) -> Digest {
        let mut h = Sha256::new();
        h.update(b"thunderstruck seed v1");
        h.update(self.0);
        Digest(h.finalize().into())
    }

    /// The seal of a plan: binds the seed, the rerolls paid for and where each die went.
    pub fn seal(&self, rerolls: u8, placement: &Placement) -> Digest {
        let mut h = Sha256::new();
        h.update(b"thunderstruck plan v1");
        h.update(self.0);
        h.update([rerolls]);
        for slot in placement.slots() {
            h.update([slot.map_or(0xff, |s| s.index() as u8)]);
        }
        Digest(h.finalize().into())
    }

    /// The player's `count` dice for the round after `rerolls` rerolls:
    /// SHA-256 of everything, bytes below 252 taken mod 6 (no bias).
    pub fn roll(&self, beacon: u64, round: u8, player: Player, rerolls: u8, count: u8) -> Vec<Pip> {
        let mut dice = Vec::with_capacity(usize::from(count));
        let mut block = 0u32;
        while dice.len() < usize::from(count) {
            let mut h = Sha256::new();
            h.update(b"thunderstruck dice v1");
            h.update(self.0);
            h.update(beacon.to_le_bytes());
            h.update([round, player.0, rerolls]);
            h.update(block.to_le_bytes());
            let bytes: [u8; 32] = h.finalize().into();
            for b in bytes.into_iter().filter(|b| *b < 252) {
                if dice.len() < usize::from(count) {
                    dice.push(Pip::new(b % 6 + 1));
                }
            }
            block += 1;
        }
        dice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roll_depends_on_every_input_and_is_fair_enough() {
        let seed = Seed([7; 32]);
        let base = seed.roll(1, 1, Player(0), 0, 4);
        assert_eq!(base, seed.roll(1, 1, Player(0), 0, 4));
        assert_ne!(base, seed.roll(2, 1, Player(0), 0, 4));
        assert_ne!(base, seed.roll(1, 1, Player(0), 1, 4));
        let mut counts = [0u32; 6];
        for beacon in 0..2000 {
            for p in seed.roll(beacon, 1, Player(1), 0, 5) {
                counts[p.index()] += 1;
            }
        }
        assert!(counts.iter().all(|c| (1500..1850).contains(c)), "{counts:?}");
    }
}
