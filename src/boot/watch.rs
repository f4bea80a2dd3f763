//! Watching a kept game (issue 17): a saved game, a game file or a replay
//! link opened as a [`ReplaySession`] in the replay screen. What is kept,
//! and how, is `crate::records`'.

use duel_net::{GameRecord, Replay};
use leptos::prelude::*;

use crate::platform;
use crate::records::{address, db, keeper, record};
use crate::route::Route;
use crate::session::{ReplaySession, SessionKind};
use crate::store::Store;

/// Shows `record` in the viewer. A finished game that ran before is left
/// as "Home" would; an unfinished practice stays saved (home offers to
/// resume it); an online room is never left for a replay.
pub fn watch(store: Store, record: GameRecord) {
    let key = record::entry(&record).key;
    let over = store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
    match store.kind.get_untracked() {
        SessionKind::Online { .. } if !over => {
            store
                .toasts
                .error("This tab is in a room: watch saved games in another tab, or after leaving the room.");
            return;
        }
        SessionKind::Practice if !over => store.uninstall(),
        _ => super::leave_quietly(store),
    }
    store
        .install(Box::new(ReplaySession::new(Replay::new(record))), SessionKind::Replay { key: key.clone() });
    platform::set_hash(&address(&key));
    store.show_route(Route::Replay);
}

/// The result screen's "Watch the replay": the game just played, kept and shown.
pub fn watch_current(store: Store) {
    match store.current_record() {
        Some(record) => {
            keeper::keep(store.toasts, record.clone());
            watch(store, record);
        }
        None => store.toasts.error("This game has no record to replay."),
    }
}

/// Reads a game file's text or a replay link and shows it (keeping it in
/// the saved games). A foreign or damaged file says why and changes nothing.
pub async fn open_text(store: Store, text: &str) -> bool {
    let bytes = match db::unpack(text).await {
        Ok(bytes) => bytes,
        Err(reason) => {
            store.toasts.error(format!("This game could not be opened: {reason}."));
            return false;
        }
    };
    match GameRecord::from_bytes(&bytes) {
        Ok(record) => {
            keeper::keep(store.toasts, record.clone());
            watch(store, record);
            true
        }
        Err(e) => {
            store.toasts.error(format!("This game could not be opened: {e}."));
            false
        }
    }
}

/// Opens the saved game `key` (a reload of the viewer, or the list's "Watch").
pub async fn open_saved(store: Store, key: &str) -> bool {
    let Some(bytes) = db::get(key).await else {
        store.toasts.error("That saved game is no longer on this device.");
        return false;
    };
    match GameRecord::from_bytes(&bytes) {
        Ok(record) => {
            watch(store, record);
            true
        }
        Err(e) => {
            store.toasts.error(format!("That saved game cannot be shown: {e}."));
            false
        }
    }
}
