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

/// Fills `out` with random bytes from std's OS-seeded `RandomState` keys.
#[cfg(not(target_arch = "wasm32"))]
pub fn fill(out: &mut [u8]) {
    use std::hash::{BuildHasher, Hasher};
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        // Each RandomState has fresh keys; hashing the index mixes them.
        // Only tests and native builds use this, never game state.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_usize(i);
        let bytes = h.finish().to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
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
}
