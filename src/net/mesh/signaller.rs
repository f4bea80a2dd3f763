//! The hub as a matchbox `Signaller`, beside the server's websocket when
//! there is one.
//!
//! matchbox asks its signaller for events and hands it signals to deliver.
//! This one answers from the hub first (camera pairings, introductions),
//! then from the websocket; it delivers a signal the hub's way when the hub
//! knows the peer and by the websocket otherwise. When the websocket ends
//! it stops being asked (the driver hears it is lost, as before) but the
//! hub keeps going: matchbox never sees the signaller end, so peers can
//! still be introduced while the server is away, and a room with no server
//! at all has a signaller that never ends.
//!
//! matchbox wants a `Send + Sync` signaller, hence `Arc<Mutex<…>>` in a
//! single-threaded page; no lock is held across an `.await`.

use std::sync::{Arc, Mutex, MutexGuard};

use futures::channel::mpsc::{unbounded, UnboundedReceiver, UnboundedSender};
use futures::{select, FutureExt, StreamExt};
use matchbox_socket::async_trait::async_trait;
use matchbox_socket::{PeerEvent, PeerRequest, PeerSignal, SignalingError, Signaller, SignallerBuilder};

use duel_net::PeerId;

use super::hub::{Event, Hub};
use super::wire::Signal;
use crate::net::signaller::WatchedSignallerBuilder;

/// The hub, and the wakers of the two tasks that wait on it.
#[derive(Debug, Default)]
pub struct Mesh {
    hub: Mutex<Hub>,
    signaller: Mutex<Option<UnboundedSender<()>>>,
    driver: Mutex<Option<UnboundedSender<()>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Nothing panics while holding these locks; a poisoned one is still consistent.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Mesh {
    pub fn new(hub: Hub) -> Arc<Mesh> {
        Arc::new(Mesh { hub: Mutex::new(hub), ..Mesh::default() })
    }

    /// Runs `f` on the hub, then wakes the signaller and the driver (what
    /// `f` did may have queued events for one and messages for the other).
    pub fn with<T>(&self, f: impl FnOnce(&mut Hub) -> T) -> T {
        let out = f(&mut lock(&self.hub));
        for waker in [&self.signaller, &self.driver] {
            if let Some(tx) = lock(waker).as_ref() {
                let _ = tx.unbounded_send(());
            }
        }
        out
    }

    /// Runs `f` on the hub without waking anyone: for taking what the
    /// waker's own task is about to handle (waking itself would spin).
    pub fn quiet<T>(&self, f: impl FnOnce(&mut Hub) -> T) -> T {
        f(&mut lock(&self.hub))
    }

    /// A new wake-up stream for the driver (one per socket).
    pub fn driver_wakes(&self) -> UnboundedReceiver<()> {
        let (tx, rx) = unbounded();
        *lock(&self.driver) = Some(tx);
        rx
    }
}

pub fn to_uuid(peer: PeerId) -> matchbox_socket::PeerId {
    matchbox_socket::PeerId(uuid::Uuid::from_u128(peer.0))
}

fn from_uuid(peer: matchbox_socket::PeerId) -> PeerId {
    PeerId(peer.0.as_u128())
}

fn to_signal(signal: PeerSignal) -> Signal {
    match signal {
        PeerSignal::Offer(t) => Signal::Offer(t),
        PeerSignal::Answer(t) => Signal::Answer(t),
        PeerSignal::IceCandidate(t) => Signal::Candidate(t),
    }
}

fn to_event(event: Event) -> PeerEvent {
    match event {
        Event::IdAssigned(me) => PeerEvent::IdAssigned(to_uuid(me)),
        Event::NewPeer(peer) => PeerEvent::NewPeer(to_uuid(peer)),
        Event::Signal { from, signal } => PeerEvent::Signal {
            sender: to_uuid(from),
            data: match signal {
                Signal::Offer(t) => PeerSignal::Offer(t),
                Signal::Answer(t) => PeerSignal::Answer(t),
                Signal::Candidate(t) => PeerSignal::IceCandidate(t),
            },
        },
    }
}

/// Builds [`MeshSignaller`]s: with the server's websocket (`server`), or
/// with the hub alone.
#[derive(Debug)]
pub struct MeshSignallerBuilder {
    pub mesh: Arc<Mesh>,
    pub server: Option<WatchedSignallerBuilder>,
}

#[async_trait(?Send)]
impl SignallerBuilder for MeshSignallerBuilder {
    async fn new_signaller(
        &self,
        attempts: Option<u16>,
        room_url: String,
    ) -> Result<Box<dyn Signaller>, SignalingError> {
        let ws = match &self.server {
            Some(builder) => Some(builder.new_signaller(attempts, room_url).await?),
            None => None,
        };
        let (tx, wakes) = unbounded();
        *lock(&self.mesh.signaller) = Some(tx);
        Ok(Box::new(MeshSignaller { mesh: self.mesh.clone(), ws, wakes }))
    }
}

/// See the module docs.
pub struct MeshSignaller {
    mesh: Arc<Mesh>,
    /// The server's websocket, until it ends.
    ws: Option<Box<dyn Signaller>>,
    wakes: UnboundedReceiver<()>,
}

#[async_trait(?Send)]
impl Signaller for MeshSignaller {
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
        if let PeerRequest::Signal { receiver, data } = &request {
            let route = self.mesh.with(|hub| hub.request(from_uuid(*receiver), to_signal(data.clone())));
            if route != super::hub::Route::Server {
                return Ok(());
            }
        }
        match &mut self.ws {
            // A lost websocket is the driver's news (the watched signaller raised it);
            // matchbox must not see an error, or it stops asking the hub too.
            Some(ws) => {
                if ws.send(request).await.is_err() {
                    self.ws = None;
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
        loop {
            if let Some(event) = self.mesh.quiet(Hub::next_event) {
                return Ok(to_event(event));
            }
            let from_server = match &mut self.ws {
                Some(ws) => select! {
                    message = ws.next_message().fuse() => Some(message),
                    _ = self.wakes.next() => None,
                },
                None => {
                    self.wakes.next().await;
                    None
                }
            };
            match from_server {
                Some(Ok(PeerEvent::IdAssigned(me))) => {
                    self.mesh.with(|hub| hub.assigned(from_uuid(me)));
                    return Ok(PeerEvent::IdAssigned(me));
                }
                Some(Ok(event)) => return Ok(event),
                Some(Err(SignalingError::UnknownFormat)) => return Err(SignalingError::UnknownFormat),
                Some(Err(_)) => self.ws = None,
                None => {}
            }
        }
    }
}
