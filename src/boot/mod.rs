//! Starting, resuming and leaving sessions: one-tap practice, a practice
//! lobby, creating and joining online rooms; and keeping the host's room in
//! browser storage so a reload resumes it. The screens ask for all of it as
//! errands (`store::Errand`), which [`SERVICES`] carries out for the store.

mod errands;
mod first_practice;
mod full_first;
pub mod learn;
pub mod maps;
mod online;
mod practice_file;
mod rooms;
pub mod watch;

pub use errands::SERVICES;
pub use first_practice::{practice_again, practice_as, shell_offered};
pub use rooms::{create_room, enter_room, host_room, host_serverless, join_room, join_serverless};

use duel_core::SeatId;
use leptos::prelude::*;

use crate::net::saves::PRACTICE;
use crate::net::{self, room_link_refused};
use crate::platform::{self, random, storage};
use crate::route::Route;
use crate::session::practice::{self, ThunderPractice};
use crate::session::SessionKind;
use crate::session::{BotDriver, Identity, Offline, Session};
use crate::store::Store;

/// Where offline Thunderstruck kept its duel while it ran on a table of its
/// own (before issue 35). That duel's beacons came from other dice than the
/// host's, so it cannot go on on the host: it is dropped, with a word.
const OLD_THUNDERSTRUCK_KEY: &str = "dice-duel/thunderstruck";

/// This device's player: its token and seat key (kept in storage) and name.
pub fn identity() -> Identity {
    Identity { token: net::player_token(), key: net::saves::seat_key(), name: net::saves::room_name() }
}

fn desks_key(room: &str) -> String {
    format!("dice-duel/bots/{room}/desks")
}

/// Thunderstruck bot seats' secrets (see `BotDriver::desks`), as JSON.
fn save_desks(room: &str, desks: &[(SeatId, Vec<u8>)]) {
    let pairs: Vec<(u8, &[u8])> = desks.iter().map(|(s, d)| (s.0, d.as_slice())).collect();
    if let Ok(text) = serde_json::to_string(&pairs) {
        let _ = storage::set(&desks_key(room), &text);
    }
}

fn load_desks(room: &str, bots: &mut BotDriver) {
    let text = storage::get(&desks_key(room)).unwrap_or_default();
    let pairs: Vec<(u8, Vec<u8>)> = serde_json::from_str(&text).unwrap_or_default();
    for (seat, bytes) in pairs {
        bots.keep_desk(SeatId(seat), &bytes);
    }
}

/// Writes the host's room (its bots' levels with it) and its Thunderstruck bots' secrets to
/// storage; `duel`: the room plays Thunderstruck Duel (see [`full_first::mark`]); `started`: its
/// game began (see [`practice_file::mark`]).
pub fn persist(mode: SessionKind, bytes: &[u8], desks: &[(SeatId, Vec<u8>)], (duel, started): (bool, bool)) {
    let room = match &mode {
        SessionKind::Practice => {
            practice_file::mark(PRACTICE, started);
            PRACTICE
        }
        SessionKind::Online { room, host: true } => room.as_str(),
        _ => return,
    };
    let _ = net::saves::save_host(room, bytes);
    save_desks(room, desks);
    full_first::mark(room, duel);
}

fn seed(store: Store) -> u64 {
    store.opts.seed.unwrap_or_else(random::u64)
}

/// Makes `session` the practice (the saved one is forgotten) and shows it.
pub fn start_practice(store: Store, session: Session<Offline>) {
    crate::course::forget_saved();
    net::saves::forget_host(PRACTICE);
    storage::remove(&desks_key(PRACTICE));
    crate::pause::forget_practice_behind();
    store.install(Box::new(session), SessionKind::Practice);
    store.save(platform::now_ms(), true);
    store.go(Route::Play);
}

/// One tap: a battle against a Medium bot crew, at once.
pub fn quick_practice(store: Store) {
    start_practice(store, practice::quick(&store.opts, seed(store), identity()));
}

/// A practice lobby: rules, crews, bots and the map first.
pub fn practice_lobby(store: Store) {
    start_practice(store, practice::lobby(&store.opts, seed(store), identity()));
}

/// Thunderstruck against bots, hosted in this tab like any practice (R23).
pub fn thunderstruck_practice(store: Store, choice: ThunderPractice) {
    start_practice(store, practice::thunderstruck(&store.opts, seed(store), identity(), choice));
}

/// Tells the player, once, that an unfinished offline Thunderstruck duel from
/// before it ran on the host is gone (its save is removed).
fn drop_old_thunderstruck(store: Store) {
    if storage::get(OLD_THUNDERSTRUCK_KEY).is_some() {
        storage::remove(OLD_THUNDERSTRUCK_KEY);
        store.toasts.info(
            "Your unfinished Thunderstruck duel was saved by an older version of the app and cannot be resumed. \
             Start a new one from Thunderstruck Duel on the home screen.",
        );
    }
}

/// Resumes the saved practice. Returns whether there was one that loads.
pub fn resume_practice(store: Store) -> bool {
    let Some(bytes) = net::saves::load_host(PRACTICE) else { return false };
    if full_first::to_resume(store, PRACTICE) || practice_file::to_resume(store, PRACTICE) {
        return true;
    }
    let opts = store.opts;
    let mut bots = BotDriver::new(opts.speed, seed(store), opts.bots_paused);
    load_desks(PRACTICE, &mut bots);
    match Session::restore(&bytes, Offline, identity(), bots, opts.timing()) {
        Ok(session) => {
            store.install(Box::new(session), SessionKind::Practice);
            true
        }
        Err(e) => {
            net::saves::forget_host(PRACTICE);
            store.toasts.error(format!("The saved practice could not be resumed: {e}"));
            false
        }
    }
}

/// "Join by camera" on the practice file: loads the full app, whose home opens
/// the camera's panel. Returns whether it did (else the panel opens here, and
/// says itself whether this browser can pair).
///
/// # Errors
/// On the practice file, [`NoWebRtc`]: this browser cannot be in a room, so
/// nothing is loaded for it.
pub fn join_camera_elsewhere(store: Store) -> Result<bool, crate::platform::webrtc::NoWebRtc> {
    if crate::platform::full_app::ROOMS {
        return Ok(false);
    }
    crate::platform::webrtc::rooms()?;
    Ok(full_first::ask(store, full_first::Then::JoinCamera))
}

/// Gives up hosting a room on the full app while it loads (`full_first`).
pub fn forget_host_ask(store: Store) {
    full_first::forget(store);
}

/// Leaves the running session. A practice or hosted room is forgotten.
pub fn leave(store: Store) {
    leave_quietly(store);
    platform::replace_url(&format!("/{}", Route::Home.hash()));
    store.go(Route::Home);
}

/// Leaves the running practice or room (its save forgotten) without
/// changing the screen: something else is about to be shown.
pub fn leave_quietly(store: Store) {
    match store.kind.get_untracked() {
        SessionKind::Practice => net::saves::forget_host(PRACTICE),
        SessionKind::Online { room, host: true } => net::saves::forget_host(&room),
        _ => {}
    }
    store.uninstall();
}

/// A shared map's link (`#/play?map=CODE`, see `maps::share`): the open
/// lobby, or a new practice lobby, with that map chosen. A code that does not read says why and
/// changes nothing else. Returns whether the lobby opened.
pub fn open_map_link(store: Store, code: &str) -> bool {
    match crate::atlas::share::from_text(code) {
        Ok(map) => {
            let name = map.name.clone();
            let in_room = matches!(store.kind.get_untracked(), SessionKind::Online { .. });
            if in_room && !maps::lobby_open(store) {
                // Opening a practice here would leave the room.
                store.toasts.error("This tab is in an online room: open the map link in another tab.");
                return false;
            }
            // Into the open lobby, or a new practice lobby.
            if !maps::play(store, map) {
                return false;
            }
            // The link did its work: a reload resumes this lobby instead of opening another.
            platform::replace_url(&format!("/{}{}", platform::query(), Route::Play.hash()));
            store.toasts.info(format!("The map \u{201c}{name}\u{201d} from the link is chosen."));
            true
        }
        Err(e) => {
            store.toasts.error(format!("This map link could not be read: {e}."));
            false
        }
    }
}

/// A map link pasted into the address bar of an open tab (no reload: only `hashchange`).
fn follow_map_links(store: Store) {
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(code) = crate::route::map_code(&platform::hash()) {
            open_map_link(store, &code);
        }
    });
    // The app lives as long as the page: so does its listener.
    std::mem::forget(listener);
}

/// On page load: a room link joins it; a map link opens a practice lobby
/// with that map; otherwise a saved practice resumes
/// (a reload lands back in the game). Returns the first screen.
pub fn on_load(store: Store) -> Route {
    drop_old_thunderstruck(store);
    let mut route = Route::from_hash(&platform::hash());
    if store.opts.board_view {
        route = Route::Board;
    }
    // A room link in a browser that cannot be in a room (no WebRTC) opens nothing: the home
    // screen says why (`room_link_refused`), with Practice and a saved practice below it.
    if let Some(missing) = room_link_refused() {
        leptos::logging::log!("[net] the room link is not followed: no WebRTC ({missing:?})");
        return Route::Home;
    }
    if let Some(room) = net::room_from_location() {
        // "Host this room" from a guest that found no host: a fresh page hosts it
        // (the guest's connection is gone with the old page, not torn down under it).
        if platform::query::param(&platform::query(), "host").as_deref() == Some("1") {
            host_room(store, room);
            return Route::Play;
        }
        join_room(store, &room);
        return if route == Route::Board { Route::Board } else { Route::Play };
    }
    if let Some(route) = full_first::resume(store, route) {
        return route;
    }
    if first_practice::from_shell(store) {
        return Route::Play;
    }
    follow_map_links(store);
    if let Some(code) = crate::route::map_code(&platform::hash()) {
        if open_map_link(store, &code) {
            return Route::Play;
        }
    }
    // A replay's address opens the replay; a saved practice waits on the home screen (one that
    // resumes on another file waits for its button: this load came for something else).
    if route != Route::Replay
        && net::saves::has_practice()
        && !practice_file::elsewhere(PRACTICE)
        && resume_practice(store)
    {
        return route;
    }
    if route == Route::Play {
        Route::Home
    } else {
        route
    }
}
