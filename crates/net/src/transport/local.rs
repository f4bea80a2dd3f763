//! The host tab's transport: the remote one (matchbox) plus a loopback
//! endpoint for the replica in the same tab, so the host's own seats send
//! their commands through exactly the path remote seats use.

use super::{ConnectionEvent, MemoryEndpoint, Transport};
use crate::ids::PeerId;

/// Routes datagrams for the local peers through a loopback endpoint and
/// everything else through `remote`.
#[derive(Debug)]
pub struct WithLocal<T> {
    remote: T,
    local: MemoryEndpoint,
    local_peers: Vec<PeerId>,
}

impl<T: Transport> WithLocal<T> {
    /// `local` is the host's endpoint on a loopback [`super::MemoryNet`];
    /// `local_peers` are the ids of the in-tab replicas on that net.
    pub fn new(remote: T, local: MemoryEndpoint, local_peers: Vec<PeerId>) -> WithLocal<T> {
        WithLocal { remote, local, local_peers }
    }

    /// The remote transport, e.g. to read its own peer id.
    pub fn remote(&mut self) -> &mut T {
        &mut self.remote
    }
}

impl<T: Transport> Transport for WithLocal<T> {
    fn send(&mut self, to: PeerId, datagram: Vec<u8>) {
        if self.local_peers.contains(&to) {
            self.local.send(to, datagram);
        } else {
            self.remote.send(to, datagram);
        }
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        let mut all = self.local.receive();
        all.extend(self.remote.receive());
        all
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        let mut all = self.local.connection_events();
        all.extend(self.remote.connection_events());
        all
    }
}
