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

use sha2::{Digest as _, Sha256};

use super::plan::Placement;
use super::Player;
use crate::dice::Pip;
use crate::draw::d6_from_byte;
pub use crate::seal::{Digest, Secret};

/// A player's seed for one round is a [`Secret`] (kept by its device until
/// the reveal); these are what Thunderstruck does with it.
impl Secret {
    /// What the player commits to before the beacon.
    pub fn digest(&self) -> Digest {
        self.commit(b"thunderstruck seed v1")
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
    /// SHA-256 of everything, a face from each byte by the d6 draw
    /// ([`crate::draw`]).
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
            for pip in bytes.into_iter().filter_map(d6_from_byte) {
                if dice.len() < usize::from(count) {
                    dice.push(pip);
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
    fn the_draws_stay_the_ones_saved_games_and_replays_hold() {
        let faces: Vec<u8> = Secret([7; 32]).roll(1, 1, Player(0), 0, 12).iter().map(|p| p.value()).collect();
        assert_eq!(faces, vec![1, 1, 5, 6, 3, 3, 2, 4, 6, 2, 4, 3]);
        // Many blocks, so bytes at or above 252 (redrawn) come up too.
        let weighted: u64 = (0..64)
            .flat_map(|beacon| Secret([3; 32]).roll(beacon, 2, Player(1), 1, 40))
            .enumerate()
            .map(|(i, p)| (i as u64 + 1) * u64::from(p.value()))
            .sum();
        assert_eq!(weighted, 11_518_338);
    }

    #[test]
    fn the_roll_depends_on_every_input_and_is_fair_enough() {
        let seed = Secret([7; 32]);
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
