//! The room owner's bots as the UI drives them: their levels, pausing them
//! (`?bots=off`), and a person's call for energy to bot Engineering.

use duel_bots::{Difficulty, EnergyRequest};
use duel_core::SeatId;
use leptos::prelude::*;

use duel_net::{Command, LobbyEdit};

use super::Store;
use crate::session::bot_level;

impl Store {
    /// Sets the level of the bot in `seat`: an owner's edit of the room's
    /// plan, through the host, so every replica (and a successor) has it.
    pub fn set_level(&self, seat: SeatId, level: Difficulty) {
        self.command(Command::Edit(LobbyEdit::Level { seat, level: bot_level(level) }));
    }

    /// Whether, and how well, bots play for a player whose device is gone.
    pub fn set_cover(&self, cover: Option<Difficulty>) {
        self.command(Command::Edit(LobbyEdit::Cover(cover.map(bot_level))));
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
