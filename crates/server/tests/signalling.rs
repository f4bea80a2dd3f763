//! The signalling side: real websocket clients against matchbox full-mesh rooms
//! at `/signal/<room>`, and the room caps that refuse someone (with a close code
//! and a reason the app can show).
#![allow(clippy::unwrap_used)]

mod common;

use std::time::Duration;

use common::{health, refused, start, wait_for_peers, Peer};
use duel_server::Limits;
use std::collections::BTreeMap;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn second_peer_is_announced_to_the_first() {
    let server = start(Limits::default()).await;
    let mut a = Peer::join(server.addr, "room1").await;
    let mut b = Peer::join(server.addr, "room1").await;
    assert_ne!(a.id, b.id);
    assert_eq!(a.event().await, json!({ "NewPeer": b.id }));
    // The newcomer is not told about existing peers: in full mesh it waits for offers.
    b.assert_quiet().await;
    assert_eq!(health(server.addr).await, json!({"status":"ok","rooms":1,"peers":2}));

    let b_id = b.id.clone();
    drop(b);
    assert_eq!(a.event().await, json!({ "PeerLeft": b_id }));
    wait_for_peers(server.addr, 1).await;
}

#[tokio::test]
async fn signals_are_relayed_with_the_sender_id() {
    let server = start(Limits::default()).await;
    let mut a = Peer::join(server.addr, "relay").await;
    let mut b = Peer::join(server.addr, "relay").await;
    let _new_peer = a.event().await;
    let offer = json!({ "Offer": "v=0 fake sdp" });
    b.signal(&a.id, offer.clone()).await;
    assert_eq!(a.event().await, json!({ "Signal": { "sender": b.id, "data": offer } }));
}

#[tokio::test]
async fn rooms_are_isolated() {
    let server = start(Limits::default()).await;
    let mut a = Peer::join(server.addr, "room1").await;
    let mut b = Peer::join(server.addr, "room2").await;
    a.assert_quiet().await;
    b.assert_quiet().await;
    // Even knowing A's id, B cannot signal across rooms.
    b.signal(&a.id, json!({ "Offer": "sneaky" })).await;
    a.assert_quiet().await;
    // A's room still works: a newcomer there is announced.
    let c = Peer::join(server.addr, "room1").await;
    assert_eq!(a.event().await, json!({ "NewPeer": c.id }));
    b.assert_quiet().await;
    assert_eq!(health(server.addr).await["rooms"], 2);
}

#[tokio::test]
async fn a_full_room_refuses_the_extra_peer_and_says_why() {
    let limits = Limits { max_peers_per_room: 2, ..Limits::default() };
    let server = start(limits).await;
    let _a = Peer::join(server.addr, "crowded").await;
    let b = Peer::join(server.addr, "crowded").await;
    let (code, reason) = refused(server.addr, "/signal/crowded").await;
    assert_eq!(code, 4403);
    assert_eq!(reason, "this room is full (2 players); ask the host for a new room");
    // Other rooms are unaffected, and the place frees when someone leaves.
    let _elsewhere = Peer::join(server.addr, "roomy").await;
    drop(b);
    wait_for_peers(server.addr, 2).await;
    let _c = Peer::join(server.addr, "crowded").await;
}

#[tokio::test]
async fn the_rooms_cap_refuses_a_new_room() {
    let limits = Limits { max_rooms: 1, ..Limits::default() };
    let server = start(limits).await;
    let _a = Peer::join(server.addr, "only").await;
    let (code, reason) = refused(server.addr, "/signal/another").await;
    assert_eq!(code, 4503);
    assert!(reason.contains("too many rooms open (1)"), "{reason}");
    // Joining the open room is still fine.
    let _b = Peer::join(server.addr, "only").await;
}

#[tokio::test]
async fn invalid_room_ids_are_refused() {
    let server = start(Limits::default()).await;
    let too_long = format!("/signal/{}", "x".repeat(65));
    for path in ["/signal/bad%20room", "/signal/a/b", "/signal/%2E%2E", too_long.as_str()] {
        let (code, reason) = refused(server.addr, path).await;
        assert_eq!(code, 4400, "{path}");
        assert!(reason.contains("room ids are 1 to 64 characters"), "{path}: {reason}");
    }
    for path in ["/signal", "/signal/"] {
        let (code, reason) = refused(server.addr, path).await;
        assert_eq!(code, 4400, "{path}");
        assert!(reason.contains("missing room id"), "{path}: {reason}");
    }
    assert_eq!(health(server.addr).await["peers"], 0);
    // The longest valid id is accepted.
    let _ok = Peer::join(server.addr, &"x".repeat(64)).await;
}

#[tokio::test]
async fn an_oversized_message_closes_the_connection() {
    let limits = Limits { max_message_bytes: 2048, ..Limits::default() };
    let server = start(limits).await;
    let mut a = Peer::join(server.addr, "big").await;
    let mut b = Peer::join(server.addr, "big").await;
    let _new_peer = a.event().await;

    // Just under the cap passes.
    let fits = json!({ "Offer": "s".repeat(1900) });
    b.signal(&a.id, fits.clone()).await;
    assert_eq!(a.event().await["Signal"]["data"], fits);

    // Over the cap: B is closed with 1009 and A sees it leave.
    let too_big = json!({ "Signal": { "receiver": a.id, "data": "s".repeat(4096) } });
    b.ws.send(Message::Text(too_big.to_string().into())).await.unwrap();
    assert_eq!(a.event().await, json!({ "PeerLeft": b.id }));
    let frame = b.closed_by_server().await.expect("a close frame saying why");
    assert_eq!(u16::from(frame.code), 1009);
    assert_eq!(frame.reason.as_str(), "message too long (max 2048 bytes)");
    wait_for_peers(server.addr, 1).await;
}

#[tokio::test]
async fn the_connection_rate_cap_refuses_a_burst() {
    let limits =
        Limits { max_connects_per_ip: 3, connect_window: Duration::from_secs(60), ..Limits::default() };
    let server = start(limits).await;
    let mut peers = Vec::new();
    for _ in 0..3 {
        peers.push(Peer::join(server.addr, "burst").await);
    }
    let (code, reason) = refused(server.addr, "/signal/burst").await;
    assert_eq!(code, 4429);
    assert_eq!(reason, "too many new connections from your address (3 per 60s); try again shortly");
    // Leaving does not refill the budget: the cap is on new connections.
    drop(peers.pop());
    wait_for_peers(server.addr, 2).await;
    assert_eq!(refused(server.addr, "/signal/other").await.0, 4429);
}

#[tokio::test]
async fn shutdown_closes_websockets_as_going_away() {
    let server = start(Limits::default()).await;
    let mut a = Peer::join(server.addr, "bye").await;
    let shutdown = tokio::spawn(server.server.shutdown());
    let frame = a.closed_by_server().await;
    assert_eq!(frame.map(|f| u16::from(f.code)), Some(1001));
    shutdown.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peers_joining_at_once_all_meet() {
    // The race matchbox's FullMeshState lost in 1-30 % of rooms: 8 peers per room
    // connecting at the same moment. Every pair must be introduced exactly once.
    const ROOMS: usize = 25;
    const PEERS: usize = 8;
    let server = start(common::roomy_limits()).await;
    let addr = server.addr;
    let mut joins = Vec::new();
    for room in 0..ROOMS {
        for _ in 0..PEERS {
            joins.push(tokio::spawn(
                async move { (room, Peer::join(addr, &format!("at-once-{room}")).await) },
            ));
        }
    }
    let mut peers = Vec::new();
    for join in joins {
        peers.push(join.await.unwrap());
    }
    wait_for_peers(addr, (ROOMS * PEERS) as u64).await;
    // Everyone listens at once until the rooms go quiet.
    let mut heard = Vec::new();
    for (room, mut peer) in peers {
        heard.push(tokio::spawn(async move {
            let mut new_peers = Vec::new();
            while let Ok(Some(Ok(Message::Text(text)))) =
                tokio::time::timeout(Duration::from_millis(300), peer.ws.next()).await
            {
                let event: serde_json::Value = serde_json::from_str(&text).unwrap();
                new_peers.push(event["NewPeer"].as_str().unwrap_or_else(|| panic!("{event}")).to_owned());
            }
            // Kept open until every listener is done: a departure would be heard.
            (room, peer, new_peers)
        }));
    }
    let mut introduced: Vec<BTreeMap<(String, String), usize>> = vec![BTreeMap::new(); ROOMS];
    let mut still_open = Vec::new();
    for listener in heard {
        let (room, peer, new_peers) = listener.await.unwrap();
        let id = peer.id.clone();
        still_open.push(peer);
        for other in new_peers {
            let pair = if id < other { (id.clone(), other) } else { (other, id.clone()) };
            *introduced[room].entry(pair).or_default() += 1;
        }
    }
    for (room, pairs) in introduced.iter().enumerate() {
        assert_eq!(pairs.len(), PEERS * (PEERS - 1) / 2, "room {room}: a pair never met");
        assert!(pairs.values().all(|n| *n == 1), "room {room}: a pair met twice: {pairs:?}");
    }
}

#[tokio::test]
async fn an_idle_peer_is_closed_with_a_reason_and_keep_alives_hold() {
    let limits = Limits { idle_timeout: Duration::from_secs(1), ..Limits::default() };
    let server = start(limits).await;
    let mut idle = Peer::join(server.addr, "quiet").await;
    let mut alive = Peer::join(server.addr, "quiet").await;
    let started = tokio::time::Instant::now();
    let keep_alive = Message::Text(serde_json::to_string(&json!("KeepAlive")).unwrap().into());
    let mut left = false;
    while started.elapsed() < Duration::from_millis(2500) {
        alive.ws.send(keep_alive.clone()).await.unwrap();
        if let Ok(Some(message)) = tokio::time::timeout(Duration::from_millis(300), alive.ws.next()).await {
            let text = message.unwrap().into_text().unwrap();
            left |=
                serde_json::from_str::<serde_json::Value>(&text).unwrap() == json!({ "PeerLeft": idle.id });
        }
    }
    assert!(left, "the idle peer's departure was not announced");
    let frame = idle.closed_by_server().await.expect("a close frame saying why");
    assert_eq!(u16::from(frame.code), 4408);
    assert_eq!(frame.reason.as_str(), "no message for 1s; closed as idle");
    assert_eq!(health(server.addr).await["peers"], 1);
}
