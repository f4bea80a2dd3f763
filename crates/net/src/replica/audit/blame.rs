//! Whom a finding is against: the host that delivered the batch, as this
//! device saw it, never a name the batch itself carries.
//!
//! A replica takes events only from the host of the epoch it follows, so
//! the epoch it followed when a batch arrived names who answers for it. A
//! mark's own key names an epoch too, but a cheating host chooses its marks
//! and could write another player's epoch there to frame them; who delivered
//! it is what this device saw for itself. Events fetched from a voter in an
//! election were delivered by nobody in charge: a finding there blames no one.

use std::collections::BTreeSet;

use super::Audit;
use crate::ids::{Epoch, PlayerNo, Seq};

/// Changes of deliverer remembered: one per host change or election fetch,
/// so a room sees a handful; the oldest go first past this (their batches
/// are long checked).
const MAX_DELIVERIES: usize = 256;

/// From which position on, which host delivered the events (`None`: fetched
/// in an election, from a voter).
pub(super) type Deliveries = Vec<(Seq, Option<Epoch>)>;

impl Audit {
    /// The events from `from` on came from the host of `by` (`None`: from a
    /// voter, in an election). Anything recorded from `from` on before is
    /// replaced (a snapshot delivers again what it holds).
    pub(crate) fn delivered(&mut self, from: Seq, by: Option<Epoch>) {
        if let Some(term) = by.filter(|t| !self.followed.contains(t)) {
            self.followed.push(term);
            if self.followed.len() > MAX_DELIVERIES {
                self.followed.remove(0);
            }
        }
        self.deliveries.retain(|(s, _)| *s < from);
        if self.deliveries.last().is_none_or(|(_, b)| *b != by) {
            self.deliveries.push((from, by));
            if self.deliveries.len() > MAX_DELIVERIES {
                self.deliveries.remove(0);
            }
        }
    }

    /// The players this device's audit caught (see [`Audit::blame`]).
    pub(crate) fn failed(&self) -> &BTreeSet<PlayerNo> {
        &self.failed
    }

    /// A finding at `at`: the host that delivered that batch failed the
    /// audit. Returns that host (`None`: nobody in charge delivered it) and
    /// whether this is the first finding against it.
    pub(super) fn blame(&mut self, at: Seq) -> (Option<PlayerNo>, bool) {
        let i = self.deliveries.partition_point(|(s, _)| *s <= at);
        let by = i.checked_sub(1).and_then(|i| self.deliveries.get(i)).and_then(|(_, by)| *by);
        // History a successor inherited at its election and only re-served: not its dice.
        let by = by.filter(|term| !self.re_served(*term, at));
        let host = by.map(Epoch::candidate);
        let new = host.is_some_and(|h| self.failed.insert(h));
        (host, new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::room_digest;

    #[test]
    fn a_finding_blames_the_host_that_delivered_the_batch_and_nobody_for_a_voters_events() {
        let mut a = Audit::new(room_digest("r"));
        let first = Epoch(0);
        let second = Epoch::at(1, PlayerNo(2));
        a.delivered(Seq(1), Some(first));
        a.delivered(Seq(5), Some(first));
        a.delivered(Seq(40), None);
        a.delivered(Seq(50), Some(second));
        a.blame(Seq(45));
        assert!(a.failed().is_empty(), "events a voter served blame no one");
        a.blame(Seq(60));
        assert_eq!(a.failed().iter().copied().collect::<Vec<_>>(), vec![PlayerNo(2)]);
        // A snapshot from the second host delivers everything from 10 on again.
        a.delivered(Seq(10), Some(second));
        a.blame(Seq(45));
        a.blame(Seq(3));
        assert_eq!(a.failed().iter().copied().collect::<Vec<_>>(), vec![PlayerNo(0), PlayerNo(2)]);
    }
}
