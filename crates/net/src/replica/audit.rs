//! The dice audit: every replica re-derives the host's dice.
//!
//! The audit keeps its own copy of the game a little behind the replica's.
//! Each batch is carried out again from its mark (the intent or host action
//! and the command's nonce) with the dice that the revealed secret, the
//! room, the key, the batch's sequence number and the nonce give; the events
//! must be exactly the host's. A batch waits until its key's secret is
//! revealed (at the next checkpoint or the game's end) and checked against
//! the commitment made before any nonce met it. A batch whose key can never
//! be revealed (its host died before the checkpoint) is applied unchecked
//! and counted, so the audit never stalls behind a migration.

use std::collections::BTreeMap;

use duel_core::{Event, Game};

use super::sync::GameSync;
use crate::fair::{Digest, FairDice, KeyId, Secret};
use crate::ids::{Epoch, Seq};
use crate::wire::{Act, Mark};

/// What the audit found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditReport {
    /// Batches whose dice were re-derived and matched.
    pub checked: u64,
    /// Batches applied unchecked (their key was never revealed, or their mark is missing).
    pub unchecked: u64,
    /// The first batch whose dice or events the host altered, if any.
    pub tampered: Option<Seq>,
}

#[derive(Clone, Debug)]
pub(crate) struct Audit {
    room: Digest,
    /// The audit's copy, at `at` (none before the first snapshot).
    game: Option<Game>,
    at: Seq,
    commits: BTreeMap<KeyId, Digest>,
    secrets: BTreeMap<KeyId, Secret>,
    /// Marks of the current copy already searched for seals.
    sealed_upto: usize,
    pub(crate) report: AuditReport,
}

impl Audit {
    pub(crate) fn new(room: Digest) -> Audit {
        Audit {
            room,
            game: None,
            at: Seq(0),
            commits: BTreeMap::new(),
            secrets: BTreeMap::new(),
            sealed_upto: 0,
            report: AuditReport::default(),
        }
    }

    /// A host's commitments (from its `Welcome` or a seal).
    pub(crate) fn commit(&mut self, key: KeyId, commit: Digest) {
        self.commits.entry(key).or_insert(commit);
    }

    /// Starts over at a snapshot the replica adopted.
    pub(crate) fn restart(&mut self, sync: &GameSync) {
        self.game = Some(sync.base.1.clone());
        self.at = sync.base.0;
        self.sealed_upto = 0;
    }

    /// Checks every batch it can, up to the replica's head. `epoch` is the
    /// epoch the replica follows now: older keys still unrevealed never will be.
    pub(crate) fn advance(&mut self, sync: &GameSync, epoch: Epoch) {
        for m in sync.marks.get(self.sealed_upto..).unwrap_or_default() {
            if let Some(seal) = &m.seal {
                self.commits.entry(seal.next).or_insert(seal.commit);
                if self.commits.get(&seal.revealed).is_some_and(|c| *c == seal.secret.commit()) {
                    self.secrets.entry(seal.revealed).or_insert(seal.secret);
                } else if self.commits.contains_key(&seal.revealed) && self.report.tampered.is_none() {
                    // A secret that is not the one committed to: the dice were the host's choice.
                    self.report.tampered = Some(m.at);
                }
            }
        }
        self.sealed_upto = sync.marks.len();
        let base = sync.base.0 .0;
        let Some(mut game) = self.game.take() else { return };
        self.walk(sync, epoch, base, &mut game);
        self.game = Some(game);
    }

    fn walk(&mut self, sync: &GameSync, epoch: Epoch, base: u64, game: &mut Game) {
        // Only what the host's hash confirmed: a copy that went wrong (and will
        // be repaired by a snapshot) must not be taken for a host that cheated.
        while self.at < sync.confirmed {
            let start = self.at.next();
            let i = sync.marks.partition_point(|m| m.at < start);
            let Some(mark) = sync.marks.get(i).filter(|m| m.at == start) else {
                // No mark for this position: apply one event unchecked.
                let Some(e) = sync.log.get((start.0 - base - 1) as usize) else { return };
                game.apply(e);
                self.at = start;
                self.report.unchecked += 1;
                continue;
            };
            let end = sync.marks.get(i + 1).map_or(sync.head.0, |n| n.at.0 - 1);
            if end > sync.confirmed.0 {
                return;
            }
            let lo = (start.0 - base - 1) as usize;
            let hi = (end - base) as usize;
            let Some(events) = sync.log.get(lo..hi) else { return };
            match self.secrets.get(&mark.key) {
                Some(secret) => {
                    let secret = *secret;
                    self.check(game, mark, &secret, events);
                }
                None if mark.key.epoch < epoch.0 => {
                    for e in events {
                        game.apply(e);
                    }
                    self.report.unchecked += 1;
                }
                None => return,
            }
            self.at = Seq(end);
        }
    }

    fn check(&mut self, game: &mut Game, mark: &Mark, secret: &Secret, events: &[Event]) {
        let mut dice = FairDice::new(secret, &self.room, mark.key, mark.at.0, mark.nonce);
        let before = game.clone();
        let again = match &mark.act {
            Act::Play { seat, intent } => game.play(*seat, intent, &mut dice),
            Act::Host(action) => game.host(action, &mut dice),
        };
        match again {
            Ok(ours) if ours == events => self.report.checked += 1,
            _ => {
                if self.report.tampered.is_none() {
                    self.report.tampered = Some(mark.at);
                }
                // Follow the host's events anyway: the warning stands, the game goes on.
                *game = before;
                for e in events {
                    game.apply(e);
                }
            }
        }
    }
}
