//! Pairing codes: a WebRTC offer or answer small enough for a QR code read
//! across a table, so two devices with no signalling server (no internet)
//! can still connect (issue 34).
//!
//! The host's screen shows its offer as a code; a guest scans it and shows
//! its answer as a code; the host scans that. A code holds only what a
//! data-channel-only connection needs ([`Description`]: ICE credentials,
//! the DTLS fingerprint and role, the candidates) and what the game needs
//! beside it (the room and the sender's peer id). The other SDP lines are
//! rebuilt by [`Description::to_sdp`].
//!
//! - [`sdp`]: a browser's SDP → [`Description`].
//! - [`description`]: the fields, and the SDP rebuilt from them.
//! - [`packing`]: the binary layout (format version 1).
//! - [`code`]: `DD1:` + base45 + checksum, and the refusals a player reads.
//! - [`base45`]: RFC 9285, the densest text a QR code holds.
//!
//! Pure and I/O-free like the rest of the crate: the app gathers the SDP
//! and draws and scans the QR code.

pub mod base45;
pub mod code;
pub mod description;
pub mod packing;
pub mod sdp;

#[cfg(test)]
mod tests;

use thiserror::Error;

pub use code::VERSION;
pub use description::{Address, Candidate, CandidateType, Description, DtlsRole, Kind, Protocol};
pub use sdp::{parse as parse_sdp, SdpError};

use crate::ids::PeerId;

/// One side of a pairing: an offer (host) or an answer (guest), with who
/// sent it and for which room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingCode {
    /// Offer or answer.
    pub kind: Kind,
    /// The sender's peer id: with no signalling server to hand out
    /// matchbox `PeerId`s, each device names itself (a random UUID).
    pub peer: PeerId,
    /// An offer's invitation number (1 to 255): with the host's `peer` it
    /// names the guest that answers ([`invitee`]), so every device in the
    /// room knows the guest by the same id. Always 0 in an answer, whose
    /// `peer` is that guest id.
    pub invite: u8,
    /// The room the offer invites to; an answer repeats it, so a host
    /// can tell an answer to its own offer from a stale one. 0 to 64 of
    /// `A-Z a-z 0-9 _ -`, like the signalling server's room ids.
    pub room: String,
    /// The connection's own fields.
    pub description: Description,
}

/// Why a code cannot be made (the fields come from our own browser, so
/// these are rare; shown to the host instead of a code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// No candidate: the browser found no network interface to offer.
    #[error("This device has no network to pair over: join a Wi-Fi network or turn on a hotspot.")]
    NoAddress,
    /// The room id is longer than 64 or has characters the server refuses.
    #[error("This room's name cannot go in a pairing code.")]
    Room,
    /// ICE credentials outside RFC 8839's characters or lengths.
    #[error("This browser's connection credentials cannot go in a pairing code.")]
    Credentials,
    /// More than [`packing::MAX_CANDIDATES`] candidates.
    #[error("This device has too many network addresses for one pairing code.")]
    TooManyAddresses,
    /// A candidate host name longer than 255 bytes or with other characters
    /// than letters, digits, `.`, `-` and `_`.
    #[error("A network name of this device cannot go in a pairing code.")]
    Name,
    /// An offer without an invitation number (or an answer with one).
    #[error("This invitation cannot go in a pairing code.")]
    Invite,
}

/// The id of the guest that answers `host`'s invitation number `invite`:
/// 16 bytes of SHA-256 over both, shaped as a version-4 UUID (matchbox
/// prints ids as UUIDs). Both sides work it out, so the code carries one
/// byte instead of a second 16-byte id.
pub fn invitee(host: PeerId, invite: u8) -> PeerId {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"dice-duel invitee")
        .chain_update(host.0.to_be_bytes())
        .chain_update([invite])
        .finalize();
    let mut id = [0; 16];
    id.copy_from_slice(&digest[..16]);
    id[6] = (id[6] & 0x0f) | 0x40;
    id[8] = (id[8] & 0x3f) | 0x80;
    PeerId(u128::from_be_bytes(id))
}

impl PairingCode {
    /// An offer's guest: the id the answering device takes ([`invitee`]).
    pub fn guest(&self) -> Option<PeerId> {
        (self.kind == Kind::Offer).then(|| invitee(self.peer, self.invite))
    }
}

/// Why a scanned code is refused, in words for the player holding the phone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CodeError {
    /// No `DD<version>:` marker: another app's QR code, a URL, a Wi-Fi login.
    #[error("This code is not a Dice Duel pairing code.")]
    Foreign,
    /// The marker is there but the rest is not a valid code.
    #[error("This code is damaged: scan it again.")]
    Damaged,
    /// A format version this build does not know.
    #[error("This code was made by a newer version of Dice Duel: update this one.")]
    Newer,
    /// A valid code with no candidate.
    #[error("This code has no way to reach the other device (no network address in it).")]
    NoAddress,
}
