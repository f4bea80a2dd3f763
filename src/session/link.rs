//! The transport of a tab with no network: offline practice. The tab's
//! replica reaches its own host in-process (`duel_net::Device`), so nothing
//! ever goes out.

use duel_net::{ConnectionEvent, PeerId, Transport};

/// A remote transport with nobody on the other side: offline practice has
/// no peers, only the in-tab loopback.
#[derive(Clone, Copy, Debug, Default)]
pub struct Offline;

impl Transport for Offline {
    fn send(&mut self, _to: PeerId, _datagram: Vec<u8>) {}

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        Vec::new()
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        Vec::new()
    }
}
