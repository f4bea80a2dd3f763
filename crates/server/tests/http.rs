//! The plain-HTTP side: health, the app's static files, and the SPA fallback.
#![allow(clippy::unwrap_used)]

mod common;

use common::{get, health, start, APP_JS, INDEX_HTML};
use duel_server::Limits;

#[tokio::test]
async fn health_reports_ok_with_no_rooms() {
    let server = start(Limits::default()).await;
    let answer = get(server.addr, "/health").await;
    assert_eq!(answer.status, 200);
    assert!(answer.head.to_ascii_lowercase().contains("application/json"), "{}", answer.head);
    assert_eq!(answer.body, r#"{"status":"ok","rooms":0,"peers":0}"#);
    let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(json, serde_json::json!({ "status": "ok", "rooms": 0, "peers": 0 }));
    assert_eq!(health(server.addr).await["status"], "ok");
}

#[tokio::test]
async fn serves_files_from_dist() {
    let server = start(Limits::default()).await;
    let js = get(server.addr, "/app.js").await;
    assert_eq!(js.status, 200);
    assert_eq!(js.body, APP_JS);
    assert!(js.head.to_ascii_lowercase().contains("javascript"), "{}", js.head);

    let root = get(server.addr, "/").await;
    assert_eq!(root.status, 200);
    assert_eq!(root.body, INDEX_HTML);
}

#[tokio::test]
async fn app_routes_fall_back_to_index_html() {
    let server = start(Limits::default()).await;
    for path in ["/lobby", "/game/abc", "/practice?seed=3"] {
        let answer = get(server.addr, path).await;
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.body, INDEX_HTML, "{path}");
    }
}

#[tokio::test]
async fn missing_files_are_404_not_index_html() {
    let server = start(Limits::default()).await;
    let answer = get(server.addr, "/missing-build-1234.wasm").await;
    assert_eq!(answer.status, 404);
    assert_ne!(answer.body, INDEX_HTML);
}

#[tokio::test]
async fn signal_path_is_not_a_static_file() {
    // A plain GET (no websocket upgrade) of a room must not fall through to the app.
    let server = start(Limits::default()).await;
    let answer = get(server.addr, "/signal/room1").await;
    assert_ne!(answer.status, 200);
    assert_ne!(answer.body, INDEX_HTML);
}
