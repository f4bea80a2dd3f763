//! One simulated player: a matchbox peer that joins a room, does the WebRTC
//! handshake's signalling with every room-mate (offer, answer, ICE candidates of
//! 0.5–2 KB), then sends a signal every 1–2 s and a keep-alive every 10 s.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What all peers of a wave share.
pub struct Wave {
    pub number: usize,
    /// Latencies are measured against this clock (one process, so one clock).
    pub epoch: Instant,
    /// The ids of each room's peers, for picking whom to signal.
    pub rooms: Vec<Mutex<Vec<String>>>,
    pub connected: AtomicUsize,
    pub new_peers: AtomicUsize,
    /// Turns true when every peer is in: start the steady signalling.
    pub signalling: watch::Receiver<bool>,
    /// Turns true at teardown: close now.
    pub stop: watch::Receiver<bool>,
}

/// What one peer saw.
pub struct Outcome {
    pub room: usize,
    pub id: Option<String>,
    pub new_peers: Vec<String>,
    /// Relay latencies (send to receive) of the handshake signals this peer
    /// received (offers, answers and their ICE candidates), in µs.
    pub handshake_us: Vec<u32>,
    /// The same for the steady signals (one per peer every 1–2 s).
    pub steady_us: Vec<u32>,
    pub failure: Option<String>,
}

/// A splitmix64 die: sizes, timings and room-mates.
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice(seed)
    }

    pub fn roll(&mut self, sides: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % sides.max(1)
    }

    fn between(&mut self, low: u64, high: u64) -> u64 {
        low + self.roll(high - low + 1)
    }
}

/// Plays one peer of `room` from the loopback address `source` until the wave stops.
pub async fn play(server: SocketAddr, source: Ipv4Addr, room: usize, seed: u64, wave: Arc<Wave>) -> Outcome {
    let mut outcome = Outcome {
        room,
        id: None,
        new_peers: Vec::new(),
        handshake_us: Vec::new(),
        steady_us: Vec::new(),
        failure: None,
    };
    let mut ws = match connect(server, source, &format!("/signal/w{}-room-{room}", wave.number)).await {
        Ok(ws) => ws,
        Err(e) => {
            outcome.failure = Some(format!("connect: {e}"));
            return outcome;
        }
    };
    let id = match ws.next().await {
        Some(Ok(Message::Text(text))) => serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["IdAssigned"].as_str().map(str::to_owned)),
        _ => None,
    };
    let Some(id) = id else {
        outcome.failure = Some("no IdAssigned".to_owned());
        return outcome;
    };
    lock(&wave.rooms[room]).push(id.clone());
    wave.connected.fetch_add(1, Ordering::Relaxed);
    outcome.id = Some(id.clone());

    let mut dice = Dice::new(seed);
    let mut signalling = wave.signalling.clone();
    let mut stop = wave.stop.clone();
    let far = Instant::now() + Duration::from_secs(86_400);
    let mut next_signal = tokio::time::Instant::from_std(far);
    let mut next_keep_alive = tokio::time::Instant::now() + Duration::from_millis(dice.between(0, 10_000));
    loop {
        let mut out = Vec::new();
        tokio::select! {
            () = until(&mut stop) => {
                let _ = ws.close(None).await;
                // Read to the end so the close handshake completes.
                let _ = tokio::time::timeout(Duration::from_secs(5), async { while ws.next().await.is_some() {} }).await;
                return outcome;
            }
            () = until(&mut signalling), if next_signal.into_std() == far => {
                next_signal = tokio::time::Instant::now() + Duration::from_millis(dice.between(0, 2000));
            }
            () = tokio::time::sleep_until(next_signal) => {
                next_signal = tokio::time::Instant::now() + Duration::from_millis(dice.between(1000, 2000));
                let mates: Vec<String> = lock(&wave.rooms[room]).iter().filter(|m| **m != id).cloned().collect();
                if !mates.is_empty() {
                    let to = &mates[dice.roll(mates.len() as u64) as usize];
                    out.push(signal(&wave, to, "steady", dice.between(500, 2000)));
                }
            }
            () = tokio::time::sleep_until(next_keep_alive) => {
                next_keep_alive += Duration::from_secs(10);
                out.push(Message::Text(json!("KeepAlive").to_string().into()));
            }
            next = ws.next() => {
                let text = match next {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(_)) => continue,
                    other => {
                        outcome.failure = Some(format!("connection ended early: {other:?}"));
                        return outcome;
                    }
                };
                let Ok(event) = serde_json::from_str::<Value>(&text) else { continue };
                if let Some(newcomer) = event["NewPeer"].as_str() {
                    // The earlier peer offers, as matchbox_socket does.
                    wave.new_peers.fetch_add(1, Ordering::Relaxed);
                    outcome.new_peers.push(newcomer.to_owned());
                    out.push(signal(&wave, newcomer, "offer", dice.between(1000, 2000)));
                } else if let Some(signal_event) = event.get("Signal") {
                    let sender = signal_event["sender"].as_str().unwrap_or_default().to_owned();
                    let data = &signal_event["data"];
                    let sent_us = data["t"].as_u64().unwrap_or_default();
                    let now_us = wave.epoch.elapsed().as_micros() as u64;
                    let latency = now_us.saturating_sub(sent_us).min(u64::from(u32::MAX)) as u32;
                    if data["kind"] == "steady" {
                        outcome.steady_us.push(latency);
                    } else {
                        outcome.handshake_us.push(latency);
                    }
                    match data["kind"].as_str() {
                        Some("offer") => {
                            out.push(signal(&wave, &sender, "answer", dice.between(1000, 2000)));
                            out.push(signal(&wave, &sender, "ice", dice.between(500, 800)));
                            out.push(signal(&wave, &sender, "ice", dice.between(500, 800)));
                        }
                        Some("answer") => {
                            out.push(signal(&wave, &sender, "ice", dice.between(500, 800)));
                            out.push(signal(&wave, &sender, "ice", dice.between(500, 800)));
                        }
                        _ => {}
                    }
                }
            }
        }
        for message in out {
            if let Err(e) = ws.send(message).await {
                outcome.failure = Some(format!("send: {e}"));
                return outcome;
            }
        }
    }
}

/// A matchbox `Signal` request of about `bytes`, stamped with the send time.
fn signal(wave: &Wave, to: &str, kind: &str, bytes: u64) -> Message {
    let t = wave.epoch.elapsed().as_micros() as u64;
    let pad = "x".repeat(bytes as usize);
    let request = json!({ "Signal": { "receiver": to, "data": { "kind": kind, "t": t, "sdp": pad } } });
    Message::Text(request.to_string().into())
}

async fn connect(server: SocketAddr, source: Ipv4Addr, path: &str) -> Result<Ws, String> {
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.bind(SocketAddr::from((source, 0))).map_err(|e| e.to_string())?;
    let tcp = tokio::time::timeout(Duration::from_secs(60), socket.connect(server))
        .await
        .map_err(|_| "TCP connect timed out".to_owned())?
        .map_err(|e| e.to_string())?;
    tcp.set_nodelay(true).map_err(|e| e.to_string())?;
    // Small buffers: 8,000 clients with tungstenite's 128 KiB defaults would be 2 GB.
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let url = format!("ws://{server}{path}");
    let handshake =
        tokio_tungstenite::client_async_with_config(url, MaybeTlsStream::Plain(tcp), Some(config));
    let (ws, _) = tokio::time::timeout(Duration::from_secs(60), handshake)
        .await
        .map_err(|_| "websocket handshake timed out".to_owned())?
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Resolves once `flag` is true (the guard `wait_for` returns is not `Send`).
async fn until(flag: &mut watch::Receiver<bool>) {
    let _ = flag.wait_for(|on| *on).await;
}
