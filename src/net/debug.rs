//! A read-only window for browser tests: `window.__duel`, a frozen snapshot
//! of what this tab's replica holds (head, state hash, seats, player number,
//! link state). The app publishes it after each pump that changed something;
//! tests compare tabs with it instead of scraping the screens. Reading it
//! changes nothing, and it reveals nothing the screen does not show (no
//! token, no hidden dice).

/// What [`publish_debug`] exposes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DebugSnapshot {
    /// The replica's head (last applied sequence number).
    pub head: u64,
    /// `Game::state_hash()` of the replica's copy, once the game started.
    pub hash: Option<u64>,
    /// Seats this tab holds.
    pub seats: Vec<u8>,
    /// This tab's player number, once admitted.
    pub me: Option<u16>,
    /// The link state as the UI labels it.
    pub link: String,
}

/// Sets `window.__duel` to a frozen object `{head, hash, seats, me, link}`
/// (`hash` as 16 hex digits, since a `u64` does not fit a JS number).
/// Natively a no-op.
pub fn publish_debug(snapshot: &DebugSnapshot) {
    #[cfg(target_arch = "wasm32")]
    {
        use js_sys::{Array, Object, Reflect};
        use wasm_bindgen::JsValue;
        let Some(window) = web_sys::window() else { return };
        let o = Object::new();
        let seats: Array = snapshot.seats.iter().map(|s| JsValue::from(*s)).collect();
        let fields: [(&str, JsValue); 5] = [
            ("head", JsValue::from(snapshot.head as f64)),
            ("hash", snapshot.hash.map_or(JsValue::NULL, |h| JsValue::from(format!("{h:016x}")))),
            ("seats", Object::freeze(&seats).into()),
            ("me", snapshot.me.map_or(JsValue::NULL, JsValue::from)),
            ("link", JsValue::from(snapshot.link.as_str())),
        ];
        for (k, v) in fields {
            let _ = Reflect::set(&o, &JsValue::from(k), &v);
        }
        let _ = Reflect::set(&window, &JsValue::from("__duel"), &Object::freeze(&o));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = snapshot;
}
