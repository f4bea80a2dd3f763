//! The few browser facilities the app uses outside Leptos: the clock, a
//! random seed, `localStorage` strings and the address bar. Natively (unit
//! tests, clippy) each has an inert stand-in so the code compiles and runs.

/// Milliseconds since the epoch: the clock of the host, the replica and the
/// bots. Wall time, so a saved room's deadlines still mean something after
/// a reload (`performance.now()` restarts at zero with the page).
pub fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// 64 random bits from the browser's CSPRNG: the host's dice seed, so no
/// player can predict the rolls.
pub fn random_u64() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        let mut bytes = [0u8; 8];
        let filled = web_sys::window()
            .and_then(|w| w.crypto().ok())
            .is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
        if !filled {
            return (js_sys::Math::random() * 9.0e15) as u64 ^ now_ms();
        }
        u64::from_le_bytes(bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(now_ms());
        h.finish()
    }
}

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// A string from `localStorage` (`None` when absent or storage is unavailable).
pub fn load(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        storage()?.get_item(key).ok().flatten()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = key;
        None
    }
}

/// Stores a string; a full or missing storage is ignored (only a reload would lose it).
pub fn store(key: &str, value: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (key, value);
}

/// Removes a stored string.
pub fn forget(key: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = key;
}

/// `location.search` (with its `?`), empty natively.
pub fn query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::new()
}

/// `location.hash` (with its `#`), empty natively.
pub fn hash() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::new()
}

/// Sets `location.hash` (adds a history entry, so Back returns to the last screen).
pub fn set_hash(hash: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(hash);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = hash;
}

/// Replaces the address without reloading (drops `?room=` after leaving a room).
pub fn replace_url(url: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = url;
}
