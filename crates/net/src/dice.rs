//! The host's dice: ChaCha20 seeded by the caller (the app seeds it from the
//! browser's crypto RNG; tests pass a fixed seed). Its position is part of
//! the saved room, so a reloaded host keeps rolling the same sequence.

use duel_core::{DiceSource, Pip};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A seeded, saveable dice source.
#[derive(Clone, Debug)]
pub struct ChaChaDice {
    rng: ChaCha20Rng,
}

/// Where a [`ChaChaDice`] is: its seed and how many 32-bit words it has used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceState {
    pub seed: [u8; 32],
    pub word_pos: u128,
}

/// Largest multiple of 6 that fits a u32: draws at or above it are redrawn,
/// so each face has exactly the same chance.
const FAIR_LIMIT: u32 = u32::MAX - (u32::MAX % 6);

impl ChaChaDice {
    /// Dice seeded from `seed`.
    pub fn new(seed: u64) -> ChaChaDice {
        ChaChaDice { rng: ChaCha20Rng::seed_from_u64(seed) }
    }

    /// The state to save.
    pub fn state(&self) -> DiceState {
        DiceState { seed: self.rng.get_seed(), word_pos: self.rng.get_word_pos() }
    }

    /// Dice that continue exactly where a saved state left off.
    pub fn from_state(state: DiceState) -> ChaChaDice {
        let mut rng = ChaCha20Rng::from_seed(state.seed);
        rng.set_word_pos(state.word_pos);
        ChaChaDice { rng }
    }
}

impl DiceSource for ChaChaDice {
    fn roll(&mut self) -> Pip {
        loop {
            let r = self.rng.next_u32();
            if r < FAIR_LIMIT {
                return Pip::new((r % 6) as u8 + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_dice_continue_the_same_sequence() {
        let mut a = ChaChaDice::new(42);
        for _ in 0..17 {
            a.roll();
        }
        let mut b = ChaChaDice::from_state(a.state());
        let xs: Vec<u8> = (0..50).map(|_| a.roll().value()).collect();
        let ys: Vec<u8> = (0..50).map(|_| b.roll().value()).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn every_face_comes_up() {
        let mut d = ChaChaDice::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[d.roll().index()] += 1;
        }
        assert!(seen.iter().all(|n| (850..1150).contains(n)), "{seen:?}");
    }
}
