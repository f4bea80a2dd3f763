//! Thunderstruck through the store (R23): sealing the person's plan, and
//! reading their dice and their sealed plan. The desk that holds the secrets
//! is the session's (`session/thunder_desk.rs`), which also sends its
//! protocol steps (commit a seed, reveal) from the pump; a screen only calls
//! these. The reads are untracked: read them in a memo over `game`.

use duel_core::thunderstruck::Placement;
use duel_core::{Intent, Pip};

use super::{no_session, Store};

impl Store {
    /// Locks in the person's plan: `placement` after `rerolls` rerolls, sealed
    /// by the session's desk and sent like any intent.
    ///
    /// # Errors
    /// The rules' reason in words (no dice yet, a misplaced die), or why it
    /// could not be sent (paused, the host away, no session).
    pub fn seal_plan(&self, rerolls: u8, placement: Placement) -> Result<(), String> {
        let (seat, intent) =
            self.with_session(|s| s.seal_plan(rerolls, placement)).ok_or_else(no_session)??;
        self.submit(seat, Intent::Thunderstruck(intent))
    }

    /// The person's dice this round after `rerolls` rerolls (`None` before the round's roll).
    pub fn duel_dice(&self, rerolls: u8) -> Option<Vec<Pip>> {
        self.with_session(|s| s.duel_dice(rerolls)).flatten()
    }

    /// The plan the person sealed this round: its rerolls and its placement.
    pub fn duel_plan(&self) -> Option<(u8, Placement)> {
        self.with_session(|s| s.duel_plan()).flatten()
    }
}
