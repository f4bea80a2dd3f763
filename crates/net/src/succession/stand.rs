//! When this device stands: the host silent long enough, this device the
//! first live successor in the room view's order, and a round left in the
//! window it has not voted in.

use std::collections::{BTreeMap, BTreeSet};

use super::campaign::Campaign;
use super::voter::Granted;
use super::{Decision, Succession};
use crate::certificate;
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::wire::RoomView;

impl Succession {
    /// How many live successors come before `candidate` in the room view's
    /// order (one this device caught failing the audit is not waited for).
    /// `None`: not a successor. Its turn to stand comes after the silence
    /// bound plus a stagger for each ([`Succession::turn`]).
    fn rank(&self, room: &RoomView, replica: &Replica, candidate: PlayerNo) -> Option<u64> {
        let rank = room
            .successors
            .iter()
            .copied()
            .filter(|p| *p == candidate || room.player(*p).is_some_and(|v| v.connected))
            .filter(|p| *p == candidate || !replica.failed_audit().contains(p))
            .position(|p| p == candidate)?;
        Some(rank as u64)
    }

    /// The host's silence after which a successor of `rank` stands.
    fn turn(&self, rank: u64) -> u64 {
        self.timing.silence_ms.saturating_add(rank.saturating_mul(self.timing.stagger_ms))
    }

    /// With no campaign under way: stands (polls for the next free round)
    /// when its turn in the successor order has come.
    pub(super) fn stand(
        &mut self,
        now: u64,
        replica: &mut Replica,
        mut out: Vec<(PeerId, Vec<u8>)>,
    ) -> (Vec<(PeerId, Vec<u8>)>, Option<Decision>) {
        // Rounds at or below the one followed are settled: their votes no longer matter.
        let followed = replica.epoch().round();
        self.ballots.retain(|round, _| *round > followed);
        let (Some(room), Some(me)) = (replica.room(), replica.known_as()) else { return (out, None) };
        let Some(silent) = self.silence(now, replica) else { return (out, None) };
        let Some(rank) = self.rank(room, replica, me) else { return (out, None) };
        let wait = self.turn(rank);
        // A candidate this device granted may still be gathering the rest of
        // its votes for a campaign's length (it polls again only the voters
        // that have not granted, so a granting voter hears nothing more of it
        // until it wins or loses): standing sooner would split the vote this
        // device just gave (issue 45: a stagger is one second, a campaign two).
        let others_trying = self.poll_seen.is_some_and(|t| now.saturating_sub(t) < self.timing.campaign_ms);
        // After a split, the same order again: the first successor stands first.
        let backing_off =
            self.lost_at.is_some_and(|t| now.saturating_sub(t) < (rank + 1) * self.timing.stagger_ms);
        if silent < wait || others_trying || backing_off || replica.heir().is_none() {
            return (out, None);
        }
        // The first round after the one followed and the one last stood in
        // that this device has not voted in; none past the window (voters
        // would refuse it), nor past the last round: standing for a lower one
        // would make a host nobody, this device included, follows.
        let current = replica.epoch();
        let after = current.round().max(self.stood.round());
        let Some(epoch) = (after..=u16::MAX)
            .skip(1)
            .map(|r| Epoch::at(r, me))
            .take_while(|e| certificate::in_window(current, *e))
            .find(|e| !self.ballots.contains_key(&e.round()))
        else {
            return (out, None);
        };
        self.ballots.insert(epoch.round(), Granted { epoch, candidate: me, at: now });
        self.stood = epoch;
        let of = certificate::electorate(room, me);
        // One poll per seat key (a device that holds several places in the
        // room has one voice), not this device's own.
        let mine = room.player(me).map(|p| p.key);
        let mut keys: BTreeSet<_> = mine.into_iter().collect();
        let peers: BTreeMap<PlayerNo, PeerId> = room
            .players
            .iter()
            .filter(|p| p.no != me)
            .filter_map(|p| p.peer.filter(|_| keys.insert(p.key)).map(|peer| (p.no, peer)))
            .collect();
        self.claimants.clear();
        let mut c = Campaign::new(epoch, me, of, peers, replica.copy_state(), now);
        let decision = c.tick(now, replica, &self.timing, &mut out);
        if decision.is_none() {
            self.campaign = Some(c);
        }
        (out, decision)
    }
}
