//! The elections behind the host this replica follows (issue 43, attack 8;
//! see [`crate::pin::Lineage`]): the host's signature of each room view it
//! sends is kept, and each election this device follows or wins adds the
//! signed room it was won in and its certificate. Should this device host
//! one day, that chain is what proves it to a newcomer whose link pins the
//! owner's key.

use super::Replica;
use crate::pin::{Certificate, Lineage, SignedRoom};
use crate::seat_key::SeatSig;

/// The host's signature of the room view this replica holds, and the
/// lineage of the host it follows.
#[derive(Debug, Default)]
pub(super) struct Seals {
    /// Over the view held now, at the epoch followed now.
    held: Option<SeatSig>,
    /// One that came before its view (the network may reorder): its version.
    early: Option<(u32, SeatSig)>,
    lineage: Lineage,
}

impl Replica {
    /// The elections from the owner's room to the host this replica follows
    /// (complete only if it joined the owner, or a host that proved itself
    /// to its pin, and saw every election since).
    pub fn lineage(&self) -> &Lineage {
        &self.seals.lineage
    }

    /// The election `elected` is about to be followed (or was won here):
    /// the room view held now, signed by the host of the epoch followed
    /// now, is the room it was won in. Without that signature (a host with
    /// no seat key, a view whose signature was lost) the chain is broken:
    /// it is dropped, and a pinned newcomer will not take this device's
    /// word for it. Call before [`Replica::follow`].
    pub fn descend(&mut self, elected: Certificate) {
        let before = self.signed_room().filter(|_| elected.epoch > self.epoch);
        match before {
            Some(before) => self.seals.lineage.extend(before, elected),
            None => self.seals.lineage = Lineage::default(),
        }
        self.seals.held = None;
        self.seals.early = None;
    }

    /// An election is followed whose certificate this device does not
    /// hold: the chain is broken (see [`Replica::descend`]).
    pub fn descend_unknown(&mut self) {
        self.seals.lineage = Lineage::default();
        self.seals.held = None;
        self.seals.early = None;
    }

    /// This device hosts with `lineage` (a host restored from its save,
    /// issue 45): the chain is this replica's own again, and each host it
    /// proves (checked again here, as a pinned newcomer checks it) is
    /// installed for its epoch, so the host of the room it was won from is
    /// known by its key (an older host met later is named, and its heads
    /// prove history). A chain that does not hold changes nothing.
    pub fn hosted_with(&mut self, lineage: &Lineage) {
        let Ok(installed) = lineage.installs(&self.room_digest()) else { return };
        for (epoch, host, key) in installed {
            self.hosts.install(epoch, host, key);
        }
        self.seals.lineage = lineage.clone();
    }

    /// The lineage a host proved with, taken as this replica's own.
    pub(super) fn inherit(&mut self, lineage: Lineage) {
        self.seals.lineage = lineage;
    }

    /// The room view held now with its host's signature, if that holds.
    fn signed_room(&self) -> Option<SignedRoom> {
        let (view, sig) = (self.room.as_ref()?, self.seals.held?);
        self.seal_holds(view.version, &sig).then(|| SignedRoom { epoch: self.epoch, view: view.clone(), sig })
    }

    fn seal_holds(&self, version: u32, sig: &SeatSig) -> bool {
        let Some(view) = self.room.as_ref().filter(|v| v.version == version) else { return false };
        let Some(key) = self.hosts.key_of(self.epoch) else { return false };
        SignedRoom::verifies(&key, &self.room_digest(), self.epoch, view, sig)
    }

    /// The host's `RoomSig`: kept if it signs the view held now, or for
    /// the view it came ahead of. One that holds for nothing changes nothing.
    pub(super) fn room_sig(&mut self, version: u32, sig: SeatSig) {
        let held = self.room.as_ref().map(|v| v.version);
        if held == Some(version) {
            if self.seal_holds(version, &sig) {
                self.seals.held = Some(sig);
            }
        } else if held.is_none_or(|h| h < version) {
            self.seals.early = Some((version, sig));
        }
    }

    /// A new room view is held: its signature is one that came ahead of it, or none yet.
    pub(super) fn room_changed(&mut self) {
        self.seals.held = None;
        if let Some((version, sig)) = self.seals.early {
            if self.seal_holds(version, &sig) {
                self.seals.held = Some(sig);
                self.seals.early = None;
            }
        }
    }
}
