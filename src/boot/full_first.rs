//! What the base file (issue 32) hands to the full app before it starts.
//!
//! A device hosts a room on the full app, so the room can turn to Thunderstruck
//! Duel without its host reloading, which would make the room elect another
//! host. On the base file, "Create a room" and "Play here, no internet" first
//! load the full app (a reload, `app::loading` shows the progress), and the
//! reloaded tab then does what was asked.
//!
//! A saved practice or hosted room that plays Thunderstruck Duel is marked as
//! such: the base file cannot replay its log (it has no Thunderstruck rules),
//! so it loads the full app to resume it instead of failing and dropping it.

use leptos::prelude::*;

use crate::platform::{full_app, storage};
use crate::route::Route;
use crate::store::Store;

/// The tab's ask, kept across the reload (`sessionStorage`).
const THEN_KEY: &str = "dice-duel/then";

/// The mark of a saved game that plays Thunderstruck Duel (`room`'s save).
fn duel_key(room: &str) -> String {
    format!("dice-duel/duel/{room}")
}

/// Marks `room`'s save as playing Thunderstruck Duel, or not.
pub fn mark(room: &str, duel: bool) {
    if duel {
        let _ = storage::set(&duel_key(room), "1");
    } else {
        storage::remove(&duel_key(room));
    }
}

/// On the base file, a save of `room` that plays Thunderstruck Duel: loads the
/// full app to resume it (the same address: the reload resumes it there).
/// Returns whether it did (the caller leaves the save alone).
pub fn to_resume(store: Store, room: &str) -> bool {
    if full_app::LOADED || storage::get(&duel_key(room)).is_none() {
        return false;
    }
    store.ui.loads_full.set(Some("This game is Thunderstruck Duel: it resumes with the rest of the game."));
    true
}

/// What to do once the full app runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    CreateRoom,
    HostHere,
    /// "Join by camera" on the practice file (issue 49): the full app opens
    /// the home with the camera's panel.
    JoinCamera,
}

impl Then {
    fn key(self) -> &'static str {
        match self {
            Then::CreateRoom => "create-room",
            Then::HostHere => "host-serverless",
            Then::JoinCamera => "join-camera",
        }
    }
}

/// On the base file: remembers `then` for this tab and loads the full app.
/// Returns whether it did (the caller then does nothing more).
pub fn ask(store: Store, then: Then) -> bool {
    if full_app::LOADED {
        return false;
    }
    storage::session_set(THEN_KEY, then.key());
    store.ui.loads_full.set(Some(match then {
        Then::JoinCamera => "Joining a room loads the rest of the game first.",
        _ => "A room you host loads the whole game first, so that it can play either game.",
    }));
    true
}

/// On the full app's home: the tab asked to join by camera before its reload,
/// so the home opens the camera's panel (`Ui::camera_asked`; the ask is removed).
fn take_camera_ask(store: Store) {
    if full_app::LOADED && storage::session_take(THEN_KEY).is_some() {
        store.ui.camera_asked.set(true);
    }
}

/// Gives up the ask (the player went home while the full app loaded).
pub fn forget(store: Store) {
    let _ = storage::session_take(THEN_KEY);
    store.ui.loads_full.set(None);
}

/// On the full app's first screen: does what the tab asked before its reload
/// (once: the ask is removed). Returns the screen it opened. The ask was made
/// on the home screen, and its reload lands there: on another screen it is
/// stale (that switch failed, and a later one, to Thunderstruck say, brought
/// the tab here), so it is dropped.
pub fn resume(store: Store, route: Route) -> Option<Route> {
    // The camera's panel is the home's: the home opens it.
    if route == Route::Home && storage::session_get(THEN_KEY).as_deref() == Some(Then::JoinCamera.key()) {
        take_camera_ask(store);
        return None;
    }
    let asked = storage::session_take(THEN_KEY)?;
    if !full_app::LOADED || route != Route::Home {
        return None;
    }
    let hosted = match asked.as_str() {
        k if k == Then::CreateRoom.key() => super::create_room(store),
        k if k == Then::HostHere.key() => super::host_serverless(store),
        _ => return None,
    };
    // Asked before the reload too: only a browser that lost WebRTC on the way lands here.
    if let Err(missing) = hosted {
        store.toasts.error(missing.to_string());
        return None;
    }
    Some(Route::Play)
}
