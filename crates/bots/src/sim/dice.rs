//! The simulator's dice: a seeded ChaCha stream, the same on every target.

use duel_core::{DiceSource, Pip};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Dice rolled from a seeded ChaCha8 RNG.
#[derive(Clone, Debug)]
pub struct ChaChaDice(ChaCha8Rng);

impl ChaChaDice {
    pub fn new(seed: u64) -> ChaChaDice {
        ChaChaDice(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl DiceSource for ChaChaDice {
    fn roll(&mut self) -> Pip {
        // Rejection sampling keeps every face exactly equally likely.
        loop {
            let x = self.0.next_u32();
            if x < u32::MAX - u32::MAX % 6 {
                return Pip::new((x % 6) as u8 + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_and_the_stream_replays() {
        let (mut a, mut b) = (ChaChaDice::new(9), ChaChaDice::new(9));
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            let p = a.roll();
            assert_eq!(p, b.roll());
            seen[p.index()] += 1;
        }
        assert!(seen.iter().all(|n| *n > 60), "{seen:?}");
    }
}
