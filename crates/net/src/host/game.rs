//! The game in progress on the host: the authoritative `Game`, its event
//! log, the dice, and the clocks the rules leave to the host (choice
//! deadlines, the review pause after a freeze).
//!
//! Intents are carried out strictly in the order they are handed in, which
//! is arrival order: that order alone arbitrates two freezes declared "at
//! the same moment" (the core queues or refuses the second per ruleset).

use std::collections::BTreeMap;

use duel_core::freeze::Progress;
use duel_core::{ChoiceId, Event, Game, GameConfig, HostAction, Intent, RuleError, SeatId, SetupError};

use super::Timing;
use crate::dice::ChaChaDice;
use crate::ids::Seq;
use crate::wire::{HostMsg, Snapshot};

/// Events per resend message: small enough to stay well inside a datagram.
const RESEND_BATCH: usize = 128;

/// A run of events just appended to the log, starting at `from`.
#[derive(Debug)]
pub(crate) struct Batch {
    pub(crate) from: Seq,
    pub(crate) count: usize,
}

#[derive(Debug)]
pub(crate) struct Match {
    pub(crate) config: GameConfig,
    pub(crate) game: Game,
    pub(crate) log: Vec<Event>,
    /// A copy of the game at `checkpoint.0`: snapshots are this plus the log after it.
    pub(crate) checkpoint: (Seq, Game),
    pub(crate) dice: ChaChaDice,
    pub(crate) deadlines: BTreeMap<ChoiceId, u64>,
    pub(crate) review_since: Option<u64>,
    pub(crate) timing: Timing,
}

impl Match {
    /// Builds the game from the lobby's config.
    pub(crate) fn start(config: GameConfig, dice: ChaChaDice, timing: Timing) -> Result<Match, SetupError> {
        let game = Game::new(config.clone())?;
        Ok(Match {
            config,
            checkpoint: (Seq(0), game.clone()),
            game,
            log: Vec::new(),
            dice,
            deadlines: BTreeMap::new(),
            review_since: None,
            timing,
        })
    }

    pub(crate) fn head(&self) -> Seq {
        Seq(self.log.len() as u64)
    }

    /// Validates and carries out an intent with the host's dice.
    pub(crate) fn play(&mut self, seat: SeatId, intent: &Intent, now: u64) -> Result<Batch, RuleError> {
        let events = self.game.play(seat, intent, &mut self.dice)?;
        Ok(self.append(events, now, false))
    }

    /// Carries out a host action (timeout, resume, presence).
    pub(crate) fn act(&mut self, action: &HostAction, now: u64) -> Result<Batch, RuleError> {
        let events = self.game.host(action, &mut self.dice)?;
        Ok(self.append(events, now, matches!(action, HostAction::Resume)))
    }

    fn append(&mut self, events: Vec<Event>, now: u64, resumed: bool) -> Batch {
        let from = self.head().next();
        let count = events.len();
        self.log.extend(events);
        let every = self.timing.checkpoint_every.max(1);
        if self.head().0 / every > self.checkpoint.0 .0 / every {
            self.checkpoint = (self.head(), self.game.clone());
        }
        self.update_clocks(now, resumed);
        Batch { from, count }
    }

    /// Opens a deadline for each new choice, drops closed ones, and starts
    /// the review pause when a freeze has resolved.
    fn update_clocks(&mut self, now: u64, resumed: bool) {
        let open: Vec<ChoiceId> = self.game.choices().iter().map(|c| c.id).collect();
        self.deadlines.retain(|id, _| open.contains(id));
        for id in open {
            self.deadlines.entry(id).or_insert(now.saturating_add(self.timing.choice_ms));
        }
        if resumed {
            self.review_since = None;
        }
        let reviewing =
            self.game.freeze().is_some_and(|f| f.progress == Progress::Review && f.awaiting.is_none());
        if !reviewing {
            self.review_since = None;
        } else if self.review_since.is_none() {
            self.review_since = Some(now);
        }
    }

    /// What the clock says must happen now: the equipment draft is dealt
    /// (R22: from the host's dice, as soon as the game exists), expired
    /// choices default (R13 and friends: the core knows each default), then a
    /// resolved freeze resumes once everyone has seen it.
    pub(crate) fn tick(&mut self, now: u64) -> Vec<Batch> {
        let mut out = Vec::new();
        if self.game.outcome().is_some() {
            return out;
        }
        if matches!(self.game.phase(), duel_core::Phase::Draft { .. }) && self.game.draft().is_none() {
            if let Ok(batch) = self.act(&HostAction::DealEquipment, now) {
                out.push(batch);
            }
        }
        let mut expired: Vec<(u64, ChoiceId)> =
            self.deadlines.iter().filter(|(_, at)| **at <= now).map(|(id, at)| (*at, *id)).collect();
        expired.sort();
        for (_, choice) in expired {
            match self.act(&HostAction::Timeout { choice }, now) {
                Ok(batch) => out.push(batch),
                Err(_) => {
                    self.deadlines.remove(&choice);
                }
            }
        }
        if let Some(since) = self.review_since {
            if now.saturating_sub(since) >= self.timing.review_ms {
                match self.act(&HostAction::Resume, now) {
                    Ok(batch) => out.push(batch),
                    Err(_) => self.review_since = None,
                }
            }
        }
        out.retain(|b| b.count > 0);
        out
    }

    /// The broadcast for a batch, with the state hash when the batch crosses
    /// a multiple of `hash_every` (a replica checks it after applying).
    pub(crate) fn events_msg(&self, batch: &Batch) -> HostMsg {
        let start = (batch.from.0 as usize).saturating_sub(1);
        let events = self.log.get(start..start + batch.count).map(<[Event]>::to_vec).unwrap_or_default();
        let every = self.timing.hash_every.max(1);
        let end = self.head().0;
        let crosses = end / every > start as u64 / every;
        HostMsg::Events { from: batch.from, events, hash: crosses.then(|| self.game.state_hash()) }
    }

    /// The last checkpoint and the log after it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        let (seq, game) = &self.checkpoint;
        let tail = self.log.get(seq.0 as usize..).map(<[Event]>::to_vec).unwrap_or_default();
        Snapshot { seq: *seq, game: game.clone(), tail, hash: self.game.state_hash() }
    }

    /// Events from `from` to the head, in messages of [`RESEND_BATCH`]; the
    /// last carries the current hash. Empty if `from` is past the head.
    pub(crate) fn resend(&self, from: Seq) -> Vec<HostMsg> {
        let start = from.0.max(1) as usize - 1;
        let Some(rest) = self.log.get(start..) else { return Vec::new() };
        let pieces: Vec<&[Event]> = rest.chunks(RESEND_BATCH).collect();
        let last = pieces.len().saturating_sub(1);
        pieces
            .into_iter()
            .enumerate()
            .map(|(i, events)| HostMsg::Events {
                from: Seq((start + i * RESEND_BATCH + 1) as u64),
                events: events.to_vec(),
                hash: (i == last).then(|| self.game.state_hash()),
            })
            .collect()
    }
}
