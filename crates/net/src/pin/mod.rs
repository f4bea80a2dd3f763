//! A newcomer pins the room (issue 43, attack 8): the room link names the
//! room owner's seat key by a short fingerprint ([`KeyPin`], `&k=` in the
//! link), and a tab that holds one follows only a host that proves that key.
//!
//! Like TLS certificate pinning, the check is against what the link names,
//! never against the first voice heard: any peer's beacon can say "host".
//! Before its `Hello` (which carries the player's token, the same in every
//! room), the replica sends `Knock` with a fresh challenge drawn from its
//! secret nonce seed; the host answers `Proof`, its seat key's signature of
//! that challenge and its epoch under the room's digest. A key whose
//! fingerprint is not the pin, or a signature that does not hold, is
//! refused: that peer never gets the `Hello`, and so never the token.
//!
//! The challenge is fresh, so a peer cannot replay a proof it saw. A peer
//! that only relays the real host's bytes is a network, not a host: what
//! it relays is the host's own (heads are signed, see [`crate::chain`]).
//!
//! Once the owner has left, the room's host is a successor whose key the
//! link does not name: its `Proof` carries its [`Lineage`], the elections
//! from the owner's signed room to it, each checked as the room's replicas
//! checked it (see [`lineage`]).

mod lineage;

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::hash::Hash32;
use crate::ids::{Epoch, PlayerNo};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};
// The lineage's data travels in `HostMsg::Proof`, so it is the wire's; its
// old paths here stay.
pub use crate::wire::{Certificate, Lineage, SignedRoom, Step};

/// Bytes of a key's SHA-256 a pin keeps: 128 bits, out of reach of a
/// second-preimage search, and 22 characters in a link.
const PIN_BYTES: usize = 16;

/// The base64url alphabet (RFC 4648 §5): safe in a URL's query as it is.
const URL64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The fingerprint of a seat key a room link names (the owner's).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct KeyPin(pub [u8; PIN_BYTES]);

impl KeyPin {
    /// The pin of `key`.
    pub fn of(key: &SeatPublic) -> KeyPin {
        let mut h = Sha256::new();
        h.update(b"dice-duel/key-pin/1");
        h.update(key.0);
        let full: [u8; 32] = h.finalize().into();
        let mut pin = [0; PIN_BYTES];
        pin.copy_from_slice(&full[..PIN_BYTES]);
        KeyPin(pin)
    }

    /// Whether `key` is the key this pin names.
    pub fn names(&self, key: &SeatPublic) -> bool {
        KeyPin::of(key) == *self
    }

    /// The pin as a link writes it: unpadded base64url (22 characters).
    pub fn to_link(&self) -> String {
        let mut bits = 0u32;
        let mut held = 0;
        let mut out = String::with_capacity(22);
        for b in self.0 {
            bits = (bits << 8) | u32::from(b);
            held += 8;
            while held >= 6 {
                held -= 6;
                out.push(char::from(URL64[((bits >> held) & 63) as usize]));
            }
        }
        if held > 0 {
            out.push(char::from(URL64[((bits << (6 - held)) & 63) as usize]));
        }
        out
    }

    /// The pin a link wrote; `None` for anything else (a link's `k=`
    /// mangled in transit is no pin: the tab falls back to no pin).
    pub fn from_link(text: &str) -> Option<KeyPin> {
        let text = text.trim().as_bytes();
        if text.len() != 22 {
            return None;
        }
        let mut pin = [0; PIN_BYTES];
        let (mut bits, mut held, mut at) = (0u32, 0, 0);
        for c in text {
            let v = URL64.iter().position(|u| u == c)?;
            bits = (bits << 6) | v as u32;
            held += 6;
            if held >= 8 {
                held -= 8;
                *pin.get_mut(at)? = (bits >> held) as u8;
                at += 1;
            }
        }
        // The last character's two spare bits are zero in a pin's own spelling.
        (at == PIN_BYTES && bits & 0b11 == 0).then_some(KeyPin(pin))
    }
}

/// The host's answer to `challenge`: its key's signature of the challenge
/// and the epoch it hosts, in the room with digest `room`.
pub(crate) fn prove(key: &SeatKey, room: &Hash32, challenge: &Hash32, epoch: Epoch) -> SeatSig {
    key.sign(Statement::HostProof, room, &(challenge, epoch))
}

/// Why a peer that answered as host was not followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotTheHost {
    #[error("its key is not the one the room link names")]
    OtherKey,
    #[error("its proof is not signed by the key it shows")]
    BadSignature,
    #[error("no election of the room made it the host")]
    Unelected,
}

/// A `Proof` as it arrived: the key that answered, its signature of the
/// knock's challenge, and the elections that made it host.
pub(crate) struct Answer<'a> {
    pub(crate) key: &'a SeatPublic,
    pub(crate) sig: &'a SeatSig,
    pub(crate) lineage: &'a Lineage,
}

/// Checks a `Proof` against the pin, the knock's challenge and the epoch
/// the answer was stamped with: the pinned key itself (the owner), or
/// the key of the winner of `epoch` that a lineage from the owner's room
/// installs. Returns the host's player when the lineage names it.
///
/// # Errors
/// Why that peer is not the room's host.
pub(crate) fn check(
    pin: &KeyPin,
    room: &Hash32,
    challenge: &Hash32,
    epoch: Epoch,
    answer: &Answer<'_>,
) -> Result<Option<PlayerNo>, NotTheHost> {
    // The pinned key needs no election to host; any other, the lineage's.
    let host = if pin.names(answer.key) {
        None
    } else {
        match answer.lineage.trace(pin, room)? {
            None => return Err(NotTheHost::OtherKey),
            Some((e, no, key)) if e == epoch && key == *answer.key => Some(no),
            Some(_) => return Err(NotTheHost::Unelected),
        }
    };
    if !answer.key.verifies(Statement::HostProof, room, &(challenge, epoch), answer.sig) {
        return Err(NotTheHost::BadSignature);
    }
    Ok(host)
}

/// A fresh challenge: unpredictable to anyone without the device's secret
/// nonce seed, different for every knock.
pub(crate) fn challenge(seed: &[u8; 32], count: u64, now_ms: u64) -> Hash32 {
    let mut h = Sha256::new();
    h.update(b"dice-duel/knock/1");
    h.update(seed);
    h.update(count.to_le_bytes());
    h.update(now_ms.to_le_bytes());
    h.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_round_trips_through_a_link_and_names_its_key_only() {
        let a = SeatKey::from_seed([1; 32]).public();
        let b = SeatKey::from_seed([2; 32]).public();
        let pin = KeyPin::of(&a);
        assert_eq!(pin.to_link().len(), 22);
        assert_eq!(KeyPin::from_link(&pin.to_link()), Some(pin));
        assert!(pin.names(&a) && !pin.names(&b));
        for bad in ["", "abc", "!!!!!!!!!!!!!!!!!!!!!!", &format!("{}AA", pin.to_link())] {
            assert_eq!(KeyPin::from_link(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_proof_holds_for_its_key_challenge_epoch_and_room_only() {
        let key = SeatKey::from_seed([7; 32]);
        let pin = KeyPin::of(&key.public());
        let (room, ch) = ([3; 32], [4; 32]);
        let sig = prove(&key, &room, &ch, Epoch(0));
        let none = Lineage::default();
        let (public, other) = (key.public(), SeatKey::from_seed([8; 32]));
        let answer = |key, sig| Answer { key, sig, lineage: &none };
        assert_eq!(check(&pin, &room, &ch, Epoch(0), &answer(&public, &sig)), Ok(None));
        assert_eq!(
            check(&pin, &room, &[5; 32], Epoch(0), &answer(&public, &sig)),
            Err(NotTheHost::BadSignature)
        );
        assert_eq!(
            check(&pin, &[9; 32], &ch, Epoch(0), &answer(&public, &sig)),
            Err(NotTheHost::BadSignature)
        );
        let forged = prove(&other, &room, &ch, Epoch(0));
        assert_eq!(
            check(&pin, &room, &ch, Epoch(0), &answer(&other.public(), &forged)),
            Err(NotTheHost::OtherKey)
        );
    }
}
