//! The three files of the app (issues 32 and 49): a first visit and a first
//! Practice load the *practice* wasm (no rooms: no WebRTC transport, pairing,
//! share panel or signatures; no Thunderstruck Duel, map editor or replay
//! viewer); a room link loads the *base* one (rooms too); a device loads the
//! *full* one when it opens Thunderstruck, the map editor or a replay, or hosts
//! a room. The page's first script (`index.html`) picks the file as the page
//! loads; switching is a reload of the same address once the full file is in
//! the browser's cache, so a practice resumes from its save and a guest
//! rejoins its room with its token. From the practice file, joining a room is
//! a load of the room's own address (the base file), and "Join by camera"
//! loads the full app (`boot::rooms`, `boot::full_first`).
//!
//! The page's side is `window.__ddLoadFull(onShare)` (web/boot.js): it fetches
//! the full file, counting its bytes for the progress line, marks the tab (in
//! `sessionStorage`, so every later load of this tab is full) and reloads.

/// Whether this build is the full app (the `full` feature). A constant: the
/// optimiser drops what it guards from the base file.
pub const LOADED: bool = cfg!(feature = "full");

/// Whether this build has online rooms (the `rooms` feature; issue 49): the
/// *practice* file a first Practice loads has none. A constant, as
/// [`LOADED`]: what it guards (the WebRTC transport, pairing, the share panel)
/// is not in the practice file.
pub const ROOMS: bool = cfg!(feature = "rooms");

// A file with rooms reaches other devices: it signs and checks what they say (duel-net's
// `signatures`, which the `rooms` feature turns on). Only the practice file may sign nothing.
const _: () = assert!(!ROOMS || duel_net::seat_key::SIGNS, "a build with rooms must sign");

/// The tab's mark that it asked for the full app (web/boot.js reads it too).
pub const FULL_KEY: &str = "dice-duel/full";

/// What a switch found wrong, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchError {
    /// The page has no switch (a page served without web/boot.js).
    NoLoader,
    /// This tab asked for the full app and was given the base one again (the
    /// browser keeps no session storage): reloading again would loop.
    Refused,
    /// The download failed: the browser's or the server's words.
    Download(String),
}

impl std::fmt::Display for SwitchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwitchError::NoLoader => f.write_str("this page cannot load the rest of the game: reload it"),
            SwitchError::Refused => f.write_str(
                "this browser did not keep the request for the rest of the game (private browsing can do this): \
                 open the game in a normal window",
            ),
            SwitchError::Download(why) => write!(f, "the rest of the game could not be loaded ({why})"),
        }
    }
}

/// Whether this tab asked for the full app before: a base file running now
/// means the ask was lost (see [`SwitchError::Refused`]).
pub fn asked_before() -> bool {
    !LOADED && crate::platform::storage::session_get(FULL_KEY).as_deref() == Some("1")
}

/// Fetches the full app, reporting the share of its bytes received (0–100),
/// then reloads the page into it. Returns only if that failed.
pub async fn switch(on_share: impl Fn(u8) + 'static) -> SwitchError {
    if asked_before() {
        return SwitchError::Refused;
    }
    match reload_into_full(on_share).await {
        // Resolved: the page is reloading; nothing to say unless it did not.
        Ok(()) => SwitchError::Download("the page did not reload".into()),
        Err(e) => e,
    }
}

/// The page's part: `window.__ddLoadFull(onShare)` (web/boot.js).
#[cfg(target_arch = "wasm32")]
async fn reload_into_full(on_share: impl Fn(u8) + 'static) -> Result<(), SwitchError> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    let load = super::js::global("__ddLoadFull")
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or(SwitchError::NoLoader)?;
    let progress =
        Closure::<dyn Fn(f64)>::new(move |share: f64| on_share((share * 100.0).clamp(0.0, 100.0) as u8));
    let called = load.call1(&JsValue::NULL, progress.as_ref());
    let result = match called.and_then(|p| p.dyn_into::<js_sys::Promise>()) {
        Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise).await,
        Err(e) => Err(e),
    };
    drop(progress);
    result.map(|_| ()).map_err(|e| {
        SwitchError::Download(
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .or_else(|| e.as_string())
                .unwrap_or_else(|| "no reason given".into()),
        )
    })
}

/// Natively (tests) there is no page to reload.
#[cfg(not(target_arch = "wasm32"))]
async fn reload_into_full(_on_share: impl Fn(u8) + 'static) -> Result<(), SwitchError> {
    Err(SwitchError::NoLoader)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_error_is_a_sentence_for_the_player() {
        for e in [
            SwitchError::NoLoader,
            SwitchError::Refused,
            SwitchError::Download("the server answered 404".into()),
        ] {
            let text = e.to_string();
            assert!(text.starts_with(char::is_lowercase) && !text.ends_with('.'), "{text}");
        }
        assert!(SwitchError::Download("offline".into()).to_string().contains("(offline)"));
    }
}
