//! The practice clock: the time the session runs on (stopped while a
//! practice battle is paused), pausing and resuming, and the bots' pace.
//! See [`crate::pause`] for why a practice can pause and a room cannot.

use leptos::prelude::*;

use super::Store;
use crate::pause::{self, PauseClock, PauseReason};
use crate::platform::now_ms;
use crate::session::SessionKind;

impl Store {
    /// The session's clock: real time, less the time a practice spent paused.
    pub fn session_now(&self) -> u64 {
        self.clock.with_value(|c| c.at(now_ms()))
    }

    /// Pauses a practice battle (an online room keeps real time; a lobby or a
    /// result has nothing to pause). Returns whether it is paused now.
    pub fn pause(&self, reason: PauseReason) -> bool {
        let battle = self.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()));
        if self.kind.get_untracked() != SessionKind::Practice || !battle {
            return false;
        }
        let now = now_ms();
        self.clock.update_value(|c| c.pause(now, reason));
        self.set.paused.set(self.clock.with_value(PauseClock::reason));
        true
    }

    /// Resumes a pause of `reason` (the player's resume ends any pause).
    pub fn resume(&self, reason: PauseReason) {
        let now = now_ms();
        if self.clock.with_value(|c| c.reason().is_none()) {
            return;
        }
        self.clock.update_value(|c| {
            c.resume(now, reason);
        });
        let (reason, behind) = self.clock.with_value(|c| (c.reason(), c.total_behind()));
        self.set.paused.set(reason);
        if reason.is_none() {
            pause::remember_practice_behind(behind);
            self.pump();
        }
    }

    /// How fast this tab's bots act from now on (remembered on this device).
    pub fn set_bot_pace(&self, pace: crate::session::BotPace) {
        self.with_session(|s| s.bots().set_pace(pace));
        self.ui.bot_pace.set(pace);
        pause::store_pace(pace);
    }
}
