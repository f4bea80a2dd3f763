//! [`RoomTransport`]: `duel-net`'s [`Transport`] over a matchbox
//! `WebRtcSocket`, with the connection state and the host's peer id.
//!
//! The socket lives in a driver task (`driver.rs`) that owns it, awaits its
//! events, and fills the shared inbox; the transport's methods only touch
//! that shared state, so `send`/`receive` are synchronous and cheap, as the
//! protocol's pump loop wants. The driver rebuilds the socket when the
//! signalling server is lost (each socket has a new matchbox id; the
//! protocol reconnects players by token, so that is fine). After a rebuild,
//! the driver calls the waker so the app pumps at once instead of waiting
//! for its next timer tick; the same waker fires for every datagram, which
//! is what keeps intent-to-screen latency at a few milliseconds.
//!
//! Natively there is no WebRTC: the transport is inert (always
//! [`ConnState::Failed`]) so the app's code compiles and runs its tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use duel_net::{ConnectionEvent, PeerId, ReplicaNode, Transport};

use super::link::{ConnState, Link, Role};

/// A remote peer's id on the socket.
#[cfg(target_arch = "wasm32")]
pub type Remote = matchbox_socket::PeerId;
/// Natively there is no socket; any ordered id keeps the types the same.
#[cfg(not(target_arch = "wasm32"))]
pub type Remote = u128;

/// The state shared by the transport, its status handles and the driver.
pub struct Shared {
    pub room: String,
    pub link: Link<Remote>,
    /// Protocol datagrams received, oldest first.
    pub inbox: VecDeque<(PeerId, Vec<u8>)>,
    /// The current socket's sender for the protocol channel.
    #[cfg(target_arch = "wasm32")]
    pub out: Option<futures::channel::mpsc::UnboundedSender<(Remote, matchbox_socket::Packet)>>,
    /// This tab's protocol id on the current socket.
    pub me: Option<PeerId>,
    pub waker: Option<Rc<dyn Fn()>>,
    /// The transport was dropped: the driver closes the socket and ends.
    pub closed: bool,
}

impl Shared {
    fn new(room: &str, link: Link<Remote>) -> Shared {
        Shared {
            room: room.to_owned(),
            link,
            inbox: VecDeque::new(),
            #[cfg(target_arch = "wasm32")]
            out: None,
            me: None,
            waker: None,
            closed: false,
        }
    }
}

/// Calls the app's waker, if any, with nothing borrowed (the waker may pump
/// the transport right away).
pub fn wake(shared: &Rc<RefCell<Shared>>) {
    let waker = shared.borrow().waker.clone();
    if let Some(w) = waker {
        w();
    }
}

/// The room's WebRTC transport. See the module docs.
///
/// Dropping it closes the socket (within a driver tick, 250 ms).
pub struct RoomTransport {
    shared: Rc<RefCell<Shared>>,
}

/// A read-only view of a [`RoomTransport`] for the UI, cheap to clone, that
/// stays valid while the transport itself is owned by a `HostNode` or
/// `ReplicaNode`.
#[derive(Clone)]
pub struct RoomStatus {
    shared: Rc<RefCell<Shared>>,
}

impl RoomTransport {
    /// Joins `room` as `role`: spawns the driver task, which connects to the
    /// signalling server (`ws(s)://<page host>/signal/<room>`, or `?sig=`),
    /// opens a reliable protocol channel and a beacon channel to every peer,
    /// and keeps reconnecting. Returns at once; watch [`RoomTransport::state`].
    ///
    /// An invalid room id or `?sig=` gives a transport that stays
    /// [`ConnState::Failed`] with the reason. Natively, always `Failed`.
    pub fn connect(room: &str, role: Role) -> RoomTransport {
        #[cfg(target_arch = "wasm32")]
        {
            match super::config::from_location(room) {
                Ok((url, ice)) => {
                    let now = super::driver::now_ms();
                    let shared = Rc::new(RefCell::new(Shared::new(room, Link::new(role, now))));
                    super::driver::spawn(shared.clone(), url, ice);
                    RoomTransport { shared }
                }
                Err(e) => RoomTransport::failed(room, role, e.to_string()),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        RoomTransport::failed(room, role, "online play needs the browser (WebRTC)")
    }

    /// A transport that never connects, in state `Failed(reason)`.
    pub fn failed(room: &str, role: Role, reason: impl Into<String>) -> RoomTransport {
        RoomTransport { shared: Rc::new(RefCell::new(Shared::new(room, Link::failed(role, reason)))) }
    }

    /// A status handle for the UI.
    pub fn status(&self) -> RoomStatus {
        RoomStatus { shared: self.shared.clone() }
    }

    /// See [`RoomStatus::state`].
    pub fn state(&self) -> ConnState {
        self.status().state()
    }

    /// See [`RoomStatus::host_peer`].
    pub fn host_peer(&self) -> Option<PeerId> {
        self.status().host_peer()
    }

    /// Calls `waker` whenever something arrived or the state changed, so
    /// the app can pump its host or replica at once. It runs inside the
    /// driver task with nothing borrowed: pumping from it directly is fine.
    pub fn set_waker(&self, waker: impl Fn() + 'static) {
        self.shared.borrow_mut().waker = Some(Rc::new(waker));
    }

    /// Rebuilds the socket now (fresh matchbox id, fresh handshakes): for
    /// when the app's heartbeat says the host is silent although the
    /// connection looks open.
    pub fn reconnect(&self) {
        self.shared.borrow_mut().link.request_reconnect();
    }
}

impl Drop for RoomTransport {
    fn drop(&mut self) {
        self.shared.borrow_mut().closed = true;
    }
}

impl std::fmt::Debug for RoomTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.status().fmt(f)
    }
}

impl RoomStatus {
    /// What to show: connecting, connected, host away, reconnecting, failed.
    pub fn state(&self) -> ConnState {
        self.shared.borrow().link.state().clone()
    }

    /// Guest: the host's protocol id while linked to it (it changes when the
    /// host's tab reconnects). Host: `None`.
    pub fn host_peer(&self) -> Option<PeerId> {
        self.shared.borrow().link.host()
    }

    pub fn role(&self) -> Role {
        self.shared.borrow().link.role()
    }

    pub fn room(&self) -> String {
        self.shared.borrow().room.clone()
    }

    /// This tab's protocol id on the current socket, once signalling assigned one.
    pub fn me(&self) -> Option<PeerId> {
        self.shared.borrow().me
    }

    /// Peers whose role beacon arrived on the current socket.
    pub fn connected_peers(&self) -> usize {
        self.shared.borrow().link.connected()
    }
}

impl std::fmt::Debug for RoomStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.shared.borrow();
        f.debug_struct("RoomStatus")
            .field("room", &s.room)
            .field("role", &s.link.role())
            .field("state", s.link.state())
            .field("host", &s.link.host())
            .finish()
    }
}

impl Transport for RoomTransport {
    /// Queues `datagram` on the reliable protocol channel to `to`; dropped
    /// if `to` is not connected on the current socket (the protocol resends).
    fn send(&mut self, to: PeerId, datagram: Vec<u8>) {
        #[cfg(target_arch = "wasm32")]
        {
            let mut s = self.shared.borrow_mut();
            if let (Some(remote), Some(out)) = (s.link.remote(to), s.out.as_ref()) {
                // Fails only while the socket is being torn down: a drop.
                let _ = out.unbounded_send((remote, matchbox_socket::Packet::from(datagram)));
                s.link.sent_to(super::driver::now_ms(), to);
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (to, datagram);
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        self.shared.borrow_mut().inbox.drain(..).collect()
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        self.shared.borrow_mut().link.take_events()
    }
}

/// Points a guest's replica at the host's current peer id. Call it before
/// every [`ReplicaNode::pump`]: the id changes whenever the host's tab
/// reconnects, and the transport announces the new host with a `Connected`
/// event, which restarts the handshake only if the node already expects that
/// id. Generic so it works with wrapped transports (taps, loopbacks).
pub fn follow_host<T: Transport>(node: &mut ReplicaNode<T>, status: &RoomStatus) {
    if let Some(host) = status.host_peer() {
        node.host_peer = host;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natively_the_transport_is_inert_and_says_why() {
        let mut t = RoomTransport::connect("abc", Role::Guest);
        assert!(matches!(t.state(), ConnState::Failed(why) if why.contains("browser")));
        assert_eq!(t.host_peer(), None);
        t.send(PeerId(1), vec![1, 2, 3]);
        assert!(t.receive().is_empty());
        assert!(t.connection_events().is_empty());
        let status = t.status();
        assert_eq!(status.role(), Role::Guest);
        assert_eq!(status.room(), "abc");
        assert_eq!(status.me(), None);
        drop(t);
        assert!(matches!(status.state(), ConnState::Failed(_)), "a status outlives its transport");
    }
}
