//! # duel-net: the networking layer of Dice Duel
//!
//! Transport-agnostic and free of I/O, in the manner of GGRS: the
//! [`Host`] and the [`Replica`] are state machines that take datagrams and
//! the caller's clock and return datagrams; a [`Transport`] moves bytes.
//!
//! - [`wire`]: the versioned, size-capped postcard protocol (`PeerMsg` up,
//!   `HostMsg` down), chunking of large messages, decoding that never panics.
//! - [`host`]: the authoritative room: lobby, seats, the `Game`, its event
//!   log, the dice, deadlines, presence, save/restore.
//! - [`replica`]: a device's copy: ordered apply, gap and hash repair,
//!   commands resent until answered.
//! - [`transport`]: the trait, an in-memory network with injectable chaos
//!   (tests and the offline loopback), and [`transport::WithLocal`] to put
//!   the host tab's own replica on a loopback beside the WebRTC peers.
//! - [`thunder`]: a Thunderstruck seat's secrets for its hidden planning
//!   ([`thunder::Desk`]); the duel itself runs on the [`Host`] (R23).
//! - [`seat_key`]: each device's signing key, so no peer can forge an
//!   election (see [`succession`]). Without the `signatures` feature (the
//!   app's practice file: one device, bots only) nothing is signed or
//!   checked, and no Ed25519 code is built in; the protocol is the same.
//! - [`hash`]: [`hash::Hash32`], the protocol's one hash (SHA-256) as its bytes.
//! - [`chain`]: the log's hash chain and the host's signed head, so a
//!   successor adopts only events the host wrote.
//! - [`command_sig`]: every command signed end to end by its player's seat
//!   key, so nobody relaying a link can alter or make one up.
//! - [`pairing`]: an offer or answer as a QR code's text, for devices that
//!   pair by camera with no signalling server (issue 34).
//! - [`record`]: a game kept to watch again ([`GameRecord`]) and the
//!   [`Replay`] that steps through it.
//!
//! The protocol is described in `docs/PROTOCOL.md`.

#![forbid(unsafe_code)]

// The check of an election's certificate, shared by the succession and the pin.
mod certificate;
pub mod chain;
pub mod command_sig;
pub mod device;
mod envelope;
pub mod fair;
// Builds commands in any player's name from its token: for fuzzers, tests
// and benches only (feature `test-support`), never the app.
#[cfg(any(test, feature = "test-support"))]
pub mod fuzz;
pub mod hash;
pub mod host;
pub mod ids;
pub mod pairing;
pub mod pin;
pub mod record;
pub mod replica;
pub mod seat_key;
pub mod succession;
pub mod thunder;
pub mod transport;
pub mod wire;

pub use command_sig::{command_signed_by, sign_command};
pub use device::{Device, Handover};
pub use host::{Host, HostConfig, Outbound, RestoreError};
pub use ids::{CommandId, Epoch, PeerId, PlayerNo, PlayerToken, Seq};
pub use pin::{KeyPin, NotTheHost};
pub use record::{GameRecord, RecordError, RecordInfo, Replay};
pub use replica::{
    AuditFinding, AuditReport, Finding, Heir, Notice, Replica, ReplicaConfig, ReplicaTiming, SubmitError,
    Tampered,
};
pub use seat_key::{SeatKey, SeatPublic, SeatSig};
pub use succession::{Decision, Forgery, Rival, Standing, Succession, SuccessionTiming};
pub use transport::{Conditions, ConnectionEvent, MemoryEndpoint, MemoryNet, Transport, WithLocal};
pub use wire::{
    BotLevel, BotPlan, Command, HostMsg, HostRefusal, LobbyEdit, MeshMsg, PeerMsg, RoomView, SeatHolder,
    Timing, WireError,
};
