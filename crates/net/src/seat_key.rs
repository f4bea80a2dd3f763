//! Seat keys: each device's Ed25519 key, so that what a player says in an
//! election (a poll, a vote, "I won") can be checked by every other device
//! and forged by none.
//!
//! The device makes its key once from 32 random bytes (the app's crypto
//! RNG; this crate has no RNG source) and keeps it with its player token.
//! The host learns the public half from `Hello` and lists it in the room
//! view, so every device checks a signature against the key its own copy
//! of the room names for that player.
//!
//! A statement is signed as `tag ‖ room digest ‖ postcard(statement)`:
//! the tag names what is said (`dice-duel/vote/1`), so a vote can never be
//! passed off as a poll, and the room digest keeps a vote from one room out
//! of every other. Checks use `verify_strict`, which refuses the weak keys
//! and malleable signatures plain `verify` lets through.
//!
//! **Without signatures** (the `signatures` feature off: the practice file,
//! issue 49, one device that plays bots and talks to nobody) the same host,
//! replica and sequencing run, but nothing is signed or checked: a statement
//! carries [`SeatSig::UNSIGNED`] and every check holds, so no Ed25519 code is
//! in that file. Every build that can reach another device signs (the app's
//! `rooms` feature turns this one on; see [`SIGNS`]).

#[cfg(feature = "signatures")]
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::hash::Hash32;

/// What a signature says; each has its own tag (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// A candidate asks for votes.
    Poll,
    /// A voter answers a poll.
    Vote,
    /// The winner names the transport id to follow it at.
    Elected,
    /// The host vouches for its log's chain at a head (see [`crate::chain`]).
    Head,
    /// A device commits to a nonce chain (see [`crate::fair::ChainCommit`]).
    Chain,
    /// A host answers a newcomer's `Knock` (see [`crate::pin`]).
    HostProof,
    /// A host signs the room view it sends (see [`crate::pin::SignedRoom`]).
    Room,
    /// A device sends one of its player's commands (see [`crate::command_sig`]).
    Command,
}

impl Statement {
    #[cfg(feature = "signatures")]
    fn tag(self) -> &'static [u8] {
        match self {
            Statement::Poll => b"dice-duel/poll/1",
            Statement::Vote => b"dice-duel/vote/1",
            Statement::Elected => b"dice-duel/elected/1",
            Statement::Head => b"dice-duel/head/1",
            Statement::Chain => b"dice-duel/chain-commit/1",
            Statement::HostProof => b"dice-duel/host-proof/1",
            Statement::Room => b"dice-duel/room-view/1",
            Statement::Command => b"dice-duel/command/1",
        }
    }
}

/// Whether this build signs and checks its statements (the `signatures`
/// feature; see the module docs). A build that can be in a room must: the app
/// asserts it where it builds rooms.
pub const SIGNS: bool = cfg!(feature = "signatures");

/// A device's private seat key. Never leaves the device; `Debug` shows only
/// a prefix of its public half (logs are shared in bug reports).
#[cfg(feature = "signatures")]
#[derive(Clone, PartialEq, Eq)]
pub struct SeatKey(SigningKey);

/// A device's seat key in a build without signatures: its seed, kept for the
/// builds that sign, and the public half one of them derived from it, if the
/// app kept it ([`SeatKey::known_as`]), so that a game saved by a build that
/// signs lists this device under the key it says `Hello` with.
#[cfg(not(feature = "signatures"))]
#[derive(Clone, PartialEq, Eq)]
pub struct SeatKey {
    seed: [u8; 32],
    public: SeatPublic,
}

/// A seat key's public half, as the room view lists it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeatPublic(pub [u8; 32]);

/// An Ed25519 signature, in two halves (serde derives arrays up to 32).
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSig(pub [u8; 32], pub [u8; 32]);

#[cfg(feature = "signatures")]
impl SeatKey {
    /// The key made from 32 secret bytes (the app draws them once from the
    /// browser's crypto RNG and keeps them).
    pub fn from_seed(seed: [u8; 32]) -> SeatKey {
        SeatKey(SigningKey::from_bytes(&seed))
    }

    /// A build that signs derives the public half itself: `public` is not read.
    pub fn known_as(self, _public: SeatPublic) -> SeatKey {
        self
    }

    /// The 32 bytes this key is made from (for the app's storage).
    pub fn seed(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    pub fn public(&self) -> SeatPublic {
        SeatPublic(self.0.verifying_key().to_bytes())
    }

    /// Signs `body` as a `what` in the room with digest `room`.
    pub fn sign<T: Serialize>(&self, what: Statement, room: &Hash32, body: &T) -> SeatSig {
        let sig = self.0.sign(&message(what, room, body));
        let bytes = sig.to_bytes();
        let mut halves = ([0; 32], [0; 32]);
        halves.0.copy_from_slice(&bytes[..32]);
        halves.1.copy_from_slice(&bytes[32..]);
        SeatSig(halves.0, halves.1)
    }
}

#[cfg(not(feature = "signatures"))]
impl SeatKey {
    /// The key of these 32 secret bytes, its public half unknown
    /// ([`SeatPublic::NONE`]) until [`SeatKey::known_as`] says it.
    pub fn from_seed(seed: [u8; 32]) -> SeatKey {
        SeatKey { seed, public: SeatPublic::NONE }
    }

    /// This key, whose public half a build that signs derived as `public`.
    pub fn known_as(self, public: SeatPublic) -> SeatKey {
        SeatKey { public, ..self }
    }

    pub fn seed(&self) -> [u8; 32] {
        self.seed
    }

    pub fn public(&self) -> SeatPublic {
        self.public
    }

    /// Signs nothing (see the module docs).
    pub fn sign<T: Serialize>(&self, _what: Statement, _room: &Hash32, _body: &T) -> SeatSig {
        SeatSig::UNSIGNED
    }
}

impl SeatPublic {
    /// "No key known yet": a player restored from a save made before seat
    /// keys, until its next `Hello`. Nothing verifies against it (it is a
    /// weak key, which `verify_strict` refuses).
    pub const NONE: SeatPublic = SeatPublic([0; 32]);

    /// Whether `sig` is this key's signature of `body` as a `what` in the
    /// room with digest `room`. Bytes that are no key, or no signature, are
    /// simply not a valid signature.
    #[cfg(feature = "signatures")]
    pub fn verifies<T: Serialize>(&self, what: Statement, room: &Hash32, body: &T, sig: &SeatSig) -> bool {
        let Ok(key) = VerifyingKey::from_bytes(&self.0) else { return false };
        let mut bytes = [0; 64];
        bytes[..32].copy_from_slice(&sig.0);
        bytes[32..].copy_from_slice(&sig.1);
        key.verify_strict(&message(what, room, body), &Signature::from_bytes(&bytes)).is_ok()
    }

    /// Without signatures every check holds (see the module docs): the game
    /// on this device is this device's alone.
    #[cfg(not(feature = "signatures"))]
    pub fn verifies<T: Serialize>(
        &self,
        _what: Statement,
        _room: &Hash32,
        _body: &T,
        _sig: &SeatSig,
    ) -> bool {
        true
    }
}

impl SeatSig {
    /// What a build without signatures puts where a signature goes.
    pub const UNSIGNED: SeatSig = SeatSig([0; 32], [0; 32]);
}

#[cfg(feature = "signatures")]
fn message<T: Serialize>(what: Statement, room: &Hash32, body: &T) -> Vec<u8> {
    let mut m = what.tag().to_vec();
    m.extend_from_slice(room);
    // Plain data into a Vec: serialising cannot fail; an empty body still
    // signs only this statement's tag and room.
    m.extend(postcard::to_allocvec(body).unwrap_or_default());
    m
}

impl std::fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = self.public().0;
        write!(f, "SeatKey(public {:02x}{:02x}{:02x}{:02x}…)", p[0], p[1], p[2], p[3])
    }
}

impl std::fmt::Debug for SeatPublic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeatPublic({:02x}{:02x}{:02x}{:02x}…)", self.0[0], self.0[1], self.0[2], self.0[3])
    }
}

impl std::fmt::Debug for SeatSig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeatSig({:02x}{:02x}{:02x}{:02x}…)", self.0[0], self.0[1], self.0[2], self.0[3])
    }
}

#[cfg(all(test, feature = "signatures"))]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_for_its_statement_room_and_key_only() {
        let (ana, bo) = (SeatKey::from_seed([1; 32]), SeatKey::from_seed([2; 32]));
        let (room, other_room) = ([7; 32], [8; 32]);
        let sig = ana.sign(Statement::Vote, &room, &(3u32, true));
        assert!(ana.public().verifies(Statement::Vote, &room, &(3u32, true), &sig));
        assert!(!bo.public().verifies(Statement::Vote, &room, &(3u32, true), &sig), "another key");
        assert!(!ana.public().verifies(Statement::Poll, &room, &(3u32, true), &sig), "another statement");
        assert!(!ana.public().verifies(Statement::Vote, &other_room, &(3u32, true), &sig), "another room");
        assert!(!ana.public().verifies(Statement::Vote, &room, &(4u32, true), &sig), "another body");
        assert!(!SeatPublic::NONE.verifies(Statement::Vote, &room, &(3u32, true), &sig));
        assert!(!format!("{ana:?}").contains(&format!("{:?}", ana.seed())), "the seed stays out of logs");
        assert_eq!(SeatKey::from_seed(ana.seed()), ana);
    }
}
