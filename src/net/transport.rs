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

use duel_net::{ConnectionEvent, PeerId, Transport};

use duel_net::pairing::PairingCode;

use super::connection::{ConnState, Connection, Role};
use super::mesh::PairError;
use super::pairing::Pairing;

/// A remote peer's id on the socket.
#[cfg(target_arch = "wasm32")]
pub type Remote = matchbox_socket::PeerId;
/// Natively there is no socket; any ordered id keeps the types the same.
#[cfg(not(target_arch = "wasm32"))]
pub type Remote = u128;

/// The state shared by the transport, its status handles and the driver.
pub struct Shared {
    pub room: String,
    pub conn: Connection<Remote>,
    /// Protocol datagrams received, oldest first.
    pub inbox: VecDeque<(PeerId, Vec<u8>)>,
    /// The current socket's sender for the protocol channel.
    #[cfg(target_arch = "wasm32")]
    pub out: Option<futures::channel::mpsc::UnboundedSender<(Remote, matchbox_socket::Packet)>>,
    pub waker: Option<Rc<dyn Fn()>>,
    /// The transport was dropped: the driver closes the socket and ends.
    pub closed: bool,
    /// This socket's own protocol id, once the server assigned it.
    pub me: Option<PeerId>,
    /// Camera pairings and introductions (`mesh/`).
    #[cfg(target_arch = "wasm32")]
    pub mesh: std::sync::Arc<super::mesh::signaller::Mesh>,
    /// No signalling server: the room lives on its links alone.
    pub serverless: bool,
}

impl Shared {
    fn new(room: &str, conn: Connection<Remote>) -> Shared {
        Shared {
            room: room.to_owned(),
            conn,
            inbox: VecDeque::new(),
            #[cfg(target_arch = "wasm32")]
            out: None,
            waker: None,
            closed: false,
            me: None,
            #[cfg(target_arch = "wasm32")]
            mesh: super::mesh::signaller::Mesh::new(super::mesh::Hub::beside_server(room)),
            serverless: false,
        }
    }
}

/// Calls the app's waker, if any, with nothing borrowed (the waker may pump
/// the transport right away).
#[cfg(target_arch = "wasm32")]
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

impl RoomTransport {
    /// Joins `room` as `role`: spawns the driver task, which connects to the
    /// signalling server (`ws(s)://<page host>/signal/<room>`, or `?sig=`),
    /// opens a reliable protocol channel and a beacon channel to every peer,
    /// and keeps reconnecting. Returns at once; watch [`RoomTransport::state`].
    ///
    /// An invalid room id or `?sig=`, or a browser without WebRTC (see
    /// [`crate::platform::webrtc`]: the screens ask it first, this is the
    /// last guard before matchbox), gives a transport that stays
    /// [`ConnState::Failed`] with the reason. Natively, always `Failed`.
    pub fn connect(room: &str, role: Role) -> RoomTransport {
        #[cfg(target_arch = "wasm32")]
        {
            if let Err(e) = crate::platform::webrtc::rooms() {
                return RoomTransport::failed(room, role, e.to_string());
            }
            match super::config::from_location(room) {
                Ok((url, ice)) => {
                    let now = super::driver::now_ms();
                    let shared = Rc::new(RefCell::new(Shared::new(room, Connection::new(role, now))));
                    super::driver::spawn(shared.clone(), url, ice);
                    RoomTransport { shared }
                }
                Err(e) => RoomTransport::failed(room, role, e.to_string()),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        RoomTransport::failed(room, role, "online play needs the browser (WebRTC)")
    }

    /// A room with no signalling server, hosted here (issue 34): devices
    /// join by scanning this one's invitations ([`RoomTransport::invite`]).
    /// Natively, `Failed` like every transport.
    pub fn serverless_host(room: &str) -> RoomTransport {
        #[cfg(target_arch = "wasm32")]
        {
            let me = PeerId(
                u128::from(crate::platform::random::u64()) << 64 | u128::from(crate::platform::random::u64()),
            );
            RoomTransport::serverless(room, Role::Host, super::mesh::Hub::serverless(room, me))
        }
        #[cfg(not(target_arch = "wasm32"))]
        RoomTransport::failed(room, Role::Host, "online play needs the browser (WebRTC)")
    }

    /// Joins, with no server, the room of a scanned invitation `offer`, as
    /// `role` (a host that reloaded rejoins its own room by a guest's code).
    ///
    /// # Errors
    /// [`PairError::NotAnOffer`] if `offer` is an answer.
    pub fn serverless_guest(offer: &PairingCode, role: Role) -> Result<RoomTransport, PairError> {
        let hub = super::mesh::Hub::answering(offer)?;
        #[cfg(target_arch = "wasm32")]
        return Ok(RoomTransport::serverless(&offer.room, role, hub));
        #[cfg(not(target_arch = "wasm32"))]
        {
            drop(hub);
            Ok(RoomTransport::failed(&offer.room, role, "online play needs the browser (WebRTC)"))
        }
    }

    #[cfg(target_arch = "wasm32")]
    fn serverless(room: &str, role: Role, hub: super::mesh::Hub) -> RoomTransport {
        // matchbox would panic on the missing `RTCPeerConnection`: say so instead.
        if let Err(e) = crate::platform::webrtc::rooms() {
            return RoomTransport::failed(room, role, e.to_string());
        }
        let now = super::driver::now_ms();
        let mut shared = Shared::new(room, Connection::new(role, now));
        shared.mesh = super::mesh::signaller::Mesh::new(hub);
        shared.serverless = true;
        let shared = Rc::new(RefCell::new(shared));
        super::driver::spawn(
            shared.clone(),
            format!("pairing:{room}"),
            super::config::IceConfig { urls: Vec::new(), ..Default::default() },
        );
        RoomTransport { shared }
    }

    /// A room with no signalling server that this tab was in before its
    /// reload (issue 45): no server to ask, no link left, so it stays
    /// `Failed` with words that say how to come back (by camera, through a
    /// device still in the room: [`RoomTransport::serverless_guest`]).
    pub fn unlinked(room: &str, role: Role) -> RoomTransport {
        let t = RoomTransport::failed(
            room,
            role,
            "this room has no server: rejoin it by camera, through a device still in it",
        );
        t.shared.borrow_mut().serverless = true;
        t
    }

    /// A handle on this room's camera pairings, for the screens.
    pub fn pairing(&self) -> Pairing {
        Pairing::of(self.shared.clone())
    }

    /// A transport that never connects, in state `Failed(reason)`.
    pub fn failed(room: &str, role: Role, reason: impl Into<String>) -> RoomTransport {
        RoomTransport { shared: Rc::new(RefCell::new(Shared::new(room, Connection::failed(role, reason)))) }
    }

    /// What to show: connecting, connected, host away, reconnecting, failed.
    pub fn state(&self) -> ConnState {
        self.shared.borrow().conn.state().clone()
    }

    /// Guest: the host's protocol id while linked to it (it changes when the
    /// host's tab reconnects). Host: `None`.
    pub fn host_peer(&self) -> Option<PeerId> {
        self.shared.borrow().conn.host()
    }

    /// Peers this tab can reach on its socket (see [`Connection::linked`]).
    #[cfg(feature = "test-hooks")]
    pub fn linked(&self) -> usize {
        self.shared.borrow().conn.linked()
    }

    /// This tab's protocol id on the current socket (a new one after every rebuild).
    pub fn my_id(&self) -> Option<PeerId> {
        self.shared.borrow().me
    }

    /// An election changed this tab's part: `Host` (it won: every peer is
    /// told by a new beacon) or `Guest` following `host`.
    pub fn set_role(&self, role: Role, host: Option<PeerId>) {
        self.shared.borrow_mut().conn.set_role(role, host);
    }

    /// Calls `waker` whenever something arrived or the state changed, so
    /// the app can pump its host or replica at once. It runs inside the
    /// driver task with nothing borrowed: pumping from it directly is fine.
    pub fn set_waker(&self, waker: impl Fn() + 'static) {
        self.shared.borrow_mut().waker = Some(Rc::new(waker));
    }
}

impl Drop for RoomTransport {
    fn drop(&mut self) {
        self.shared.borrow_mut().closed = true;
    }
}

impl std::fmt::Debug for RoomTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.shared.borrow();
        f.debug_struct("RoomTransport")
            .field("room", &s.room)
            .field("role", &s.conn.role())
            .field("state", s.conn.state())
            .field("host", &s.conn.host())
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
            if let (Some(remote), Some(out)) = (s.conn.remote(to), s.out.as_ref()) {
                // Fails only while the socket is being torn down: a drop.
                let _ = out.unbounded_send((remote, matchbox_socket::Packet::from(datagram)));
                s.conn.sent_to(super::driver::now_ms(), to);
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (to, datagram);
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        self.shared.borrow_mut().inbox.drain(..).collect()
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        self.shared.borrow_mut().conn.take_events()
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
        assert!(format!("{t:?}").contains("Guest"));
    }
}
