//! Pausing a practice game (issue 16: a practice pace). A practice room is
//! hosted in this tab, so its whole session (host deadlines, bots, replica)
//! runs on a clock the store hands it: pausing stops that clock. While
//! paused nothing is pumped and nothing can be sent; on resume the clock
//! goes on from where it stopped, so no deadline ran out meanwhile. An
//! online room never pauses: the table keeps real time, as the board game does.

use crate::platform::storage;
use crate::session::BotPace;

const PACE_KEY: &str = "dice-duel/bot-pace";
/// How far the saved practice's clock is behind real time (its pauses).
const BEHIND_KEY: &str = "dice-duel/practice-behind";

/// The bot pace this device chose last (normal at first).
pub fn stored_pace() -> BotPace {
    storage::get(PACE_KEY).and_then(|n| BotPace::from_name(&n)).unwrap_or_default()
}

/// Whether this device ever chose a bot pace (a first practice goes relaxed otherwise).
pub fn pace_chosen() -> bool {
    storage::get(PACE_KEY).is_some()
}

pub fn store_pace(pace: BotPace) {
    let _ = storage::set(PACE_KEY, pace.name());
}

/// The saved practice's pauses: its host's deadlines are on a clock this far
/// behind real time, which a reload must keep.
pub fn practice_behind() -> u64 {
    storage::get(BEHIND_KEY).and_then(|t| t.parse().ok()).unwrap_or(0)
}

pub fn remember_practice_behind(ms: u64) {
    let _ = storage::set(BEHIND_KEY, &ms.to_string());
}

/// A new practice starts on real time.
pub fn forget_practice_behind() {
    storage::remove(BEHIND_KEY);
}

/// Why the game is paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseReason {
    /// The player pressed Pause (P): only the player resumes.
    Player,
    /// The rules page or another tab is in front: resumes when the game is back.
    Away,
}

/// The practice clock: real time minus the time spent paused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PauseClock {
    /// Since when (real ms), and why.
    paused: Option<(u64, PauseReason)>,
    /// Real ms spent paused before the current pause.
    behind: u64,
}

impl PauseClock {
    /// A clock already `behind` real time (a reloaded practice).
    pub fn behind(behind: u64) -> PauseClock {
        PauseClock { paused: None, behind }
    }

    /// The session's time at real time `now`: stopped while paused.
    pub fn at(&self, now: u64) -> u64 {
        let stopped = self.paused.map_or(now, |(since, _)| since.min(now));
        stopped.saturating_sub(self.behind)
    }

    /// How far the clock is behind real time, pauses done so far.
    pub fn total_behind(&self) -> u64 {
        self.behind
    }

    pub fn reason(&self) -> Option<PauseReason> {
        self.paused.map(|(_, r)| r)
    }

    /// Pauses at `now`. A player's pause wins over an "away" one (it must
    /// not end when the rules page closes).
    pub fn pause(&mut self, now: u64, reason: PauseReason) {
        match &mut self.paused {
            None => self.paused = Some((now, reason)),
            Some((_, r)) if reason == PauseReason::Player => *r = PauseReason::Player,
            Some(_) => {}
        }
    }

    /// Resumes at `now` if paused for `reason` (the player resumes any pause).
    /// Returns whether the clock runs again.
    pub fn resume(&mut self, now: u64, reason: PauseReason) -> bool {
        match self.paused {
            Some((since, r)) if reason == PauseReason::Player || r == reason => {
                self.behind += now.saturating_sub(since);
                self.paused = None;
                true
            }
            Some(_) => false,
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_stops_while_paused_and_goes_on_where_it_stopped() {
        let mut c = PauseClock::default();
        assert_eq!(c.at(1_000), 1_000);
        c.pause(1_000, PauseReason::Player);
        assert_eq!(c.at(5_000), 1_000, "stopped");
        assert!(c.resume(9_000, PauseReason::Player));
        assert_eq!(c.at(9_000), 1_000, "no time passed for the game");
        assert_eq!(c.at(9_500), 1_500);
        assert_eq!(c.total_behind(), 8_000);
        assert_eq!(PauseClock::behind(8_000).at(9_500), 1_500, "a reload keeps the offset");
    }

    #[test]
    fn coming_back_ends_only_an_away_pause() {
        let mut c = PauseClock::default();
        c.pause(100, PauseReason::Away);
        assert!(c.resume(200, PauseReason::Away));
        c.pause(300, PauseReason::Player);
        assert!(!c.resume(400, PauseReason::Away), "the player's pause stays");
        assert_eq!(c.reason(), Some(PauseReason::Player));
        c.pause(500, PauseReason::Away);
        assert_eq!(c.reason(), Some(PauseReason::Player));
        // An away pause becomes the player's when the player presses Pause too.
        let mut d = PauseClock::default();
        d.pause(0, PauseReason::Away);
        d.pause(10, PauseReason::Player);
        assert!(!d.resume(20, PauseReason::Away));
        assert!(d.resume(30, PauseReason::Player));
        assert_eq!(d.at(30), 0);
    }
}
