//! The replay being watched, as the replay screen reads and steers it: reads
//! through a shared borrow, and the controls as actions that retell the story
//! when the replay jumped, so no component holds the session.

use duel_core::Event;

use super::Store;
use crate::session::ReplaySession;

/// A control of the replay being watched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// Jump to the event at this position (0 is the start).
    Seek(usize),
    /// Jump to the previous freeze, if there is one.
    PreviousFreeze,
    /// Jump to the next freeze, if there is one.
    NextFreeze,
    /// Play when paused, pause when playing.
    PlayPause,
    /// Play at this speed (one of `session::replay::SPEEDS`).
    Speed(u64),
}

impl Store {
    /// Reads the replay being watched (`None` when the session is not a replay).
    pub fn read_replay<U>(&self, f: impl FnOnce(&ReplaySession) -> U) -> Option<U> {
        self.with_session(|s| s.as_replay().map(|r| f(r))).flatten()
    }

    /// Steers the replay being watched; a jump retells the story from where it landed.
    pub fn control_replay(&self, control: ReplayControl) {
        let told = self.with_session(|s| s.as_replay().and_then(|r| apply(r, control))).flatten();
        if let Some(events) = told {
            self.retell(&events);
        }
        self.pump();
    }
}

/// Carries out `control`; the events to retell when the replay jumped.
fn apply(r: &mut ReplaySession, control: ReplayControl) -> Option<Vec<Event>> {
    match control {
        ReplayControl::Seek(position) => Some(r.seek(position)),
        ReplayControl::PreviousFreeze => r.replay().previous_freeze().map(|f| r.seek(f)),
        ReplayControl::NextFreeze => r.replay().next_freeze().map(|f| r.seek(f)),
        ReplayControl::PlayPause => {
            let on = !r.playing();
            r.set_playing(on);
            None
        }
        ReplayControl::Speed(speed) => {
            r.set_speed(speed);
            None
        }
    }
}
