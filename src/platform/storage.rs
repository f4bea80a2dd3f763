//! Strings kept across reloads: `window.localStorage` in the browser, a
//! per-thread map natively (tests; native builds have no browser storage).
//! Keys are namespaced `dice-duel/…` by their owners (the player's name
//! and mute here in the app; the token, seat key and host saves in
//! `net::saves`).
//!
//! Storage can be missing (privacy modes, sandboxed iframes) or full; every
//! function here degrades to "nothing stored" instead of failing loudly,
//! except [`set`], whose error the caller can show.

#[cfg(target_arch = "wasm32")]
mod imp {
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    pub fn get(key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    pub fn set(key: &str, value: &str) -> Result<(), String> {
        let s = storage().ok_or_else(|| String::from("this browser gives the page no storage"))?;
        s.set_item(key, value).map_err(|e| format!("browser storage refused the write (full?): {e:?}"))
    }

    pub fn remove(key: &str) {
        if let Some(s) = storage() {
            let _ = s.remove_item(key);
        }
    }

    pub fn keys() -> Vec<String> {
        let Some(s) = storage() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }

    pub fn session_take(key: &str) -> Option<String> {
        let s = web_sys::window()?.session_storage().ok().flatten()?;
        let value = s.get_item(key).ok().flatten();
        let _ = s.remove_item(key);
        value
    }

    pub fn session_get(key: &str) -> Option<String> {
        web_sys::window()?.session_storage().ok().flatten()?.get_item(key).ok().flatten()
    }

    pub fn session_set(key: &str, value: &str) {
        if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
            let _ = s.set_item(key, value);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    thread_local! {
        static MAP: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
        /// The tab's `sessionStorage`.
        static SESSION: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    }

    pub fn get(key: &str) -> Option<String> {
        MAP.with(|m| m.borrow().get(key).cloned())
    }

    pub fn set(key: &str, value: &str) -> Result<(), String> {
        MAP.with(|m| m.borrow_mut().insert(key.to_owned(), value.to_owned()));
        Ok(())
    }

    pub fn remove(key: &str) {
        MAP.with(|m| m.borrow_mut().remove(key));
    }

    pub fn keys() -> Vec<String> {
        MAP.with(|m| m.borrow().keys().cloned().collect())
    }

    pub fn session_take(key: &str) -> Option<String> {
        SESSION.with(|m| m.borrow_mut().remove(key))
    }

    pub fn session_get(key: &str) -> Option<String> {
        SESSION.with(|m| m.borrow().get(key).cloned())
    }

    pub fn session_set(key: &str, value: &str) {
        SESSION.with(|m| m.borrow_mut().insert(key.to_owned(), value.to_owned()));
    }
}

/// Every key stored (the browser's order; few: one per saved room and setting).
pub use imp::keys;
pub use imp::{get, remove, set};
/// The tab's own `sessionStorage` (kept across this tab's reloads, not shared
/// with other tabs): web/boot.js writes it when the tab switches to the full
/// app, and `boot` what to do once it has (`platform::full_app`). Best effort:
/// a browser without it switches and then does not find the ask.
pub use imp::{session_get, session_set, session_take};
