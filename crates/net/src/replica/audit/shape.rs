//! The shape of the host's record, which needs no key: every batch has a
//! mark, each mark follows the one before it (the key changes only at a
//! seal, a seal sits exactly where the rules put it, host actions are
//! numbered without a gap), and a command's nonce is a link its player
//! committed to.

use super::{Audit, AuditFinding};
use crate::fair::{crosses_checkpoint, KeyId};
use crate::ids::Seq;
use crate::replica::sync::GameSync;
use crate::wire::Mark;

impl Audit {
    /// Checks the shape of the confirmed marks, which needs no key: every
    /// batch has a mark, each follows the one before it (see [`Audit::check_mark`]).
    pub(super) fn shape(&mut self, sync: &GameSync) {
        while self.shaped < sync.confirmed {
            let start = self.shaped.next();
            let i = sync.marks.partition_point(|m| m.at < start);
            let Some(mark) = sync.marks.get(i).filter(|m| m.at == start) else {
                // Nothing says what caused these events, up to the next mark.
                self.withheld(start, AuditFinding::NoMark);
                let next = sync.marks.get(i).map_or(sync.confirmed.0, |m| m.at.0.saturating_sub(1));
                self.shaped = Seq(next.min(sync.confirmed.0).max(start.0));
                continue;
            };
            let end = sync.marks.get(i + 1).map_or(sync.head.0, |n| n.at.0.saturating_sub(1));
            if end > sync.confirmed.0 {
                return;
            }
            let crosses = crosses_checkpoint(mark.at, Seq(end), self.every);
            self.note_key(mark);
            if self.out_of_term(mark) {
                // Rolled after a later host's term began, under an earlier host's key.
                self.withheld(start, AuditFinding::KeyOutOfTurn);
            } else if let Err(why) = self.check_mark(mark, crosses) {
                self.withheld(start, why);
            }
            let over = end == sync.head.0 && sync.game.outcome().is_some();
            self.note_mark(mark, crosses, over);
            self.shaped = Seq(end);
        }
    }

    /// The mark follows the one before it: the key changes only after a
    /// seal (to the next one) or with a new host (its first key); host
    /// actions are numbered 0, 1, 2, … under each key; a seal sits on the
    /// batch that crosses a checkpoint, and only there (or at the game's end).
    pub(super) fn check_mark(&mut self, mark: &Mark, crosses: bool) -> Result<(), AuditFinding> {
        let key = mark.key;
        if let Some((prev, sealed)) = self.last {
            let next = KeyId { epoch: prev.epoch, index: prev.index.saturating_add(1) };
            let fine = if key.epoch == prev.epoch {
                key == if sealed { next } else { prev }
            } else {
                key.epoch > prev.epoch && key.index == 0
            };
            if !fine && !self.commits.contains_key(&key) {
                return Err(AuditFinding::KeyNeverCommitted);
            }
            if !fine {
                return Err(AuditFinding::KeyOutOfTurn);
            }
        }
        if mark.numbered(self.crew(key.epoch)) {
            let expected = self.steps.get(&key).copied().or((key.index == 0).then_some(0));
            if expected.is_some_and(|e| e != mark.step) {
                return Err(AuditFinding::MarksOutOfOrder);
            }
        }
        if crosses && mark.seal.is_none() {
            return Err(AuditFinding::SealMissing);
        }
        if mark.seal.is_some_and(|s| s.revealed != key) {
            return Err(AuditFinding::KeyOutOfTurn);
        }
        Ok(())
    }

    /// After a batch: what the next mark must follow.
    pub(super) fn note_mark(&mut self, mark: &Mark, crosses: bool, over: bool) {
        let sealed = mark.seal.is_some();
        if mark.numbered(self.crew(mark.key.epoch)) {
            self.steps.insert(mark.key, mark.step.saturating_add(1));
        }
        if sealed {
            let next = KeyId { epoch: mark.key.epoch, index: mark.key.index.saturating_add(1) };
            self.steps.insert(next, 0);
            if !crosses && !over {
                // A seal where the host chose: it would choose which key a command meets.
                self.withheld(mark.at, AuditFinding::KeyOutOfTurn);
            }
        } else if over {
            // The game's last batch must seal (its key is shown at the end).
            self.withheld(mark.at, AuditFinding::SealMissing);
        }
        self.last = Some((mark.key, sealed));
    }

    /// Whether a command's nonce is a link its player committed to: `None`
    /// while no commitment covering it is known (a room view may be late).
    pub(super) fn check_nonce(&mut self, mark: &Mark) -> Option<bool> {
        let Some((player, id)) = mark.by else { return Some(mark.nonce == [0; 32]) };
        let chains = self.chains.get_mut(&player)?;
        for (chain, known) in chains.iter_mut() {
            let Some(j) = id.0.checked_sub(chain.first.0).filter(|j| *j < crate::fair::CHAIN_LEN) else {
                continue;
            };
            if chain.verifies(id, &mark.nonce, *known) {
                if known.is_none_or(|(k, _)| k < j) {
                    *known = Some((j, mark.nonce));
                }
                return Some(true);
            }
        }
        // Not a link of any chain known: forged, or its chain's room view is
        // late. The bound decides (`walk`).
        None
    }
}
