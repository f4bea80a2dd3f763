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

use super::keys::Keys;
use super::Timing;
use crate::chain::{self, GENESIS};
use crate::fair::{crosses_checkpoint, FairDice};
use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo, Seq};
use crate::wire::{Act, HostMsg, Mark, Snapshot};

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
    /// Events after `base` (0 for the room's creator; a successor host holds
    /// the log from the snapshot its copy began with).
    pub(crate) log: Vec<Event>,
    pub(crate) base: Seq,
    /// The game at `base` (kept for saves: a save replays the log from it).
    pub(crate) base_game: Game,
    /// What caused each batch of `log`, in order.
    pub(crate) marks: Vec<Mark>,
    /// A copy of the game at `checkpoint.0`: snapshots are this plus the log after it.
    pub(crate) checkpoint: (Seq, Game),
    pub(crate) deadlines: BTreeMap<ChoiceId, u64>,
    pub(crate) review_since: Option<u64>,
    pub(crate) timing: Timing,
    /// Thunderstruck: the duel's state hash when it last moved, and when.
    pub(crate) waiting_since: Option<(u64, u64)>,
    /// A dishonest host's ways with its messages (the audit tests only).
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) cheat: Option<super::Cheat>,
    /// The log's chain value at `base`, at `checkpoint.0` and at the head
    /// (see [`crate::chain`]).
    pub(crate) base_chain: Hash32,
    pub(crate) checkpoint_chain: Hash32,
    pub(crate) chain: Hash32,
}

impl Match {
    /// Builds the game the lobby describes (a new game or a given position).
    pub(crate) fn start(lobby: &super::lobby::Lobby, timing: Timing) -> Result<Match, SetupError> {
        let game = lobby.game()?;
        Ok(Match::resume(lobby.config.clone(), (Seq(0), game, GENESIS), Vec::new(), Vec::new(), timing))
    }

    /// A match continuing from `base` (a checkpoint, with the log's chain
    /// value there) and the log after it; deadlines and the review pause
    /// are rebuilt from the game's state.
    pub(crate) fn resume(
        config: GameConfig,
        base: (Seq, Game, Hash32),
        log: Vec<Event>,
        marks: Vec<Mark>,
        timing: Timing,
    ) -> Match {
        let (seq, base_game, base_chain) = base;
        let mut game = base_game.clone();
        for e in &log {
            game.apply(e);
        }
        let chain = chain::extend(base_chain, &log);
        let base = (seq, base_game);
        Match {
            config,
            game,
            log,
            base: base.0,
            base_game: base.1.clone(),
            marks,
            checkpoint: base,
            deadlines: BTreeMap::new(),
            review_since: None,
            timing,
            waiting_since: None,
            #[cfg(any(test, feature = "test-support"))]
            cheat: None,
            base_chain,
            checkpoint_chain: base_chain,
            chain,
        }
    }

    pub(crate) fn head(&self) -> Seq {
        Seq(self.base.0 + self.log.len() as u64)
    }

    /// Validates and carries out a player's intent with the dice its
    /// command (player, id, chain link) and the host's committed key give.
    /// `crew` is the host's own player ([`crate::fair::crew_of`]): its
    /// commands roll by their number under the key, as host actions do.
    pub(crate) fn play(
        &mut self,
        seat: SeatId,
        intent: &Intent,
        cause: (PlayerNo, CommandId, Hash32),
        crew: Option<PlayerNo>,
        keys: &mut Keys,
        now: u64,
    ) -> Result<Batch, RuleError> {
        let (player, id, nonce) = cause;
        let act = Act::Play { seat, intent: intent.clone() };
        let mut mark = Mark::new(self.head().next(), keys.current(), nonce, Some((player, id)), act);
        let (key, mut dice) = Self::dice_for(&mut mark, crew, keys);
        let events = self.game.play(seat, intent, &mut dice)?;
        mark.key = key;
        Ok(self.append(events, mark, crew, keys, now, false))
    }

    /// The dice of the batch `mark` describes (its number under the key set
    /// if the host's own crew or the host caused it).
    pub(crate) fn dice_for(
        mark: &mut Mark,
        crew: Option<PlayerNo>,
        keys: &Keys,
    ) -> (crate::fair::KeyId, FairDice) {
        if mark.numbered(crew) {
            mark.step = keys.step();
        }
        let (cause, nonce) = mark.dice_inputs(crew);
        keys.dice(cause, &nonce)
    }

    /// Carries out a host action (timeout, resume, presence, a reseat for
    /// `by`, whose command carried `nonce`). The clock's own actions are
    /// numbered under the key (`Mark::step`): the `n`-th host action of a key
    /// has one possible set of dice, fixed when the key was committed.
    pub(crate) fn act(
        &mut self,
        action: &HostAction,
        by: Option<(PlayerNo, CommandId, Hash32)>,
        crew: Option<PlayerNo>,
        keys: &mut Keys,
        now: u64,
    ) -> Result<Batch, RuleError> {
        let nonce = by.map_or([0; 32], |(_, _, n)| n);
        let by = by.map(|(p, id, _)| (p, id));
        let mut mark = Mark::new(self.head().next(), keys.current(), nonce, by, Act::Host(action.clone()));
        let (key, mut dice) = Self::dice_for(&mut mark, crew, keys);
        let events = self.game.host(action, &mut dice)?;
        mark.key = key;
        Ok(self.append(events, mark, crew, keys, now, matches!(action, HostAction::Resume)))
    }

    fn append(
        &mut self,
        events: Vec<Event>,
        mut mark: Mark,
        crew: Option<PlayerNo>,
        keys: &mut Keys,
        now: u64,
        resumed: bool,
    ) -> Batch {
        let from = self.head().next();
        let count = events.len();
        self.chain = chain::extend(self.chain, &events);
        self.log.extend(events);
        // A batch that crosses a multiple of `checkpoint_every` seals: a rule
        // of positions alone (every replica checks it), never the host's choice.
        let crossed = crosses_checkpoint(from, self.head(), self.timing.checkpoint_every);
        if crossed {
            self.checkpoint = (self.head(), self.game.clone());
            self.checkpoint_chain = self.chain;
        }
        if count > 0 {
            if mark.numbered(crew) {
                keys.stepped();
            }
            // Reveal at every checkpoint and at the end, so every roll is checked.
            if crossed || self.game.outcome().is_some() {
                mark.seal = Some(keys.seal());
            }
            self.marks.push(mark);
        }
        self.update_clocks(now, resumed);
        Batch { from, count }
    }

    /// The marks of the batches starting in `from..to` (sequence numbers), as this host shows them.
    pub(crate) fn marks_in(&self, from: Seq, to: Seq) -> Vec<Mark> {
        #[cfg(any(test, feature = "test-support"))]
        if self.omits_marks() {
            return Vec::new();
        }
        let start = self.marks.partition_point(|m| m.at < from);
        let marks = self.marks[start..].iter().take_while(|m| m.at < to).cloned();
        #[cfg(any(test, feature = "test-support"))]
        let marks = marks.map(|m| self.shown(m));
        marks.collect()
    }

    /// The state hash as this host shows it.
    pub(crate) fn shown_hash(&self) -> Option<u64> {
        #[cfg(any(test, feature = "test-support"))]
        if self.omits_hashes() {
            return None;
        }
        Some(self.game.state_hash())
    }

    /// A successor's clocks: every open choice gets a whole `choice_ms` from
    /// now, and a resolved freeze its whole review pause (the old host's
    /// clocks died with it; this is the fair way to rebuild them).
    pub(crate) fn restart_clocks(&mut self, now: u64) {
        self.deadlines.clear();
        self.review_since = None;
        self.waiting_since = None;
        self.update_clocks(now, false);
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
    pub(crate) fn tick(&mut self, keys: &mut Keys, now: u64) -> Vec<Batch> {
        let mut out = Vec::new();
        if self.game.outcome().is_some() {
            return out;
        }
        if self.game.thunderstruck().is_some() {
            // Without Thunderstruck's rules (the base file, issue 32) nothing is due.
            return if cfg!(feature = "thunderstruck") { self.thunderstruck_tick(keys, now) } else { out };
        }
        if matches!(self.game.phase(), duel_core::Phase::Draft { .. }) && self.game.draft().is_none() {
            if let Ok(batch) = self.act(&HostAction::DealEquipment, None, None, keys, now) {
                out.push(batch);
            }
        }
        let mut expired: Vec<(u64, ChoiceId)> =
            self.deadlines.iter().filter(|(_, at)| **at <= now).map(|(id, at)| (*at, *id)).collect();
        expired.sort();
        for (_, choice) in expired {
            match self.act(&HostAction::Timeout { choice }, None, None, keys, now) {
                Ok(batch) => out.push(batch),
                Err(_) => {
                    self.deadlines.remove(&choice);
                }
            }
        }
        if let Some(since) = self.review_since {
            if now.saturating_sub(since) >= self.timing.review_ms {
                match self.act(&HostAction::Resume, None, None, keys, now) {
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
    /// The hash is of the game now, so only a batch that ends at the head
    /// carries one: a tick that sends several (choices timing out together,
    /// then the resume) would otherwise give an earlier batch the state after
    /// the last, and every replica would see a desync that is not there.
    pub(crate) fn events_msg(&self, batch: &Batch) -> HostMsg {
        let start = batch.from.0.saturating_sub(1);
        let events = self.events(batch.from, batch.count);
        let every = self.timing.hash_every.max(1);
        let end = start.saturating_add(batch.count as u64);
        let crosses = end == self.head().0 && end / every > start / every;
        let marks = self.marks_in(batch.from, Seq(batch.from.0 + batch.count as u64));
        HostMsg::Events {
            from: batch.from,
            events,
            hash: self.shown_hash().filter(|_| crosses),
            marks,
            signed: None,
        }
    }

    /// `count` events from `from` (fewer if the log is shorter or starts later).
    pub(crate) fn events(&self, from: Seq, count: usize) -> Vec<Event> {
        let Some(start) = from.0.checked_sub(self.base.0 + 1) else { return Vec::new() };
        let start = start as usize;
        self.log.get(start..(start + count).min(self.log.len())).map(<[Event]>::to_vec).unwrap_or_default()
    }

    /// The last checkpoint and the log after it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        let (seq, game) = &self.checkpoint;
        let tail = self.events(seq.next(), self.log.len());
        let marks = self.marks_in(seq.next(), self.head().next());
        let hash = self.game.state_hash();
        Snapshot {
            seq: *seq,
            game: game.clone(),
            tail,
            hash,
            marks,
            chain: self.checkpoint_chain,
            signed: None,
        }
    }

    /// Events from `from` to the head, in messages of [`RESEND_BATCH`], each
    /// with the position and chain value it ends at (for the host's
    /// signature); the last carries the current hash. Empty if `from` is
    /// past the head; from before this host's log (a successor's), from its
    /// start (the caller sends a snapshot instead).
    pub(crate) fn resend(&self, from: Seq) -> Vec<(HostMsg, Seq, Hash32)> {
        let from = Seq(from.0.max(self.base.0 + 1));
        // The peer chose `from`: past the log, or past what a 32-bit `usize`
        // holds (wasm), is nothing to resend, not a truncated index.
        let Ok(start) = usize::try_from(from.0 - self.base.0 - 1) else { return Vec::new() };
        let (Some(before), Some(rest)) = (self.log.get(..start), self.log.get(start..)) else {
            return Vec::new();
        };
        let mut chain = chain::extend(self.base_chain, before);
        let pieces: Vec<&[Event]> = rest.chunks(RESEND_BATCH).collect();
        let last = pieces.len().saturating_sub(1);
        pieces
            .into_iter()
            .enumerate()
            .map(|(i, events)| {
                let at = Seq(from.0 + (i * RESEND_BATCH) as u64);
                let end = Seq(at.0 + events.len() as u64 - 1);
                chain = chain::extend(chain, events);
                let msg = HostMsg::Events {
                    from: at,
                    events: events.to_vec(),
                    hash: self.shown_hash().filter(|_| i == last),
                    marks: self.marks_in(at, Seq(at.0 + events.len() as u64)),
                    signed: None,
                };
                (msg, end, chain)
            })
            .collect()
    }
}
