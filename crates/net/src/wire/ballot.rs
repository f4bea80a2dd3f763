//! A vote as its voter signs it: what every follower of an election checks
//! the winner's certificate against (see `succession`).

use serde::{Deserialize, Serialize};

use super::CopyState;
use crate::hash::Hash32;
use crate::ids::{Epoch, PlayerNo};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};

/// A voter's answer to `candidate`'s poll for `epoch`, with where its copy
/// stands (the candidate adopts the longest copy among its voters').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub epoch: Epoch,
    pub candidate: PlayerNo,
    pub voter: PlayerNo,
    pub granted: bool,
    pub state: CopyState,
}

/// A [`Vote`] signed by its voter's seat key. The granted ballots for the
/// winner are the certificate every device checks before following it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ballot {
    pub vote: Vote,
    pub sig: SeatSig,
}

impl Ballot {
    /// `vote`, signed by the voter's `key` in the room with digest `room`.
    pub fn sign(vote: Vote, key: &SeatKey, room: &Hash32) -> Ballot {
        Ballot { vote, sig: key.sign(Statement::Vote, room, &vote) }
    }

    /// Whether `key` (the room view's key of the voter) signed this ballot.
    pub fn signed_by(&self, key: &SeatPublic, room: &Hash32) -> bool {
        key.verifies(Statement::Vote, room, &self.vote, &self.sig)
    }
}
