//! The device's own helpers for a game on the table: keeping the screen on
//! while a battle is shown (Screen Wake Lock) and a buzz on freezes and hits
//! (Vibration API), each switchable by the player and remembered. Both are
//! optional in browsers: where missing, nothing happens. Called through
//! `js_sys::Reflect`, so no web-sys features are added.

// web/shell.html names these keys too (its switches, before the game has loaded).
const AWAKE_KEY: &str = "dice-duel.keep-awake";
const HAPTICS_KEY: &str = "dice-duel.haptics";

/// Whether the player wants the screen kept on during a battle (default on).
pub fn stored_keep_awake() -> bool {
    crate::platform::storage::get(AWAKE_KEY).as_deref() != Some("0")
}

/// Whether the player wants a buzz on freezes and hits (default on).
pub fn stored_haptics() -> bool {
    crate::platform::storage::get(HAPTICS_KEY).as_deref() != Some("0")
}

/// Remembers the keep-awake toggle.
pub fn store_keep_awake(on: bool) {
    let _ = crate::platform::storage::set(AWAKE_KEY, if on { "1" } else { "0" });
}

/// Remembers the haptics toggle.
pub fn store_haptics(on: bool) {
    let _ = crate::platform::storage::set(HAPTICS_KEY, if on { "1" } else { "0" });
}

/// Whether the browser believes it has a network (`navigator.onLine`). Only a
/// hint: `false` means no network card is up, yet a server on this very
/// machine still answers; `true` may still be a dead network.
pub fn online() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        imp::online()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        true
    }
}

/// Whether the page is out of sight (`document.hidden`: another tab or app in front).
pub fn hidden() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| super::js::get(&d, "hidden"))
            .is_some_and(|h| h.is_truthy())
    }
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// A buzz: alternating on and off times in milliseconds.
pub fn vibrate(pattern: &[u32]) {
    #[cfg(target_arch = "wasm32")]
    imp::vibrate(pattern);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = pattern;
}

/// Holds or lets go of the screen wake lock. Cheap to call on every tick: it
/// acts only on a change, and asks again when the browser dropped the lock
/// (it does whenever the page is hidden).
pub fn keep_awake(on: bool) {
    #[cfg(target_arch = "wasm32")]
    imp::keep_awake(on);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = on;
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::cell::RefCell;

    use js_sys::Array;
    use wasm_bindgen::JsValue;

    use super::super::js::{call, call_await, get, navigator};

    thread_local! {
        /// The lock held (a `WakeLockSentinel`), or a request under way.
        static LOCK: RefCell<Lock> = const { RefCell::new(Lock::None) };
    }

    enum Lock {
        None,
        Asked,
        Held(JsValue),
        /// The browser said no (no permission, no support): not asked again
        /// until the next battle, so a refusal is not repeated every tick.
        Refused,
    }

    pub fn online() -> bool {
        // Browsers without the flag are taken to be online.
        navigator().and_then(|n| get(&n, "onLine")).and_then(|v| v.as_bool()).unwrap_or(true)
    }

    pub fn vibrate(pattern: &[u32]) {
        let list: Array = pattern.iter().map(|ms| JsValue::from(*ms)).collect();
        let Some(n) = navigator() else { return };
        // Chromium refuses (and logs an error) before the person's first tap on the page,
        // e.g. a guest reloaded mid-game: ask only once the page has been used.
        let used =
            get(&n, "userActivation").and_then(|a| get(&a, "hasBeenActive")).is_none_or(|v| v.is_truthy());
        if used {
            let _ = call(&n, "vibrate", &[list.into()]);
        }
    }

    pub fn keep_awake(on: bool) {
        LOCK.with(|lock| {
            let mut lock = lock.borrow_mut();
            match (&*lock, on) {
                (Lock::Held(sentinel), true) if get(sentinel, "released").is_some_and(|r| r.is_truthy()) => {
                    *lock = ask()
                }
                (Lock::None, true) => *lock = ask(),
                (Lock::Held(sentinel), false) => {
                    let _ = call(sentinel, "release", &[]);
                    *lock = Lock::None;
                }
                (Lock::Refused, false) => *lock = Lock::None,
                _ => {}
            }
        });
    }

    /// Asks for the screen lock; the answer arrives later (or never, where refused).
    fn ask() -> Lock {
        let Some(wake) = navigator().and_then(|n| get(&n, "wakeLock")) else { return Lock::None };
        wasm_bindgen_futures::spawn_local(async move {
            let answer = call_await(&wake, "request", &[JsValue::from_str("screen")]).await;
            LOCK.with(|lock| {
                let mut lock = lock.borrow_mut();
                match answer {
                    Some(sentinel) if matches!(*lock, Lock::Asked) => *lock = Lock::Held(sentinel),
                    // Let go while the request was under way.
                    Some(sentinel) => {
                        let _ = call(&sentinel, "release", &[]);
                    }
                    None => *lock = Lock::Refused,
                }
            });
        });
        Lock::Asked
    }
}
