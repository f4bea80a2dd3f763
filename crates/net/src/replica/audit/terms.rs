//! Where each host's term began, from the certificates this device
//! checked (issue 43, attack 5): the audit judges a successor's keys by the
//! term that rolled each batch, and blames a successor only for what it
//! made.
//!
//! An elected host adopts the longest copy its voters could prove: no
//! further than the highest head the departed host signed among the
//! certificate's votes ([`crate::chain`]). Everything it serves up to
//! there is its predecessors' history, re-served; everything after was
//! rolled in its own term. So a batch after that point labelled with an
//! earlier term's key (one the departed host can never show) is the new
//! host's dice under a key it had no right to use: found out, and the
//! finding names the host that delivered it, not the departed one. And a
//! batch up to that point that a successor re-serves blames nobody (it did
//! not roll it), as events fetched from a voter in an election do.

use std::collections::BTreeMap;

use super::Audit;
use crate::ids::{Epoch, Seq};
use crate::wire::Mark;

/// Terms remembered (one per election this device followed; the oldest go
/// first past this: their batches are long checked).
const MAX_TERMS: usize = 64;

/// Each term's last position of inherited history (its epoch's raw value).
pub(super) type Terms = BTreeMap<u32, Seq>;

/// From which position on the marks carry which term's keys (a change per
/// term, so a handful; the oldest go first past [`MAX_TERMS`]).
pub(super) type KeyTerms = Vec<(Seq, u32)>;

impl Audit {
    /// The term `epoch` began after position `start`: its host's own
    /// batches come after it.
    pub(crate) fn term_began(&mut self, epoch: Epoch, start: Seq) {
        self.terms.insert(epoch.0, start);
        while self.terms.len() > MAX_TERMS {
            self.terms.pop_first();
        }
    }

    /// Whether `mark`'s batch came after a later term than its key's began:
    /// rolled by that term's host with an earlier host's key.
    pub(super) fn out_of_term(&self, mark: &Mark) -> bool {
        self.after_a_later_term(mark.at, mark.key.epoch)
    }

    fn after_a_later_term(&self, at: Seq, key: u32) -> bool {
        self.terms.range(key.saturating_add(1)..).any(|(_, start)| at > *start)
    }

    /// Notes the term of `mark`'s key from its position on (the shape
    /// walks the marks in order, and again from a snapshot's base).
    pub(super) fn note_key(&mut self, mark: &Mark) {
        self.keys.retain(|(at, _)| *at < mark.at);
        if self.keys.last().is_none_or(|(_, e)| *e != mark.key.epoch) {
            self.keys.push((mark.at, mark.key.epoch));
            if self.keys.len() > MAX_TERMS {
                self.keys.remove(0);
            }
        }
    }

    /// Whether the host of `term`, delivering the batch at `at`, only
    /// re-served history it did not roll: up to where its term began (by
    /// its certificate), or labelled with an earlier term's key where this
    /// device cannot tell that the batch came after the term began (it
    /// joined later). A later host's dice under an earlier key after its
    /// term began are its own ([`Audit::out_of_term`]).
    pub(super) fn re_served(&self, term: Epoch, at: Seq) -> bool {
        if self.terms.get(&term.0).is_some_and(|start| at <= *start) {
            return true;
        }
        let i = self.keys.partition_point(|(s, _)| *s <= at);
        let key = i.checked_sub(1).and_then(|i| self.keys.get(i)).map(|(_, e)| *e);
        key.is_some_and(|k| k < term.0 && !self.after_a_later_term(at, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::{room_digest, KeyId};
    use crate::ids::PlayerNo;
    use crate::wire::Act;
    use duel_core::HostAction;

    fn mark(at: u64, epoch: u32) -> Mark {
        Mark::new(Seq(at), KeyId { epoch, index: 3 }, [0; 32], None, Act::Host(HostAction::Resume))
    }

    #[test]
    fn a_batch_after_a_later_term_began_under_an_earlier_key_is_out_of_term() {
        let mut a = Audit::new(room_digest("r"));
        let heir = Epoch::at(1, PlayerNo(2));
        assert!(!a.out_of_term(&mark(500, 0)), "no certificate seen: nothing to judge by");
        a.term_began(heir, Seq(120));
        assert!(!a.out_of_term(&mark(120, 0)), "the predecessor's last batch");
        assert!(a.out_of_term(&mark(121, 0)), "the heir's first batch, under the old key");
        assert!(!a.out_of_term(&mark(121, heir.0)), "the heir's own key");
        assert!(a.re_served(heir, Seq(120)) && !a.re_served(heir, Seq(121)));
        assert!(!a.re_served(Epoch(0), Seq(5)), "the room's first host inherited nothing");
        // A device that joined after the election: the old key's batches are history re-served.
        let mut late = Audit::new(room_digest("r"));
        late.note_key(&mark(100, 0));
        late.note_key(&mark(200, heir.0));
        assert!(late.re_served(heir, Seq(150)), "labelled with the earlier term's key");
        assert!(!late.re_served(heir, Seq(250)), "the heir's own key: its own dice");
    }
}
