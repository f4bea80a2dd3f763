//! The transport boundary: bytes to and from peer ids, plus connection
//! events. Deliberately tiny (GGRS's two-method socket is the model) so the
//! app can implement it over `matchbox_socket` in a few lines:
//! `send` → `channel.send(bytes.into(), peer)`, `receive` →
//! `channel.receive()`, `connection_events` → `socket.update_peers()`.
//!
//! The protocol above does not need the transport to be reliable or
//! ordered: gaps, losses and duplicates are repaired by sequence numbers,
//! resend requests and command ids (see `docs/PROTOCOL.md`). That is what
//! lets the in-memory twin inject loss, duplication and reordering.

mod local;
mod memory;

pub use local::WithLocal;
pub use memory::{Conditions, MemoryEndpoint, MemoryNet};

use crate::ids::PeerId;

/// A peer appeared or went away. A disconnect is only a hint: presence is
/// decided by heartbeats, and a player comes back under a new peer id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectionEvent {
    Connected(PeerId),
    Disconnected(PeerId),
}

/// Best-effort datagrams between peers.
pub trait Transport {
    /// Sends one datagram to `to`. Never blocks; may drop it.
    fn send(&mut self, to: PeerId, datagram: Vec<u8>);
    /// Datagrams received since the last call, oldest first.
    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)>;
    /// Connection changes since the last call, oldest first.
    fn connection_events(&mut self) -> Vec<ConnectionEvent>;
}
