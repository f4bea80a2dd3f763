//! The dice audit: every replica re-derives the host's dice, and says so
//! when it cannot.
//!
//! The audit keeps its own copy of the game a little behind the replica's.
//! Each batch is carried out again from its mark (the intent or host action,
//! the command's nonce) with the dice that the revealed secret, the room,
//! the key, the batch's cause and the nonce give; the events must be exactly
//! the host's. Before that, the mark itself is checked: it follows the one
//! before it (the key changes only at a seal, a seal sits exactly where the
//! rules put it, host actions are numbered without a gap) and a command's
//! nonce is the link its player committed to (see [`crate::fair`]).
//!
//! Nothing is left silent: a batch the audit cannot check within
//! [`Audit::bound`] events (or [`REVEAL_MS`] after the game's end) is
//! reported as withheld with its reason ([`AuditFinding`]). A batch whose key
//! can never be revealed (its host died before the seal) is applied
//! unchecked, counted, and said in words too, so the audit never stalls
//! behind a succession.

mod blame;
mod finding;
mod shape;
mod terms;
mod told;

pub use finding::{AuditFinding, AuditReport, Finding};
pub(crate) use told::Told;

use std::collections::{BTreeMap, BTreeSet};

use duel_core::{Event, Game};

use super::sync::GameSync;
use crate::fair::{dice_commitment, ChainCommit, FairDice, KeyId, Secret};
use crate::hash::Hash32;
use crate::ids::{CommandId, Epoch, PlayerNo, Seq};
use crate::wire::{Act, Mark, RoomView};

/// Nonce chains remembered per player (one a thousand commands, a few more
/// for reloads): a host's room views cannot grow the audit without end.
const MAX_CHAINS: usize = 64;

/// How long after the game's end the host has to show its last key.
pub const REVEAL_MS: u64 = 10_000;

/// A player's commitments seen in room views, each with the last link checked.
type Chains = Vec<(ChainCommit, Option<(u32, Hash32)>)>;

#[derive(Clone, Debug)]
pub(crate) struct Audit {
    room: Hash32,
    /// The audit's copy, at `at` (none before the first snapshot).
    game: Option<Game>,
    at: Seq,
    commits: BTreeMap<KeyId, Hash32>,
    secrets: BTreeMap<KeyId, Secret>,
    /// Marks of the current copy already searched for seals.
    sealed_upto: usize,
    /// Every nonce chain each player committed to (from the room views).
    chains: BTreeMap<PlayerNo, Chains>,
    /// Marks of the current copy already compared with this device's own nonces.
    owned_upto: usize,
    /// How far the marks' shape is checked (ahead of the dice, which wait for keys).
    shaped: Seq,
    /// The previous batch's key, and whether it sealed.
    last: Option<(KeyId, bool)>,
    /// The next host-action number expected under each key.
    steps: BTreeMap<KeyId, u32>,
    /// `Timing::checkpoint_every` of the room.
    every: u64,
    /// The caller's clock, and when the audit first saw the game over with batches unchecked.
    now: u64,
    over_since: Option<u64>,
    pub(crate) report: AuditReport,
    /// Who delivered which events (see [`blame`]).
    deliveries: blame::Deliveries,
    /// The hosts a finding was against: this device never votes them back in.
    failed: BTreeSet<PlayerNo>,
    /// Chains room views showed that their player never signed (the last few).
    forged: Vec<ChainCommit>,
    /// Findings for the players, not yet drained (see [`told`]).
    told: Vec<Told>,
    /// Every term whose host delivered events to this device (the last few
    /// hundred): a snapshot replaces `deliveries`, not what this device saw.
    followed: Vec<Epoch>,
    /// Departed hosts' terms already told of (their keys never shown).
    gone_terms: Vec<Epoch>,
    /// A key of a term this device never followed was told of (once, unnamed).
    gone_unnamed: bool,
    /// The room's owner as the first room view named it: the player of the
    /// room's creator, whose commands roll by number in round 0 (see
    /// [`crate::fair::crew_of`]). The first word stands: a host that named
    /// another later would have its own rolls found out.
    founder: Option<PlayerNo>,
    /// Where each term this device saw elected began, and which term's
    /// keys the marks carry from where (see [`terms`]).
    terms: terms::Terms,
    keys: terms::KeyTerms,
}

impl Audit {
    pub(crate) fn new(room: Hash32) -> Audit {
        Audit {
            room,
            game: None,
            at: Seq(0),
            commits: BTreeMap::new(),
            secrets: BTreeMap::new(),
            sealed_upto: 0,
            chains: BTreeMap::new(),
            shaped: Seq(0),
            owned_upto: 0,
            last: None,
            steps: BTreeMap::new(),
            every: crate::wire::Timing::default().checkpoint_every,
            now: 0,
            over_since: None,
            report: AuditReport::default(),
            deliveries: Vec::new(),
            failed: BTreeSet::new(),
            forged: Vec::new(),
            told: Vec::new(),
            followed: Vec::new(),
            gone_terms: Vec::new(),
            gone_unnamed: false,
            founder: None,
            terms: terms::Terms::new(),
            keys: terms::KeyTerms::new(),
        }
    }

    /// The host's own player for keys of `epoch` (see [`crate::fair::crew_of`]).
    pub(super) fn crew(&self, epoch: u32) -> Option<PlayerNo> {
        crate::fair::crew_of(epoch, self.founder)
    }

    /// Events a batch may wait to be checked: two checkpoints (a key is shown
    /// at the checkpoint after its last roll) and a margin for the batch
    /// that crosses it.
    pub(crate) fn bound(&self) -> u64 {
        self.every.max(1).saturating_mul(2).saturating_add(64)
    }

    /// The caller's clock (the bound after the game's end is in time).
    pub(crate) fn clock(&mut self, now: u64) {
        self.now = now;
    }

    /// A host's commitments (from its `Welcome` or a seal).
    pub(crate) fn commit(&mut self, key: KeyId, commit: Hash32) {
        self.commits.entry(key).or_insert(commit);
    }

    /// What a room view makes public: the players' nonce chains, the cadence
    /// of seals. A chain is learnt only if its player's seat key (as the view
    /// lists it) signed it; one that is not is a commitment the host made up
    /// in the player's name, whose links it would know: refused, named as a
    /// finding at `head` against the host of `by` (who sent the view), and
    /// counted once. Returns how many such chains this view brought that
    /// were not seen before.
    pub(crate) fn learn(&mut self, view: &RoomView, head: Seq, by: Epoch) -> u64 {
        self.every = view.timing.checkpoint_every;
        if self.founder.is_none() {
            self.founder = view.owner;
        }
        let mut forged = 0;
        for p in &view.players {
            for chain in &p.chains {
                if !chain.signed_by(&p.key, &self.room) {
                    if !self.forged.contains(chain) {
                        self.forged.push(*chain);
                        if self.forged.len() > MAX_CHAINS {
                            self.forged.remove(0);
                        }
                        forged += 1;
                    }
                    self.chain_forged(head, p.no, by);
                    continue;
                }
                let known = self.chains.entry(p.no).or_default();
                if !known.iter().any(|(c, _)| c == chain) {
                    known.push((*chain, None));
                    if known.len() > MAX_CHAINS {
                        known.remove(0);
                    }
                }
            }
        }
        forged
    }

    /// Starts over at a snapshot the replica adopted.
    pub(crate) fn restart(&mut self, sync: &GameSync) {
        self.game = Some(sync.base.1.clone());
        self.at = sync.base.0;
        self.shaped = sync.base.0;
        self.sealed_upto = 0;
        self.owned_upto = 0;
        self.last = None;
        self.steps.clear();
        self.over_since = None;
    }

    /// Checks every batch it can, up to the replica's head. `epoch` is the
    /// epoch the replica follows now: older keys still unrevealed never will be.
    pub(crate) fn advance(&mut self, sync: &GameSync, epoch: Epoch) {
        for m in sync.marks.get(self.sealed_upto..).unwrap_or_default() {
            if let Some(seal) = &m.seal {
                self.commits.entry(seal.next).or_insert(seal.commit);
                if self.commits.get(&seal.revealed).is_some_and(|c| *c == dice_commitment(&seal.secret)) {
                    self.secrets.entry(seal.revealed).or_insert(seal.secret);
                } else if self.commits.contains_key(&seal.revealed) {
                    // A secret that is not the one committed to: the dice were the host's choice.
                    self.tampered(m.at);
                }
            }
        }
        self.sealed_upto = sync.marks.len();
        if let Some(at) = sync.disorder {
            self.withheld(at, AuditFinding::MarksOutOfOrder);
        }
        // Events the host never confirmed with a hash cannot be judged: not for long.
        if sync.head.0.saturating_sub(sync.confirmed.0) > self.bound() && !sync.desynced {
            self.withheld(sync.confirmed.next(), AuditFinding::NoStateHash);
        }
        if self.game.is_none() {
            return;
        }
        self.shape(sync);
        let Some(mut game) = self.game.take() else { return };
        self.walk(sync, epoch, &mut game);
        self.game = Some(game);
    }

    /// This device's own commands as the host shows them: their nonce must
    /// be the link this device sent (`link` gives it, while its chain is
    /// kept). Only the player itself can tell a commitment the host made up
    /// in its name, so it says so at once.
    pub(crate) fn own(&mut self, sync: &GameSync, me: PlayerNo, link: impl Fn(CommandId) -> Option<Hash32>) {
        for m in sync.marks.get(self.owned_upto..).unwrap_or_default() {
            if let Some((player, id)) = m.by.filter(|(p, _)| *p == me) {
                if link(id).is_some_and(|l| l != m.nonce) {
                    self.withheld(m.at, AuditFinding::NonceNotCommitted { player, id });
                }
            }
        }
        self.owned_upto = sync.marks.len();
    }

    /// Whether the batch from `start` has waited past the bound.
    fn overdue(&mut self, sync: &GameSync, start: Seq, game: &Game) -> bool {
        if sync.confirmed.0.saturating_sub(start.0) > self.bound() {
            return true;
        }
        // After the game's end no events come to push the bound: it is in time.
        let over = sync.game.outcome().is_some() && sync.confirmed == sync.head;
        let since = *self.over_since.get_or_insert(self.now);
        if !over {
            self.over_since = None;
        }
        over && game.outcome().is_none() && self.now.saturating_sub(since) > REVEAL_MS
    }

    fn walk(&mut self, sync: &GameSync, epoch: Epoch, game: &mut Game) {
        let base = sync.base.0 .0;
        // Only what the host's hash confirmed: a copy that went wrong (and will
        // be repaired by a snapshot) must not be taken for a host that cheated.
        while self.at < sync.confirmed {
            let start = self.at.next();
            let i = sync.marks.partition_point(|m| m.at < start);
            let Some(mark) = sync.marks.get(i).filter(|m| m.at == start) else {
                // No mark for this position: nothing says what caused it.
                self.withheld(start, AuditFinding::NoMark);
                let k = start.0.checked_sub(base.saturating_add(1)).and_then(|k| usize::try_from(k).ok());
                let Some(e) = k.and_then(|k| sync.log.get(k)) else {
                    return;
                };
                game.apply(e);
                self.at = start;
                self.report.unchecked += 1;
                continue;
            };
            let end = sync.marks.get(i + 1).map_or(sync.head.0, |n| n.at.0.saturating_sub(1));
            if end > sync.confirmed.0 {
                return;
            }
            // Positions the host chose: checked, and past a 32-bit `usize` (wasm) is nothing.
            let index = |n: Option<u64>| n.and_then(|n| usize::try_from(n).ok());
            let lo = index(start.0.checked_sub(base.saturating_add(1)));
            let (Some(lo), Some(hi)) = (lo, index(end.checked_sub(base))) else { return };
            let Some(events) = sync.log.get(lo..hi) else { return };
            let overdue = self.overdue(sync, start, game);
            let nonce_ok = self.check_nonce(mark);
            match (self.secrets.get(&mark.key).copied(), nonce_ok) {
                (Some(secret), Some(true)) => self.check(game, mark, &secret, events),
                (_, Some(false)) => {
                    // A host action's nonce is zero: any other would be a nonce of the host's choosing.
                    self.withheld(start, AuditFinding::MarksOutOfOrder);
                    self.skip(game, events);
                }
                // A later host's dice under an earlier key: found by the shape (`shape.rs`).
                (None, _) if self.out_of_term(mark) => self.skip(game, events),
                (None, _) if mark.key.epoch < epoch.0 => {
                    self.gone(start, Epoch(mark.key.epoch));
                    self.skip(game, events);
                }
                _ if overdue => {
                    let why = if !self.commits.contains_key(&mark.key) {
                        AuditFinding::KeyNeverCommitted
                    } else if !self.secrets.contains_key(&mark.key) {
                        AuditFinding::KeyNotShown
                    } else {
                        let (player, id) = mark.by.unwrap_or((PlayerNo(0), CommandId(0)));
                        AuditFinding::NonceNotCommitted { player, id }
                    };
                    self.withheld(start, why);
                    self.skip(game, events);
                }
                _ => return,
            }
            self.at = Seq(end);
        }
    }

    /// Applies a batch that cannot be checked.
    fn skip(&mut self, game: &mut Game, events: &[Event]) {
        for e in events {
            game.apply(e);
        }
        self.report.unchecked += 1;
    }

    fn check(&mut self, game: &mut Game, mark: &Mark, secret: &Secret, events: &[Event]) {
        let (cause, nonce) = mark.dice_inputs(self.crew(mark.key.epoch));
        let mut dice = FairDice::new(secret, &self.room, mark.key, cause, &nonce);
        let before = game.clone();
        let again = match &mark.act {
            Act::Play { seat, intent } => game.play(*seat, intent, &mut dice),
            Act::Host(action) => game.host(action, &mut dice),
        };
        match again {
            Ok(ours) if ours == events => self.report.checked += 1,
            _ => {
                self.tampered(mark.at);
                // Follow the host's events anyway: the warning stands, the game goes on.
                *game = before;
                for e in events {
                    game.apply(e);
                }
            }
        }
    }
}
