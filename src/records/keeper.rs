//! Keeping every finished game: the store tells the keeper when each batch
//! of events arrived, and when the game ends the keeper writes its record
//! to the saved games (once per game; a reload of the result screen saves
//! the same key again, which replaces it).

use duel_net::GameRecord;
use leptos::prelude::*;

use super::{db, record};
use crate::boot::Mode;
use crate::platform::now_ms;
use crate::store::Store;
use crate::ui::toast::Toasts;

/// What the keeper knows of the running session.
#[derive(Clone, Debug, Default)]
pub struct Keeper {
    /// (the first seq of a batch, when this tab applied it).
    seen: Vec<(u64, u64)>,
    /// The finished game was handed to storage.
    kept: bool,
}

impl Keeper {
    /// A batch starting at `seq` arrived at `at`.
    pub fn saw(&mut self, seq: u64, at: u64) {
        self.seen.push((seq, at));
    }
}

/// The running game as a record, if the session has a game copy.
pub fn current(store: Store) -> Option<GameRecord> {
    let room = store.room.get_untracked();
    let mode = store.mode.get_untracked();
    let room_name = match &mode {
        Mode::Online { room, .. } => Some(room.as_str()),
        _ => None,
    };
    // The bots' levels as the room's plan has them (issue 30).
    let levels: Vec<_> = room
        .as_ref()
        .map(|r| r.bot_seats().into_iter().map(|s| (s, crate::session::difficulty(r.bot_level(s)))).collect())
        .unwrap_or_default();
    let seen = store.keeper.with_value(|k| k.seen.clone());
    let cx =
        record::Context { room: room.as_ref(), room_name, levels: &levels, seen: &seen, now_ms: now_ms() };
    store
        .with_session(|s| s.copy().map(|(base_seq, base, events)| record::build(base_seq, base, events, &cx)))
        .flatten()
}

/// Called after every pump that applied events: saves the game once it is over.
pub fn after_events(store: Store) {
    let over = store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
    if !over || store.keeper.with_value(|k| k.kept) || matches!(store.mode.get_untracked(), Mode::None) {
        return;
    }
    store.keeper.update_value(|k| k.kept = true);
    let Some(record) = current(store) else { return };
    keep(store.toasts, record);
}

/// Writes `record` to the saved games (a failure is said once, the game goes on).
pub fn keep(toasts: Toasts, record: GameRecord) {
    let entry = record::entry(&record);
    let bytes = record.to_bytes();
    leptos::task::spawn_local(async move {
        if let Err(reason) = db::put(&entry, &bytes).await {
            toasts.error(format!("This game could not be kept for replays: {reason}"));
        }
    });
}
