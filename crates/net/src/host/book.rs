//! Each player's command stream: run in id order, each exactly once.
//!
//! A replica numbers its commands 0, 1, 2, … and resends the ones not yet
//! answered, so the host sees duplicates (resends, transport duplicates)
//! and, on an unordered transport, later ids before earlier ones. The book
//! runs id `next` and any held successors, holds a few early ids, and
//! answers a duplicate with the outcome it recorded.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use crate::hash::Hash32;
use crate::ids::{CommandId, Seq};
use crate::wire::{Command, HostRefusal};

/// How far ahead of `next` an id may be held.
const WINDOW: u32 = 64;
/// Outcomes remembered for answering duplicates.
const REMEMBER: usize = 128;

/// What to do with an offered command.
#[derive(Debug, PartialEq)]
pub(crate) enum Offer {
    /// Run these now, in order (the offered one and held successors), each with its nonce.
    Run(Vec<(CommandId, Command, Hash32)>),
    /// Already run: answer again with this outcome (`None`: forgotten).
    Duplicate(Option<Result<Seq, HostRefusal>>),
    /// Held until the ids before it arrive.
    Held,
    /// Too far ahead to hold.
    TooFar { expected: CommandId },
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Book {
    next: u32,
    recent: VecDeque<(u32, Result<Seq, HostRefusal>)>,
    #[serde(skip)]
    early: BTreeMap<u32, (Command, Hash32)>,
}

impl Book {
    /// The id the host expects next (told to a peer in `Welcome`).
    pub(crate) fn next(&self) -> CommandId {
        CommandId(self.next)
    }

    /// A book expecting `next` first (a successor host's, from the replicated view).
    pub(crate) fn starting_at(next: CommandId) -> Book {
        Book { next: next.0, ..Book::default() }
    }

    pub(crate) fn offer(&mut self, id: CommandId, command: Command, nonce: Hash32) -> Offer {
        let id = id.0;
        // The last id has none after it: the book could not move past it and
        // would run it again on a resend. No honest peer gets there.
        let Some(after) = id.checked_add(1) else { return Offer::TooFar { expected: CommandId(self.next) } };
        if id < self.next {
            let outcome = self.recent.iter().find(|(i, _)| *i == id).map(|(_, o)| o.clone());
            return Offer::Duplicate(outcome);
        }
        if id > self.next {
            if id - self.next > WINDOW {
                return Offer::TooFar { expected: CommandId(self.next) };
            }
            self.early.entry(id).or_insert((command, nonce));
            return Offer::Held;
        }
        let mut run = vec![(CommandId(id), command, nonce)];
        self.next = after;
        // Only ids below `u32::MAX` are held, so `next + 1` fits.
        while let Some((c, n)) = self.early.remove(&self.next) {
            run.push((CommandId(self.next), c, n));
            self.next += 1;
        }
        Offer::Run(run)
    }

    pub(crate) fn record(&mut self, id: CommandId, outcome: Result<Seq, HostRefusal>) {
        if self.recent.len() >= REMEMBER {
            self.recent.pop_front();
        }
        self.recent.push_back((id.0, outcome));
    }

    /// Forgets that ids from `to` on were offered: the speed bump still
    /// holds them, unrun, so a save or a successor must expect them again.
    pub(crate) fn rewind(&mut self, to: CommandId) {
        self.next = self.next.min(to.0);
    }

    /// A new connection for this player: commands held from the old one are
    /// dropped (the replica resends everything unanswered after `Welcome`).
    pub(crate) fn reconnected(&mut self) {
        self.early.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::SeatId;

    fn cmd(seat: u8) -> Command {
        Command::Claim { seat: SeatId(seat) }
    }

    #[test]
    fn runs_in_order_holds_early_and_answers_duplicates() {
        let mut b = Book::default();
        assert_eq!(b.offer(CommandId(1), cmd(1), [11; 32]), Offer::Held);
        assert_eq!(b.offer(CommandId(2), cmd(2), [12; 32]), Offer::Held);
        let Offer::Run(run) = b.offer(CommandId(0), cmd(0), [10; 32]) else { panic!("should run") };
        assert_eq!(
            run.iter().map(|(i, _, n)| (i.0, *n)).collect::<Vec<_>>(),
            vec![(0, [10; 32]), (1, [11; 32]), (2, [12; 32])]
        );
        for (id, _, _) in run {
            b.record(id, Err(HostRefusal::NotOwner));
        }
        assert_eq!(
            b.offer(CommandId(1), cmd(1), [0; 32]),
            Offer::Duplicate(Some(Err(HostRefusal::NotOwner)))
        );
        assert_eq!(b.next(), CommandId(3));
        assert_eq!(b.offer(CommandId(500), cmd(0), [0; 32]), Offer::TooFar { expected: CommandId(3) });
    }

    #[test]
    fn the_last_id_is_refused_not_run_again_on_every_resend() {
        // A successor's book where the old host's room view put it.
        let mut b = Book::starting_at(CommandId(u32::MAX));
        let last = CommandId(u32::MAX);
        for _ in 0..2 {
            assert_eq!(b.offer(last, cmd(0), [0; 32]), Offer::TooFar { expected: last });
        }
        // Held early ids stop short of it too: the one before it runs once.
        let mut b = Book::starting_at(CommandId(u32::MAX - 2));
        assert_eq!(b.offer(CommandId(u32::MAX - 1), cmd(1), [1; 32]), Offer::Held);
        assert_eq!(b.offer(last, cmd(2), [2; 32]), Offer::TooFar { expected: CommandId(u32::MAX - 2) });
        let Offer::Run(run) = b.offer(CommandId(u32::MAX - 2), cmd(0), [0; 32]) else { panic!("should run") };
        assert_eq!(run.len(), 2);
        assert_eq!(b.next(), last);
        assert_eq!(b.offer(CommandId(u32::MAX - 1), cmd(1), [1; 32]), Offer::Duplicate(None));
    }
}
