//! The replica's copy of the game: events applied strictly in sequence,
//! batches that arrive early held until the gap before them is filled, and
//! the host's periodic hash checked after applying.

use std::collections::BTreeMap;

use duel_core::{Event, Game};

use crate::chain::{self, SignedHead};
use crate::hash::Hash32;
use crate::ids::Seq;
use crate::wire::{Mark, Snapshot};

/// Early batches held at most (each is one host broadcast).
const MAX_AHEAD: usize = 512;

/// What offering a batch did.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Offered {
    /// Events applied now (this batch and any held ones it unblocked).
    pub(crate) applied: u64,
    /// A hash disagreed: the copy is wrong and needs a snapshot.
    pub(crate) mismatch: bool,
    /// A Thunderstruck reveal that is not what its player committed to (T10).
    pub(crate) forged: Option<Seq>,
    /// A signed head the copy now reaches, its signature not yet checked.
    pub(crate) signed: Option<SignedHead>,
    /// The batch was impossible (numbered from 0, or running past
    /// [`Seq::LIMIT`]): refused whole, nothing changed.
    pub(crate) refused: bool,
    /// A batch (starting here) whose events are not the ones the host's
    /// signed head at its end vouches for: refused whole (issue 43).
    pub(crate) altered: Option<Seq>,
}

/// A batch held until the gap before it fills: events, hash, marks, signed head.
type Held = (Vec<Event>, Option<u64>, Vec<Mark>, Option<SignedHead>);

#[derive(Clone, Debug)]
pub(crate) struct GameSync {
    pub(crate) game: Game,
    /// Never past [`Seq::LIMIT`] (what is refused keeps it there), so
    /// `head + 1` cannot overflow.
    pub(crate) head: Seq,
    /// The snapshot this copy began with, and every event and mark since:
    /// what a successor host serves, and what the dice audit replays.
    pub(crate) base: (Seq, Game),
    pub(crate) log: Vec<Event>,
    pub(crate) marks: Vec<Mark>,
    ahead: BTreeMap<u64, Held>,
    /// Set by a hash mismatch; nothing more is applied until a snapshot.
    pub(crate) desynced: bool,
    /// The head at the last hash the host confirmed (the snapshot's, a
    /// batch's or a `Pong`'s): what the dice audit may judge.
    pub(crate) confirmed: Seq,
    /// The first position where the host's marks came out of order, overlapped
    /// or pointed outside their events (the dice audit reports it).
    pub(crate) disorder: Option<Seq>,
    /// The log's chain at `base.0` and at the head (see [`crate::chain`]).
    pub(crate) base_chain: Hash32,
    pub(crate) chain: Hash32,
    /// The latest signed head this copy reached, its signature checked.
    pub(crate) signed: Option<SignedHead>,
    /// A later one it reached, its signature checked only when an election
    /// asks where the copy stands (checking each batch's would cost every
    /// replica one Ed25519 verification per batch, which only a vote needs).
    pub(crate) unchecked: Option<SignedHead>,
}

impl GameSync {
    /// A copy from a snapshot: the checkpoint with its tail applied. `None`
    /// if the result does not have the hash the host sent, or the tail
    /// would run past [`Seq::LIMIT`].
    pub(crate) fn from_snapshot(snapshot: Snapshot) -> Option<GameSync> {
        let Snapshot { seq, game: base, tail, hash, marks, chain: base_chain, signed: _ } = snapshot;
        let head = seq.plus(tail.len())?;
        let mut game = base.clone();
        for e in &tail {
            game.apply(e);
        }
        if game.state_hash() != hash {
            return None;
        }
        let ordered = marks.windows(2).all(|w| w[0].at < w[1].at);
        let inside = marks.iter().all(|m| m.at > seq && m.at <= head);
        let disorder = (!ordered || !inside).then(|| seq.next());
        let marks = marks.into_iter().filter(|m| m.at > seq && m.at <= head).collect();
        let chain = chain::extend(base_chain, &tail);
        Some(GameSync {
            game,
            head,
            base: (seq, base),
            log: tail,
            marks,
            ahead: BTreeMap::new(),
            desynced: false,
            confirmed: head,
            disorder,
            base_chain,
            chain,
            signed: None,
            unchecked: None,
        })
    }

    /// Whether `head` vouches for this copy as it stands: the same position
    /// and chain (its signature is the caller's to check).
    pub(crate) fn reaches(&self, head: &SignedHead) -> bool {
        head.seq == self.head && head.chain == self.chain
    }

    /// `max` events from `from` on, with their marks (for a peer fetching
    /// what its copy lacks); empty if this copy does not have `from`.
    pub(crate) fn events_from(&self, from: Seq, max: usize) -> (Vec<Event>, Vec<Mark>) {
        // `from` may come from a peer's fetch: before the copy, or past what a
        // 32-bit `usize` holds (wasm), is nothing to send, not a wrapped index.
        let start = from.0.checked_sub(self.base.0 .0 + 1).and_then(|s| usize::try_from(s).ok());
        let Some(start) = start else { return (Vec::new(), Vec::new()) };
        let events: Vec<Event> = self.log.iter().skip(start).take(max).cloned().collect();
        let end = Seq(from.0 + events.len() as u64);
        let marks = self.marks.iter().filter(|m| m.at >= from && m.at < end).cloned().collect();
        (events, marks)
    }

    /// Carries over batches held by the copy this one replaces.
    /// Keeps this copy's own marks where a snapshot re-serves history it
    /// already held (the same events): the host that delivered them first
    /// answers for them, and a later host cannot rewrite what they said
    /// (strip a seal, change a key) to frame it. Marks are not in the
    /// chain, so only the copy that saw them first can hold them to it.
    pub(crate) fn keep_own_marks(&mut self, old: &GameSync) {
        if old.desynced {
            return;
        }
        let (lo, hi) = (self.base.0.max(old.base.0), self.head.min(old.head));
        fn slice(s: &GameSync, lo: Seq, hi: Seq) -> Option<&[duel_core::Event]> {
            let from = usize::try_from(lo.0.saturating_sub(s.base.0 .0)).ok()?;
            let to = usize::try_from(hi.0.saturating_sub(s.base.0 .0)).ok()?;
            s.log.get(from..to)
        }
        let mine = slice(self, lo, hi);
        if hi <= lo || mine.is_none() || mine != slice(old, lo, hi) {
            return;
        }
        let inside = |m: &&Mark| m.at > lo && m.at <= hi;
        let mut marks: Vec<Mark> = self.marks.iter().filter(|m| m.at <= lo).cloned().collect();
        marks.extend(old.marks.iter().filter(inside).cloned());
        marks.extend(self.marks.iter().filter(|m| m.at > hi).cloned());
        self.marks = marks;
    }

    pub(crate) fn adopt_ahead(&mut self, old: GameSync) {
        self.ahead = old.ahead;
        self.ahead.retain(|from, (events, ..)| from + events.len() as u64 > self.head.0 + 1);
    }

    /// Forgets batches held behind a gap: they came from a host this copy no
    /// longer follows (an election), and the next one may number differently.
    pub(crate) fn drop_ahead(&mut self) {
        self.ahead.clear();
    }

    /// Whether batches are held behind a gap.
    pub(crate) fn has_gap(&self) -> bool {
        !self.ahead.is_empty()
    }

    /// Offers a batch of events starting at `from`, with the host's hash and
    /// signed head after it, if any. A batch numbered from 0 or running past
    /// [`Seq::LIMIT`] is refused whole (`Offered::refused`).
    pub(crate) fn offer(
        &mut self,
        from: Seq,
        events: Vec<Event>,
        hash: Option<u64>,
        marks: Vec<Mark>,
        signed: Option<SignedHead>,
    ) -> Offered {
        let mut done = Offered::default();
        // One past the batch's last event: checked, since the host chose `from`.
        let Some(after) = from.plus(events.len()).filter(|_| from.0 > 0) else {
            done.refused = true;
            return done;
        };
        if self.desynced || events.is_empty() {
            return done;
        }
        let end = after.0 - 1;
        if end <= self.head.0 {
            return done;
        }
        if from.0 > self.head.0 + 1 {
            if self.ahead.len() < MAX_AHEAD {
                self.ahead.entry(from.0).or_insert((events, hash, marks, signed));
            }
            return done;
        }
        self.apply_from(from.0, (events, hash, marks, signed), &mut done);
        self.drain_into(&mut done);
        done
    }

    /// Applies held batches that now continue the head.
    pub(crate) fn drain(&mut self) -> Offered {
        let mut done = Offered::default();
        self.drain_into(&mut done);
        done
    }

    fn drain_into(&mut self, done: &mut Offered) {
        while let Some(entry) = self.ahead.first_entry() {
            let from = *entry.key();
            if from > self.head.0 + 1 {
                break;
            }
            let held = entry.remove();
            if from + held.0.len() as u64 > self.head.0 + 1 {
                self.apply_from(from, held, done);
            }
        }
    }

    /// Applies the part of a batch past the head, then checks the hash and
    /// whether the signed head vouches for the copy now.
    fn apply_from(&mut self, from: u64, batch: Held, done: &mut Offered) {
        let (events, hash, marks, signed) = batch;
        if self.desynced {
            return;
        }
        let old_head = self.head;
        let skip = (self.head.0 + 1 - from) as usize;
        // A head signed at the batch's end vouches for exactly these events
        // after the copy's own: anything else was altered on its way, and
        // nothing of it is applied (issue 43, point 10).
        let chain = chain::extend(self.chain, events.iter().skip(skip));
        let end = Seq(from + events.len() as u64 - 1);
        if signed.is_some_and(|h| h.seq == end && h.chain != chain) {
            done.altered = Some(Seq(from));
            return;
        }
        // Moved into the log, not copied: the batch is ours.
        for e in events.into_iter().skip(skip) {
            if let (Event::Thunderstruck(inner), Some(duel)) = (&e, self.game.thunderstruck()) {
                if duel.verify(inner).is_err() && done.forged.is_none() {
                    done.forged = Some(self.head.next());
                }
            }
            self.game.apply(&e);
            self.log.push(e);
            self.head = self.head.next();
            done.applied += 1;
        }
        self.chain = chain;
        let mut last = self.marks.last().map_or(old_head, |m| m.at.max(old_head));
        for m in marks {
            if m.at > old_head && (m.at <= last || m.at > self.head) {
                // Out of order, twice for one batch, or for events it did not send.
                self.disorder.get_or_insert(m.at.min(self.head));
            } else if m.at > last && m.at <= self.head {
                last = m.at;
                self.marks.push(m);
            }
        }
        match hash {
            Some(h) if h != self.game.state_hash() => {
                self.desynced = true;
                done.mismatch = true;
            }
            Some(_) => self.confirmed = self.head,
            None => {}
        }
        if let Some(h) = signed.filter(|h| self.reaches(h)) {
            done.signed = Some(h);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use duel_core::{GameConfig, SeatId};

    fn away(seat: u8, away: bool) -> Event {
        Event::SeatAway { seat: SeatId(seat), away }
    }

    fn fresh() -> GameSync {
        let game = Game::new(GameConfig::quick_duel(1)).unwrap();
        let hash = game.state_hash();
        GameSync::from_snapshot(Snapshot {
            seq: Seq(0),
            game,
            tail: vec![],
            hash,
            marks: vec![],
            chain: chain::GENESIS,
            signed: None,
        })
        .unwrap()
    }

    #[test]
    fn early_batches_wait_for_the_gap_and_overlaps_apply_once() {
        let mut s = fresh();
        assert_eq!(s.offer(Seq(3), vec![away(0, true)], None, vec![], None), Offered::default());
        assert!(s.has_gap());
        // 1..=2 arrive, with 2 twice (an overlap): 3 follows from the held batch.
        assert_eq!(s.offer(Seq(1), vec![away(1, true), away(1, false)], None, vec![], None).applied, 3);
        assert_eq!(s.offer(Seq(2), vec![away(1, false), away(0, true)], None, vec![], None).applied, 0);
        assert_eq!(s.events_from(Seq(2), 9).0, vec![away(1, false), away(0, true)]);
        assert_eq!((s.head, s.has_gap()), (Seq(3), false));
        assert!(s.game.is_away(SeatId(0)) && !s.game.is_away(SeatId(1)));
    }

    #[test]
    fn a_batch_or_snapshot_numbered_past_the_limit_is_refused_whole() {
        let mut s = fresh();
        let refused = Offered { refused: true, ..Offered::default() };
        for (from, n) in [(u64::MAX, 1), (u64::MAX - 1, 3), (Seq::LIMIT.0, 1), (Seq::LIMIT.0 - 1, 2), (0, 1)]
        {
            assert_eq!(s.offer(Seq(from), vec![away(0, true); n], None, vec![], None), refused, "{from}+{n}");
        }
        assert_eq!((s.head, s.has_gap(), s.log.len()), (Seq(0), false, 0), "nothing changed");
        // Ending at the limit is merely early.
        assert_eq!(
            s.offer(Seq(Seq::LIMIT.0 - 1), vec![away(0, true)], None, vec![], None),
            Offered::default()
        );
        assert!(s.has_gap());

        let game = Game::new(GameConfig::quick_duel(1)).unwrap();
        let mut after = game.clone();
        after.apply(&away(0, true));
        let tail = vec![away(0, true)];
        let snapshot = |seq| Snapshot {
            seq,
            game: game.clone(),
            tail: tail.clone(),
            hash: after.state_hash(),
            marks: vec![],
            chain: chain::GENESIS,
            signed: None,
        };
        assert!(GameSync::from_snapshot(snapshot(Seq(u64::MAX))).is_none());
        assert!(GameSync::from_snapshot(snapshot(Seq::LIMIT)).is_none());
        assert_eq!(
            GameSync::from_snapshot(snapshot(Seq(Seq::LIMIT.0 - 1))).map(|s| s.head),
            Some(Seq::LIMIT)
        );
    }

    #[test]
    fn a_signed_head_counts_only_where_the_copy_stands_on_the_same_chain() {
        let mut s = fresh();
        let key = crate::seat_key::SeatKey::from_seed([4; 32]);
        let head = |seq, events: &[Event]| {
            let chain = chain::extend(chain::GENESIS, events);
            SignedHead::sign(&key, &[0; 32], crate::ids::Epoch(0), Seq(seq), chain)
        };
        let (a, b) = (away(0, true), away(1, true));
        // A head signed at the batch's end over other events: the batch was
        // altered on its way, and nothing of it is applied (issue 43).
        let altered = s.offer(Seq(1), vec![a.clone()], None, vec![], Some(head(1, std::slice::from_ref(&b))));
        assert_eq!((altered.altered, altered.applied, s.head), (Some(Seq(1)), 0, Seq(0)));
        assert_eq!(s.offer(Seq(1), vec![a.clone()], None, vec![], None).applied, 1);
        // A head at another position is not this copy's head (nor the batch's).
        assert_eq!(
            s.offer(Seq(2), vec![b.clone()], None, vec![], Some(head(1, std::slice::from_ref(&a)))).signed,
            None
        );
        let right = head(2, &[a.clone(), b.clone()]);
        let mut t = fresh();
        t.offer(Seq(1), vec![a], None, vec![], None);
        assert_eq!(t.offer(Seq(2), vec![b], None, vec![], Some(right)).signed, Some(right));
        assert_eq!((s.chain, s.head), (t.chain, t.head));
    }

    #[test]
    fn a_wrong_hash_stops_the_copy_until_a_snapshot() {
        let mut s = fresh();
        let out = s.offer(Seq(1), vec![away(0, true)], Some(1), vec![], None);
        assert!(out.mismatch && s.desynced);
        assert_eq!(s.offer(Seq(2), vec![away(0, false)], None, vec![], None).applied, 0);
        let game = Game::new(GameConfig::quick_duel(1)).unwrap();
        let bad = Snapshot {
            seq: Seq(0),
            hash: 7,
            game,
            tail: vec![],
            marks: vec![],
            chain: chain::GENESIS,
            signed: None,
        };
        assert!(GameSync::from_snapshot(bad).is_none(), "a snapshot must match its own hash");
    }
}
