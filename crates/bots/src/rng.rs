//! A tiny deterministic RNG for bot decisions (reaction jitter, slips).
//! SplitMix64: no dependency, the same stream on every target, so a seeded
//! crew replays exactly.

/// SplitMix64 state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRng(u64);

impl BotRng {
    /// A stream determined by `seed`.
    pub fn new(seed: u64) -> BotRng {
        BotRng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// True `per_mille` times out of 1000.
    pub fn chance(&mut self, per_mille: u32) -> bool {
        per_mille > 0 && self.below(1000) < u64::from(per_mille)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_bounds_hold() {
        let (mut a, mut b) = (BotRng::new(7), BotRng::new(7));
        for _ in 0..100 {
            let x = a.below(6);
            assert_eq!(x, b.below(6));
            assert!(x < 6);
        }
        assert!(!a.chance(0));
        assert!(a.chance(1000));
        assert_eq!(a.below(0), 0);
    }
}
