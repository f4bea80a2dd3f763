//! The one router: `/health`, `/signal/<room>`, and the app for everything else.
//!
//! Signalling has its own path prefix so that it can never shadow a static file,
//! and a static file can never shadow a room.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::header;
use axum::middleware::{from_fn_with_state, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::csp::Csp;
use crate::ice;
use crate::room_id::RoomId;
use crate::serve::Connection;
use crate::state::AppState;
use crate::{files, headers, signal};

/// Builds the whole application.
pub fn router(state: AppState, dist: &Path) -> Router {
    let csp = Arc::new(Csp::new(dist));
    Router::new()
        .route("/health", get(health))
        .route("/ice", get(ice))
        .route("/signal", get(signal::missing_room))
        .route("/signal/", get(signal::missing_room))
        .route("/signal/{*room}", get(signal::signal))
        .fallback_service(files::app_service(dist))
        .layer(from_fn_with_state(state.clone(), refuse_over_cap))
        .layer(from_fn_with_state(csp, headers::add_headers))
        .with_state(state)
}

/// Middleware: a connection over a connection cap gets its refusal, whatever it
/// asked for (a websocket is closed with the code; see [`crate::conns`]).
async fn refuse_over_cap(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let connection = request.extensions().get::<Connection>().cloned();
    let Some((connection, refusal)) = connection.and_then(|c| c.refusal.clone().map(|r| (c, r))) else {
        return next.run(request).await;
    };
    let origin = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)), |info| info.0);
    let (mut parts, _body) = request.into_parts();
    let upgrade = WebSocketUpgrade::from_request_parts(&mut parts, &app).await;
    signal::answer(app, origin, connection, upgrade, Err(refusal))
}

/// The `/health` body: `{"status":"ok","rooms":N,"peers":M}`.
#[derive(Debug, serde::Serialize)]
struct Health {
    status: &'static str,
    /// Rooms with at least one peer.
    rooms: usize,
    /// Peers in those rooms.
    peers: usize,
}

/// `GET /health`: liveness for scripts and CI, with the load at a glance.
async fn health(State(app): State<AppState>) -> impl IntoResponse {
    let (rooms, peers) = app.registry.counts();
    let body = Health { status: "ok", rooms, peers };
    ([(header::CACHE_CONTROL, headers::NO_STORE)], Json(body))
}

/// `GET /ice?room=<room>`: the ICE servers to add for that room: a TURN relay
/// with a fresh credential, or nothing when none is configured. Never cached.
async fn ice(State(app): State<AppState>, query: axum::extract::RawQuery) -> Response {
    let room = query.0.as_deref().and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("room=")));
    let room = match room.map(RoomId::parse) {
        Some(Ok(room)) => room,
        Some(Err(e)) => return (axum::http::StatusCode::BAD_REQUEST, e.to_string()).into_response(),
        None => return (axum::http::StatusCode::BAD_REQUEST, "/ice needs ?room=<room id>").into_response(),
    };
    let answer = match &app.turn {
        Some(turn) => turn.mint(&room.to_string(), std::time::SystemTime::now()),
        None => ice::no_turn(),
    };
    ([(header::CACHE_CONTROL, headers::NO_STORE)], Json(answer)).into_response()
}
