//! What screens read of the session through the store, so that no component
//! holds the session itself (`Store::with_session` is the foundation's).

use duel_core::Event;

use super::Store;

impl Store {
    /// `f` of the host's event log, oldest first, read in place (empty where
    /// this tab does not host; `None` with no session). Untracked: read it
    /// where `game` is tracked.
    pub fn with_history<U>(&self, f: impl FnOnce(&[Event]) -> U) -> Option<U> {
        self.with_session(|s| f(s.history()))
    }

    /// Intents and commands this device sent that the host has not answered
    /// yet (0 with no session). Untracked.
    pub fn pending(&self) -> usize {
        self.with_session(|s| s.pending()).unwrap_or(0)
    }
}
