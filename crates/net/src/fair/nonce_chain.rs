//! Nonce chains: each device commits to the nonces of its next 1,024
//! commands before it sends any of them, and signs the commitment with its
//! seat key, so neither it nor the host can pick a command's dice later.

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::hash::Hash32;
use crate::ids::CommandId;
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};

/// Links in one nonce chain: a device commits a new chain before the one it
/// uses runs out (`Command::Chain` on the last link). Building one costs
/// this many SHA-256 compressions (see `benches/net.rs`).
pub const CHAIN_LEN: u32 = 1024;

/// A player's public commitment to its command nonces: the chain's `tip`,
/// and the first command id it covers (`first ..first + CHAIN_LEN`),
/// signed with the device's seat key. The host relays commitments (in the
/// room view); the signature is what lets every replica tell one the player
/// made from one the host made up in its name, whose links the host would
/// know and so could choose the player's dice with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainCommit {
    pub first: CommandId,
    pub tip: Hash32,
    pub sig: SeatSig,
}

/// The link's index in a chain from `first` for command `id` (0 is the link next to the tip).
fn index(first: CommandId, id: CommandId) -> Option<u32> {
    id.0.checked_sub(first.0).filter(|j| *j < CHAIN_LEN)
}

impl ChainCommit {
    /// The commitment to the chain from `first` with `tip`, signed by `key`
    /// for the room with digest `room`.
    pub fn signed(first: CommandId, tip: Hash32, key: &SeatKey, room: &Hash32) -> ChainCommit {
        ChainCommit { first, tip, sig: key.sign(Statement::Chain, room, &(first, tip)) }
    }

    /// Whether the player with seat key `key` signed this commitment.
    pub fn signed_by(&self, key: &SeatPublic, room: &Hash32) -> bool {
        key.verifies(Statement::Chain, room, &(self.first, self.tip), &self.sig)
    }

    /// The link's index in this chain for command `id` (0 is the link next to the tip).
    fn index(&self, id: CommandId) -> Option<u32> {
        index(self.first, id)
    }

    /// Whether `link` is this chain's link for `id`: hashed forward to the
    /// tip, or to `known` (a link of this chain already checked, at a lower
    /// index), it must land there. At most [`CHAIN_LEN`] hashes.
    pub fn verifies(&self, id: CommandId, link: &Hash32, known: Option<(u32, Hash32)>) -> bool {
        let Some(j) = self.index(id) else { return false };
        let (steps, target) = match known {
            Some((k, at)) if k == j => return *link == at,
            Some((k, at)) if k < j => (j - k, at),
            _ => (j.saturating_add(1), self.tip),
        };
        let mut x = *link;
        for _ in 0..steps {
            x = chain_step(&x);
        }
        x == target
    }
}

/// One step along a nonce chain.
pub fn chain_step(x: &Hash32) -> Hash32 {
    let mut h = Sha256::new();
    h.update(b"dice-duel/chain/1");
    h.update(x);
    h.finalize().into()
}

/// A device's nonce chain: `x_0` from a 32-byte secret seed, `x_{i+1} =
/// H(x_i)`, the tip `x_N` is committed, and command `first + j` carries
/// `x_{N-1-j}`. Each link is the hash-preimage of the one before it, so
/// nobody who has seen the links so far (the host included) can tell the
/// next, and nobody (the device included) can change it once committed.
#[derive(Clone, PartialEq, Eq)]
pub struct NonceChain {
    first: CommandId,
    /// `links[j]` is the link for `first + j`.
    links: Vec<Hash32>,
    tip: Hash32,
}

impl std::fmt::Debug for NonceChain {
    /// The commitment only: unused links are secrets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NonceChain(from {}, tip {:02x}{:02x}…)", self.first.0, self.tip[0], self.tip[1])
    }
}

impl NonceChain {
    /// The chain from `seed` for commands `first ..first + CHAIN_LEN`.
    pub fn new(seed: &[u8; 32], first: CommandId) -> NonceChain {
        let mut h = Sha256::new();
        h.update(b"dice-duel/chain-seed/1");
        h.update(seed);
        let mut x: Hash32 = h.finalize().into();
        let mut links = Vec::with_capacity(CHAIN_LEN as usize);
        for _ in 0..CHAIN_LEN {
            links.push(x);
            x = chain_step(&x);
        }
        links.reverse();
        NonceChain { first, links, tip: x }
    }

    /// The public commitment, signed by `key` for the room with digest `room`.
    pub fn commit(&self, key: &SeatKey, room: &Hash32) -> ChainCommit {
        ChainCommit::signed(self.first, self.tip, key, room)
    }

    /// The chain's last value, which a commitment names.
    pub fn tip(&self) -> Hash32 {
        self.tip
    }

    /// The first command id this chain covers.
    pub fn first(&self) -> CommandId {
        self.first
    }

    /// Whether `id` is this chain's last link (where the next chain is committed).
    pub fn is_last(&self, id: CommandId) -> bool {
        index(self.first, id) == Some(CHAIN_LEN - 1)
    }

    /// The nonce for command `id`, if this chain covers it.
    pub fn link(&self, id: CommandId) -> Option<Hash32> {
        let j = index(self.first, id)?;
        self.links.get(j as usize).copied()
    }

    /// Moves the chain to cover ids from `first` (the links are unchanged;
    /// a chain is renumbered only before it is committed).
    pub fn renumber(&mut self, first: CommandId) {
        self.first = first;
    }
}
