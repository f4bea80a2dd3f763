//! Online play: rooms, share links, browser storage and the WebRTC
//! transport that carries `duel-net` datagrams between the devices.
//!
//! The protocol itself (host, replicas, sequencing) lives in `duel-net` and
//! knows nothing about browsers; this module is the browser glue:
//!
//! - [`new_room_id`], [`room_from_location`], [`share_url`], [`qr_svg`]:
//!   creating and sharing a room (`/?room=<id>` links, QR codes).
//! - [`player_token`], [`saves`]: who this device's player is, and the host's
//!   saved room, in `localStorage`, so a reloaded tab resumes.
//! - [`RoomTransport`]: a [`duel_net::Transport`] over a matchbox
//!   `WebRtcSocket` (one reliable channel for the protocol, one for the
//!   host/guest beacon), with [`ConnState`] for the UI and automatic
//!   reconnection.
//!
//! How the app uses the transport (`src/boot/`, `session/`):
//!
//! 1. [`role_for`] the room (a device holding the room's save hosts it;
//!    the creator calls [`saves::save_host`] at once), then
//!    [`RoomTransport::connect`]. The session's host wraps it in
//!    [`duel_net::WithLocal`] beside a loopback for its own replica.
//! 2. [`RoomTransport::set_waker`] to pump as soon as a datagram lands (a
//!    timer pump alone adds its period to every hop), and pump right after
//!    sending a command from the host tab (it waits on the loopback).
//! 3. A guest's session copies [`RoomTransport::host_peer`] into
//!    `Device::host_peer` before each pump: the host's id changes
//!    whenever its tab reconnects.
//! 4. Save the host's room on a timer, not on the waker's path.
//!
//! How peers find the host: every peer sends a one-message role beacon on a
//! second reliable channel to each peer it connects to (`beacon.rs`); a
//! guest takes the first peer that says "host" and keeps it while it is
//! connected and answering. The connection's decisions (host away, retries,
//! rebuilding the socket when the signalling server is lost or the host goes
//! silent) are a pure state machine (`connection/`); the browser task that owns
//! the socket (`driver.rs`) only feeds it.
//!
//! Everything compiles natively too (the app's native tests and clippy
//! build it): the pure helpers are the same code, storage falls back to an
//! in-memory map, and the transport is inert (always
//! [`ConnState::Failed`]) because WebRTC only exists in the browser.

mod beacon;
mod config;
mod connection;
mod early_peers;
mod ice;
mod link_hint;
pub mod mesh;
mod pairing;
mod peers;
mod qr;
mod room;
pub mod saves;
mod transport;

#[cfg(target_arch = "wasm32")]
mod driver;
#[cfg(target_arch = "wasm32")]
mod early_signal;
#[cfg(target_arch = "wasm32")]
mod signaller;

pub use connection::{ConnState, Role};
pub use link_hint::link_hint_in_location;
pub use mesh::{PairError, Showing};
pub use pairing::Pairing;
pub use qr::qr_svg;
pub use room::{
    bad_room_in_location, new_room_id, pin_from_location, pinned, room_from_location, room_from_text,
    room_link_refused, share_url,
};
pub use saves::{player_token, role_for};
pub use transport::RoomTransport;
