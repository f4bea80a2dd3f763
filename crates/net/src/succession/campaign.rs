//! One candidacy: polls, votes, the longest copy, and the fetch that
//! brings this device's copy up to it.

use std::collections::BTreeMap;

use super::{Decision, Standing, SuccessionTiming};
use crate::ids::{Epoch, PeerId, PlayerNo, Seq};
use crate::replica::Replica;
use crate::wire::{encode_mesh, CopyState, MeshMsg};

/// Events per fetched batch (well inside a datagram).
pub(super) const FETCH_BATCH: usize = 128;

#[derive(Debug)]
pub(super) struct Campaign {
    epoch: Epoch,
    me: PlayerNo,
    /// Players counted (the room view's connected ones) and the votes needed of them.
    of: usize,
    need: usize,
    peers: BTreeMap<PlayerNo, PeerId>,
    votes: BTreeMap<PlayerNo, (bool, CopyState, PeerId)>,
    mine: CopyState,
    polled_at: u64,
    started_at: u64,
    majority_at: Option<u64>,
    fetched_at: Option<u64>,
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
            fetched_at: None,
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

    /// No majority after `campaign_ms`: a split vote (see [`SuccessionTiming::campaign_ms`]).
    pub(super) fn lost(&self, now: u64, timing: &SuccessionTiming) -> bool {
        self.majority_at.is_none() && now.saturating_sub(self.started_at) >= timing.campaign_ms
    }

    fn granted(&self) -> usize {
        1 + self.votes.values().filter(|(g, _, _)| *g).count()
    }

    pub(super) fn standing(&self) -> Standing {
        match self.majority_at {
            Some(_) => Standing::Catching { epoch: self.epoch, head: self.best().1.head },
            None => Standing::Campaigning { epoch: self.epoch, have: self.granted(), need: self.need },
        }
    }

    pub(super) fn vote(
        &mut self,
        now: u64,
        from: PeerId,
        epoch: Epoch,
        voter: PlayerNo,
        granted: bool,
        state: CopyState,
    ) {
        let expected = self.peers.get(&voter).is_none_or(|p| *p == from);
        if epoch != self.epoch || !expected {
            return;
        }
        // A vote once granted stays granted (a repeated poll's answer may say otherwise).
        let granted = granted || self.votes.get(&voter).is_some_and(|(g, _, _)| *g);
        self.votes.insert(voter, (granted, state, from));
        if self.majority_at.is_none() && self.granted() >= self.need {
            self.majority_at = Some(now);
        }
    }

    /// The longest copy among this device's and its voters': highest epoch, then head.
    fn best(&self) -> (Option<PeerId>, CopyState) {
        let mut best = (None, self.mine);
        for (granted, state, peer) in self.votes.values() {
            if *granted && (state.epoch, state.head) > (best.1.epoch, best.1.head) {
                best = (Some(*peer), *state);
            }
        }
        best
    }

    pub(super) fn tick(
        &mut self,
        now: u64,
        replica: &mut Replica,
        timing: &SuccessionTiming,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) -> Option<Decision> {
        self.mine = replica.copy_state();
        let Some(majority_at) = self.majority_at.or_else(|| (self.granted() >= self.need).then_some(now))
        else {
            if now.saturating_sub(self.polled_at) >= timing.retry_ms {
                self.polled_at = now;
                let poll = MeshMsg::Poll { epoch: self.epoch, candidate: self.me };
                if let Ok(d) = encode_mesh(&poll) {
                    for (no, peer) in &self.peers {
                        if !self.votes.get(no).is_some_and(|(granted, _, _)| *granted) {
                            out.push((*peer, d.clone()));
                        }
                    }
                }
            }
            return None;
        };
        self.majority_at = Some(majority_at);
        let everyone = self.votes.len() >= self.peers.len();
        if !everyone && now.saturating_sub(majority_at) < timing.grace_ms {
            return None;
        }
        let (holder, best) = self.best();
        if let Some(peer) = holder.filter(|_| best.head > self.mine.head) {
            if self.fetched_at.is_none_or(|t| now.saturating_sub(t) >= timing.retry_ms) {
                self.fetched_at = Some(now);
                let fetch = MeshMsg::Fetch { epoch: self.epoch, from: Seq(self.mine.head.0 + 1) };
                if let Ok(d) = encode_mesh(&fetch) {
                    out.push((peer, d));
                }
            }
            return None;
        }
        let voters = self.votes.iter().filter(|(_, (g, _, _))| *g).map(|(no, _)| *no).collect();
        let of = u16::try_from(self.of).unwrap_or(u16::MAX);
        Some(Decision::Host { epoch: self.epoch, voters, of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(head: u64) -> CopyState {
        CopyState { epoch: Epoch(0), head: Seq(head), hash: None }
    }

    #[test]
    fn a_majority_of_five_is_three_and_a_repeated_answer_does_not_take_a_vote_back() {
        let peers: BTreeMap<PlayerNo, PeerId> =
            (1..5).map(|i| (PlayerNo(i), PeerId(u128::from(i)))).collect();
        let mut c = Campaign::new(Epoch(1), PlayerNo(0), 5, peers, state(10), 0);
        c.vote(5, PeerId(1), Epoch(1), PlayerNo(1), true, state(12));
        assert_eq!(c.standing(), Standing::Campaigning { epoch: Epoch(1), have: 2, need: 3 });
        // Player 1 answers a repeated poll: "already voted in epoch 1" must not undo its vote.
        c.vote(6, PeerId(1), Epoch(1), PlayerNo(1), false, state(12));
        c.vote(7, PeerId(2), Epoch(1), PlayerNo(2), false, state(9));
        assert_eq!(c.standing(), Standing::Campaigning { epoch: Epoch(1), have: 2, need: 3 });
        // A vote from the wrong transport id, or for another epoch, does not count.
        c.vote(8, PeerId(9), Epoch(1), PlayerNo(3), true, state(9));
        c.vote(8, PeerId(3), Epoch(2), PlayerNo(3), true, state(9));
        assert_eq!(c.granted(), 2);
        c.vote(9, PeerId(3), Epoch(1), PlayerNo(3), true, state(11));
        assert!(
            matches!(c.standing(), Standing::Catching { head: Seq(12), .. }),
            "the longest copy is player 1's"
        );
    }
}
