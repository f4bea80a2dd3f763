//! Behind HAProxy (`send-proxy`): the PROXY protocol header names the real
//! client, so the per-address caps count players, not the proxy; an address
//! that is not a trusted proxy cannot claim to speak for another.
#![allow(clippy::unwrap_used)]

mod common;

use common::{first_close, start_with, tcp_from, ws_over};
use duel_server::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The loopback address the "proxy" connects from, and one that is not trusted.
const PROXY: [u8; 4] = [127, 0, 0, 2];
const STRANGER: [u8; 4] = [127, 0, 0, 3];

/// A connection from `from` that starts with a PROXY line naming `client`.
async fn via_proxy(from: [u8; 4], client: &str, addr: std::net::SocketAddr) -> tokio::net::TcpStream {
    let mut tcp = tcp_from(from, addr).await;
    let line = format!("PROXY TCP4 {client} 127.0.0.1 40000 {}\r\n", addr.port());
    tcp.write_all(line.as_bytes()).await.unwrap();
    tcp
}

async fn status_of(mut tcp: tokio::net::TcpStream) -> String {
    tcp.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut out = String::new();
    let _ = tcp.read_to_string(&mut out).await;
    out.lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_trusted_proxys_header_is_read_before_http() {
    let server = start_with(Limits::default(), vec![PROXY.into()]).await;
    let tcp = via_proxy(PROXY, "203.0.113.7", server.addr).await;
    assert_eq!(status_of(tcp).await, "HTTP/1.1 200 OK");
}

#[tokio::test]
async fn the_connection_cap_counts_the_client_the_proxy_names() {
    let limits = Limits { max_connections_per_ip: 2, ..Limits::default() };
    let server = start_with(limits, vec![PROXY.into()]).await;
    // Two players' worth from one client behind the proxy: its whole share.
    let mut held = Vec::new();
    for _ in 0..2 {
        held.push(
            ws_over(via_proxy(PROXY, "203.0.113.7", server.addr).await, server.addr, "/signal/r")
                .await
                .unwrap(),
        );
    }
    let mut third =
        ws_over(via_proxy(PROXY, "203.0.113.7", server.addr).await, server.addr, "/signal/r").await.unwrap();
    let (code, reason) = first_close(&mut third).await;
    assert_eq!(code, 4430, "{reason}");
    // Another client through the same proxy is a different address: admitted.
    let other = ws_over(via_proxy(PROXY, "198.51.100.4", server.addr).await, server.addr, "/signal/r").await;
    assert!(other.is_ok(), "the proxy itself is not what the cap counts");
}

#[tokio::test]
async fn nobody_else_may_send_a_proxy_header() {
    let server = start_with(Limits::default(), vec![PROXY.into()]).await;
    let tcp = via_proxy(STRANGER, "203.0.113.7", server.addr).await;
    let status = status_of(tcp).await;
    assert!(status.starts_with("HTTP/1.1 400"), "from an untrusted address the line is bad HTTP: {status}");
}

#[tokio::test]
async fn a_malformed_header_from_the_proxy_drops_only_that_connection() {
    let server = start_with(Limits::default(), vec![PROXY.into()]).await;
    let mut bad = tcp_from(PROXY, server.addr).await;
    bad.write_all(b"PROXY TCP4 not-an-address 127.0.0.1 1 2\r\nGET /health HTTP/1.1\r\n\r\n").await.unwrap();
    let mut out = Vec::new();
    let _ = bad.read_to_end(&mut out).await;
    assert!(out.is_empty(), "closed without an answer");
    let good = via_proxy(PROXY, "203.0.113.7", server.addr).await;
    assert_eq!(status_of(good).await, "HTTP/1.1 200 OK", "the server carries on");
}
