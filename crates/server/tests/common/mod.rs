//! Helpers shared by the integration tests: a real server on port 0 with its own
//! temporary `dist/`, a tiny HTTP/1.1 client, and websocket peers speaking
//! matchbox's JSON protocol.
#![allow(dead_code, clippy::unwrap_used)]

use std::net::SocketAddr;
use std::time::Duration;

use duel_server::{Limits, RunningServer, ServerConfig};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpStream, ToSocketAddrs};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long we wait for something that should happen.
pub const PATIENCE: Duration = Duration::from_secs(5);
/// How long we wait to be sure something does *not* happen.
pub const QUIET: Duration = Duration::from_millis(400);

pub const INDEX_HTML: &str = "<!doctype html><title>Dice Duel</title>";
pub const APP_JS: &str = "console.log('dice');";

/// A running server and the temporary `dist/` it serves.
pub struct TestServer {
    pub server: RunningServer,
    pub addr: SocketAddr,
    pub dist: tempfile::TempDir,
}

/// Starts the real server on 127.0.0.1:0 with `limits` and a small `dist/`.
pub async fn start(limits: Limits) -> TestServer {
    start_with(limits, Vec::new()).await
}

/// [`start`], trusting the PROXY headers of the load balancers at `proxies`.
pub async fn start_with(limits: Limits, proxies: Vec<std::net::IpAddr>) -> TestServer {
    let dist = tempfile::tempdir().unwrap();
    std::fs::write(dist.path().join("index.html"), INDEX_HTML).unwrap();
    std::fs::write(dist.path().join("app.js"), APP_JS).unwrap();
    let config = ServerConfig::default()
        .with_bind("127.0.0.1:0".parse().unwrap())
        .with_dist(dist.path())
        .with_limits(limits)
        .with_trusted_proxies(proxies);
    let server = duel_server::start(config).await.unwrap();
    let addr = server.local_addr();
    TestServer { server, addr, dist }
}

/// A plain HTTP answer.
#[derive(Debug)]
pub struct HttpAnswer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

/// `GET path` over a fresh connection, read to the end.
pub async fn get(addr: impl ToSocketAddrs, path: &str) -> HttpAnswer {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut raw)).await.unwrap().unwrap();
    let raw = String::from_utf8(raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    HttpAnswer { status, head: head.to_owned(), body: body.to_owned() }
}

/// A GET with extra request header lines; the head and the raw body bytes.
pub async fn get_bytes(addr: impl ToSocketAddrs, path: &str, headers: &str) -> (String, Vec<u8>) {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\n{headers}Connection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut raw)).await.unwrap().unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    (head, raw[split + 4..].to_vec())
}

/// `/health` as JSON.
pub async fn health(addr: SocketAddr) -> Value {
    let answer = get(addr, "/health").await;
    assert_eq!(answer.status, 200, "{answer:?}");
    serde_json::from_str(&answer.body).unwrap()
}

/// Waits until `/health` reports `peers` peers (disconnects are asynchronous).
pub async fn wait_for_peers(addr: SocketAddr, peers: u64) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let now = health(addr).await;
        if now["peers"] == peers {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "peers never reached {peers}: {now}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a websocket to `path`, or returns the refusal.
pub async fn try_connect(addr: SocketAddr, path: &str) -> Result<Ws, tungstenite::Error> {
    let url = format!("ws://{addr}{path}");
    tokio_tungstenite::connect_async(url).await.map(|(ws, _)| ws)
}

/// The close code and reason of a refused websocket: the server accepts the
/// upgrade (so a browser can read why) and closes at once.
pub async fn refused(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut ws = try_connect(addr, path).await.unwrap_or_else(|e| panic!("{path}: upgrade failed: {e}"));
    first_close(&mut ws).await
}

/// The close frame that must be the next message on `ws`.
pub async fn first_close(ws: &mut Ws) -> (u16, String) {
    let message = tokio::time::timeout(PATIENCE, ws.next())
        .await
        .expect("no close frame within the patience window")
        .expect("connection ended without a close frame")
        .unwrap();
    match message {
        Message::Close(Some(frame)) => (u16::from(frame.code), frame.reason.as_str().to_owned()),
        other => panic!("expected a close frame, got {other:?}"),
    }
}

/// A matchbox peer: connected and told its id.
pub struct Peer {
    pub ws: Ws,
    pub id: String,
}

impl Peer {
    /// Joins `room` and reads the `IdAssigned` event that must come first.
    pub async fn join(addr: SocketAddr, room: &str) -> Peer {
        let mut ws = try_connect(addr, &format!("/signal/{room}")).await.unwrap();
        let first = next_json(&mut ws).await;
        let id = first["IdAssigned"]
            .as_str()
            .unwrap_or_else(|| panic!("first event should be IdAssigned, got {first}"))
            .to_owned();
        Peer { ws, id }
    }

    /// The next matchbox event.
    pub async fn event(&mut self) -> Value {
        next_json(&mut self.ws).await
    }

    /// Asserts that no event arrives for a while.
    pub async fn assert_quiet(&mut self) {
        if let Ok(message) = tokio::time::timeout(QUIET, self.ws.next()).await {
            panic!("expected silence, got {message:?}");
        }
    }

    /// Sends a matchbox `Signal` request to `receiver`.
    pub async fn signal(&mut self, receiver: &str, data: Value) {
        let request = serde_json::json!({ "Signal": { "receiver": receiver, "data": data } });
        self.ws.send(Message::Text(request.to_string().into())).await.unwrap();
    }

    /// Reads until the server ends the connection; returns its close frame, if any
    /// arrived before the socket went away.
    pub async fn closed_by_server(&mut self) -> Option<CloseFrame> {
        let mut frame = None;
        let ended = tokio::time::timeout(PATIENCE, async {
            while let Some(message) = self.ws.next().await {
                match message {
                    Ok(Message::Close(close)) => frame = close,
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        })
        .await;
        assert!(ended.is_ok(), "the server kept the connection open");
        frame
    }
}

/// Reads the next text message as JSON, skipping pings.
pub async fn next_json(ws: &mut Ws) -> Value {
    loop {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("no event within the patience window")
            .expect("connection ended")
            .unwrap();
        match message {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("unexpected message {other:?}"),
        }
    }
}

/// Limits for tests that open many connections from 127.0.0.1 at once: the
/// per-address caps are raised, everything else is the default.
pub fn roomy_limits() -> Limits {
    Limits { max_connects_per_ip: 100_000, max_connections_per_ip: 100_000, ..Limits::default() }
}

/// A TCP connection to `addr` from the loopback address `from` (any 127.x.y.z).
pub async fn tcp_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// A websocket to `path` over `tcp`, or the handshake error.
pub async fn ws_over(tcp: TcpStream, addr: SocketAddr, path: &str) -> Result<Ws, tungstenite::Error> {
    let url = format!("ws://{addr}{path}");
    tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await.map(|(ws, _)| ws)
}

/// The server process's resident memory now, in bytes (the server runs in
/// the test process).
pub fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}
