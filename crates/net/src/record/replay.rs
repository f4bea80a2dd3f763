//! Stepping through a [`GameRecord`]: forward event by event (what playback
//! does, so the story is told as in the game), a jump anywhere (rebuilt
//! from the nearest checkpoint), the freezes to jump to, and the recording
//! device's clock to play at the game's own pace.

use duel_core::{Event, Game};

use super::GameRecord;

/// A checkpoint every this many events keeps a jump to any point cheap.
const CHECKPOINT_EVERY: usize = 128;
/// The pace of a record that kept no times: a batch of events every this many ms.
const PACE_MS: u32 = 400;

/// One event applied by [`Replay::forward`], numbered as in the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub seq: u64,
    pub event: Event,
}

/// A record being watched. See the module docs.
#[derive(Clone, Debug)]
pub struct Replay {
    record: GameRecord,
    game: Game,
    /// Events applied so far.
    at: usize,
    /// The position at the end of the batch that declared each freeze (what
    /// the recording device showed; just after the declaration without times).
    freezes: Vec<usize>,
    /// Per event, when (ms after the first) the recording device saw it.
    times: Vec<u32>,
    checkpoints: Vec<(usize, Game)>,
}

impl Replay {
    /// Ready at the record's first position. The record should be checked
    /// ([`GameRecord::from_bytes`] or built from a live copy).
    pub fn new(record: GameRecord) -> Replay {
        let mut game = record.base.clone();
        let mut checkpoints = vec![(0, game.clone())];
        let mut freezes = Vec::new();
        for (i, e) in record.events.iter().enumerate() {
            game.apply(e);
            if matches!(e, Event::FreezeDeclared { .. }) {
                freezes.push(batch_end(&record.times, i, record.events.len()));
            }
            if (i + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push((i + 1, game.clone()));
            }
        }
        let times = event_times(&record);
        Replay { game: record.base.clone(), record, at: 0, freezes, times, checkpoints }
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The position on screen.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Events applied so far (0 ..= [`Replay::len`]).
    pub fn position(&self) -> usize {
        self.at
    }

    /// Events in the record.
    pub fn len(&self) -> usize {
        self.record.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.events.is_empty()
    }

    pub fn at_end(&self) -> bool {
        self.at >= self.len()
    }

    /// The game's number of the last event applied.
    pub fn seq(&self) -> u64 {
        self.record.base_seq + self.at as u64
    }

    /// Applies up to `n` more events and returns them.
    pub fn forward(&mut self, n: usize) -> Vec<Step> {
        let end = self.at.saturating_add(n).min(self.len());
        let steps: Vec<Step> = (self.at..end)
            .map(|i| Step { seq: self.record.base_seq + i as u64 + 1, event: self.record.events[i].clone() })
            .collect();
        for s in &steps {
            self.game.apply(&s.event);
        }
        self.at = end;
        steps
    }

    /// Jumps to `position` (clamped to the record).
    pub fn seek(&mut self, position: usize) {
        let target = position.min(self.len());
        if target < self.at || target - self.at > CHECKPOINT_EVERY {
            let (at, game) = self
                .checkpoints
                .iter()
                .rev()
                .find(|(at, _)| *at <= target)
                .cloned()
                .unwrap_or_else(|| (0, self.record.base.clone()));
            self.at = at;
            self.game = game;
        }
        self.forward(target - self.at);
    }

    /// Where each freeze shows (see the field), in order.
    pub fn freezes(&self) -> &[usize] {
        &self.freezes
    }

    /// The first freeze after the current position.
    pub fn next_freeze(&self) -> Option<usize> {
        self.freezes.iter().copied().find(|&f| f > self.at)
    }

    /// The last freeze before the current position.
    pub fn previous_freeze(&self) -> Option<usize> {
        self.freezes.iter().rev().copied().find(|&f| f < self.at)
    }

    /// When (ms after the first event) the game reached `position`.
    pub fn time_at(&self, position: usize) -> u64 {
        match position.checked_sub(1) {
            None => 0,
            Some(i) => u64::from(self.times.get(i).or(self.times.last()).copied().unwrap_or(0)),
        }
    }

    /// How long the game took, as the recording device saw it.
    pub fn duration_ms(&self) -> u64 {
        self.time_at(self.len())
    }

    /// The last position the game had reached `ms` after its first event.
    pub fn position_at(&self, ms: u64) -> usize {
        self.times.partition_point(|&t| u64::from(t) <= ms)
    }
}

/// The position after the batch holding event `i` (batches start at the
/// `times` entries; with none, every event is its own batch).
fn batch_end(times: &[(u32, u32)], i: usize, len: usize) -> usize {
    if times.is_empty() {
        return i + 1;
    }
    times.iter().map(|(start, _)| *start as usize).find(|&start| start > i).unwrap_or(len)
}

/// Each event's time: the time of the batch it belongs to, or a steady pace
/// when the record kept none.
fn event_times(record: &GameRecord) -> Vec<u32> {
    let n = record.events.len();
    if record.times.is_empty() {
        return (0..n).map(|i| (i as u32).saturating_mul(PACE_MS)).collect();
    }
    let mut out = Vec::with_capacity(n);
    let mut batch = record.times.iter().peekable();
    let mut now = 0;
    for i in 0..n {
        while let Some(&&(start, t)) = batch.peek() {
            if start as usize > i {
                break;
            }
            now = now.max(t);
            batch.next();
        }
        out.push(now);
    }
    out
}
