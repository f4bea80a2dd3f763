//! Catching up: the fetch that brings a candidate's copy up to the
//! longest signed copy among its votes (only as far as the host of that
//! copy signed: see [`crate::chain`]), bounded in events and in time.
//!
//! Fetched batches are staged until they reach the voter's signed head,
//! then adopted whole if they carry this copy's chain there, and refused
//! whole if they do not; events past the head are dropped (their
//! commands, never confirmed signed, are sent again to the new host). A
//! voter that does not serve, or not within [`SuccessionTiming::catch_up_ms`],
//! is passed over: the candidate goes on with the best copy it has proven.

use duel_core::Event;

use super::Campaign;
use crate::chain::SignedHead;
use crate::ids::{PeerId, PlayerNo, Seq};
use crate::replica::Replica;
use crate::succession::{Forgery, SuccessionTiming};
use crate::wire::{encode_mesh, Mark, MeshMsg};

/// Events per fetched batch (well inside a datagram).
pub(in crate::succession) const FETCH_BATCH: usize = 128;

/// Fetches of one range from one voter before the candidate passes it
/// over: a voter that claimed a longer copy but does not serve it (it
/// lied, or its link broke) must not hold the room without a host.
const FETCH_TRIES: u32 = 4;

/// Most events a candidate stages from one voter: a signed head further
/// ahead than this (a room plays a few thousand events) is not fetched,
/// so a voter cannot make a candidate hold an unbounded copy.
const MAX_CATCH_UP: u64 = 1 << 16;

/// Events fetched from `voter` towards its signed head `target`, from `start`.
#[derive(Debug)]
pub(super) struct Staged {
    voter: PlayerNo,
    target: SignedHead,
    start: Seq,
    events: Vec<Event>,
    marks: Vec<Mark>,
}

impl Staged {
    /// The first event not staged yet.
    fn next(&self) -> Option<Seq> {
        self.start.plus(self.events.len())
    }
}

/// The fetch under way: which voter was asked for the events from `from`.
#[derive(Debug)]
pub(super) struct Fetching {
    voter: PlayerNo,
    from: Seq,
    tries: u32,
    at: u64,
}

impl Campaign {
    /// The voter (not passed over) with the longest signed copy, if it is
    /// longer than this device's own: highest epoch, then head; with its
    /// signed head. Only signed history counts: a voter's unsigned tail is
    /// nothing a candidate can check.
    pub(super) fn best(&self) -> Option<((PlayerNo, PeerId), SignedHead)> {
        let mut best: Option<((PlayerNo, PeerId), SignedHead)> = None;
        let reach = self.mine.head.0.saturating_add(MAX_CATCH_UP);
        for (no, (b, peer)) in &self.votes {
            let Some(h) = self.heads.get(no) else { continue };
            let usable = b.vote.granted && !self.passed_over.contains(no) && h.seq.0 <= reach;
            let longer = (h.epoch, h.seq) > (self.mine.epoch, self.mine.head);
            if usable && longer && best.is_none_or(|(_, o)| (h.epoch, h.seq) > (o.epoch, o.seq)) {
                best = Some(((*no, *peer), *h));
            }
        }
        best
    }

    /// A batch `peer` served in answer to this campaign's fetch from `from`
    /// (the caller checked it asked): staged, and adopted once it reaches the
    /// voter's signed head.
    ///
    /// # Errors
    /// [`Forgery::UnsignedHistory`] when the staged events do not carry this
    /// copy's chain to that head (the voter is passed over, nothing changed).
    pub(in crate::succession) fn batch(
        &mut self,
        peer: PeerId,
        from: Seq,
        events: Vec<Event>,
        marks: Vec<Mark>,
        replica: &mut Replica,
    ) -> Result<(), Forgery> {
        let Some(s) = &mut self.staged else { return Ok(()) };
        if self.peers.get(&s.voter) != Some(&peer) || s.next() != Some(from) || events.is_empty() {
            // A late or repeated answer: the fetch asks again if need be.
            return Ok(());
        }
        // Events past the signed head are unverifiable: dropped.
        let room = s.target.seq.0.saturating_sub(from.0.saturating_sub(1));
        let keep = usize::try_from(room).unwrap_or(usize::MAX).min(events.len());
        let Some(end) = from.plus(keep) else { return Ok(()) };
        s.events.extend(events.into_iter().take(keep));
        s.marks.extend(marks.into_iter().filter(|m| m.at >= from && m.at < end));
        self.fetching = None;
        if s.next() != Some(s.target.seq.next()) {
            return Ok(());
        }
        let Some(s) = self.staged.take() else { return Ok(()) };
        let applied = replica.adopt(s.start, s.events, s.marks, &s.target);
        if applied == 0 || replica.head() != s.target.seq {
            self.passed_over.insert(s.voter);
            return Err(Forgery::UnsignedHistory);
        }
        self.mine = replica.copy_state();
        Ok(())
    }

    /// Asks the voter with the longest signed copy for the events this copy
    /// lacks; `false` once there is nothing left to fetch from anyone who serves.
    pub(super) fn fetch(
        &mut self,
        now: u64,
        timing: &SuccessionTiming,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) -> bool {
        loop {
            let Some(((voter, peer), target)) = self.best() else {
                self.staged = None;
                return false;
            };
            let since = *self.catching.entry(voter).or_insert(now);
            if now.saturating_sub(since) >= timing.catch_up_ms {
                // Bounded in time, not only in events: a voter serving one
                // event a fetch must not hold the room without a host.
                self.passed_over.insert(voter);
                self.fetching = None;
                continue;
            }
            let start = self.mine.head.next();
            if self.staged.as_ref().is_none_or(|s| s.voter != voter || s.target != target || s.start != start)
            {
                self.staged = Some(Staged { voter, target, start, events: Vec::new(), marks: Vec::new() });
            }
            let Some(from) = self.staged.as_ref().and_then(Staged::next) else { return false };
            match &mut self.fetching {
                Some(f) if f.voter == voter && f.from == from => {
                    if now.saturating_sub(f.at) < timing.retry_ms {
                        return true;
                    }
                    if f.tries >= FETCH_TRIES {
                        // It claimed a copy it does not serve: the next-longest will do.
                        self.passed_over.insert(voter);
                        self.fetching = None;
                        continue;
                    }
                    f.tries = f.tries.saturating_add(1);
                    f.at = now;
                }
                _ => self.fetching = Some(Fetching { voter, from, tries: 1, at: now }),
            }
            self.asked.insert((peer, from));
            if let Ok(d) = encode_mesh(&MeshMsg::Fetch { epoch: self.epoch, from }) {
                out.push((peer, d));
            }
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::ids::Epoch;
    use crate::replica::ReplicaConfig;
    use crate::succession::campaign::tests::{ballot, signed, state};

    #[test]
    fn a_voter_that_never_serves_its_longer_copy_is_passed_over() {
        let peers: BTreeMap<PlayerNo, PeerId> =
            (1..3).map(|i| (PlayerNo(i), PeerId(u128::from(i)))).collect();
        let mut c = Campaign::new(Epoch(1), PlayerNo(0), 3, peers, state(10), 0);
        c.vote(1, PeerId(1), ballot(1, 1, true, 99), signed(99));
        c.vote(1, PeerId(2), ballot(2, 1, true, 12), signed(12));
        let timing = SuccessionTiming::default();
        let mut asked = Vec::new();
        for now in (0..20).map(|i| 1_000 + i * timing.retry_ms) {
            let mut out = Vec::new();
            if !c.fetch(now, &timing, &mut out) {
                break;
            }
            asked.extend(out.into_iter().map(|(to, _)| to));
        }
        assert_eq!(asked.iter().filter(|p| **p == PeerId(1)).count(), FETCH_TRIES as usize);
        assert_eq!(asked.last(), Some(&PeerId(2)), "then the next-longest copy");
        assert!(c.asked(PeerId(2), Seq(11)) && !c.asked(PeerId(2), Seq(12)));
    }

    #[test]
    fn a_voter_serving_one_event_a_fetch_is_passed_over_at_the_catch_up_deadline() {
        let peers: BTreeMap<PlayerNo, PeerId> =
            (1..3).map(|i| (PlayerNo(i), PeerId(u128::from(i)))).collect();
        let mut c = Campaign::new(Epoch(1), PlayerNo(0), 3, peers, state(10), 0);
        c.vote(1, PeerId(1), ballot(1, 1, true, 60_010), signed(60_010));
        c.vote(1, PeerId(2), ballot(2, 1, true, 12), signed(12));
        let mut replica = Replica::new(ReplicaConfig::new(crate::ids::PlayerToken(1), "P", "b"));
        let timing = SuccessionTiming::default();
        let event = Event::SeatAway { seat: duel_core::SeatId(0), away: true };
        let mut now = 1_000;
        // Player 1 answers every fetch at once, with one event.
        while c.fetch(now, &timing, &mut Vec::new()) {
            let from = c.staged.as_ref().and_then(Staged::next).unwrap();
            if c.staged.as_ref().unwrap().voter != PlayerNo(1) {
                break;
            }
            assert_eq!(c.batch(PeerId(1), from, vec![event.clone()], vec![], &mut replica), Ok(()));
            now += 10;
        }
        assert_eq!(now, 1_000 + timing.catch_up_ms, "passed over at the deadline, not before");
        assert!(c.passed_over.contains(&PlayerNo(1)));
        assert!(c.asked(PeerId(2), Seq(11)), "then the next-longest copy");
        assert_eq!(replica.head(), Seq(0), "nothing of the trickled copy was adopted");
    }
}
