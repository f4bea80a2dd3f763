//! The room owner's bots as the UI drives them: their levels, pausing them
//! (`?bots=off`), and a person's call for energy to bot Engineering.

use duel_bots::{Difficulty, EnergyRequest};
use duel_core::SeatId;
use leptos::prelude::*;

use super::Store;

impl Store {
    /// Sets the level of the bot in `seat` (owner only: the owner's tab runs the bots).
    pub fn set_level(&self, seat: SeatId, level: Difficulty) {
        let levels = self.with_session(|s| {
            s.bots().set_level(seat, level);
            s.bots_ref().levels()
        });
        if let Some(levels) = levels {
            self.set.levels.set(levels);
        }
    }

    /// Pauses or resumes the bots.
    pub fn set_bots_paused(&self, paused: bool) {
        self.with_session(|s| s.bots().set_paused(paused));
        self.set.bots_paused.set(paused);
    }

    /// A person shouts for energy for a station: bot Engineering honours it first.
    pub fn call_out(&self, request: EnergyRequest) {
        self.game.with_untracked(|g| {
            if let Some(g) = g {
                self.with_session(|s| s.bots().call_out(g, request));
            }
        });
        self.toasts.info(request.shout());
        self.pump();
    }
}
