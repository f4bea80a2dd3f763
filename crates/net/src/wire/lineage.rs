//! What a host shows a pinned newcomer (issue 43, attack 8): the signed
//! room views and election certificates from the owner's room to it. Data
//! only, carried by `HostMsg::Proof`; the check that follows the chain is
//! [`crate::pin`]'s (see `pin/lineage.rs` for the whole story).

use serde::{Deserialize, Serialize};

use super::{Ballot, MeshMsg, RoomView};
use crate::hash::Hash32;
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};

/// The room view the host of `epoch` sent, signed with its seat key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SignedRoom {
    pub epoch: Epoch,
    pub view: RoomView,
    pub sig: SeatSig,
}

impl SignedRoom {
    /// The host's signature of `view` as it hosts `epoch`, in the room with digest `room`.
    pub fn sign(key: &SeatKey, room: &Hash32, epoch: Epoch, view: &RoomView) -> SeatSig {
        key.sign(Statement::Room, room, &(epoch, view))
    }

    /// Whether `key` signed `view` as the host of `epoch`.
    pub fn verifies(key: &SeatPublic, room: &Hash32, epoch: Epoch, view: &RoomView, sig: &SeatSig) -> bool {
        key.verifies(Statement::Room, room, &(epoch, view), sig)
    }

    /// The key this view lists for its host, if any.
    pub(crate) fn host_key(&self) -> Option<SeatPublic> {
        self.view.host.and_then(|h| self.view.player(h)).map(|p| p.key)
    }
}

/// An election as its winner announced it (`MeshMsg::Elected`): the certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    pub epoch: Epoch,
    pub host: PlayerNo,
    pub peer: PeerId,
    pub votes: Vec<Ballot>,
    pub of: u16,
    pub sig: SeatSig,
}

impl Certificate {
    /// The certificate an `Elected` carries; `None` for any other message.
    pub fn of_mesh(msg: &MeshMsg) -> Option<Certificate> {
        match msg {
            MeshMsg::Elected { epoch, host, peer, votes, of, sig } => Some(Certificate {
                epoch: *epoch,
                host: *host,
                peer: *peer,
                votes: votes.clone(),
                of: *of,
                sig: *sig,
            }),
            _ => None,
        }
    }
}

/// One election: the signed room before it, and the certificate it was won with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub before: SignedRoom,
    pub elected: Certificate,
}

/// The elections from the room the owner hosted to the host of today, in
/// order (empty: the owner hosts). A host sends it with its `Proof`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Lineage {
    pub steps: Vec<Step>,
}

impl Lineage {
    /// Elections a lineage keeps. A room that elects more hosts than this
    /// without its owner hosting again can no longer prove itself to a
    /// pinned newcomer (it waits for another host; nothing is followed on
    /// trust). Also bounds what a knock costs to check.
    pub const KEPT: usize = 16;

    /// Adds the election `elected`, won in the room `before` (which its host signed).
    pub fn extend(&mut self, before: SignedRoom, elected: Certificate) {
        self.steps.push(Step { before, elected });
        if self.steps.len() > Lineage::KEPT {
            self.steps.remove(0);
        }
    }
}
