//! Keeping every finished game: the store tells the keeper when each batch
//! of events arrived, and when the game ends it writes the game's record to
//! the saved games (`store/keep.rs`; once per game: a reload of the result
//! screen saves the same key again, which replaces it).

use super::{db, record};
use crate::ui::toast::Toasts;
use duel_net::GameRecord;

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

    /// (the first seq of a batch, when this tab applied it), for the record.
    pub fn seen(&self) -> &[(u64, u64)] {
        &self.seen
    }

    /// Whether the finished game was handed to storage.
    pub fn kept(&self) -> bool {
        self.kept
    }

    /// The finished game is handed to storage (never twice).
    pub fn mark_kept(&mut self) {
        self.kept = true;
    }
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
