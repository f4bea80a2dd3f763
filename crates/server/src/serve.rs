//! The accept loop: connection caps, `TCP_NODELAY`, and HTTP/1 with a
//! header-read timeout.
//!
//! `axum::serve` offers none of these: it accepts every connection, serves it
//! with no header-read timeout (1,100 half-open connections blocked every join for
//! 40 s) and leaves Nagle on (back-to-back relays waited for it: handshake p99 56.8
//! instead of 23.4 ms). So we accept ourselves and hand each connection to hyper's
//! HTTP/1 server with the router as its service, as `axum::serve` does inside.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;
use tracing::{debug, warn};

use crate::config::Limits;
use crate::conns::{Admission, ConnPermit, ConnectionCaps};
use crate::log_gate::LogGate;
use crate::proxy;
use crate::refusal::SignalRefusal;

/// Largest request head we read (hyper's minimum is 8 KiB). Our requests are
/// small GETs; a bigger head is answered 431.
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// A connection served only to be refused gets this long to send its headers.
const REFUSING_HEADER_TIMEOUT: Duration = Duration::from_secs(2);

/// What every request knows about its connection (a request extension).
#[derive(Debug, Clone)]
pub struct Connection {
    /// The connection's place under the caps. A websocket keeps a clone, so the
    /// place stays taken after hyper hands the socket over.
    pub permit: Arc<ConnPermit>,
    /// `Some` when the connection is over a cap and must be refused.
    pub refusal: Option<SignalRefusal>,
}

/// Accepts until `stop` turns true, then lets open HTTP connections finish.
pub async fn accept_loop(
    listener: TcpListener,
    router: Router,
    caps: ConnectionCaps,
    limits: &Limits,
    proxies: &[IpAddr],
    log: LogGate,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|stop| *stop) => return,
        };
        let (tcp, origin) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Usually out of file descriptors: wait for some to close rather
                // than spin. Logged at a rate like a refusal.
                log.note("accept-failed", || format!("cannot accept connections: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        if let Err(e) = tcp.set_nodelay(true) {
            debug!("cannot set TCP_NODELAY for {origin}: {e}");
        }
        if proxies.contains(&origin.ip()) {
            // The real client is named by the proxy's first line: read it off the
            // accept loop (a slow proxy must not hold up the others), then admit.
            let (caps, router, limits, log, stop) =
                (caps.clone(), router.clone(), limits.clone(), log.clone(), stop.clone());
            tokio::spawn(async move {
                let mut tcp = tcp;
                let client = match proxy::read_header(&mut tcp, limits.header_timeout).await {
                    Ok(client) => client.unwrap_or(origin),
                    Err(e) => {
                        log.note("proxy-header", || format!("dropped a connection from proxy {origin}: {e}"));
                        return;
                    }
                };
                if let Some(connection) = admit(&caps, &tcp, client, &log) {
                    serve_connection(tcp, client, connection, router, limits, stop).await;
                }
            });
            continue;
        }
        if let Some(connection) = admit(&caps, &tcp, origin, &log) {
            tokio::spawn(serve_connection(
                tcp,
                origin,
                connection,
                router.clone(),
                limits.clone(),
                stop.clone(),
            ));
        }
    }
}

/// Places a connection from `client` under the caps: served, served only to be
/// refused (a websocket hears why), or dropped at once with a raw answer.
fn admit(caps: &ConnectionCaps, tcp: &TcpStream, client: SocketAddr, log: &LogGate) -> Option<Connection> {
    let (permit, refusal) = match caps.admit(client.ip()) {
        Admission::Open(permit) => (permit, None),
        Admission::Refuse(permit, refusal) => (permit, Some(refusal)),
        Admission::Drop(refusal) => {
            log.refused(&refusal, client);
            // Best effort, never waits: the send buffer of a new socket is empty.
            let _ = tcp.try_write(refusal.raw_http_answer().as_bytes());
            return None;
        }
    };
    Some(Connection { permit: Arc::new(permit), refusal })
}

async fn serve_connection(
    tcp: TcpStream,
    origin: SocketAddr,
    connection: Connection,
    router: Router,
    limits: Limits,
    mut stop: watch::Receiver<bool>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).max_buf_size(MAX_HEAD_BYTES);
    if connection.refusal.is_some() {
        // One request, quickly: this connection holds a place in a small pool.
        // (Not `keep_alive(false)`: hyper would then answer `Connection: close`
        // even to the upgrade that carries the refusal; refusals close instead.)
        http.header_read_timeout(REFUSING_HEADER_TIMEOUT);
    } else {
        http.header_read_timeout(limits.header_timeout);
    }
    let service = router.map_request(move |request: Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(origin));
        request.extensions_mut().insert(connection.clone());
        request
    });
    let conn = http.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service)).with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        served = conn.as_mut() => {
            if let Err(e) = served {
                debug!("connection from {origin} ended: {e}");
            }
            return;
        }
        _ = stop.wait_for(|stop| *stop) => conn.as_mut().graceful_shutdown(),
    }
    if let Err(e) = conn.await {
        debug!("connection from {origin} ended at shutdown: {e}");
    }
}

/// Warns at start when the open-file limit cannot hold `max_connections`: past
/// it, accepting fails and every new player is turned away without a word.
pub fn check_open_file_limit(limits: &Limits) {
    let Ok(text) = std::fs::read_to_string("/proc/self/limits") else { return };
    let soft = text
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3))
        .and_then(|soft| soft.parse::<usize>().ok());
    // Listening socket, logs, dist files being served.
    let needed = limits.max_connections + 64;
    if let Some(soft) = soft.filter(|soft| *soft < needed) {
        warn!(
            "the open-file limit ({soft}) is below --max-connections ({}) + 64: raise it \
             (ulimit -n {needed}, or LimitNOFILE= in a systemd unit) or lower --max-connections",
            limits.max_connections
        );
    }
}
