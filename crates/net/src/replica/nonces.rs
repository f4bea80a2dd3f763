//! This device's command nonces (issue 31): hash chains it commits to before
//! using them (see [`crate::fair::NonceChain`]). A chain is committed in
//! every `Hello` (the one covering the first unanswered command) and the
//! next one by a `Command::Chain` on the last link of the one in use, so
//! the host has each commitment, and publishes it, before any command
//! whose dice it fixes. Every commitment is signed with the device's seat
//! key, so no host can publish one in this device's name.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

use super::pending::Pending;
use crate::fair::{ChainCommit, NonceChain};
use crate::hash::Hash32;
use crate::ids::CommandId;
use crate::seat_key::SeatKey;

/// Chains kept: the one in use, and those before it whose commands may still be resent.
const KEEP: usize = 3;

#[derive(Clone, Debug)]
pub(crate) struct Nonces {
    /// Where chain seeds come from (seeded by the app from the crypto RNG).
    seeds: ChaCha20Rng,
    /// Disjoint, in id order.
    chains: Vec<NonceChain>,
    /// The first command id this device sent a nonce for (ids below it, in
    /// a copy's log, are an earlier tab's).
    used_from: Option<CommandId>,
    /// Signs each commitment, for the room with digest `room`.
    key: SeatKey,
    room: Hash32,
}

impl Nonces {
    pub(crate) fn new(seed: [u8; 32], key: SeatKey, room: Hash32) -> Nonces {
        let seeds = ChaCha20Rng::from_seed(seed);
        let mut n = Nonces { seeds, chains: Vec::new(), used_from: None, key, room };
        let first = n.fresh(CommandId(0));
        n.chains.push(first);
        n
    }

    fn fresh(&mut self, first: CommandId) -> NonceChain {
        let mut seed = [0u8; 32];
        self.seeds.fill_bytes(&mut seed);
        NonceChain::new(&seed, first)
    }

    fn covering(&self, id: CommandId) -> Option<&NonceChain> {
        self.chains.iter().rev().find(|c| c.link(id).is_some())
    }

    /// The nonce of command `id` (zeros, which the host refuses, for an id no chain covers).
    pub(crate) fn link(&self, id: CommandId) -> Hash32 {
        self.covering(id).and_then(|c| c.link(id)).unwrap_or_default()
    }

    /// The nonce this device sent for `id`, if it sent it and still keeps the chain.
    pub(crate) fn sent(&self, id: CommandId) -> Option<Hash32> {
        let from = self.used_from?;
        (id >= from).then(|| self.covering(id).and_then(|c| c.link(id))).flatten()
    }

    /// Command `id` is numbered and about to be sent.
    pub(crate) fn using(&mut self, id: CommandId) {
        self.used_from = Some(self.used_from.map_or(id, |f| f.min(id)));
    }

    /// What a `Hello` commits: the chain of the first command still to be answered.
    pub(crate) fn commit_for(&self, low: CommandId) -> ChainCommit {
        let (first, tip) =
            self.covering(low).or(self.chains.last()).map_or((low, [0; 32]), |c| (c.first(), c.tip()));
        ChainCommit::signed(first, tip, &self.key, &self.room)
    }

    /// Whether the chains cover the waiting commands from `low` on.
    pub(crate) fn cover(&self, low: CommandId) -> bool {
        self.covering(low).is_some()
    }

    /// Before command `id` is numbered: when `id` is the last link of the
    /// chain in use, the signed commitment to the next chain (from `id + 1`)
    /// to send on it.
    pub(crate) fn renewal_at(&mut self, id: CommandId) -> Option<ChainCommit> {
        if !self.covering(id).is_some_and(|c| c.is_last(id)) {
            return None;
        }
        let first = CommandId(id.0.checked_add(1)?);
        let next = self.fresh(first);
        let commit = next.commit(&self.key, &self.room);
        self.chains.push(next);
        if self.chains.len() > KEEP {
            self.chains.remove(0);
        }
        Some(commit)
    }

    /// Starts over at `low` (the host expects other ids than the chains
    /// cover: a reload far into a game, a host restored from an older save):
    /// a fresh chain from `low`, and one after each renewal still waiting.
    pub(crate) fn rechain(&mut self, low: CommandId, pending: &mut Pending) {
        let first = self.fresh(low);
        self.chains = vec![first];
        if let Some(f) = &mut self.used_from {
            *f = (*f).min(low);
        }
        for (id, tip, sig) in pending.renewals_mut() {
            let Some(from) = id.0.checked_add(1) else { continue };
            let next = self.fresh(CommandId(from));
            let commit = next.commit(&self.key, &self.room);
            (*tip, *sig) = (commit.tip, commit.sig);
            self.chains.push(next);
        }
    }
}
