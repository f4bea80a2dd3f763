//! Rooms without a signalling server (issue 34): devices pair by scanning
//! each other's codes, and linked devices introduce the rest.
//!
//! - [`hub`]: the signalling server's part, played by the devices (pure).
//! - [`wire`]: the introductions channel's bytes.
//! - `signaller.rs` (browser only): the hub as a matchbox `Signaller`,
//!   beside the server's websocket when there is one.

pub mod hub;
pub mod wire;

#[cfg(target_arch = "wasm32")]
pub mod signaller;

pub use hub::{Hub, PairError, Showing};
