//! Unguessable bits: room ids, player tokens, the host's dice seed (so no
//! player can predict the rolls) and the lobby's map shuffles.
//!
//! In the browser they come from `crypto.getRandomValues` (the Web Crypto
//! CSPRNG): a room id is the only thing keeping strangers out of a room, so
//! it must not come from a seeded or time-based generator. Natively (tests,
//! clippy) std's `RandomState` keys, which the OS seeds, are good enough.

/// Fills `out` with cryptographically random bytes.
#[cfg(target_arch = "wasm32")]
pub fn fill(out: &mut [u8]) {
    // A browser test's seeded page (`?clock=virtual&seed=N`, test hooks only).
    #[cfg(feature = "test-hooks")]
    if super::test_clock::draw(out) {
        return;
    }
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    // getRandomValues takes at most 65536 bytes per call; ids are tiny.
    let ok = crypto
        .is_some_and(|c| out.chunks_mut(65_536).all(|ch| c.get_random_values_with_u8_array(ch).is_ok()));
    if !ok {
        // Every browser that runs WebAssembly has Web Crypto, even outside
        // secure contexts; this branch exists so nothing here can panic.
        leptos::logging::warn!("crypto.getRandomValues unavailable: falling back to Math.random");
        for b in out.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
thread_local! {
    /// A test's own stream (see `seed_this_thread`): splitmix64's state.
    static SEEDED: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Makes this thread's draws a fixed stream from `seed`, so that a test whose
/// outcome depends on the dice (the replicas' nonces feed them) replays the
/// same game on every run. Each test runs on its own thread.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn seed_this_thread(seed: u64) {
    SEEDED.with(|s| s.set(Some(seed)));
}

/// Fills `out` with random bytes from std's OS-seeded `RandomState` keys.
#[cfg(not(target_arch = "wasm32"))]
pub fn fill(out: &mut [u8]) {
    use std::hash::{BuildHasher, Hasher};
    #[cfg(test)]
    if let Some(mut state) = SEEDED.with(|s| s.get()) {
        for chunk in out.chunks_mut(8) {
            let z = splitmix64(&mut state);
            chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
        }
        SEEDED.with(|s| s.set(Some(state)));
        return;
    }
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        // Each RandomState has fresh keys; hashing the index mixes them.
        // Only tests and native builds use this, never game state.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_usize(i);
        let bytes = h.finish().to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
}

/// splitmix64: the next of a well-mixed stream from any seed, zero
/// included (tests' seeded draws only, never a room's real randomness).
#[cfg(any(all(test, not(target_arch = "wasm32")), feature = "test-hooks"))]
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// 128 random bits.
pub fn u128() -> u128 {
    let mut b = [0u8; 16];
    fill(&mut b);
    u128::from_le_bytes(b)
}

/// 64 random bits.
pub fn u64() -> u64 {
    let mut b = [0u8; 8];
    fill(&mut b);
    u64::from_le_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_differ() {
        let (a, b) = (u128(), u128());
        assert_ne!(a, b);
        assert_ne!(a, 0);
        assert_ne!(u64(), u64());
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_seeded_thread_draws_the_same_stream_again() {
        seed_this_thread(7);
        let first = (u128(), u64());
        seed_this_thread(7);
        assert_eq!((u128(), u64()), first);
        seed_this_thread(8);
        assert_ne!((u128(), u64()), first);
    }
}
