//! One candidacy: polls, votes, and the decision once the votes are in and
//! this copy has caught up with the longest signed one ([`catch_up`]).

mod catch_up;

pub(super) use catch_up::FETCH_BATCH;
use catch_up::{Fetching, Staged};

use std::collections::{BTreeMap, BTreeSet};

use super::{Decision, Standing, SuccessionTiming};
use crate::chain::SignedHead;
use crate::ids::{Epoch, PeerId, PlayerNo, Seq};
use crate::replica::Replica;
use crate::seat_key::Statement;
use crate::wire::{encode_mesh, Ballot, CopyState, MeshMsg, Vote};

#[derive(Debug)]
pub(super) struct Campaign {
    epoch: Epoch,
    me: PlayerNo,
    /// Players counted (the room view's connected ones) and the votes needed of them.
    of: usize,
    need: usize,
    peers: BTreeMap<PlayerNo, PeerId>,
    /// Each voter's ballot (a granted one is kept over a later "no") and its transport id.
    votes: BTreeMap<PlayerNo, (Ballot, PeerId)>,
    mine: CopyState,
    polled_at: u64,
    started_at: u64,
    majority_at: Option<u64>,
    fetching: Option<Fetching>,
    /// Every (peer, first event) this campaign asked for: the only batches it takes.
    asked: BTreeSet<(PeerId, Seq)>,
    /// Voters whose longer copy never came (or not in time).
    passed_over: BTreeSet<PlayerNo>,
    /// When this campaign first fetched from each voter: catching up from
    /// one lasts at most [`SuccessionTiming::catch_up_ms`] from then.
    catching: BTreeMap<PlayerNo, u64>,
    /// Each voter's signed head, its signature checked by the caller.
    heads: BTreeMap<PlayerNo, SignedHead>,
    staged: Option<Staged>,
}

impl Campaign {
    pub(super) fn new(
        epoch: Epoch,
        me: PlayerNo,
        of: usize,
        peers: BTreeMap<PlayerNo, PeerId>,
        mine: CopyState,
        now: u64,
    ) -> Campaign {
        Campaign {
            epoch,
            me,
            of,
            need: super::quorum(of),
            peers,
            votes: BTreeMap::new(),
            mine,
            polled_at: now,
            started_at: now,
            majority_at: None,
            fetching: None,
            asked: BTreeSet::new(),
            passed_over: BTreeSet::new(),
            catching: BTreeMap::new(),
            heads: BTreeMap::new(),
            staged: None,
        }
        .polled(now)
    }

    fn polled(mut self, now: u64) -> Campaign {
        // `polled_at` in the past makes the first tick poll at once.
        self.polled_at = now.saturating_sub(u64::MAX / 2);
        self
    }

    pub(super) fn epoch(&self) -> Epoch {
        self.epoch
    }

    /// Whether this campaign asked `peer` for the events from `from`.
    pub(super) fn asked(&self, peer: PeerId, from: Seq) -> bool {
        self.asked.contains(&(peer, from))
    }

    /// What it asked for, kept after it ends to tell a late answer from a forged one.
    pub(super) fn into_asked(self) -> BTreeSet<(PeerId, Seq)> {
        self.asked
    }

    /// No majority after `campaign_ms`: a split vote (see [`SuccessionTiming::campaign_ms`]).
    pub(super) fn lost(&self, now: u64, timing: &SuccessionTiming) -> bool {
        self.majority_at.is_none() && now.saturating_sub(self.started_at) >= timing.campaign_ms
    }

    fn granted(&self) -> usize {
        1 + self.votes.values().filter(|(b, _)| b.vote.granted).count()
    }

    pub(super) fn standing(&self) -> Standing {
        match self.majority_at {
            Some(_) => Standing::Catching {
                epoch: self.epoch,
                head: self.best().map_or(self.mine.head, |(_, h)| h.seq),
            },
            None => Standing::Campaigning { epoch: self.epoch, have: self.granted(), need: self.need },
        }
    }

    /// A ballot whose signature the caller checked against the room view;
    /// `head`, its signed head if the caller found it signed by its host.
    pub(super) fn vote(&mut self, now: u64, from: PeerId, ballot: Ballot, head: Option<SignedHead>) {
        let v = ballot.vote;
        // Only the players polled (one per seat key), from where they were polled.
        let expected = self.peers.get(&v.voter) == Some(&from);
        if v.epoch != self.epoch || v.candidate != self.me || v.voter == self.me || !expected {
            return;
        }
        // A vote once granted stays granted (a repeated poll's answer may say otherwise).
        if self.votes.get(&v.voter).is_some_and(|(b, _)| b.vote.granted) {
            return;
        }
        self.votes.insert(v.voter, (ballot, from));
        match head {
            Some(h) => self.heads.insert(v.voter, h),
            None => self.heads.remove(&v.voter),
        };
        if self.majority_at.is_none() && self.granted() >= self.need {
            self.majority_at = Some(now);
        }
    }

    pub(super) fn tick(
        &mut self,
        now: u64,
        replica: &mut Replica,
        timing: &SuccessionTiming,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) -> Option<Decision> {
        self.mine = replica.copy_state();
        let room = replica.room_digest();
        let Some(majority_at) = self.majority_at.or_else(|| (self.granted() >= self.need).then_some(now))
        else {
            self.poll(now, replica, timing, false, out);
            return None;
        };
        self.majority_at = Some(majority_at);
        let everyone = self.votes.len() >= self.peers.len();
        if !everyone && now.saturating_sub(majority_at) < timing.grace_ms {
            return None;
        }
        if self.fetch(now, timing, out) {
            // Catching up takes a while: polling the voters again (each grants
            // the same vote again) tells the successors after this one that it
            // still stands, so none of them stands in the next round meanwhile.
            self.poll(now, replica, timing, true, out);
            return None;
        }
        let own =
            Vote { epoch: self.epoch, candidate: self.me, voter: self.me, granted: true, state: self.mine };
        let mut votes = vec![Ballot::sign(own, replica.seat_key(), &room)];
        votes.extend(self.votes.values().map(|(b, _)| *b).filter(|b| b.vote.granted));
        let of = u16::try_from(self.of).unwrap_or(u16::MAX);
        Some(Decision::Host { epoch: self.epoch, votes, of })
    }

    /// Polls, every `retry_ms`, the peers that have not granted their vote
    /// yet (with `everyone`, those that have too).
    fn poll(
        &mut self,
        now: u64,
        replica: &Replica,
        timing: &SuccessionTiming,
        everyone: bool,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) {
        if now.saturating_sub(self.polled_at) < timing.retry_ms {
            return;
        }
        self.polled_at = now;
        let sig = replica.seat_key().sign(Statement::Poll, &replica.room_digest(), &(self.epoch, self.me));
        let Ok(d) = encode_mesh(&MeshMsg::Poll { epoch: self.epoch, candidate: self.me, sig }) else {
            return;
        };
        for (no, peer) in &self.peers {
            if everyone || !self.votes.get(no).is_some_and(|(b, _)| b.vote.granted) {
                out.push((*peer, d.clone()));
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::seat_key::SeatSig;

    pub(super) fn state(head: u64) -> CopyState {
        CopyState { epoch: Epoch(0), head: Seq(head), hash: None, signed: None }
    }

    /// A head the caller found signed by the host (the campaign trusts it).
    pub(super) fn signed(head: u64) -> Option<SignedHead> {
        Some(SignedHead { epoch: Epoch(0), seq: Seq(head), chain: [0; 32], sig: SeatSig([0; 32], [0; 32]) })
    }

    /// The campaign trusts its caller to have checked the signature.
    pub(super) fn ballot(voter: u16, epoch: u32, granted: bool, head: u64) -> Ballot {
        let vote = Vote {
            epoch: Epoch(epoch),
            candidate: PlayerNo(0),
            voter: PlayerNo(voter),
            granted,
            state: state(head),
        };
        Ballot { vote, sig: SeatSig([0; 32], [0; 32]) }
    }

    #[test]
    fn a_majority_of_five_is_three_and_a_repeated_answer_does_not_take_a_vote_back() {
        let peers: BTreeMap<PlayerNo, PeerId> =
            (1..5).map(|i| (PlayerNo(i), PeerId(u128::from(i)))).collect();
        let mut c = Campaign::new(Epoch(1), PlayerNo(0), 5, peers, state(10), 0);
        c.vote(5, PeerId(1), ballot(1, 1, true, 12), signed(12));
        assert_eq!(c.standing(), Standing::Campaigning { epoch: Epoch(1), have: 2, need: 3 });
        // Player 1 answers a repeated poll: "already voted in epoch 1" must not undo its vote.
        c.vote(6, PeerId(1), ballot(1, 1, false, 12), signed(12));
        c.vote(7, PeerId(2), ballot(2, 1, false, 9), signed(9));
        assert_eq!(c.standing(), Standing::Campaigning { epoch: Epoch(1), have: 2, need: 3 });
        // A vote from the wrong transport id, or for another epoch, does not count.
        c.vote(8, PeerId(9), ballot(3, 1, true, 9), signed(9));
        c.vote(8, PeerId(3), ballot(3, 2, true, 9), signed(9));
        assert_eq!(c.granted(), 2);
        c.vote(9, PeerId(3), ballot(3, 1, true, 11), signed(11));
        assert!(
            matches!(c.standing(), Standing::Catching { head: Seq(12), .. }),
            "the longest copy is player 1's"
        );
    }
}
