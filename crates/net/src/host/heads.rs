//! The host's signed chain heads (issue 31): with its player's seat key,
//! the host vouches for its log's chain at its head, once per head, on
//! every message that ends there (see [`crate::chain`]).

use super::{Host, Stage};
use crate::chain::SignedHead;
use crate::fair::{room_digest, Digest};
use crate::ids::PeerId;
use crate::seat_key::SeatKey;
use crate::wire::HostMsg;

/// The key the host signs with, and the last head it signed.
#[derive(Debug, Default)]
pub(crate) struct Heads {
    key: Option<(SeatKey, Digest)>,
    last: Option<SignedHead>,
    signed: u64,
}

impl Heads {
    /// Signing with `key` in the room with digest `room`.
    pub(crate) fn signing_with(key: SeatKey, room: Digest) -> Heads {
        Heads { key: Some((key, room)), ..Heads::default() }
    }
}

impl Host {
    /// The seat key of this device's player, which the room view lists for
    /// the host: with it the host signs its log's head on every batch, so a
    /// successor adopts only events this host wrote. A host without it (a
    /// bare host in a test) signs nothing, and nothing it wrote can be
    /// adopted from a voter in an election.
    pub fn sign_heads_with(&mut self, key: SeatKey) {
        self.heads = Heads::signing_with(key, room_digest(&self.settings.room));
    }

    /// Heads signed since this host started (each head once).
    pub fn heads_signed(&self) -> u64 {
        self.heads.signed
    }

    /// Answers a newcomer's `Knock` with this host's seat key and its
    /// signature of the challenge and epoch (see [`crate::pin`]). A host
    /// without a seat key has nothing to prove with: a pinned newcomer
    /// does not follow it.
    pub(crate) fn knock(&mut self, from: PeerId, challenge: &Digest) {
        let Some((key, room)) = &self.heads.key else { return };
        let sig = crate::pin::prove(key, room, challenge, self.settings.epoch);
        self.out.send(from, &HostMsg::Proof { key: key.public(), sig });
    }

    /// The signed head at the log's head, signed only if not yet signed.
    pub(crate) fn signed_head(&mut self) -> Option<SignedHead> {
        let Stage::Playing(m) = &self.stage else { return None };
        let (key, room) = self.heads.key.as_ref()?;
        let (epoch, seq, chain) = (self.settings.epoch, m.head(), m.chain);
        let same = |h: &SignedHead| h.epoch == epoch && h.seq == seq && h.chain == chain;
        if let Some(h) = self.heads.last.filter(same) {
            return Some(h);
        }
        let h = SignedHead::sign(key, room, epoch, seq, chain);
        self.heads.last = Some(h);
        self.heads.signed = self.heads.signed.saturating_add(1);
        Some(h)
    }

    /// The snapshot for a peer, with the signed head after its tail.
    pub(crate) fn sync_msg(&mut self) -> Option<HostMsg> {
        let signed = self.signed_head();
        let Stage::Playing(m) = &self.stage else { return None };
        let mut snapshot = m.snapshot();
        snapshot.signed = signed;
        Some(HostMsg::Sync(Box::new(snapshot)))
    }
}
