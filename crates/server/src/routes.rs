//! The one router: `/health`, `/signal/<room>`, and the app for everything else.
//!
//! Signalling has its own path prefix so that it can never shadow a static file,
//! and a static file can never shadow a room.

use std::path::Path;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use matchbox_signaling::topologies::full_mesh::FullMeshState;
use tokio::sync::watch;

use crate::config::Limits;
use crate::files;
use crate::rate::RateLimiter;
use crate::rooms::RoomRegistry;
use crate::signal;

/// What every request handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Our caps on rooms and peers (matchbox's registry has none).
    pub rooms: RoomRegistry,
    /// The per-IP cap on new signalling connections.
    pub rate: RateLimiter,
    /// matchbox's full-mesh registry: who is connected in which room.
    pub mesh: FullMeshState,
    /// Largest websocket message a peer may send.
    pub max_message_bytes: usize,
    /// Turns `true` when the server shuts down, to close the websockets.
    pub shutdown: watch::Receiver<bool>,
}

impl AppState {
    /// Fresh state under `limits`; `shutdown` tells the websockets to close.
    pub fn new(limits: &Limits, shutdown: watch::Receiver<bool>) -> Self {
        Self {
            rooms: RoomRegistry::new(limits.max_rooms, limits.max_peers_per_room),
            rate: RateLimiter::new(limits.max_connects_per_ip, limits.connect_window),
            mesh: FullMeshState::default(),
            max_message_bytes: limits.max_message_bytes,
            shutdown,
        }
    }
}

/// Builds the whole application.
pub fn router(state: AppState, dist: &Path) -> Router {
    Router::new()
        .route("/health", get(health))
        .route("/signal", get(signal::missing_room))
        .route("/signal/", get(signal::missing_room))
        .route("/signal/{*room}", get(signal::signal))
        .fallback_service(files::app_service(dist))
        .with_state(state)
}

/// The `/health` body: `{"status":"ok","rooms":N,"peers":M}`.
#[derive(Debug, serde::Serialize)]
struct Health {
    status: &'static str,
    /// Rooms with at least one peer.
    rooms: usize,
    /// Peers connected (or being upgraded) across all rooms.
    peers: usize,
}

/// `GET /health`: liveness for scripts and CI, with the load at a glance.
async fn health(State(app): State<AppState>) -> impl IntoResponse {
    let (rooms, peers) = app.rooms.counts();
    let body = Health { status: "ok", rooms, peers };
    ([(header::CACHE_CONTROL, "no-store")], Json(body))
}
