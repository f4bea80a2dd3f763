//! The wire format: a 5-byte header on every datagram, then a postcard body.
//!
//! ```text
//! 0..2  magic  b"DD"
//! 2..4  protocol version, u16 little-endian
//! 4     kind: 0 = a whole host message, 1 = one chunk of a large host
//!       message, 2 = a peer's message to the host, 3 = peer to peer (election)
//! 5..   postcard body
//! ```
//!
//! The version sits outside the body so a peer on another version is told
//! so (and to reload) instead of getting a confusing decode error. Postcard
//! is compact (varints, no field names: an event is a dozen bytes), has a
//! stable documented format, is `no_std`, works the same on wasm32 and
//! native, and its decoder never panics and never preallocates from a
//! length prefix beyond what serde's cautious size hints allow.
//! See `docs/PROTOCOL.md`.

mod ballot;
mod bots;
mod chunk;
mod lineage;
mod msg;
mod refusal;
mod room;
mod sanitize;
mod timing;

pub use ballot::{Ballot, Vote};
pub use bots::{BotLevel, BotPlan};
pub use chunk::Reassembler;
pub use lineage::{Certificate, Lineage, SignedRoom, Step};
pub use msg::{Act, Command, CopyState, HostMsg, LobbyEdit, Mark, MeshMsg, PeerMsg, Seal, Snapshot, Stamped};
pub use refusal::HostRefusal;
pub use room::{PlayerView, RoomView, SeatHolder};
pub use sanitize::{check_event, check_game};
pub use timing::Timing;

use crate::ids::Epoch;
use serde::de::DeserializeOwned;
use serde::Serialize;
use thiserror::Error;

/// The protocol this build speaks. Bump on any change to the messages.
///
/// 2: refusals carry the core's typed `RuleError` (and `FreezeCancelled` its
/// typed reason) instead of a sentence, so each peer renders the words.
/// 3: Die Fighter: Fighters and missions in the game state (a ship's energy
/// dice are a list, a Fighter has a cockpit, the ruleset has the "2 health"
/// toggle), BOMB and LAUNCH intents and their events, seat changes.
/// 4: host succession and verifiable dice: host messages carry their epoch,
/// commands a nonce, events their marks; the room view names the host, its
/// successors and each player's token proof; peer-to-peer election messages.
/// 6: map tiles: a map's terrain and start squares, rift and gravity events,
/// the helm dice a gravity arrow kept (D42–D45).
/// 7: a guest names itself in the lobby (`Command::Rename`).
/// 8: Thunderstruck's `SectorClosed` (D34: a sector closes the moment the last
/// two ships meet); sequence numbers past `Seq::LIMIT` are refused.
/// 9: seat keys (issue 31): `Hello` carries the device's public key, the
/// room view lists it, polls, votes and election announcements are signed
/// and `Elected` carries the certificate of signed votes. Also in 9: the
/// speed bump (the host's `Probe` and the peer's `Echo`, appended last, and
/// `Timing::bump_ms` in the room view), dice nobody can grind (a command's
/// nonce is the 32-byte link of a hash chain its device committed to:
/// `Hello::chain`, `Command::Chain`, `PlayerView::chain`; marks carry the
/// host's action `step` and the link; refusal `ForgedNonce`), and the log's
/// hash chain: `Events`, `Pong` and snapshots carry the host's signed chain
/// head, snapshots the chain at their checkpoint, and a vote's `CopyState`
/// the voter's latest signed head (each appended last).
/// 10: nonce-chain commitments are signed with the device's seat key
/// (`ChainCommit::sig`, in `Hello`, the room view and `Command::Chain`), and
/// the refusal `UnsignedChain` (appended last).
/// Also 10: the room view carries the bots' plan (issue 30: each bot seat's level
/// and whether, and how well, bots cover a departed player), edited by
/// `LobbyEdit::Level` and `LobbyEdit::Cover` (appended last).
/// Also 10: a pinned newcomer's `Knock`, the host's `Proof` (with its
/// lineage) and its `RoomSig` after every room view (issue 43; appended last).
/// 11: commands signed end to end (issue 43, point 10): `PeerMsg::Command`
/// carries its device's signature, each `Mark` the signature of the command
/// that caused it, and the refusal `UnsignedCommand` (each appended last).
pub const PROTOCOL_VERSION: u16 = 11;
/// First two bytes of every datagram.
pub const MAGIC: [u8; 2] = *b"DD";
/// Header bytes before the body.
pub const HEADER_LEN: usize = 5;
/// Largest datagram either side sends or accepts: 16 KiB, the message size
/// every browser's WebRTC data channel delivers without fragmentation trouble.
pub const MAX_DATAGRAM: usize = 16 * 1024;
/// Largest host message after reassembly (a snapshot is a few KiB; this is a guard).
pub const MAX_MESSAGE: usize = 1024 * 1024;

const KIND_WHOLE: u8 = 0;
const KIND_CHUNK: u8 = 1;
const KIND_PEER: u8 = 2;
const KIND_MESH: u8 = 3;

/// Who a datagram is for, read from its header alone (a device routes on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// From a host, for a replica.
    Host,
    /// From a peer, for the host.
    Peer,
    /// Between peers, for the succession machine.
    Mesh,
}

/// The kind of a datagram; `None` for bytes that are not ours at all (the
/// receiver's own decoder then says why).
pub fn kind_of(bytes: &[u8]) -> Option<Kind> {
    match split_header(bytes) {
        Ok((KIND_WHOLE | KIND_CHUNK, _)) => Some(Kind::Host),
        Ok((KIND_PEER, _)) => Some(Kind::Peer),
        Ok((KIND_MESH, _)) => Some(Kind::Mesh),
        Ok(_) => None,
        // Another version: let the replica see it and tell the player to reload.
        Err(WireError::Version { .. }) => Some(Kind::Host),
        Err(_) => None,
    }
}

/// Why bytes could not become a message. Nothing is changed by a failed decode.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WireError {
    #[error("datagram of {len} bytes is shorter than the header")]
    TooShort { len: usize },
    #[error("not a Dice Duel datagram (bad magic)")]
    BadMagic,
    #[error("protocol version {theirs} (this app speaks {ours}): reload the page")]
    Version { ours: u16, theirs: u16 },
    #[error("unknown datagram kind {0}")]
    UnknownKind(u8),
    #[error("message of {len} bytes is over the {max}-byte limit")]
    Oversized { len: usize, max: usize },
    #[error("cannot decode: {0}")]
    Malformed(String),
    #[error("{0} stray bytes after the message")]
    TrailingBytes(usize),
    #[error("peers may not send chunked messages")]
    ChunkFromPeer,
    #[error("bad chunk: {0}")]
    BadChunk(&'static str),
    #[error("impossible value: {0}")]
    Invalid(&'static str),
}

impl WireError {
    /// The refusal the host sends back for a datagram it could not use.
    pub fn refusal(&self) -> crate::wire::HostRefusal {
        match self {
            WireError::Version { ours, theirs } => HostRefusal::Version { host: *ours, peer: *theirs },
            WireError::Oversized { len, max } => HostRefusal::Oversized {
                len: u32::try_from(*len).unwrap_or(u32::MAX),
                max: u32::try_from(*max).unwrap_or(u32::MAX),
            },
            other => HostRefusal::Malformed(other.to_string()),
        }
    }
}

/// Reads and checks the header, returning the kind byte and the body.
///
/// # Errors
/// Short, oversized, foreign or other-version datagrams.
pub fn split_header(bytes: &[u8]) -> Result<(u8, &[u8]), WireError> {
    if bytes.len() > MAX_DATAGRAM {
        return Err(WireError::Oversized { len: bytes.len(), max: MAX_DATAGRAM });
    }
    let (Some(head), Some(body)) = (bytes.get(..HEADER_LEN), bytes.get(HEADER_LEN..)) else {
        return Err(WireError::TooShort { len: bytes.len() });
    };
    if head[..2] != MAGIC {
        return Err(WireError::BadMagic);
    }
    let theirs = u16::from_le_bytes([head[2], head[3]]);
    if theirs != PROTOCOL_VERSION {
        return Err(WireError::Version { ours: PROTOCOL_VERSION, theirs });
    }
    Ok((head[4], body))
}

fn header(kind: u8) -> Vec<u8> {
    let v = PROTOCOL_VERSION.to_le_bytes();
    vec![MAGIC[0], MAGIC[1], v[0], v[1], kind]
}

/// Decodes a postcard body that must be consumed exactly.
fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, WireError> {
    let (value, rest) =
        postcard::take_from_bytes::<T>(bytes).map_err(|e| WireError::Malformed(e.to_string()))?;
    if !rest.is_empty() {
        return Err(WireError::TrailingBytes(rest.len()));
    }
    Ok(value)
}

fn to_body<T: Serialize>(value: &T, out: Vec<u8>) -> Result<Vec<u8>, WireError> {
    postcard::to_extend(value, out).map_err(|e| WireError::Malformed(e.to_string()))
}

/// Encodes a peer message into one datagram.
///
/// # Errors
/// [`WireError::Oversized`] if it does not fit one datagram (peers never chunk).
pub fn encode_peer(msg: &PeerMsg) -> Result<Vec<u8>, WireError> {
    let bytes = to_body(msg, header(KIND_PEER))?;
    if bytes.len() > MAX_DATAGRAM {
        return Err(WireError::Oversized { len: bytes.len(), max: MAX_DATAGRAM });
    }
    Ok(bytes)
}

/// Decodes a datagram from a peer (host side). Never panics.
///
/// # Errors
/// Any [`WireError`]; chunked datagrams are refused, peers have no reason to send them.
pub fn decode_peer(bytes: &[u8]) -> Result<PeerMsg, WireError> {
    match split_header(bytes)? {
        (KIND_PEER, b) => body(b),
        (KIND_CHUNK, _) => Err(WireError::ChunkFromPeer),
        (kind, _) => Err(WireError::UnknownKind(kind)),
    }
}

/// Encodes a peer-to-peer election message into one datagram.
///
/// # Errors
/// [`WireError::Oversized`] if it does not fit one datagram.
pub fn encode_mesh(msg: &MeshMsg) -> Result<Vec<u8>, WireError> {
    let bytes = to_body(msg, header(KIND_MESH))?;
    if bytes.len() > MAX_DATAGRAM {
        return Err(WireError::Oversized { len: bytes.len(), max: MAX_DATAGRAM });
    }
    Ok(bytes)
}

/// Decodes a peer-to-peer election message. Never panics.
///
/// # Errors
/// Any [`WireError`].
pub fn decode_mesh(bytes: &[u8]) -> Result<MeshMsg, WireError> {
    let msg: MeshMsg = match split_header(bytes)? {
        (KIND_MESH, b) => body(b)?,
        (kind, _) => return Err(WireError::UnknownKind(kind)),
    };
    if let MeshMsg::Batch { events, .. } = &msg {
        events.iter().try_for_each(check_event)?;
    }
    Ok(msg)
}

/// Encodes a host message into one datagram, or into chunks of at most
/// [`MAX_DATAGRAM`] bytes when it is larger. `transfer` numbers chunked
/// messages so a replica never mixes two; it is advanced when used.
///
/// # Errors
/// [`WireError::Oversized`] past [`MAX_MESSAGE`].
pub fn encode_host(epoch: Epoch, msg: &HostMsg, transfer: &mut u32) -> Result<Vec<Vec<u8>>, WireError> {
    // Encodes exactly as `Stamped { epoch, msg }` does (postcard writes a
    // struct's fields in order), without cloning the message.
    #[derive(Serialize)]
    struct StampedRef<'a> {
        epoch: Epoch,
        msg: &'a HostMsg,
    }
    let whole = to_body(&StampedRef { epoch, msg }, header(KIND_WHOLE))?;
    if whole.len() <= MAX_DATAGRAM {
        return Ok(vec![whole]);
    }
    let payload = whole.get(HEADER_LEN..).unwrap_or_default();
    if payload.len() > MAX_MESSAGE {
        return Err(WireError::Oversized { len: payload.len(), max: MAX_MESSAGE });
    }
    let id = *transfer;
    *transfer = transfer.wrapping_add(1);
    chunk::split(id, payload, header(KIND_CHUNK))
}

/// Host-message decoding with chunk reassembly (replica side).
#[derive(Debug, Default)]
pub struct HostDecoder {
    chunks: Reassembler,
}

impl HostDecoder {
    /// Decodes one datagram: `Ok(None)` while a chunked message is incomplete.
    ///
    /// # Errors
    /// Any [`WireError`]; the decoder's state is unchanged by a bad datagram
    /// except that a transfer it contradicts is dropped.
    pub fn decode(&mut self, bytes: &[u8]) -> Result<Option<Stamped>, WireError> {
        let msg: Stamped = match split_header(bytes)? {
            (KIND_WHOLE, b) => body(b)?,
            (KIND_CHUNK, b) => match self.chunks.push(b)? {
                Some(whole) => body(&whole)?,
                None => return Ok(None),
            },
            (kind, _) => return Err(WireError::UnknownKind(kind)),
        };
        sanitize::check_host_msg(&msg.msg)?;
        Ok(Some(msg))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ids::{CommandId, PlayerToken, Seq};
    use duel_core::{Event, SeatId};

    #[test]
    fn peer_messages_round_trip_in_one_small_datagram() {
        let chain = crate::fair::ChainCommit {
            first: CommandId(0),
            tip: [1; 32],
            sig: crate::SeatSig([2; 32], [3; 32]),
        };
        let msg = PeerMsg::Hello {
            player: PlayerToken(42),
            name: "Ana".into(),
            build: "b".into(),
            key: crate::SeatPublic([3; 32]),
            chain,
        };
        let bytes = encode_peer(&msg).unwrap();
        assert_eq!(&bytes[..5], &[b'D', b'D', PROTOCOL_VERSION as u8, 0, KIND_PEER]);
        assert_eq!(kind_of(&bytes), Some(Kind::Peer));
        assert_eq!(decode_peer(&bytes), Ok(msg));
        let claim = PeerMsg::Command {
            id: CommandId(3),
            command: Command::Claim { seat: SeatId(1) },
            nonce: [0xff; 32],
            sig: crate::SeatSig([0xee; 32], [0xee; 32]),
        };
        // 41 bytes of the command and nonce, 64 of its signature (issue 43, point 10).
        assert_eq!(encode_peer(&claim).unwrap().len(), 41 + 64, "commands are small");
        let sig = crate::SeatSig([0; 32], [0; 32]);
        let poll = MeshMsg::Poll { epoch: crate::ids::Epoch(2), candidate: crate::ids::PlayerNo(1), sig };
        let bytes = encode_mesh(&poll).unwrap();
        assert_eq!((kind_of(&bytes), decode_mesh(&bytes)), (Some(Kind::Mesh), Ok(poll)));
        assert!(decode_peer(&bytes).is_err(), "an election message is not a command");
    }

    #[test]
    fn large_host_messages_are_chunked_and_reassembled() {
        let events = vec![Event::SeatAway { seat: SeatId(3), away: true }; 20_000];
        let msg = Stamped {
            epoch: crate::ids::Epoch(3),
            msg: HostMsg::Events { from: Seq(1), events, hash: Some(9), marks: vec![], signed: None },
        };
        let mut transfer = 0;
        let datagrams = encode_host(msg.epoch, &msg.msg, &mut transfer).unwrap();
        assert!(datagrams.len() > 2 && datagrams.iter().all(|d| d.len() <= MAX_DATAGRAM));
        assert_eq!(transfer, 1);
        let mut decoder = HostDecoder::default();
        let mut got = None;
        for d in datagrams.iter().rev() {
            got = decoder.decode(d).unwrap().or(got);
        }
        assert_eq!(got, Some(msg));
    }

    #[test]
    fn oversized_peer_messages_are_not_sent() {
        let name = "x".repeat(MAX_DATAGRAM);
        let chain = crate::fair::ChainCommit {
            first: CommandId(0),
            tip: [1; 32],
            sig: crate::SeatSig([2; 32], [3; 32]),
        };
        let msg = PeerMsg::Hello {
            player: PlayerToken(1),
            name,
            build: String::new(),
            key: crate::SeatPublic::NONE,
            chain,
        };
        assert!(matches!(encode_peer(&msg), Err(WireError::Oversized { .. })));
    }

    #[test]
    fn another_version_is_named_not_misread() {
        let mut bytes = encode_peer(&PeerMsg::Bye).unwrap();
        bytes[2] = 99;
        assert_eq!(decode_peer(&bytes), Err(WireError::Version { ours: PROTOCOL_VERSION, theirs: 99 }));
        assert!(WireError::Version { ours: 1, theirs: 9 }.refusal().to_string().contains("reload"));
    }
}
