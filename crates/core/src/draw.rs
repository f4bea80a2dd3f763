//! The d6 draw: one face of a six-sided die from random bytes, unbiased.
//!
//! Every roll in the game comes through here: the host's verifiable dice
//! (`duel-net`'s `FairDice`), the seeded dice of simulations and tests
//! (`duel-bots`' `ChaChaDice`) and Thunderstruck's sealed plans
//! ([`crate::seal::Secret::roll`]). A random value is kept only when
//! it is below the largest multiple of 6 its width holds, then taken mod 6;
//! anything above is redrawn, so each face has exactly the same chance.
//! Saved games, replays and soaks hold these draws: the limits never change.

use crate::dice::Pip;

/// The largest multiple of 6 no greater than `range` values (`range` is a power of two).
const fn limit(range: u64) -> u64 {
    range - range % 6
}

/// Words at or above this are redrawn.
const WORD_LIMIT: u64 = limit(1 << 32);

/// Bytes at or above this (252) are redrawn.
const BYTE_LIMIT: u64 = limit(1 << 8);

fn face(x: u64, below: u64) -> Option<Pip> {
    // `x % 6` is below 6, so the cast cannot truncate.
    (x < below).then(|| Pip::new((x % 6) as u8 + 1))
}

/// The face a random 32-bit word gives, or `None` when it must be redrawn.
pub fn d6_from_word(word: u32) -> Option<Pip> {
    face(u64::from(word), WORD_LIMIT)
}

/// The face a random byte gives, or `None` when it must be redrawn.
pub fn d6_from_byte(byte: u8) -> Option<Pip> {
    face(u64::from(byte), BYTE_LIMIT)
}

/// One face from a stream of random 32-bit words, redrawing as often as it takes.
pub fn d6(mut next_word: impl FnMut() -> u32) -> Pip {
    loop {
        if let Some(pip) = d6_from_word(next_word()) {
            return pip;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_the_ones_every_roll_was_drawn_with() {
        assert_eq!(WORD_LIMIT, u64::from(u32::MAX - u32::MAX % 6));
        assert_eq!(BYTE_LIMIT, 252);
        assert_eq!(d6_from_byte(0).map(Pip::value), Some(1));
        assert_eq!(d6_from_byte(251).map(Pip::value), Some(6));
        assert_eq!(d6_from_byte(252), None);
        assert_eq!(d6_from_byte(255), None);
        assert_eq!(d6_from_word(7).map(Pip::value), Some(2));
        assert_eq!(d6_from_word(u32::MAX - 4).map(Pip::value), Some(6));
        assert_eq!(d6_from_word(u32::MAX - 3), None);
        assert_eq!(d6_from_word(u32::MAX), None);
    }

    #[test]
    fn a_rejected_word_is_redrawn() {
        let mut words = [u32::MAX, u32::MAX - 2, 10].into_iter();
        assert_eq!(d6(|| words.next().unwrap_or(0)).value(), 5);
        assert_eq!(words.next(), None);
    }
}
