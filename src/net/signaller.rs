//! Matchbox's websocket signaller, plus one thing it does not tell us: that
//! the websocket closed.
//!
//! matchbox_socket 0.15 keeps a socket running on its peer connections when
//! the signalling websocket drops, and only ends it once no peer is left, so
//! a host that lost the server mid-game would never know that new or
//! reloaded players cannot reach it. This signaller is matchbox's own
//! (`ws_stream_wasm`, JSON text frames) with a flag raised on close, which
//! the driver turns into [`super::connection::Connection::signalling_lost`].
//! It also makes one connection attempt per socket: retries and backoff are
//! the connection's job, so they show in [`super::ConnState`]. When the server
//! closes the websocket it says why (a close code and a sentence: room full,
//! rate limited …); the signaller keeps that for the driver, which hands it to
//! [`super::connection::Connection::signalling_closed`]. A room link's first
//! socket may be the one the page opened before the game (`early_signal.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures::stream::Fuse;
use futures::{FutureExt, SinkExt, StreamExt};
use matchbox_socket::async_trait::async_trait;
use matchbox_socket::{PeerEvent, PeerRequest, SignalingError, Signaller, SignallerBuilder};
use pharos::{Events, Observable, ObserveConfig};
use ws_stream_wasm::{WsEvent, WsMessage, WsMeta, WsStream};

/// How the server closed the websocket: its close code and reason.
pub type Closed = Arc<Mutex<Option<(u16, String)>>>;

/// Builds [`WatchedSignaller`]s that raise `lost` when their websocket ends.
#[derive(Debug)]
pub struct WatchedSignallerBuilder {
    lost: Arc<AtomicBool>,
    closed: Closed,
    /// The peers whose connections the page made (`early_peers.rs`).
    kept: Arc<super::early_peers::Kept>,
}

impl WatchedSignallerBuilder {
    pub fn new(
        lost: Arc<AtomicBool>,
        closed: Closed,
        kept: Arc<super::early_peers::Kept>,
    ) -> WatchedSignallerBuilder {
        WatchedSignallerBuilder { lost, closed, kept }
    }
}

#[async_trait(?Send)]
impl SignallerBuilder for WatchedSignallerBuilder {
    async fn new_signaller(
        &self,
        _attempts: Option<u16>,
        room_url: String,
    ) -> Result<Box<dyn Signaller>, SignalingError> {
        // The socket a room link opened while the game loaded, if it is this room's and open.
        if let Some(adopted) =
            super::early_signal::adopt(&room_url, self.lost.clone(), self.closed.clone(), self.kept.clone())
                .await
        {
            return Ok(Box::new(adopted));
        }
        match WsMeta::connect(&room_url, None).await {
            Ok((mut meta, stream)) => {
                // Subscribed before the first message, so no close can be missed.
                let events = meta.observe(ObserveConfig::default()).await.ok();
                Ok(Box::new(WatchedSignaller {
                    stream: stream.fuse(),
                    events,
                    _meta: meta,
                    lost: self.lost.clone(),
                    closed: self.closed.clone(),
                }))
            }
            Err(e) => {
                self.lost.store(true, Ordering::Relaxed);
                Err(SignalingError::NegotiationFailed(Box::new(SignalingError::from(e))))
            }
        }
    }
}

/// A signalling websocket that reports its end. See the module docs.
pub struct WatchedSignaller {
    stream: Fuse<WsStream>,
    /// The websocket's events, for the close code and reason.
    events: Option<Events<WsEvent>>,
    _meta: WsMeta,
    lost: Arc<AtomicBool>,
    closed: Closed,
}

impl WatchedSignaller {
    /// The websocket ended: note how (the close event is already queued by
    /// the time the stream ends: both come from the same `onclose`), then
    /// raise `lost`.
    fn ended(&mut self) {
        if let Some(events) = &mut self.events {
            while let Some(Some(event)) = events.next().now_or_never() {
                if let WsEvent::Closed(close) = event {
                    if let Ok(mut slot) = self.closed.lock() {
                        *slot = Some((close.code, close.reason));
                    }
                    break;
                }
            }
        }
        self.lost.store(true, Ordering::Relaxed);
    }
}

/// A request as matchbox's JSON text frame (both signallers: this one and the adopted one).
pub fn encode(request: &PeerRequest) -> Result<String, SignalingError> {
    serde_json::to_string(request).map_err(|e| SignalingError::UserImplementationError(e.to_string()))
}

/// A text frame as matchbox's event. A malformed frame is `UnknownFormat`, which matchbox skips:
/// never fatal.
pub fn decode(text: &str) -> Result<PeerEvent, SignalingError> {
    serde_json::from_str(text).map_err(|_| SignalingError::UnknownFormat)
}

#[async_trait(?Send)]
impl Signaller for WatchedSignaller {
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
        let text = encode(&request)?;
        let sent = self.stream.send(WsMessage::Text(text)).await.map_err(SignalingError::from);
        if sent.is_err() {
            self.ended();
        }
        sent
    }

    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
        match self.stream.next().await {
            Some(WsMessage::Text(text)) => decode(&text),
            Some(WsMessage::Binary(_)) => Err(SignalingError::UnknownFormat),
            None => {
                self.ended();
                Err(SignalingError::StreamExhausted)
            }
        }
    }
}
