//! Rooms sharded across three `duel-server` instances behind a real HAProxy
//! (Debian's `haproxy`, installed by `scripts/install-tools.sh`): the
//! `/signal/<room>` path is hashed consistently, so every peer of a room lands
//! on the same instance; the instances learn each player's address from the
//! PROXY protocol; and when an instance goes away only its rooms are cut,
//! their peers reconnect through the proxy and meet again on another instance
//! (the game lives in the peers, so nothing is lost).
//!
//! The configuration written here is `deploy/haproxy.cfg`'s, on loopback ports.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{health, roomy_limits, Peer};
use duel_server::{RunningServer, ServerConfig};
use futures_util::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

const ROOMS: usize = 300;
const PEERS: usize = 4;
/// The address HAProxy connects to the instances from (`source` in the config):
/// the only address the instances trust for PROXY headers.
const PROXY_SOURCE: [u8; 4] = [127, 0, 0, 9];

/// HAProxy, stopped when dropped.
struct HaProxy(Child);

impl Drop for HaProxy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The deploy recipe's backend, on loopback: consistent hashing of the path,
/// long tunnels for websockets, PROXY protocol and health checks on `/health`.
fn config(front: u16, servers: &[SocketAddr]) -> String {
    let source = std::net::Ipv4Addr::from(PROXY_SOURCE);
    let mut cfg = format!(
        "global\n  maxconn 8000\n\
         defaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n  timeout tunnel 1h\n\
         frontend game\n  bind 127.0.0.1:{front}\n  default_backend rooms\n\
         backend rooms\n  balance uri path-only\n  hash-type consistent\n  option httpchk GET /health\n\
         default-server check inter 200ms fall 1 rise 2 send-proxy check-send-proxy source {source} weight 64\n"
    );
    for (i, s) in servers.iter().enumerate() {
        cfg.push_str(&format!("  server s{i} {s}\n"));
    }
    cfg
}

async fn instance() -> (RunningServer, SocketAddr, tempfile::TempDir) {
    let dist = tempfile::tempdir().unwrap();
    std::fs::write(dist.path().join("index.html"), "<!doctype html><title>x</title>").unwrap();
    let config = ServerConfig::default()
        .with_bind("127.0.0.1:0".parse().unwrap())
        .with_dist(dist.path())
        .with_limits(roomy_limits())
        .with_trusted_proxies(vec![PROXY_SOURCE.into()]);
    let server = duel_server::start(config).await.unwrap();
    let addr = server.local_addr();
    (server, addr, dist)
}

/// Waits until HAProxy answers `/health` through the frontend.
async fn wait_up(front: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while tokio::net::TcpStream::connect(front).await.is_err() {
        assert!(Instant::now() < deadline, "haproxy did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(600)).await; // the first health checks
}

/// Every peer of `room` joins through `front`; each earlier peer must be told of each later one.
async fn fill(front: SocketAddr, room: &str) -> Vec<Peer> {
    let mut peers: Vec<Peer> = Vec::with_capacity(PEERS);
    for _ in 0..PEERS {
        let newcomer = Peer::join(front, room).await;
        for p in &mut peers {
            let event = p.event().await;
            assert_eq!(
                event,
                serde_json::json!({ "NewPeer": newcomer.id }),
                "{room}: every peer meets the newcomer"
            );
        }
        peers.push(newcomer);
    }
    peers
}

/// Whether the server ended `peer`'s connection within a second (a close
/// frame or the end of the stream; "PeerLeft" events may come first).
async fn was_cut(peer: &mut Peer) -> bool {
    let ended = async {
        loop {
            match peer.ws.next().await {
                None | Some(Err(_) | Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(1), ended).await.is_ok()
}

fn rooms_of(health: &Value) -> u64 {
    health["rooms"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_are_sharded_and_survive_an_instance_leaving() {
    let Ok(bin) = which("haproxy") else {
        panic!("haproxy is not installed: scripts/install-tools.sh installs it (Debian package haproxy)");
    };
    let mut instances = Vec::new();
    for _ in 0..3 {
        instances.push(instance().await);
    }
    let servers: Vec<SocketAddr> = instances.iter().map(|i| i.1).collect();
    let front: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("haproxy.cfg");
    std::fs::write(&cfg, config(front.port(), &servers)).unwrap();
    let check = Command::new(&bin).arg("-c").arg("-f").arg(&cfg).output().unwrap();
    assert!(check.status.success(), "haproxy -c: {}", String::from_utf8_lossy(&check.stderr));
    let _proxy = HaProxy(
        Command::new(&bin)
            .arg("-db")
            .arg("-f")
            .arg(&cfg)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_up(front).await;

    // 300 rooms × 4 peers through the proxy: every room's peers meet (one instance each).
    let started = Instant::now();
    let mut rooms: BTreeMap<String, Vec<Peer>> = BTreeMap::new();
    for r in 0..ROOMS {
        let room = format!("shard-{r}");
        let peers = fill(front, &room).await;
        rooms.insert(room, peers);
    }
    let joined = started.elapsed();
    let mut spread = Vec::new();
    for s in &servers {
        let h = health(*s).await;
        spread.push(rooms_of(&h));
        assert_eq!(
            h["peers"].as_u64().unwrap(),
            rooms_of(&h) * PEERS as u64,
            "whole rooms per instance: {h}"
        );
    }
    assert_eq!(spread.iter().sum::<u64>(), ROOMS as u64, "each room on exactly one instance: {spread:?}");
    assert!(spread.iter().all(|n| *n > 0), "every instance holds rooms: {spread:?}");
    println!(
        "{ROOMS} rooms × {PEERS} peers joined through haproxy in {joined:?}; rooms per instance {spread:?}"
    );

    // Instance 0 goes away: only its rooms are cut.
    let (gone, gone_addr, _dist) = instances.remove(0);
    let gone_rooms = spread[0];
    gone.shutdown().await.unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await; // haproxy marks it down (inter 200ms, fall 1)
                                                          // Every room's first peer listens for a second, all at once.
    let checks =
        rooms.iter_mut().map(|(room, peers)| async move { (room.clone(), was_cut(&mut peers[0]).await) });
    let cut: Vec<String> = futures_util::future::join_all(checks)
        .await
        .into_iter()
        .filter(|(_, cut)| *cut)
        .map(|(r, _)| r)
        .collect();
    assert_eq!(cut.len() as u64, gone_rooms, "exactly the rooms of the instance that left were cut");

    // Their peers reconnect through the proxy and meet again elsewhere.
    for room in &cut {
        let peers = fill(front, room).await;
        rooms.insert(room.clone(), peers);
    }
    let mut total = 0;
    for (i, s) in instances.iter().enumerate() {
        let h = health(s.1).await;
        total += rooms_of(&h);
        println!("after: instance {i} holds {} rooms", rooms_of(&h));
    }
    assert_eq!(total, ROOMS as u64, "every room is back, on the two instances left");
    assert!(tokio::net::TcpStream::connect(gone_addr).await.is_err(), "the instance that left is gone");
}

/// The path of `program` on `PATH` (and the sbin directories Debian puts haproxy in).
fn which(program: &str) -> Result<std::path::PathBuf, ()> {
    let path = std::env::var("PATH").unwrap_or_default();
    let found = path
        .split(':')
        .chain(["/usr/sbin", "/sbin"])
        .map(|dir| std::path::Path::new(dir).join(program))
        .find(|p| p.is_file());
    found.ok_or(())
}
