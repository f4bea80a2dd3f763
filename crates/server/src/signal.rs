//! The matchbox full-mesh signalling websocket at `/signal/<room>`.
//!
//! Why not matchbox_signaling's own `ws_handler` behind its builder hooks: that
//! handler builds the `WebSocketUpgrade` itself, so its message and frame limits
//! stay at axum's 64 MiB with no way to lower them, and its full-mesh loop ignores
//! oversized or broken frames silently. We keep matchbox's room registry
//! ([`FullMeshState`]: who is in which room, `NewPeer`/`PeerLeft` fan-out) and its
//! wire protocol, and own the two ends it does not expose: the upgrade (caps and
//! limits, refusals with a reason) and the receive loop (close code 1009 when a peer
//! sends too much). The loop mirrors `FullMesh::state_machine` in matchbox 0.15.

use std::net::SocketAddr;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use matchbox_protocol::{JsonPeerEvent, PeerId, PeerRequest};
use matchbox_signaling::common_logic::{parse_request, spawn_sender_task, try_send};
use matchbox_signaling::topologies::full_mesh::FullMeshState;
use matchbox_signaling::ClientRequestError;
use tokio::sync::watch;
use tracing::{debug, info, warn};

use crate::rooms::{RoomId, RoomRefusal, Seat};
use crate::routes::AppState;

/// `GET /signal/<room>`: admits one peer into `room`, or says why not.
///
/// Checks run cheapest and least revealing first: the per-IP rate, the room id,
/// that this is a websocket upgrade at all, then the room caps.
pub async fn signal(
    State(app): State<AppState>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    Path(raw_room): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if let Err(refusal) = app.rate.check(origin.ip()) {
        warn!("refused: {refusal}");
        return (StatusCode::TOO_MANY_REQUESTS, refusal.to_string()).into_response();
    }
    let room = match RoomId::parse(&raw_room) {
        Ok(room) => room,
        Err(invalid) => {
            let shown: String = raw_room.chars().take(80).collect();
            warn!("refused: invalid room id {shown:?} from {origin}");
            return (StatusCode::BAD_REQUEST, invalid.to_string()).into_response();
        }
    };
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => return rejection.into_response(),
    };
    let seat = match app.rooms.join(room) {
        Ok(seat) => seat,
        Err(refusal) => {
            warn!("refused: {refusal} ({origin})");
            let status = match refusal {
                RoomRefusal::RoomFull { .. } => StatusCode::FORBIDDEN,
                RoomRefusal::TooManyRooms { .. } => StatusCode::SERVICE_UNAVAILABLE,
            };
            return (status, refusal.to_string()).into_response();
        }
    };
    let max = app.max_message_bytes;
    let peer = Peer { seat, mesh: app.mesh.clone(), max_message_bytes: max, shutdown: app.shutdown.clone() };
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_failed_upgrade(move |e| debug!("websocket upgrade from {origin} failed: {e}"))
        .on_upgrade(move |socket| peer.run(socket))
}

/// `/signal` without a room: matchbox would put such peers in a shared room
/// "world"; every Dice Duel room has an id, so this is a client bug.
pub async fn missing_room() -> Response {
    (StatusCode::BAD_REQUEST, "missing room id: use /signal/<room>").into_response()
}

/// One admitted connection, from upgrade to close.
struct Peer {
    /// Holds the place in the room until the connection ends.
    seat: Seat,
    mesh: FullMeshState,
    max_message_bytes: usize,
    shutdown: watch::Receiver<bool>,
}

impl Peer {
    async fn run(mut self, socket: WebSocket) {
        let peer_id = PeerId(uuid::Uuid::new_v4());
        let room = self.seat.room().to_string();
        let (sink, mut stream) = socket.split();
        let sender = spawn_sender_task(sink);

        // matchbox's order: the peer learns its own id before anyone learns of it.
        let assigned = Message::Text(JsonPeerEvent::IdAssigned(peer_id).to_string().into());
        if try_send(&sender, assigned).is_err() {
            return;
        }
        self.mesh.add_peer(peer_id, sender.clone(), room.clone());
        info!("peer {peer_id} joined room {room}");

        let close = loop {
            let next = tokio::select! {
                next = stream.next() => next,
                () = shutting_down(&mut self.shutdown) => break Some(close_frame(
                    close_code::AWAY,
                    "server shutting down".to_owned(),
                )),
            };
            let Some(next) = next else { break None };
            match parse_request(next) {
                Ok(PeerRequest::Signal { receiver, data }) => {
                    let event = JsonPeerEvent::Signal { sender: peer_id, data };
                    let event = Message::Text(event.to_string().into());
                    // Only peers of the same room are reachable: matchbox looks the
                    // receiver up inside `room`.
                    if let Err(e) = self.mesh.try_send_to_peer(receiver, event, room.clone()) {
                        debug!("signal from {peer_id} to {receiver} in room {room} dropped: {e}");
                    }
                }
                Ok(PeerRequest::KeepAlive) => {}
                Err(ClientRequestError::Close) => break None,
                Err(ClientRequestError::Json(_) | ClientRequestError::UnsupportedType(_)) => {
                    debug!("ignored a message from {peer_id} that is not a matchbox request");
                }
                Err(ClientRequestError::Axum(e)) => {
                    if let Some(size) = message_too_long(&e) {
                        let max = self.max_message_bytes;
                        warn!(
                            "refused: message of {size} bytes from peer {peer_id} in room \
                             {room} is over the {max}-byte cap; closing it"
                        );
                        break Some(close_frame(
                            close_code::SIZE,
                            format!("message too long (max {max} bytes)"),
                        ));
                    }
                    debug!("connection of {peer_id} failed: {e}");
                    break None;
                }
            }
        };

        self.mesh.remove_peer(&peer_id);
        info!("peer {peer_id} left room {room}");
        if let Some(frame) = close {
            // Best effort: the peer may already be gone.
            let _ = try_send(&sender, Message::Close(Some(frame)));
        }
        // `self.seat` drops here and frees the place in the room.
    }
}

fn close_frame(code: u16, reason: String) -> CloseFrame {
    CloseFrame { code, reason: reason.into() }
}

/// The size of the refused message, if `error` is tungstenite's "message too long"
/// (a frame or a whole message over the cap set on the upgrade).
fn message_too_long(error: &axum::Error) -> Option<usize> {
    let source = std::error::Error::source(error)?;
    match source.downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(tungstenite::error::CapacityError::MessageTooLong { size, .. }) => {
            Some(*size)
        }
        _ => None,
    }
}

/// Resolves once the server starts shutting down; never if it is dropped without.
async fn shutting_down(shutdown: &mut watch::Receiver<bool>) {
    if shutdown.wait_for(|stop| *stop).await.is_err() {
        std::future::pending::<()>().await;
    }
}
