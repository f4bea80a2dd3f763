//! The connection's state machine, without I/O: what the socket reported
//! (and when) goes in; protocol connection events, the [`ConnState`] the UI
//! shows, and when to rebuild the socket come out.
//!
//! The browser driver (`driver.rs`) only moves facts between the matchbox
//! socket and this machine, so every decision here (who the host is, when a
//! guest gives up waiting for it, how fast to retry) is unit-tested natively
//! with a fake clock. Generic over the remote peer id for the same reason.

// Mostly called by the browser driver (`driver.rs`, wasm32 only): natively (clippy, unit
// tests) that part has no caller outside the tests. The wasm32 lints check it fully.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use std::collections::{BTreeMap, BTreeSet};

use duel_net::{ConnectionEvent, PeerId};

mod refusal;
mod role;
mod state;
mod timers;

use super::peers::PeerTable;
pub use refusal::{server_refusal, ServerRefusal};
pub use state::ConnState;
// For the browser driver (wasm32 only).
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub use timers::Decision;
use timers::{retry_delay_ms, FAILURES_BEFORE_FAILED, PROBE_EVERY_MS};

/// This tab's part in the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Created the room (or holds its save): runs the authoritative `Host`.
    Host,
    /// Joined by link: runs a replica and talks to the host.
    Guest,
}

/// What the driver should do with the socket after a [`Connection::tick`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Socket {
    /// No socket; the next starts at `retry_at`.
    Down { retry_at: u64 },
    /// Built, waiting for the server's id.
    Starting { since: u64 },
    /// The server assigned an id: new peers can reach us.
    Up { since: u64 },
    /// The websocket closed but the peer connections live on.
    SignallingLost { next_probe: u64 },
}

/// The connection state machine. See the module docs.
#[derive(Debug)]
pub struct Connection<R> {
    role: Role,
    table: PeerTable<R>,
    /// Peers whose beacon arrived on this socket, with their role.
    roles: BTreeMap<PeerId, Role>,
    /// Peers reported to the protocol as connected and not yet as gone.
    announced: BTreeSet<PeerId>,
    /// Guest: the host's protocol id while linked to it.
    host: Option<PeerId>,
    socket: Socket,
    /// Consecutive sockets that ended before the server gave them an id.
    failures: u32,
    /// A reason that no retry can fix (bad room id): always `Failed`.
    fatal: Option<String>,
    /// The server's own words for why it closed the last socket (room full,
    /// rate limited …): shown until a socket gets through.
    refused: Option<String>,
    ever_connected: bool,
    /// Guest: since when it has had no host on a working socket (or lost it).
    host_away_since: Option<u64>,
    host_retries: u32,
    /// Guest: when the oldest datagram to the host that is still unanswered went out.
    awaiting_host_since: Option<u64>,
    rebuild_asked: bool,
    /// The role changed: send the beacon to every peer again.
    beacon_due: bool,
    events: Vec<ConnectionEvent>,
    state: ConnState,
}

impl<R: Ord + Copy> Connection<R> {
    /// A connection for `role` with no socket yet ([`Connection::tick`] says `Start`).
    pub fn new(role: Role, now: u64) -> Connection<R> {
        Connection {
            role,
            table: PeerTable::default(),
            roles: BTreeMap::new(),
            announced: BTreeSet::new(),
            host: None,
            socket: Socket::Down { retry_at: now },
            failures: 0,
            fatal: None,
            refused: None,
            ever_connected: false,
            host_away_since: None,
            host_retries: 0,
            awaiting_host_since: None,
            rebuild_asked: false,
            beacon_due: false,
            events: Vec::new(),
            state: ConnState::Connecting,
        }
    }

    /// A connection that can never be made (e.g. an invalid room id):
    /// always `Failed(reason)`, and `tick` never asks for a socket.
    pub fn failed(role: Role, reason: impl Into<String>) -> Connection<R> {
        let mut conn = Connection::new(role, 0);
        conn.fatal = Some(reason.into());
        conn.refresh();
        conn
    }

    pub fn role(&self) -> Role {
        self.role
    }

    pub fn state(&self) -> &ConnState {
        &self.state
    }

    /// Guest: the host's protocol id while linked to it. Host: `None`.
    pub fn host(&self) -> Option<PeerId> {
        self.host
    }

    /// Peers on this socket whose beacon arrived: the part of the room's
    /// mesh this tab can reach (an election needs a majority of it).
    #[cfg(any(test, feature = "test-hooks"))]
    pub fn linked(&self) -> usize {
        self.roles.len()
    }

    /// The remote id to send a protocol datagram for `to` through.
    pub fn remote(&self, to: PeerId) -> Option<R> {
        self.table.remote(to)
    }

    /// Connection events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<ConnectionEvent> {
        std::mem::take(&mut self.events)
    }

    /// A socket was built.
    pub fn socket_started(&mut self, now: u64) {
        self.socket = Socket::Starting { since: now };
        self.refresh();
    }

    /// The server assigned this socket its id: signalling works.
    pub fn id_assigned(&mut self, now: u64) {
        self.socket = Socket::Up { since: now };
        self.failures = 0;
        self.refused = None;
        if self.role == Role::Host {
            self.ever_connected = true;
        }
        self.refresh();
    }

    /// The data channels to `remote` are open. The driver sends our beacon
    /// to it; the protocol hears of the peer once its beacon arrives.
    pub fn peer_connected(&mut self, _now: u64, remote: R, local: PeerId) {
        self.table.insert(remote, local);
        self.refresh();
    }

    /// `remote` (protocol id `local`) announced its role. The beacon may
    /// overtake the socket's own "connected" report (separate queues), so
    /// it pairs the ids itself.
    pub fn beacon(&mut self, _now: u64, remote: R, local: PeerId, role: Role) {
        self.table.insert(remote, local);
        self.roles.insert(local, role);
        if self.announced.insert(local) {
            self.events.push(ConnectionEvent::Connected(local));
        }
        if self.role == Role::Guest && role == Role::Host && self.host.is_none() {
            self.take_host(local);
        } else if self.role == Role::Guest && role == Role::Guest && self.host == Some(local) {
            // Our host stepped down (the room elected another while it was away):
            // another peer that says it hosts takes over, else its beacon will.
            self.host = self.roles.iter().find(|(_, r)| **r == Role::Host).map(|(p, _)| *p);
            self.awaiting_host_since = None;
        }
        self.refresh();
    }

    /// The connection to `remote` closed (or it left the room).
    pub fn peer_disconnected(&mut self, now: u64, remote: R) {
        let Some(local) = self.table.remove(remote) else { return };
        self.forget(now, local);
        self.refresh();
    }

    /// A datagram went to `local` (the host's silence is measured from here).
    pub fn sent_to(&mut self, now: u64, local: PeerId) {
        if self.host == Some(local) && self.awaiting_host_since.is_none() {
            self.awaiting_host_since = Some(now);
        }
    }

    /// A datagram came from `local`. Returns whether the protocol wants it:
    /// everyone's, since guests talk to each other to elect a successor when
    /// the host goes silent (the inbox is bounded, and `duel-net` drops
    /// what a guest should not get). A datagram from the host also ends the
    /// wait for its answer.
    pub fn heard_from(&mut self, local: PeerId) -> bool {
        if self.role == Role::Guest && self.host == Some(local) {
            self.awaiting_host_since = None;
        }
        true
    }

    /// The websocket to the signalling server closed; the socket lives on
    /// for the peers already connected.
    pub fn signalling_lost(&mut self, now: u64) {
        if matches!(self.socket, Socket::Starting { .. } | Socket::Up { .. }) {
            self.socket = Socket::SignallingLost { next_probe: now + PROBE_EVERY_MS };
            self.refresh();
        }
    }

    /// The signalling server closed the websocket with `code` and `reason`.
    /// A refusal (see [`server_refusal`]) is shown in the server's words: a
    /// bad room id for good, anything else while the retries go on.
    /// Anything else is an ordinary loss ([`Connection::signalling_lost`]).
    pub fn signalling_closed(&mut self, now: u64, code: u16, reason: &str) {
        match server_refusal(code, reason) {
            Some(ServerRefusal { words, retry: false }) => {
                self.fatal = Some(words);
                self.refresh();
            }
            Some(ServerRefusal { words, retry: true }) => {
                self.refused = Some(words);
                self.signalling_lost(now);
                self.refresh();
            }
            None => self.signalling_lost(now),
        }
    }

    /// The server answered a probe: worth rebuilding the socket now.
    pub fn server_back(&mut self) {
        if matches!(self.socket, Socket::SignallingLost { .. }) {
            self.rebuild_asked = true;
        }
    }

    /// The socket's message loop ended by itself (the server refused or
    /// dropped us; the driver logs matchbox's error). Retries after
    /// [`retry_delay_ms`].
    pub fn socket_ended(&mut self, now: u64) {
        let reached_server = matches!(self.socket, Socket::Up { .. } | Socket::SignallingLost { .. });
        if !reached_server {
            self.failures = self.failures.saturating_add(1);
        }
        self.clear_peers(now);
        let delay = if reached_server { retry_delay_ms(0) } else { retry_delay_ms(self.failures) };
        self.socket = Socket::Down { retry_at: now + delay };
        self.refresh();
    }

    /// The driver dropped the socket after a `Rebuild`: start again at once.
    pub fn socket_dropped(&mut self, now: u64) {
        self.clear_peers(now);
        self.socket = Socket::Down { retry_at: now };
        self.refresh();
    }

    fn take_host(&mut self, local: PeerId) {
        self.host = Some(local);
        self.awaiting_host_since = None;
        self.host_away_since = None;
        self.host_retries = 0;
        self.ever_connected = true;
    }

    fn forget(&mut self, now: u64, local: PeerId) {
        self.roles.remove(&local);
        if self.announced.remove(&local) {
            self.events.push(ConnectionEvent::Disconnected(local));
        }
        if self.host == Some(local) {
            self.host = None;
            self.awaiting_host_since = None;
            // Another peer that says it hosts (a second tab of the host's
            // browser) takes over; otherwise wait for the host to come back.
            let next = self.roles.iter().find(|(_, r)| **r == Role::Host).map(|(p, _)| *p);
            match next {
                Some(p) => self.take_host(p),
                None => self.host_away_since = Some(now),
            }
        }
    }

    fn clear_peers(&mut self, now: u64) {
        let all: Vec<PeerId> = self.announced.iter().copied().collect();
        for local in all {
            self.forget(now, local);
        }
        if self.host.take().is_some() {
            self.host_away_since = Some(now);
        }
        self.table.clear();
        self.roles.clear();
    }

    fn refresh(&mut self) {
        self.state = self.compute_state();
    }

    fn compute_state(&self) -> ConnState {
        if let Some(reason) = &self.fatal {
            return ConnState::Failed(reason.clone());
        }
        let socket_up = matches!(self.socket, Socket::Up { .. });
        let linked = match self.role {
            Role::Host => socket_up,
            Role::Guest => self.host.is_some(),
        };
        if linked {
            return ConnState::Connected;
        }
        if let Some(words) = &self.refused {
            return ConnState::Failed(format!("{words} (still trying)"));
        }
        if self.failures >= FAILURES_BEFORE_FAILED {
            // The browser hides the HTTP status of a refused websocket, so
            // "full" and "down" look alike from here.
            return ConnState::Failed(String::from(
                "cannot reach the room's server (it is down, or the room is full); still trying",
            ));
        }
        if self.role == Role::Guest && self.host_away_since.is_some() {
            return ConnState::HostAway;
        }
        if self.ever_connected {
            ConnState::Reconnecting
        } else {
            ConnState::Connecting
        }
    }
}

#[cfg(test)]
mod tests;
