//! `/ice`: TURN credentials minted per room join (TURN REST API draft, what
//! coturn's `use-auth-secret` checks), or nothing without a relay.
#![allow(clippy::unwrap_used)]

mod common;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::{get, start};
use duel_server::{Limits, ServerConfig, Turn};
use serde_json::Value;

#[tokio::test]
async fn without_a_relay_ice_adds_nothing() {
    let server = start(Limits::default()).await;
    let answer = get(server.addr, "/ice?room=table-7").await;
    assert_eq!(answer.status, 200);
    assert!(answer.head.to_ascii_lowercase().contains("cache-control: no-store"), "{}", answer.head);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(body, serde_json::json!({ "iceServers": [], "ttl": 0 }));
}

#[tokio::test]
async fn with_a_relay_each_join_gets_a_fresh_credential_for_its_room() {
    let dist = tempfile::tempdir().unwrap();
    let turn = Turn {
        urls: vec!["turn:127.0.0.1:3478".into()],
        secret: "north".into(),
        ttl: Duration::from_secs(600),
    };
    let config = ServerConfig::default()
        .with_bind("127.0.0.1:0".parse().unwrap())
        .with_dist(dist.path())
        .with_turn(Some(turn));
    let server = duel_server::start(config).await.unwrap();
    let answer = get(server.local_addr(), "/ice?room=table-7").await;
    assert_eq!(answer.status, 200);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    let relay = &body["iceServers"][0];
    assert_eq!(relay["urls"][0], "turn:127.0.0.1:3478");
    let username = relay["username"].as_str().unwrap();
    let (expiry, room) = username.split_once(':').unwrap();
    assert_eq!(room, "table-7");
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    let expiry: u64 = expiry.parse().unwrap();
    assert!((now + 590..=now + 610).contains(&expiry), "expires in the ttl: {expiry} vs {now}");
    assert_eq!(relay["credential"].as_str().unwrap().len(), 28, "base64 of a 20-byte HMAC-SHA1");
    assert_eq!(body["ttl"], 600);
}

#[tokio::test]
async fn a_bad_room_is_refused_in_words() {
    let server = start(Limits::default()).await;
    let missing = get(server.addr, "/ice").await;
    assert_eq!(missing.status, 400);
    assert!(missing.body.contains("needs ?room="), "{}", missing.body);
    let bad = get(server.addr, "/ice?room=..%2F..").await;
    assert_eq!(bad.status, 400);
}
