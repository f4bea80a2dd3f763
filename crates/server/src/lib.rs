//! Dice Duel's server: the built app and matchbox full-mesh signalling on one port.
//!
//! No game data passes through it: browsers meet here (`/signal/<room>`), exchange
//! WebRTC offers, then talk peer to peer. So the server only needs to be small,
//! safe to expose on the internet, and bounded whatever clients do: every resource
//! a client can make it hold has a cap in [`Limits`].
//!
//! ```no_run
//! # async fn demo() -> Result<(), duel_server::ServerError> {
//! let server = duel_server::start(duel_server::ServerConfig::default()).await?;
//! println!("Dice Duel: http://{}/", server.local_addr());
//! server.run_until(async { let _ = tokio::signal::ctrl_c().await; }).await
//! # }
//! ```
#![forbid(unsafe_code)]

mod bucket;
mod config;
mod conns;
mod csp;
mod error;
mod files;
mod headers;
mod ice;
mod log_gate;
mod outbox;
mod proxy;
mod rate;
mod refusal;
mod registry;
mod room_id;
mod routes;
mod serve;
mod signal;
mod state;

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing::warn;

pub use config::{ConfigError, Limits, ServerConfig, DEFAULT_BIND, DEFAULT_PORT, MIN_MESSAGE_BYTES};
pub use error::ServerError;
pub use ice::{IceAnswer, IceServer, Turn, DEFAULT_TTL as DEFAULT_TURN_TTL};
pub use refusal::SignalRefusal;
pub use room_id::{InvalidRoomId, RoomId, MAX_ROOM_ID_LEN};

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
    let listener = listen(config.bind).map_err(|source| ServerError::Bind { addr: config.bind, source })?;
    let addr = listener.local_addr().map_err(|source| ServerError::Bind { addr: config.bind, source })?;

    serve::check_open_file_limit(&config.limits);

    // One signal for everything: the accept loop stops, HTTP connections finish
    // their request, websockets are closed with 1001.
    let (stop_tx, stop_rx) = watch::channel(false);
    let log = log_gate::LogGate::default();
    let mut state = state::AppState::new(&config.limits, log.clone(), stop_rx.clone());
    state.turn = config.turn.map(std::sync::Arc::new);
    let app = routes::router(state, &config.dist);
    let caps =
        conns::ConnectionCaps::new(config.limits.max_connections, config.limits.max_connections_per_ip);
    let limits = config.limits;
    let proxies = config.trusted_proxies;
    let stopping = stop_tx.clone();
    let task = tokio::spawn(async move {
        serve::accept_loop(listener, app, caps, &limits, &proxies, log, stop_rx).await;
        // Every connection and websocket holds a receiver: wait for them to go.
        let _ = tokio::time::timeout(CLOSE_GRACE, stopping.closed()).await;
        Ok(())
    });
    Ok(RunningServer { addr, stop: stop_tx, task })
}

/// Connections the kernel may hold for us before we accept them. tokio's default
/// is 1,024; a room reconnecting after a restart, or a thousand rooms at once, send
/// more SYNs than that in a blink, and an overflow costs a client a 1 s SYN retry.
/// (Linux caps it at `net.core.somaxconn`, 4,096 by default.)
const LISTEN_BACKLOG: u32 = 4096;

fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    // A restarted server can rebind while old connections sit in TIME_WAIT.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// A server started by [`start`]. Dropping it stops the server too.
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
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
    pub async fn shutdown(mut self) -> Result<(), ServerError> {
        let _ = self.stop.send(true);
        (&mut self.task).await?
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}
