//! Dice Duel's server: the built app and matchbox full-mesh signalling on one port.
//!
//! No game data passes through it: browsers meet here (`/signal/<room>`), exchange
//! WebRTC offers, then talk peer to peer. So the server only needs to be small,
//! safe to expose on a LAN, and capped against runaway clients (see [`Limits`]).
//!
//! ```no_run
//! # async fn demo() -> Result<(), duel_server::ServerError> {
//! let server = duel_server::start(duel_server::ServerConfig::default()).await?;
//! println!("Dice Duel: http://{}/", server.local_addr());
//! server.run_until(async { let _ = tokio::signal::ctrl_c().await; }).await
//! # }
//! ```
#![forbid(unsafe_code)]

mod config;
mod error;
mod files;
mod rate;
mod rooms;
mod routes;
mod signal;

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;
use tracing::warn;

pub use config::{ConfigError, Limits, ServerConfig, DEFAULT_BIND, DEFAULT_PORT, MIN_MESSAGE_BYTES};
pub use error::ServerError;
pub use rooms::{InvalidRoomId, RoomId, MAX_ROOM_ID_LEN};

/// How long a shutdown waits for websockets to say goodbye.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// Binds `config.bind` and starts serving in the background.
///
/// Returns once the port is bound, so the caller can print or connect to
/// [`RunningServer::local_addr`] (useful with port 0).
///
/// # Errors
/// [`ServerError::Config`] for caps that cannot work, [`ServerError::Bind`] when the
/// address cannot be listened on.
pub async fn start(config: ServerConfig) -> Result<RunningServer, ServerError> {
    config.validate()?;
    if !config.dist.join("index.html").is_file() {
        warn!(
            "{} has no index.html: build the app (trunk build) or pass --dist; \
             signalling works meanwhile",
            config.dist.display()
        );
    }
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServerError::Bind { addr: config.bind, source })?;
    let addr = listener.local_addr().map_err(|source| ServerError::Bind { addr: config.bind, source })?;

    let (close_tx, close_rx) = watch::channel(false);
    let state = routes::AppState::new(&config.limits, close_rx);
    let app = routes::router(state, &config.dist).into_make_service_with_connect_info::<SocketAddr>();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                // Also fires when the RunningServer is dropped.
                let _ = stop_rx.await;
            })
            .await;
        // HTTP is done; now close the websockets and give them a moment.
        let _ = close_tx.send(true);
        let _ = tokio::time::timeout(CLOSE_GRACE, close_tx.closed()).await;
        served.map_err(ServerError::Serve)
    });
    Ok(RunningServer { addr, stop: stop_tx, task })
}

/// A server started by [`start`]. Dropping it stops the server too.
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), ServerError>>,
}

impl RunningServer {
    /// The address actually bound (the real port when 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until `signal` resolves (e.g. Ctrl-C), then shuts down.
    ///
    /// # Errors
    /// [`ServerError::Serve`] or [`ServerError::Task`] if the server failed first.
    pub async fn run_until(mut self, signal: impl Future<Output = ()>) -> Result<(), ServerError> {
        tokio::select! {
            ended = &mut self.task => return ended?,
            () = signal => {}
        }
        self.shutdown().await
    }

    /// Stops accepting connections, closes every websocket (code 1001) and waits
    /// for the server to finish.
    ///
    /// # Errors
    /// [`ServerError::Serve`] or [`ServerError::Task`] if the server had failed.
    pub async fn shutdown(self) -> Result<(), ServerError> {
        let _ = self.stop.send(());
        self.task.await?
    }
}
