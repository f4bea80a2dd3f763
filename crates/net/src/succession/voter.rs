//! The voter's side of an election: answering a signed poll with a signed
//! ballot, one granted vote a round, and only once this device too has
//! stopped hearing the host for the whole silence bound (Raft's pre-vote: a
//! device that still hears its host votes for nobody). A poll that comes a
//! moment before this device's own silence reaches the bound (the host's
//! last word reached the candidate first) is answered when it does, before
//! any poll that came later.
//!
//! Nor can one candidate claim the window of rounds (issue 43): a voter
//! grants a candidate one round at a time, a new one only once the last
//! has run out (`campaign_ms` after it was granted: an honest candidate
//! stands again only after its campaign lost), at most [`ROUNDS_EACH`]
//! unsettled, and answers each peer at most every [`POLL_GAP_MS`].

use super::{Forgery, Succession};
use crate::certificate;
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::seat_key::{SeatSig, Statement};
use crate::wire::{encode_mesh, Ballot, MeshMsg, Vote};

/// One answer per peer in this long: an honest candidate polls each peer
/// every `retry_ms` (250 ms), a peer polling every 10 ms costs a voter a
/// signature a tenth as often.
pub(super) const POLL_GAP_MS: u64 = 100;

/// Unsettled rounds a voter grants one candidate: its first, and one more
/// after a split vote; a third goes to the successors after it.
pub(super) const ROUNDS_EACH: usize = 2;

/// A poll this device answers the moment its own silence reaches the
/// bound: the candidate's clock ran a little ahead (the host's last word
/// reached it first), and a "no" alone would leave it waiting for its next
/// poll while another successor stands and is granted first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Deferred {
    from: PeerId,
    epoch: Epoch,
    sig: SeatSig,
    due: u64,
}

/// A vote in a round: for whom, and when it was first granted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Granted {
    pub(super) epoch: Epoch,
    pub(super) candidate: PlayerNo,
    pub(super) at: u64,
}

impl Succession {
    /// Answers `candidate`'s poll for `epoch` (from `from`): a host says it
    /// hosts; anyone else sends its ballot, granted or not.
    pub(super) fn answer_poll(
        &mut self,
        now: u64,
        from: PeerId,
        (epoch, candidate, sig): (Epoch, PlayerNo, SeatSig),
        replica: &Replica,
        hosting: Option<Epoch>,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) {
        if self.answered.get(&from).is_some_and(|t| now.saturating_sub(*t) < POLL_GAP_MS) {
            self.throttled = self.throttled.saturating_add(1);
            return;
        }
        self.answered.retain(|_, t| now.saturating_sub(*t) < POLL_GAP_MS);
        self.answered.insert(from, now);
        if let Some(e) = hosting {
            send(out, from, &MeshMsg::Hosting { epoch: e });
            // With the election that made us host, so the candidate can follow at once.
            if let Some((won, a)) = &self.announcement {
                if *won == e {
                    out.push((from, a.clone()));
                }
            }
            return;
        }
        // Polls that came first are answered first.
        self.answer_deferred(now, replica, out);
        self.vote_on(now, from, (epoch, candidate, sig), replica, out, true);
    }

    /// Answers the deferred polls whose time has come (granted, or dropped:
    /// the candidate polls again).
    pub(super) fn answer_deferred(&mut self, now: u64, replica: &Replica, out: &mut Vec<(PeerId, Vec<u8>)>) {
        let (due, later): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.deferred).into_iter().partition(|(_, d)| d.due <= now);
        self.deferred = later;
        for (candidate, d) in due {
            self.vote_on(now, d.from, (d.epoch, candidate, d.sig), replica, out, false);
        }
    }

    /// The ballot for a poll: sent at once when `first` (granted or not,
    /// and deferred when only this device's silence is a little short),
    /// later only if granted.
    fn vote_on(
        &mut self,
        now: u64,
        from: PeerId,
        (epoch, candidate, sig): (Epoch, PlayerNo, SeatSig),
        replica: &Replica,
        out: &mut Vec<(PeerId, Vec<u8>)>,
        first: bool,
    ) {
        let (Some(me), Some(room)) = (replica.known_as(), replica.room()) else { return };
        let digest = replica.room_digest();
        let current = replica.epoch();
        let Some(standing) = room.player(candidate) else { return };
        if !standing.key.verifies(Statement::Poll, &digest, &(epoch, candidate), &sig) {
            self.refuse(Forgery::Signature);
            return;
        }
        let sender_ok = standing.peer.is_none_or(|peer| peer == from) && epoch.candidate() == candidate;
        // Silent for the whole bound: a voter that grants at less lets a
        // lost heartbeat or two on a bad network elect someone while the
        // host lives.
        let short = self.silence(now, replica).map_or(0, |s| self.timing.silence_ms.saturating_sub(s));
        // The same candidate polling again for the same epoch gets the same answer.
        let again =
            self.ballots.get(&epoch.round()).is_some_and(|g| g.epoch == epoch && g.candidate == candidate);
        // One vote a round, in the window; none for a round below one this device stands in.
        let fresh = certificate::in_window(current, epoch)
            && !self.ballots.contains_key(&epoch.round())
            && self.campaign.as_ref().is_none_or(|c| c.epoch() < epoch);
        // One round open per candidate, another only once the last ran out,
        // and at most ROUNDS_EACH unsettled: a candidate that never announces
        // cannot keep the successors after it waiting round after round.
        let life = self.timing.campaign_ms;
        let mine = || self.ballots.values().filter(|g| g.candidate == candidate);
        let open = mine().any(|g| now.saturating_sub(g.at) < life) || mine().count() >= ROUNDS_EACH;
        // A host this device caught failing the audit is never voted back in.
        let trusted = !replica.failed_audit().contains(&candidate);
        let eligible = sender_ok && fresh && !open && trusted;
        let granted = again || (eligible && short == 0);
        if !granted && first && eligible && short <= self.timing.retry_ms {
            // One per candidate, in the order they came.
            self.deferred.retain(|(c, _)| *c != candidate);
            self.deferred.push((candidate, Deferred { from, epoch, sig, due: now.saturating_add(short) }));
        }
        if !granted && !first {
            return;
        }
        if granted {
            let first = self.ballots.get(&epoch.round()).map_or(now, |g| g.at);
            self.ballots.insert(epoch.round(), Granted { epoch, candidate, at: first });
            // A candidate still polling tells the successors after it that it
            // still stands (it may be catching up), for a campaign's length.
            if now.saturating_sub(first) < life {
                self.poll_seen = Some(now);
            }
            if self.campaign.as_ref().is_some_and(|c| c.epoch() < epoch) {
                self.end_campaign();
            }
        }
        let vote = Vote { epoch, candidate, voter: me, granted, state: replica.copy_state() };
        let ballot = Ballot::sign(vote, replica.seat_key(), &digest);
        send(out, from, &MeshMsg::Vote { ballot });
    }
}

fn send(out: &mut Vec<(PeerId, Vec<u8>)>, to: PeerId, m: &MeshMsg) {
    if let Ok(d) = encode_mesh(m) {
        out.push((to, d));
    }
}
