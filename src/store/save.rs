//! The host's room in storage: written at most once a second while it
//! changes (and at once when asked), kept or forgotten as an election moves
//! the hosting to or from this tab, so a reload restores the room.

use duel_core::SeatId;
use leptos::prelude::*;

use super::Store;
use crate::session::SessionKind;

/// Writes a room's save to storage: the session's bytes, the bots' desks, and
/// (whether the room plays Thunderstruck Duel, whether its game began). A
/// service's (`boot::persist`), handed to [`Store::new`] in `boot::SERVICES`:
/// the store holds state, the services keep storage.
pub type Persist = fn(SessionKind, &[u8], &[(SeatId, Vec<u8>)], (bool, bool));

/// How often (at most) the host's room is written to storage.
const SAVE_EVERY_MS: u64 = 1_000;

impl Store {
    /// An election moved the room: a tab that now hosts keeps the room's save
    /// (a reload restores it), a tab that stepped down forgets its own.
    pub(super) fn hosting_changed(&self, hosting: bool) {
        let SessionKind::Online { room, .. } = self.kind.get_untracked() else { return };
        if !hosting {
            crate::net::saves::forget_host(&room);
        }
        self.set.kind.set(SessionKind::Online { room, host: hosting });
        if hosting {
            self.save_due.set_value(true);
        }
    }

    /// Writes the host's room to storage: when `force`d, or when it changed
    /// and the last write is a second old.
    pub fn save(&self, now: u64, force: bool) {
        let due =
            self.save_due.get_value() && now.saturating_sub(self.last_save.get_value()) >= SAVE_EVERY_MS;
        if !force && !due {
            return;
        }
        self.save_due.set_value(false);
        let Some(Some(bytes)) = self.with_session(|s| s.save()) else { return };
        self.last_save.set_value(now);
        let desks = self.with_session(|s| s.bots_ref().desks()).unwrap_or_default();
        let duel = self.room.with_untracked(|r| {
            r.as_ref().is_some_and(|r| matches!(r.config.mode, duel_core::Mode::Thunderstruck(_)))
        });
        let started = self.game.with_untracked(Option::is_some);
        (self.services.persist)(self.kind.get_untracked(), &bytes, &desks, (duel, started));
    }
}
