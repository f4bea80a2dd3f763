//! Glue between the state machines and a [`Transport`]: the loop the tests
//! run on a virtual clock. All decisions stay in `Host` and `Replica`. The
//! app pumps its own way (`src/session/`, through `duel_net::Device`), so
//! this lives with the tests that use it (issue 47: it was `duel_net::node`).

use duel_core::{Intent, SeatId};

use duel_net::wire::Command;
use duel_net::{CommandId, ConnectionEvent, Host, Outbound, PeerId, Replica, SubmitError, Transport};

/// A host bound to a transport.
#[derive(Debug)]
pub struct HostNode<T> {
    pub host: Host,
    pub transport: T,
}

impl<T: Transport> HostNode<T> {
    pub fn new(host: Host, transport: T) -> HostNode<T> {
        HostNode { host, transport }
    }

    /// Feeds connection events and datagrams to the host, ticks it, sends
    /// what it produced. Returns the number of datagrams handled.
    pub fn pump(&mut self, now_ms: u64) -> usize {
        for event in self.transport.connection_events() {
            if let ConnectionEvent::Disconnected(peer) = event {
                let out = self.host.disconnected(peer);
                self.send(out);
            }
        }
        let received = self.transport.receive();
        let n = received.len();
        for (from, datagram) in received {
            let out = self.host.handle(now_ms, from, &datagram);
            self.send(out);
        }
        let out = self.host.tick(now_ms);
        self.send(out);
        n
    }

    fn send(&mut self, out: Vec<Outbound>) {
        for o in out {
            self.transport.send(o.to, o.datagram);
        }
    }
}

/// A replica bound to a transport and the host's peer id.
#[derive(Debug)]
pub struct ReplicaNode<T> {
    pub replica: Replica,
    pub transport: T,
    /// The host's transport id.
    pub host_peer: PeerId,
}

impl<T: Transport> ReplicaNode<T> {
    pub fn new(replica: Replica, transport: T, host_peer: PeerId) -> ReplicaNode<T> {
        ReplicaNode { replica, transport, host_peer }
    }

    /// Connection events (a (re)connect to the host restarts the
    /// handshake), datagrams from the host, then a tick. Datagrams from
    /// anyone else are ignored: only the host speaks to replicas.
    pub fn pump(&mut self, now_ms: u64) -> usize {
        for event in self.transport.connection_events() {
            if event == ConnectionEvent::Connected(self.host_peer) {
                let out = self.replica.connect(now_ms);
                self.send(out);
            }
        }
        let received = self.transport.receive();
        let n = received.len();
        for (from, datagram) in received {
            if from == self.host_peer {
                let out = self.replica.handle(now_ms, &datagram);
                self.send(out);
            }
        }
        let out = self.replica.tick(now_ms);
        self.send(out);
        n
    }

    /// Submits an intent and sends it at once.
    ///
    /// # Errors
    /// See [`Replica::submit`].
    pub fn submit(&mut self, now_ms: u64, seat: SeatId, intent: Intent) -> Result<CommandId, SubmitError> {
        let s = self.replica.submit(now_ms, seat, intent)?;
        self.send(s.datagrams);
        Ok(s.id)
    }

    /// Sends any command at once.
    ///
    /// # Errors
    /// See [`Replica::command`].
    pub fn command(&mut self, now_ms: u64, command: Command) -> Result<CommandId, SubmitError> {
        let s = self.replica.command(now_ms, command)?;
        self.send(s.datagrams);
        Ok(s.id)
    }

    fn send(&mut self, out: Vec<Vec<u8>>) {
        for d in out {
            self.transport.send(self.host_peer, d);
        }
    }
}
