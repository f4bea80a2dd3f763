//! The log's hash chain and the host's signature over its head (issue 31):
//! history nobody but the host can write.
//!
//! Every position of the event log has a chain value,
//! `chain(n) = SHA-256("dice-duel/chain/1" ‖ chain(n-1) ‖ postcard(event n))`,
//! with `chain(0)` = [`GENESIS`]. A snapshot carries the chain value at its
//! checkpoint, so a copy that began from one continues the same chain. The
//! host signs `(epoch, seq, chain)` at its head with its seat key (a
//! [`SignedHead`]) on every batch it sends; each replica keeps the latest
//! one its own copy reaches and shows it in its vote. A candidate adopts a
//! voter's events only if they carry its own chain to such a head, signed
//! by the key its room view lists for the host of that head's epoch: a
//! voter can serve nothing the host did not write.

use duel_core::Event;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::fair::Digest;
use crate::ids::{Epoch, Seq};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};
use crate::wire::RoomView;

/// The chain value before the first event (`Seq(0)`).
pub const GENESIS: Digest = [0; 32];

const TAG: &[u8] = b"dice-duel/chain/1";

/// The chain value after `event`, the one at `prev` before it.
pub fn link(prev: &Digest, event: &Event) -> Digest {
    let mut h = Sha256::new();
    h.update(TAG);
    h.update(prev);
    // Plain data into a Vec: serialising cannot fail.
    h.update(postcard::to_allocvec(event).unwrap_or_default());
    h.finalize().into()
}

/// The chain value after `events`, from `prev`.
pub fn extend<'a>(prev: Digest, events: impl IntoIterator<Item = &'a Event>) -> Digest {
    events.into_iter().fold(prev, |c, e| link(&c, e))
}

/// "After event `seq`, the log's chain is `chain`": the host of `epoch`
/// says so with its seat key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedHead {
    pub epoch: Epoch,
    pub seq: Seq,
    pub chain: Digest,
    pub sig: SeatSig,
}

impl SignedHead {
    /// The host of `epoch`'s word, signed with its `key` in the room with digest `room`.
    pub fn sign(key: &SeatKey, room: &Digest, epoch: Epoch, seq: Seq, chain: Digest) -> SignedHead {
        let sig = key.sign(Statement::Head, room, &(epoch, seq, chain));
        SignedHead { epoch, seq, chain, sig }
    }

    /// Whether `key` signed this head in the room with digest `room`.
    pub fn signed_by(&self, key: &SeatPublic, room: &Digest) -> bool {
        key.verifies(Statement::Head, room, &(self.epoch, self.seq, self.chain), &self.sig)
    }

    /// Whether the host of this head's epoch signed it, as `room` (this
    /// device's view) has that host's key: the winner of the epoch's round,
    /// or for the creator's round 0 the host the view names (a view of
    /// round 0 comes from the creator itself).
    pub fn signed_by_host(&self, room: &RoomView, digest: &Digest) -> bool {
        let host = if self.epoch.round() == 0 { room.host } else { Some(self.epoch.candidate()) };
        host.and_then(|h| room.player(h)).is_some_and(|p| self.signed_by(&p.key, digest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::SeatId;

    #[test]
    fn the_chain_depends_on_every_event_and_its_order() {
        let a = Event::SeatAway { seat: SeatId(0), away: true };
        let b = Event::SeatAway { seat: SeatId(1), away: true };
        let ab = extend(GENESIS, [&a, &b]);
        assert_eq!(ab, link(&link(&GENESIS, &a), &b));
        assert_ne!(ab, extend(GENESIS, [&b, &a]));
        assert_ne!(ab, extend(GENESIS, [&a]));
        let key = SeatKey::from_seed([3; 32]);
        let head = SignedHead::sign(&key, &[1; 32], Epoch(0), Seq(2), ab);
        assert!(head.signed_by(&key.public(), &[1; 32]));
        assert!(!head.signed_by(&key.public(), &[2; 32]), "another room");
        assert!(!SignedHead { seq: Seq(3), ..head }.signed_by(&key.public(), &[1; 32]));
        assert!(!SignedHead { chain: GENESIS, ..head }.signed_by(&key.public(), &[1; 32]));
    }
}
