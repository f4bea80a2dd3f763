//! What the audit tells the players: every host it names, once each. The
//! report keeps the first finding of each kind (its counts, and what tests
//! and elections look at); a room may see several hosts in one game, and
//! each one caught is told, not only the first (issue 43, point 9).

use super::{Audit, AuditFinding, Finding};
use crate::ids::{Epoch, PlayerNo, Seq};

/// Departed hosts' terms remembered (a room sees one per host change):
/// past this the oldest go, so at worst one of them is told twice.
const MAX_GONE: usize = 64;

/// A finding for the players, drained by the replica into a notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Told {
    /// Re-deriving the batch at `at` did not give the events `host` delivered.
    Tampered { at: Seq, host: Option<PlayerNo> },
    /// Dice that cannot be checked, and whose they are.
    Unchecked(Finding),
}

impl Audit {
    /// The findings to tell since the last call.
    pub(crate) fn drain_told(&mut self) -> Vec<Told> {
        std::mem::take(&mut self.told)
    }

    /// The batch from `since` could not be checked, through the host's
    /// doing: the first such finding is reported, and each host it is the
    /// first finding against is told.
    pub(super) fn withheld(&mut self, since: Seq, why: AuditFinding) {
        let first = self.report.withheld.is_none();
        let (host, new) = self.blame(since);
        let finding = Finding { since, why, host };
        self.report.withheld.get_or_insert(finding);
        if first || new {
            self.told.push(Told::Unchecked(finding));
        }
    }

    /// The batch at `at` is not what its dice give.
    pub(super) fn tampered(&mut self, at: Seq) {
        let first = self.report.tampered.is_none();
        self.report.tampered.get_or_insert(at);
        let (host, new) = self.blame(at);
        if first || new {
            self.told.push(Told::Tampered { at, host });
        }
    }

    /// A room view from the host of `by` showed a chain in `player`'s name
    /// that the player never signed (seen at `head`).
    pub(super) fn chain_forged(&mut self, head: Seq, player: PlayerNo, by: Epoch) {
        let first = self.report.withheld.is_none();
        let host = by.candidate();
        let new = self.failed.insert(host);
        let finding = Finding { since: head, why: AuditFinding::ChainNotSigned { player }, host: Some(host) };
        self.report.withheld.get_or_insert(finding);
        if first || new {
            self.told.push(Told::Unchecked(finding));
        }
    }

    /// The batch from `since` was rolled with a key of `term`'s host, which
    /// is gone and never showed it. Told once per departed host's term. A
    /// key's term is the batch's own word (its host writes it): the host is
    /// named only if this device followed that term, so nobody can have
    /// another player named for keys they never held; a key of a term it
    /// did not follow is told once, unnamed.
    pub(super) fn gone(&mut self, since: Seq, term: Epoch) {
        let host = self.followed.contains(&term).then(|| term.candidate());
        let again = match host {
            Some(_) if self.gone_terms.contains(&term) => return,
            None if self.gone_unnamed => return,
            Some(h) => self.failed.contains(&h) || self.gone_terms.iter().any(|t| t.candidate() == h),
            None => false,
        };
        if host.is_some() {
            self.gone_terms.push(term);
            if self.gone_terms.len() > MAX_GONE {
                self.gone_terms.remove(0);
            }
        } else {
            self.gone_unnamed = true;
        }
        let why = if again { AuditFinding::HostGoneAgain } else { AuditFinding::HostGone };
        let finding = Finding { since, why, host };
        self.report.unverifiable.get_or_insert(finding);
        self.told.push(Told::Unchecked(finding));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::room_digest;

    fn told(a: &mut Audit) -> Vec<(AuditFinding, Option<PlayerNo>)> {
        a.drain_told()
            .into_iter()
            .filter_map(|t| match t {
                Told::Unchecked(f) => Some((f.why, f.host)),
                Told::Tampered { .. } => None,
            })
            .collect()
    }

    #[test]
    fn a_departed_host_is_named_once_a_term_and_warned_of_the_second_time() {
        let mut a = Audit::new(room_digest("r"));
        let (ana, bo) = (PlayerNo(0), PlayerNo(2));
        let (first, second, third) = (Epoch(0), Epoch::at(1, bo), Epoch::at(2, ana));
        a.delivered(Seq(1), Some(first));
        a.delivered(Seq(10), Some(second));
        // A snapshot from Bo's term delivers everything again: Ana's term is still known.
        a.delivered(Seq(1), Some(second));
        a.gone(Seq(3), first);
        a.gone(Seq(5), first);
        assert_eq!(told(&mut a), [(AuditFinding::HostGone, Some(ana))], "a caution, once per term");
        a.delivered(Seq(20), Some(third));
        a.gone(Seq(21), third);
        assert_eq!(told(&mut a), [(AuditFinding::HostGoneAgain, Some(ana))], "Ana left unchecked twice");
        // Keys of terms this device never followed name nobody (a host writes its marks' keys), once.
        a.gone(Seq(30), Epoch::at(3, PlayerNo(7)));
        a.gone(Seq(31), Epoch::at(4, PlayerNo(7)));
        assert_eq!(told(&mut a), [(AuditFinding::HostGone, None)]);
        // A host caught before that leaves unchecked is warned of at once.
        a.delivered(Seq(40), Some(second));
        assert_eq!(a.blame(Seq(41)), (Some(bo), true));
        a.gone(Seq(41), second);
        assert_eq!(told(&mut a), [(AuditFinding::HostGoneAgain, Some(bo))]);
        assert_eq!(a.report.unverifiable.map(|f| f.host), Some(Some(ana)), "the report keeps the first");
    }

    #[test]
    fn each_host_caught_is_told_once_and_a_voters_events_name_nobody() {
        let mut a = Audit::new(room_digest("r"));
        let bo = PlayerNo(2);
        a.delivered(Seq(1), Some(Epoch(0)));
        a.withheld(Seq(2), AuditFinding::KeyNotShown);
        a.withheld(Seq(3), AuditFinding::KeyNotShown);
        a.delivered(Seq(10), None);
        a.withheld(Seq(11), AuditFinding::NoMark);
        a.delivered(Seq(20), Some(Epoch::at(1, bo)));
        a.withheld(Seq(21), AuditFinding::SealMissing);
        a.tampered(Seq(22));
        a.tampered(Seq(23));
        let all = a.drain_told();
        assert_eq!(
            all,
            [
                Told::Unchecked(Finding {
                    since: Seq(2),
                    why: AuditFinding::KeyNotShown,
                    host: Some(PlayerNo(0))
                }),
                Told::Unchecked(Finding { since: Seq(21), why: AuditFinding::SealMissing, host: Some(bo) }),
                Told::Tampered { at: Seq(22), host: Some(bo) },
            ]
        );
    }
}
