//! Finished games kept for watching again (issue 17): every finished game is
//! kept in the browser ([`keeper`], [`db`]); a [`ReplaySession`] plays one
//! back for the replay screen (`crate::replay`) through the same board,
//! displays and story as the live game; a game travels as a file or a link
//! ([`db::pack`]); the home screen lists them (`crate::home`).
//!
//! Addresses: `#/replay?id=KEY` a saved game, `#/replay?g=DDG1.…` a game
//! carried by the link itself.

pub mod db;
pub mod keeper;
pub mod record;
pub mod session;

pub use keeper::Keeper;
pub use session::ReplaySession;

use duel_net::{GameRecord, Replay};
use leptos::prelude::*;

use crate::boot::{self, Mode};
use crate::platform;
use crate::route::Route;
use crate::store::Store;

/// The address of a saved game.
pub fn address(key: &str) -> String {
    format!("{}?id={key}", Route::Replay.hash())
}

/// Shows `record` in the viewer. A finished game that ran before is left
/// as "Home" would; an unfinished practice stays saved (home offers to
/// resume it); an online room is never left for a replay.
pub fn watch(store: Store, record: GameRecord) {
    let key = record::entry(&record).key;
    let over = store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
    match store.mode.get_untracked() {
        Mode::Online { .. } if !over => {
            store
                .toasts
                .error("This tab is in a room: watch saved games in another tab, or after leaving the room.");
            return;
        }
        Mode::Practice if !over => store.uninstall(),
        _ => boot::leave_quietly(store),
    }
    store.install(Box::new(ReplaySession::new(Replay::new(record))), Mode::Replay { key: key.clone() });
    platform::set_hash(&address(&key));
    store.show_route(Route::Replay);
}

/// The result screen's "Watch the replay": the game just played, kept and shown.
pub fn watch_current(store: Store) {
    match keeper::current(store) {
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

/// What the replay address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wanted {
    Saved(String),
    Link(String),
    Nothing,
}

/// Reads `#/replay?id=…` or `#/replay?g=…`.
pub fn wanted(hash: &str) -> Wanted {
    let Some((_, params)) = hash.split_once('?') else { return Wanted::Nothing };
    if let Some(g) = platform::query::param(params, "g").filter(|g| !g.is_empty()) {
        return Wanted::Link(g);
    }
    match platform::query::param(params, "id").filter(|k| !k.is_empty()) {
        Some(key) => Wanted::Saved(key),
        None => Wanted::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_addresses_name_a_saved_game_or_carry_one() {
        assert_eq!(wanted("#/replay?id=00ab-12cd"), Wanted::Saved("00ab-12cd".into()));
        assert_eq!(wanted("#/replay?g=DDG1.xyz"), Wanted::Link("DDG1.xyz".into()));
        assert_eq!(wanted("#/replay"), Wanted::Nothing);
        assert_eq!(wanted("#/replay?id="), Wanted::Nothing);
        assert_eq!(address("k1"), "#/replay?id=k1");
    }
}
