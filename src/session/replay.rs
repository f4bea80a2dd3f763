//! A recorded game played back through the same screens as a live one: a
//! [`SessionApi`] whose game is the replay's position, moved on by a
//! playback clock (play, pause, speed) or by a jump.

use duel_core::{Event, Game, Intent, SeatId};
use duel_net::{Command, PlayerNo, Replay, RoomView, Timing};

use super::{BotDriver, Pumped, SessionApi};
use crate::net::ConnState;

/// Playback speeds offered, as multiples of the game's own pace.
pub const SPEEDS: [u64; 5] = [1, 2, 4, 8, 16];
/// At most this many events per pump, so a fast replay still tells its story in steps.
const MAX_STEP: usize = 200;

/// See the module docs.
pub struct ReplaySession {
    replay: Replay,
    /// Never drives anything: the trait wants one.
    bots: BotDriver,
    playing: bool,
    speed: u64,
    /// The replay's clock: ms after the game's first event.
    clock: u64,
    /// The wall clock at the last pump.
    last: Option<u64>,
    /// A jump happened: the next pump republishes the game.
    jumped: bool,
}

impl ReplaySession {
    pub fn new(replay: Replay) -> ReplaySession {
        ReplaySession {
            replay,
            bots: BotDriver::new(1, 0, true),
            playing: false,
            speed: 2,
            clock: 0,
            last: None,
            jumped: true,
        }
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Plays or pauses; playing at the end starts again from the beginning.
    pub fn set_playing(&mut self, on: bool) {
        if on && self.replay.at_end() {
            self.seek(0);
        }
        self.playing = on;
        self.last = None;
    }

    pub fn speed(&self) -> u64 {
        self.speed
    }

    pub fn set_speed(&mut self, speed: u64) {
        self.speed = speed.clamp(1, SPEEDS[SPEEDS.len() - 1]);
    }

    /// Jumps to `position` (events applied); returns the events up to it,
    /// from which the story is rebuilt.
    pub fn seek(&mut self, position: usize) -> Vec<Event> {
        self.replay.seek(position);
        self.clock = self.replay.time_at(self.replay.position());
        self.jumped = true;
        self.replay.record().events[..self.replay.position()].to_vec()
    }

    /// Where the playback clock stands, ms after the first event.
    pub fn clock(&self) -> u64 {
        self.clock
    }
}

impl SessionApi for ReplaySession {
    fn pump(&mut self, now_ms: u64) -> Pumped {
        let mut p = Pumped { game_changed: std::mem::take(&mut self.jumped), ..Pumped::default() };
        if self.playing {
            let dt = self.last.map_or(0, |last| now_ms.saturating_sub(last));
            self.clock = self.clock.saturating_add(dt.saturating_mul(self.speed));
            let target = self.replay.position_at(self.clock).max(self.replay.position());
            let steps = self.replay.forward((target - self.replay.position()).min(MAX_STEP));
            p.game_changed |= !steps.is_empty();
            p.events = steps.into_iter().map(|s| (s.seq, s.event)).collect();
            if self.replay.at_end() {
                self.playing = false;
            }
        }
        self.last = Some(now_ms);
        p
    }

    fn submit(&mut self, _now_ms: u64, _seat: SeatId, _intent: Intent) -> Result<(), String> {
        Err("this is a replay: nothing can be changed".to_string())
    }

    fn command(&mut self, _now_ms: u64, _command: Command) -> Result<(), String> {
        Err("this is a replay: nothing can be changed".to_string())
    }

    fn game(&self) -> Option<&Game> {
        Some(self.replay.game())
    }

    fn room(&self) -> Option<&RoomView> {
        None
    }

    fn me(&self) -> Option<PlayerNo> {
        None
    }

    fn is_owner(&self) -> bool {
        false
    }

    fn bots(&mut self) -> &mut BotDriver {
        &mut self.bots
    }

    fn bots_ref(&self) -> &BotDriver {
        &self.bots
    }

    fn save(&self) -> Option<Vec<u8>> {
        None
    }

    fn history(&self) -> &[Event] {
        &[]
    }

    fn copy(&self) -> Option<(u64, &Game, &[Event])> {
        None
    }

    fn as_replay(&mut self) -> Option<&mut ReplaySession> {
        Some(self)
    }

    fn timing(&self) -> Timing {
        Timing::default()
    }

    fn link_state(&self) -> ConnState {
        ConnState::Offline
    }

    #[cfg(feature = "test-hooks")]
    fn head(&self) -> u64 {
        self.replay.seq()
    }

    fn pending(&self) -> usize {
        0
    }

    #[cfg(feature = "test-hooks")]
    fn host_peer(&self) -> Option<duel_net::PeerId> {
        None
    }

    #[cfg(feature = "test-hooks")]
    fn linked(&self) -> usize {
        0
    }

    #[cfg(feature = "test-hooks")]
    fn hosting(&self) -> (u32, bool) {
        (0, false)
    }
}
