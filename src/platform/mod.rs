//! The few browser facilities the app uses outside Leptos, one home each:
//! the clock (here), the address bar (here, and [`query`] to read
//! `key=value` pairs out of it), `localStorage` ([`storage`]), the CSPRNG
//! ([`random`]), the clipboard and picked files ([`clip`]), the app's own
//! text files read when a screen needs them ([`text_file`]), and whether
//! this browser can be in a room at all ([`webrtc`]). Natively (unit tests,
//! clippy) each has a stand-in so the code compiles and runs.

pub mod clip;
pub mod device;
pub mod full_app;
pub mod install;
#[cfg(target_arch = "wasm32")]
pub(crate) mod js;
pub mod query;
pub mod random;
pub mod split;
pub mod storage;
#[cfg(feature = "test-hooks")]
pub mod test_clock;
pub mod text_file;
pub mod webrtc;

/// Milliseconds since the epoch: the clock of the host, the replica and the
/// bots. Wall time, so a saved room's deadlines still mean something after
/// a reload (`performance.now()` restarts at zero with the page).
pub fn now_ms() -> u64 {
    // A browser test's own clock, where it asked for one (issue 44).
    #[cfg(feature = "test-hooks")]
    if let Some(now) = test_clock::now() {
        return now;
    }
    #[cfg(target_arch = "wasm32")]
    {
        let wall = js_sys::Date::now() as u64;
        // A clock a test took and gave back runs on from where it stood.
        #[cfg(feature = "test-hooks")]
        let wall = wall + test_clock::ahead();
        wall
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// The time of day of `ms` (since the epoch) on this device's clock, as a
/// player reads it: "21:04" (natively, in UTC).
pub fn time_of_day(ms: u64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
        format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let minutes = ms / 60_000;
        format!("{:02}:{:02}", (minutes / 60) % 24, minutes % 60)
    }
}

/// Whether a browser test owns this page's clock (`?clock=virtual`, test
/// builds only): the page's own timers then leave the pump and the clock's
/// tick to the test, so that nothing happens between its steps and a game
/// replays the same however the page's timers fall (issue 44).
pub fn on_test_clock() -> bool {
    #[cfg(feature = "test-hooks")]
    {
        test_clock::now().is_some()
    }
    #[cfg(not(feature = "test-hooks"))]
    {
        false
    }
}

/// `location.origin` (`http://127.0.0.1:8080` natively, for tests).
pub fn origin() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    String::from("http://127.0.0.1:8080")
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

/// Loads `url` in this tab (a fresh page: everything of this one is gone).
pub fn assign_url(url: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(url);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = url;
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
