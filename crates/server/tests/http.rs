//! The plain-HTTP side: health, the app's static files, the SPA fallback, and
//! the headers every response carries.
#![allow(clippy::unwrap_used)]

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use common::{get, get_bytes, health, start, HttpAnswer, APP_JS, INDEX_HTML};
use duel_server::Limits;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

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

/// The build's precompressed copies (issue 13): Brotli to a browser that
/// accepts it, gzip to one that accepts only gzip, the plain file otherwise.
#[tokio::test]
async fn precompressed_copies_go_to_clients_that_accept_them() {
    let server = start(Limits::default()).await;
    // Not real Brotli: the server must pass the file through, never re-encode it.
    let (br, gz) = (b"\x0b\x02\x80brotli-bytes".to_vec(), b"\x1f\x8bgzip-bytes".to_vec());
    std::fs::write(server.dist.path().join("app.js.br"), &br).unwrap();
    std::fs::write(server.dist.path().join("app.js.gz"), &gz).unwrap();
    std::fs::write(server.dist.path().join("index.html.br"), &br).unwrap();

    let (head, body) = get_bytes(server.addr, "/app.js", "Accept-Encoding: gzip, deflate, br\r\n").await;
    let head = head.to_ascii_lowercase();
    assert!(head.contains("content-encoding: br"), "{head}");
    assert!(head.contains("javascript"), "the type is the file's, not Brotli's: {head}");
    assert_eq!(body, br);

    let (head, body) = get_bytes(server.addr, "/app.js", "Accept-Encoding: gzip\r\n").await;
    assert!(head.to_ascii_lowercase().contains("content-encoding: gzip"), "{head}");
    assert_eq!(body, gz);

    let (head, body) = get_bytes(server.addr, "/app.js", "").await;
    assert!(!head.to_ascii_lowercase().contains("content-encoding"), "{head}");
    assert_eq!(body, APP_JS.as_bytes());

    // The app's routes fall back to index.html, compressed the same way.
    let (head, body) = get_bytes(server.addr, "/lobby", "Accept-Encoding: br\r\n").await;
    assert!(head.to_ascii_lowercase().contains("content-encoding: br"), "{head}");
    assert_eq!(body, br);
    let (_, body) = get_bytes(server.addr, "/lobby", "").await;
    assert_eq!(body, INDEX_HTML.as_bytes());
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
    assert_eq!(answer.status, 426);
    assert_eq!(answer.body, "signalling needs a websocket: connect with ws:// or wss://");
}

/// A header of `answer`, by lower-case name.
fn header(answer: &HttpAnswer, name: &str) -> Option<String> {
    answer.head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim().eq_ignore_ascii_case(name)).then(|| value.trim().to_owned())
    })
}

/// Counts ERROR events from anywhere in this test binary (the server runs in
/// it, on other threads, so a global subscriber is the only way to see them).
fn error_lines() -> &'static AtomicUsize {
    struct CountErrors(&'static AtomicUsize);
    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for CountErrors {
        fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
            if *event.metadata().level() == tracing::Level::ERROR {
                self.0.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    static ERRORS: OnceLock<&'static AtomicUsize> = OnceLock::new();
    ERRORS.get_or_init(|| {
        let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
        tracing_subscriber::registry().with(CountErrors(count)).init();
        count
    })
}

#[tokio::test]
async fn a_300_byte_path_is_a_404_without_an_error_line() {
    let errors = error_lines();
    let server = start(Limits::default()).await;
    let paths = [
        format!("/{}", "a".repeat(300)),
        format!("/{}.wasm", "b".repeat(300)),
        format!("/lobby/{}", "%C3%A9".repeat(50)),
        "/a".repeat(1000),
    ];
    for path in &paths {
        let answer = get(server.addr, path).await;
        assert_eq!(answer.status, 404, "{}…", &path[..20]);
        assert_eq!(header(&answer, "cache-control").as_deref(), Some("no-store"));
    }
    assert_eq!(errors.load(Ordering::Relaxed), 0, "an ERROR line was logged");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let server = start(Limits::default()).await;
    for path in ["/", "/app.js", "/health", "/lobby", "/missing-1234.wasm", "/signal/room1", "/signal"] {
        let answer = get(server.addr, path).await;
        let csp = header(&answer, "content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP"));
        for needed in [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval'",
            "connect-src 'self' ws: wss:",
            "worker-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(needed), "{path}: {needed} missing from {csp}");
        }
        assert!(!csp.contains("'unsafe-eval'"), "{csp}");
        assert_eq!(header(&answer, "x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(header(&answer, "referrer-policy").as_deref(), Some("no-referrer"), "{path}");
        assert_eq!(header(&answer, "x-frame-options").as_deref(), Some("DENY"), "{path}");
        assert!(header(&answer, "cache-control").is_some(), "{path}");
    }
}

#[tokio::test]
async fn hashed_build_files_are_immutable_and_the_shell_revalidates() {
    let server = start(Limits::default()).await;
    let dist = server.dist.path();
    for file in
        ["dice-duel-1f2e3d4c5b6a7980_bg.wasm", "dice-duel-1f2e3d4c5b6a7980.js", "main-9a8b7c6d5e4f3a2b.css"]
    {
        std::fs::write(dist.join(file), "built").unwrap();
        let answer = get(server.addr, &format!("/{file}")).await;
        assert_eq!(answer.status, 200, "{file}");
        assert_eq!(header(&answer, "cache-control").as_deref(), Some("public, max-age=31536000, immutable"));
    }
    for file in ["manifest.webmanifest", "sw.js", "service-worker.js", "icon.svg"] {
        std::fs::write(dist.join(file), "shell").unwrap();
    }
    for path in ["/", "/index.html", "/lobby", "/manifest.webmanifest", "/sw.js", "/service-worker.js"] {
        let answer = get(server.addr, path).await;
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(header(&answer, "cache-control").as_deref(), Some("no-cache"), "{path}");
    }
    // The favicon is asked for again on every in-app navigation, offline too: a day.
    let icon = get(server.addr, "/icon.svg").await;
    assert_eq!(header(&icon, "cache-control").as_deref(), Some("public, max-age=86400"));
    // A hashed name that is missing (an old build's) must not be cached for a year.
    let missing = get(server.addr, "/dice-duel-0000000000000000_bg.wasm").await;
    assert_eq!(missing.status, 404);
    assert_eq!(header(&missing, "cache-control").as_deref(), Some("no-store"));
}

#[tokio::test]
async fn the_policy_lets_trunks_inline_loader_run_by_its_hash() {
    let server = start(Limits::default()).await;
    let loader = "import init from '/dice-duel-1f2e3d4c5b6a7980.js';await init();";
    let index = format!("<!doctype html><script type=\"module\">{loader}</script>");
    std::fs::write(server.dist.path().join("index.html"), index).unwrap();
    // The policy follows a rebuild within a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let answer = get(server.addr, "/").await;
    let csp = header(&answer, "content-security-policy").unwrap();
    let hash = base64_sha256(loader);
    assert!(csp.contains(&format!("script-src 'self' 'wasm-unsafe-eval' 'sha256-{hash}'")), "{csp}");
    assert!(!csp.contains("script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'"), "{csp}");
}

/// The CSP source a browser computes for `text`, by the openssl command line:
/// independent of the server's own sha2 and base64, so the test checks them.
fn base64_sha256(text: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("sh")
        .args(["-c", "openssl dgst -sha256 -binary | base64"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap().trim().to_owned()
}
