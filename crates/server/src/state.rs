//! What every request handler shares: the router's state, below the routes
//! and the signalling handler that both take it.

use std::sync::Arc;

use tokio::sync::watch;

use crate::config::Limits;
use crate::ice::Turn;
use crate::log_gate::LogGate;
use crate::rate::RateLimiter;
use crate::registry::Registry;

/// What every request handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    /// Who is in which room.
    pub registry: Registry,
    /// The per-address cap on new signalling connections.
    pub rate: RateLimiter,
    /// Every cap.
    pub limits: Arc<Limits>,
    /// Writes refusals to the log at a rate.
    pub log: LogGate,
    /// Turns `true` when the server shuts down, to close the websockets.
    pub shutdown: watch::Receiver<bool>,
    /// The TURN relay `/ice` mints credentials for, if any.
    pub turn: Option<Arc<Turn>>,
}

impl AppState {
    /// Fresh state under `limits`; `shutdown` tells the websockets to close.
    pub fn new(limits: &Limits, log: LogGate, shutdown: watch::Receiver<bool>) -> Self {
        Self {
            registry: Registry::new(limits.max_rooms, limits.max_peers_per_room),
            rate: RateLimiter::new(limits.max_connects_per_ip, limits.connect_window),
            limits: Arc::new(limits.clone()),
            log,
            shutdown,
            turn: None,
        }
    }
}
