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
//! the connection's job, so they show in [`super::ConnState`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use futures::stream::Fuse;
use futures::{SinkExt, StreamExt};
use matchbox_socket::async_trait::async_trait;
use matchbox_socket::{PeerEvent, PeerRequest, SignalingError, Signaller, SignallerBuilder};
use ws_stream_wasm::{WsMessage, WsMeta, WsStream};

/// Builds [`WatchedSignaller`]s that raise `lost` when their websocket ends.
#[derive(Debug)]
pub struct WatchedSignallerBuilder {
    lost: Arc<AtomicBool>,
}

impl WatchedSignallerBuilder {
    pub fn new(lost: Arc<AtomicBool>) -> WatchedSignallerBuilder {
        WatchedSignallerBuilder { lost }
    }
}

#[async_trait(?Send)]
impl SignallerBuilder for WatchedSignallerBuilder {
    async fn new_signaller(
        &self,
        _attempts: Option<u16>,
        room_url: String,
    ) -> Result<Box<dyn Signaller>, SignalingError> {
        match WsMeta::connect(&room_url, None).await {
            Ok((_meta, stream)) => {
                Ok(Box::new(WatchedSignaller { stream: stream.fuse(), lost: self.lost.clone() }))
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
    lost: Arc<AtomicBool>,
}

#[async_trait(?Send)]
impl Signaller for WatchedSignaller {
    async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
        let text = serde_json::to_string(&request)
            .map_err(|e| SignalingError::UserImplementationError(e.to_string()))?;
        let sent = self.stream.send(WsMessage::Text(text)).await.map_err(SignalingError::from);
        if sent.is_err() {
            self.lost.store(true, Ordering::Relaxed);
        }
        sent
    }

    async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
        match self.stream.next().await {
            // A malformed frame is skipped by matchbox (UnknownFormat), never fatal.
            Some(WsMessage::Text(text)) => {
                serde_json::from_str(&text).map_err(|_| SignalingError::UnknownFormat)
            }
            Some(WsMessage::Binary(_)) => Err(SignalingError::UnknownFormat),
            None => {
                self.lost.store(true, Ordering::Relaxed);
                Err(SignalingError::StreamExhausted)
            }
        }
    }
}
