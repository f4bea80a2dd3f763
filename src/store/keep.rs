//! Keeping every finished game (issue 17): the store notes when each batch of
//! events arrived ([`Keeper`]), and when the game ends it hands the game's
//! record to the saved games, once per game ([`keeper::keep`]).

use duel_net::GameRecord;
use leptos::prelude::*;

use super::Store;
use crate::platform::now_ms;
use crate::records::{keeper, record, Keeper};
use crate::session::SessionKind;

impl Store {
    /// The running game as a record, if the session has a game copy.
    pub fn current_record(&self) -> Option<GameRecord> {
        let room = self.room.get_untracked();
        let mode = self.kind.get_untracked();
        let room_name = match &mode {
            SessionKind::Online { room, .. } => Some(room.as_str()),
            _ => None,
        };
        // The bots' levels as the room's plan has them (issue 30).
        let levels: Vec<_> = room
            .as_ref()
            .map(|r| {
                r.bot_seats().into_iter().map(|s| (s, crate::session::difficulty(r.bot_level(s)))).collect()
            })
            .unwrap_or_default();
        let seen = self.keeper.with_value(|k| k.seen().to_vec());
        let cx = record::Context {
            room: room.as_ref(),
            room_name,
            levels: &levels,
            seen: &seen,
            now_ms: now_ms(),
        };
        self.with_session(|s| {
            s.copy().map(|(base_seq, base, events)| record::build(base_seq, base, events, &cx))
        })
        .flatten()
    }

    /// After every pump that applied events: saves the game once it is over.
    pub(super) fn keep_if_over(&self) {
        let over = self.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
        if !over
            || self.keeper.with_value(Keeper::kept)
            || matches!(self.kind.get_untracked(), SessionKind::None)
        {
            return;
        }
        self.keeper.update_value(Keeper::mark_kept);
        let Some(record) = self.current_record() else { return };
        keeper::keep(self.toasts, record);
    }
}
