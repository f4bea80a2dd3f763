//! The host's signed chain heads (issue 31): with its player's seat key,
//! the host vouches for its log's chain at its head, once per head, on
//! every message that ends there (see [`crate::chain`]).

use super::{Host, Stage};
use crate::chain::SignedHead;
use crate::fair::room_digest;
use crate::hash::Hash32;
use crate::ids::PeerId;
use crate::pin::{Lineage, SignedRoom};
use crate::seat_key::SeatKey;
use crate::wire::HostMsg;

/// The key the host signs with, and the last head it signed.
#[derive(Debug, Default)]
pub(crate) struct Heads {
    key: Option<(SeatKey, Hash32)>,
    last: Option<SignedHead>,
    signed: u64,
    /// The elections that made this host (empty for the room's creator):
    /// what its `Proof` shows a pinned newcomer.
    lineage: Lineage,
    /// The signatures of players' commands (see `signed.rs`).
    pub(super) commands: super::signed::CommandSigs,
}

impl Heads {
    /// Signing with `key` in the room with digest `room`.
    pub(crate) fn signing_with(key: SeatKey, room: Hash32) -> Heads {
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
        let lineage = std::mem::take(&mut self.heads.lineage);
        let commands = std::mem::take(&mut self.heads.commands);
        self.heads =
            Heads { lineage, commands, ..Heads::signing_with(key, room_digest(&self.settings.room)) };
    }

    /// Heads signed since this host started (each head once).
    pub fn heads_signed(&self) -> u64 {
        self.heads.signed
    }

    /// Answers a newcomer's `Knock` with this host's seat key and its
    /// signature of the challenge and epoch (see [`crate::pin`]). A host
    /// without a seat key has nothing to prove with: a pinned newcomer
    /// does not follow it.
    pub(crate) fn knock(&mut self, from: PeerId, challenge: &Hash32) {
        let Some((key, room)) = &self.heads.key else { return };
        let sig = crate::pin::prove(key, room, challenge, self.settings.epoch);
        let lineage = self.heads.lineage.clone();
        self.out.send(from, &HostMsg::Proof { key: key.public(), sig, lineage });
    }

    /// The elections that made this host, from the owner's room on (see
    /// [`crate::pin::Lineage`]): its replica's, with its own last. A
    /// successor's device hands them over once it hosts.
    pub fn descend_from(&mut self, lineage: Lineage) {
        self.heads.lineage = lineage;
    }

    /// The elections this host shows a pinned newcomer.
    pub fn lineage(&self) -> &Lineage {
        &self.heads.lineage
    }

    /// The room view, and this host's signature of it when it has a seat
    /// key: each replica keeps the last one, so that the room an election
    /// is won in can be shown to a pinned newcomer later.
    pub(crate) fn room_msgs(&self) -> Vec<HostMsg> {
        let view = self.room();
        let sig = self.heads.key.as_ref().map(|(key, room)| {
            let sig = SignedRoom::sign(key, room, self.settings.epoch, &view);
            HostMsg::RoomSig { version: view.version, sig }
        });
        std::iter::once(HostMsg::Room(Box::new(view))).chain(sig).collect()
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

    /// The host's signature of its chain at `seq`, one that is not its head
    /// (a resend's message before the last): signed afresh each time.
    pub(crate) fn signed_at(&self, seq: crate::ids::Seq, chain: Hash32) -> Option<SignedHead> {
        let (key, room) = self.heads.key.as_ref()?;
        Some(SignedHead::sign(key, room, self.settings.epoch, seq, chain))
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
