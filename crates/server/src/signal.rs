//! The matchbox full-mesh signalling websocket at `/signal/<room>`.
//!
//! The wire types are matchbox_protocol's, so matchbox_socket clients are
//! unchanged; the room bookkeeping is our [`Registry`]. Each admitted peer runs
//! two tasks: this one reads its socket (under the relay budget and the idle
//! timeout) and a writer drains its bounded [`Outbox`]. Every refusal of a
//! websocket request is delivered as a close frame after the upgrade, because a
//! browser cannot read the HTTP status of a refused upgrade (see [`SignalRefusal`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use matchbox_protocol::{JsonPeerEvent, PeerId, PeerRequest};
use serde_json::value::RawValue;
use tokio::sync::watch;
use tokio::time::Instant;
use tracing::debug;

use crate::bucket::RelayBudget;
use crate::conns::ConnPermit;
use crate::outbox::{Outbox, OutboxReader, Outgoing};
use crate::refusal::SignalRefusal;
use crate::registry::{event, Membership};
use crate::room_id::RoomId;
use crate::serve::Connection;
use crate::state::AppState;

/// How long a closing connection may take to say goodbye before it is cut.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// `GET /signal/<room>`: admits one peer into `room`, or says why not.
///
/// Checks run cheapest first: a websocket at all, the per-address connect rate,
/// the room id; the room caps are checked when the peer joins, after the upgrade.
pub async fn signal(
    State(app): State<AppState>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    Extension(conn): Extension<Connection>,
    Path(raw_room): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let verdict = app
        .rate
        .check(origin.ip())
        .and_then(|()| RoomId::parse(&raw_room).map_err(|_| SignalRefusal::InvalidRoom));
    answer(app, origin, conn, upgrade, verdict)
}

/// `/signal` without a room: matchbox would put such peers in a shared room
/// "world"; every Dice Duel room has an id, so this is a client bug.
pub async fn missing_room(
    State(app): State<AppState>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    Extension(conn): Extension<Connection>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    answer(app, origin, conn, upgrade, Err(SignalRefusal::MissingRoom))
}

/// Upgrades a websocket request and either runs the peer or closes with the
/// refusal; answers a plain request with the refusal's HTTP status.
pub fn answer(
    app: AppState,
    origin: SocketAddr,
    conn: Connection,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    verdict: Result<RoomId, SignalRefusal>,
) -> Response {
    let upgrade = match (upgrade, &verdict) {
        (Ok(upgrade), _) => upgrade,
        (Err(_), Err(refusal)) => return http_refusal(&app, origin, refusal),
        (Err(_), Ok(_)) => return http_refusal(&app, origin, &SignalRefusal::NotWebsocket),
    };
    if let Err(refusal) = &verdict {
        app.log.refused(refusal, origin);
    }
    let limits = &app.limits;
    let buffer = limits.ws_buffer_bytes;
    upgrade
        .read_buffer_size(buffer)
        // Each frame goes to the socket as it is fed: tungstenite keeps its write
        // buffer's capacity for the connection's life, so batching there would
        // cost every peer its largest batch forever. Our Outbox does the queueing.
        .write_buffer_size(0)
        .max_write_buffer_size(limits.max_message_bytes + 1024)
        .max_message_size(limits.max_message_bytes)
        .max_frame_size(limits.max_message_bytes)
        .on_failed_upgrade(move |e| debug!("websocket upgrade from {origin} failed: {e}"))
        .on_upgrade(move |socket| async move {
            match verdict {
                Ok(room) => Peer { app, origin, permit: conn.permit }.run(socket, room).await,
                Err(refusal) => close_now(socket, &refusal).await,
            }
        })
}

/// A refusal as a plain HTTP answer; the connection closes after it (it may be
/// one served only to be refused).
fn http_refusal(app: &AppState, origin: SocketAddr, refusal: &SignalRefusal) -> Response {
    app.log.refused(refusal, origin);
    (refusal.http_status(), [(header::CONNECTION, "close")], refusal.to_string()).into_response()
}

/// Sends a close frame for `refusal` and waits briefly for the client's reply.
pub async fn close_now(mut socket: WebSocket, refusal: &SignalRefusal) {
    let frame = Message::Close(Some(close_frame(refusal)));
    if tokio::time::timeout(CLOSE_WAIT, socket.send(frame)).await.is_ok() {
        let _ = tokio::time::timeout(CLOSE_WAIT, async { while socket.next().await.is_some() {} }).await;
    }
}

fn close_frame(refusal: &SignalRefusal) -> CloseFrame {
    CloseFrame { code: refusal.close_code(), reason: refusal.close_reason().into() }
}

/// One admitted connection, from upgrade to close.
struct Peer {
    app: AppState,
    origin: SocketAddr,
    /// Holds the connection's place under the caps until the peer is gone.
    #[allow(dead_code)]
    permit: Arc<ConnPermit>,
}

impl Peer {
    async fn run(self, socket: WebSocket, room: RoomId) {
        let (outbox, reader) = Outbox::new(self.app.limits.max_queued_bytes);
        let id = PeerId(uuid::Uuid::new_v4());
        // matchbox's order: the peer learns its own id before anyone learns of it.
        let _ = outbox.push(event(&JsonPeerEvent::IdAssigned(id)));
        let membership = match self.app.registry.join(room, id, outbox.clone()) {
            Ok(membership) => membership,
            Err(refusal) => {
                self.app.log.refused(&refusal, self.origin);
                close_now(socket, &refusal).await;
                return;
            }
        };
        debug!(
            "peer {id} joined room {} from {} (change #{})",
            membership.room(),
            self.origin,
            membership.joined_at()
        );
        let (sink, stream) = socket.split();
        let mut writer = tokio::spawn(write(sink, reader));

        let ended = self.read(stream, &membership, &outbox).await;

        let room = membership.room().clone();
        // Leave first, so the room hears of the departure without waiting for us.
        let left_at = membership.leave();
        debug!("peer {id} left room {room} (change #{left_at})");
        match ended {
            Some(why) => {
                if why != SignalRefusal::ShuttingDown {
                    self.app.log.refused(&why, self.origin);
                }
                outbox.close(why);
                if tokio::time::timeout(CLOSE_WAIT, &mut writer).await.is_err() {
                    // A reader that stalled never takes its close frame.
                    writer.abort();
                }
            }
            // The client closed or vanished: nobody is left to write to.
            None => writer.abort(),
        }
    }

    /// Reads and relays until the connection ends; returns why, if the server ends it.
    async fn read(
        &self,
        mut stream: SplitStream<WebSocket>,
        membership: &Membership,
        outbox: &Outbox,
    ) -> Option<SignalRefusal> {
        let limits = &self.app.limits;
        let mut shutdown = self.app.shutdown.clone();
        let mut budget =
            RelayBudget::new(limits.relay_per_sec, limits.relay_burst, std::time::Instant::now());
        let idle = tokio::time::sleep(limits.idle_timeout);
        tokio::pin!(idle);
        loop {
            let next = tokio::select! {
                biased;
                () = shutting_down(&mut shutdown) => return Some(SignalRefusal::ShuttingDown),
                () = outbox.fell_behind() => return Some(SignalRefusal::FellBehind { max_bytes: limits.max_queued_bytes }),
                () = &mut idle => return Some(SignalRefusal::Idle { after: limits.idle_timeout }),
                next = stream.next() => next,
            };
            let message = match next? {
                Ok(message) => message,
                Err(e) => {
                    return message_too_long(&e)
                        .then_some(SignalRefusal::MessageTooLong { max: limits.max_message_bytes })
                }
            };
            let size = match &message {
                Message::Text(text) => text.len(),
                Message::Binary(bytes) | Message::Ping(bytes) | Message::Pong(bytes) => bytes.len(),
                Message::Close(_) => return None,
            };
            // Every message spends the budget, relayed or not; over budget the
            // socket is not read for a while, which slows the sender through TCP.
            let wait = budget.spend(limits.relay_cost(size), std::time::Instant::now());
            if !wait.is_zero() {
                tokio::select! {
                    biased;
                    () = shutting_down(&mut shutdown) => return Some(SignalRefusal::ShuttingDown),
                    () = outbox.fell_behind() => return Some(SignalRefusal::FellBehind { max_bytes: limits.max_queued_bytes }),
                    () = tokio::time::sleep(wait) => {}
                }
            }
            idle.as_mut().reset(Instant::now() + limits.idle_timeout);
            if let Message::Text(text) = message {
                self.handle(membership, &text);
            }
        }
    }

    /// One text message from the peer. Anything that is not a matchbox request
    /// is ignored, as matchbox's own server does.
    fn handle(&self, membership: &Membership, text: &str) {
        match serde_json::from_str::<PeerRequest<&RawValue>>(text) {
            Ok(PeerRequest::Signal { receiver, data }) => {
                if let Err(e) = membership.relay(receiver, data) {
                    debug!(
                        "signal from {} to {receiver} in room {} dropped: {e}",
                        membership.peer(),
                        membership.room()
                    );
                }
            }
            Ok(PeerRequest::KeepAlive) => {}
            Err(_) => debug!("ignored a message from {} that is not a matchbox request", membership.peer()),
        }
    }
}

/// Drains the outbox into the socket, flushing once per batch.
async fn write(mut sink: SplitSink<WebSocket, Message>, mut reader: OutboxReader) {
    while let Some(next) = reader.next().await {
        let mut item = Some(next);
        while let Some(next) = item.take() {
            let message = match next {
                Outgoing::Text(text) => Message::Text(text),
                Outgoing::Close(why) => {
                    let _ = sink.send(Message::Close(Some(close_frame(&why)))).await;
                    return;
                }
            };
            if sink.feed(message).await.is_err() {
                return;
            }
            item = reader.try_next().flatten();
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
}

/// Whether `error` is tungstenite's "message too long" (a frame or a whole
/// message over the cap set on the upgrade).
fn message_too_long(error: &axum::Error) -> bool {
    let Some(source) = std::error::Error::source(error) else { return false };
    matches!(
        source.downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(tungstenite::error::CapacityError::MessageTooLong { .. }))
    )
}

/// Resolves once the server starts shutting down; never if it is dropped without.
async fn shutting_down(shutdown: &mut watch::Receiver<bool>) {
    if shutdown.wait_for(|stop| *stop).await.is_err() {
        std::future::pending::<()>().await;
    }
}
