//! Clients that misbehave against the real server: stalled readers, floods,
//! connection hoarding and slowloris. Each shows the server's memory and service
//! stay bounded by its settings.
#![allow(clippy::unwrap_used)]

mod common;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{first_close, get, rss_bytes, start, tcp_from, ws_over, Peer, PATIENCE};
use duel_server::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

const HERE: [u8; 4] = [127, 0, 0, 1];
const ELSEWHERE: [u8; 4] = [127, 0, 0, 2];

/// Memory the server may add while it is being abused (allocator slack
/// included). Unbounded queues reached 1 GB in 8 s in the same scenario.
const RSS_BOUND: u64 = 48 * 1024 * 1024;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_readers_and_a_sender_are_cut_off_before_memory_grows() {
    // Relay as fast as the sender can, so only the queue bound stands in the way.
    let limits = Limits { relay_per_sec: 1_000_000, relay_burst: 1_000_000, ..Limits::default() };
    let server = start(limits).await;
    let mut stalled = Vec::new();
    for _ in 0..4 {
        // A small receive window, so the kernel cannot hide the backlog for long.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let tcp = socket.connect(server.addr).await.unwrap();
        let mut ws = ws_over(tcp, server.addr, "/signal/stall").await.unwrap();
        let id = common::next_json(&mut ws).await["IdAssigned"].as_str().unwrap().to_owned();
        stalled.push((id, ws));
    }
    let sender = Peer::join(server.addr, "stall").await;
    let readers: Vec<String> = stalled.iter().map(|(id, _)| id.clone()).collect();
    let (mut out, mut events) = sender.ws.split();

    let baseline = rss_bytes();
    let peak = Arc::new(AtomicU64::new(baseline));
    let sampler = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(rss_bytes(), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let flood = tokio::spawn(async move {
        let data = "s".repeat(60 * 1024);
        for i in 0.. {
            let receiver = &readers[i % readers.len()];
            let request = json!({ "Signal": { "receiver": receiver, "data": data } });
            if out.send(Message::Text(request.to_string().into())).await.is_err() {
                return i;
            }
        }
        unreachable!()
    });

    // Every stalled reader is disconnected, and the sender hears of it.
    let started = Instant::now();
    let mut gone = 0;
    while gone < 4 {
        let message = tokio::time::timeout(PATIENCE, events.next()).await.expect("a stalled reader was kept");
        let text = message.unwrap().unwrap().into_text().unwrap();
        if serde_json::from_str::<Value>(&text).unwrap().get("PeerLeft").is_some() {
            gone += 1;
        }
    }
    let took = started.elapsed();
    flood.abort();
    sampler.abort();
    let grew = peak.load(Ordering::Relaxed).saturating_sub(baseline);
    eprintln!("stalled readers cut off after {took:?}; RSS grew by {} KiB at most", grew / 1024);
    assert!(grew < RSS_BOUND, "RSS grew by {grew} bytes");
    common::wait_for_peers(server.addr, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_peer_is_throttled_and_other_rooms_keep_their_latency() {
    let limits = Limits::default();
    let server = start(limits.clone()).await;
    let mut receiver = Peer::join(server.addr, "flooded").await;
    let flooder = Peer::join(server.addr, "flooded").await;
    let _ = receiver.event().await; // NewPeer(flooder)
    let mut ping = Peer::join(server.addr, "calm").await;
    let mut pong = Peer::join(server.addr, "calm").await;
    let _ = ping.event().await;

    // The flood: tiny signals as fast as the socket takes them, 10,000 or 2 s.
    let flood_for = Duration::from_secs(2);
    let receiver_id = receiver.id.clone();
    let (mut flood_out, _flood_in) = flooder.ws.split();
    let flood = tokio::spawn(async move {
        let request = json!({ "Signal": { "receiver": receiver_id, "data": "x" } }).to_string();
        let started = Instant::now();
        let mut sent = 0u32;
        while sent < 10_000 && started.elapsed() < flood_for {
            let send = flood_out.send(Message::Text(request.clone().into()));
            if tokio::time::timeout(Duration::from_millis(50), send).await.is_ok() {
                sent += 1;
            }
        }
        (sent, flood_out)
    });
    let received = Arc::new(AtomicUsize::new(0));
    let counter = {
        let received = received.clone();
        tokio::spawn(async move {
            while let Some(Ok(_)) = receiver.ws.next().await {
                received.fetch_add(1, Ordering::Relaxed);
            }
        })
    };

    // Meanwhile, another room's handshake-sized signals go back and forth.
    let started = Instant::now();
    let mut round_trips = Vec::new();
    let offer = json!({ "Offer": "o".repeat(1500) });
    while started.elapsed() < flood_for {
        let sent = Instant::now();
        ping.signal(&pong.id, offer.clone()).await;
        let _ = pong.event().await;
        pong.signal(&ping.id, offer.clone()).await;
        let _ = ping.event().await;
        round_trips.push(sent.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let elapsed = started.elapsed();
    let (sent, _keep_open) = flood.await.unwrap();
    let relayed = received.load(Ordering::Relaxed);
    counter.abort();

    // Each tiny signal costs 2 units: the burst plus the refill over the flood.
    let cost = limits.relay_cost(70) as f64;
    let allowed =
        (f64::from(limits.relay_burst) + f64::from(limits.relay_per_sec) * elapsed.as_secs_f64()) / cost;
    round_trips.sort();
    let p50 = round_trips[round_trips.len() / 2];
    let p99 = round_trips[round_trips.len() * 99 / 100];
    eprintln!(
        "flooder sent {sent}, {relayed} relayed (budget {allowed:.0}); other room: {} round trips, p50 {p50:?}, p99 {p99:?}",
        round_trips.len()
    );
    assert!(relayed as f64 <= allowed + 5.0, "{relayed} relayed, budget {allowed:.0}");
    assert!(
        relayed as f64 >= f64::from(limits.relay_burst) / cost * 0.9,
        "the flooder was cut off, not slowed"
    );
    assert!(p99 < Duration::from_millis(100), "relay latency in the calm room: p99 {p99:?}");
}

#[tokio::test]
async fn one_address_cannot_hold_more_than_its_connection_cap() {
    let limits = Limits { max_connections_per_ip: 3, ..Limits::default() };
    let server = start(limits).await;
    // Three idle connections: the address's whole share.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tcp_from(HERE, server.addr).await);
    }
    let mut refused = ws_over(tcp_from(HERE, server.addr).await, server.addr, "/signal/r").await.unwrap();
    let (code, reason) = first_close(&mut refused).await;
    assert_eq!(code, 4430);
    assert_eq!(reason, "too many connections open from your address (3); close other tabs and try again");
    // A plain request from there is refused in words too.
    let mut plain = tcp_from(HERE, server.addr).await;
    plain.write_all(b"GET /health HTTP/1.1\r\nHost: t\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    plain.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(
        answer.ends_with("too many connections open from your address (3); close other tabs and try again")
    );

    // Another address is not affected.
    let mut other = ws_over(tcp_from(ELSEWHERE, server.addr).await, server.addr, "/signal/r").await.unwrap();
    assert!(common::next_json(&mut other).await["IdAssigned"].is_string());

    // Closing one frees its place.
    drop(held.pop());
    let deadline = Instant::now() + PATIENCE;
    loop {
        let mut ws = ws_over(tcp_from(HERE, server.addr).await, server.addr, "/signal/r").await.unwrap();
        match ws.next().await.unwrap().unwrap() {
            Message::Text(_) => break,
            Message::Close(_) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(20)).await
            }
            other => panic!("the freed place was not given back: {other:?}"),
        }
    }
}

#[tokio::test]
async fn the_total_connection_cap_refuses_with_a_reason() {
    let limits = Limits { max_connections: 2, ..Limits::default() };
    let server = start(limits).await;
    let _a = tcp_from(HERE, server.addr).await;
    let _b = tcp_from(ELSEWHERE, server.addr).await;
    let mut refused =
        ws_over(tcp_from([127, 0, 0, 3], server.addr).await, server.addr, "/signal/r").await.unwrap();
    assert_eq!(
        first_close(&mut refused).await,
        (4504, "the server is at its connection limit (2); try again in a minute".to_owned())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowloris_connections_are_closed_by_the_header_timeout() {
    let timeout = Duration::from_secs(1);
    let limits = Limits { header_timeout: timeout, ..common::roomy_limits() };
    let server = start(limits).await;
    let addr = server.addr;
    let started = Instant::now();
    let mut lorises = Vec::new();
    for i in 0..50 {
        lorises.push(tokio::spawn(async move {
            let mut tcp = tcp_from(HERE, addr).await;
            // Half of them never send a byte; the others trickle a header forever.
            if i % 2 == 0 {
                let _ = tcp.write_all(b"GET / HTTP/1.1\r\nHost: t\r\n").await;
            }
            let mut buf = [0u8; 64];
            loop {
                if i % 2 == 0 && tcp.write_all(b"X").await.is_err() {
                    return Instant::now();
                }
                let read = tokio::time::timeout(Duration::from_millis(200), tcp.read(&mut buf)).await;
                if let Ok(Ok(0) | Err(_)) = read {
                    return Instant::now();
                }
            }
        }));
    }
    // The server still answers others meanwhile.
    let health = get(addr, "/health").await;
    assert_eq!(health.status, 200);
    assert!(started.elapsed() < Duration::from_millis(500), "health took {:?}", started.elapsed());
    for loris in lorises {
        let closed_at =
            tokio::time::timeout(PATIENCE, loris).await.expect("a slowloris was kept open").unwrap();
        let held = closed_at - started;
        assert!(held < timeout + Duration::from_secs(1), "held for {held:?}");
    }
}
