//! What screens read of the session through the store, so that no component
//! holds the session itself (`Store::with_session` is the foundation's).

use duel_core::Event;

use super::Store;

impl Store {
    /// Every event this device's copy of the game has applied, oldest first
    /// (empty with no session). Untracked: read it where `game` is tracked.
    pub fn history(&self) -> Vec<Event> {
        self.with_session(|s| s.history()).unwrap_or_default()
    }

    /// Intents and commands this device sent that the host has not answered
    /// yet (0 with no session). Untracked.
    pub fn pending(&self) -> usize {
        self.with_session(|s| s.pending()).unwrap_or(0)
    }
}
