//! The credentials `/ice` mints open a relay on a real coturn (Debian package
//! `coturn`, installed by `scripts/install-tools.sh`) configured as
//! `deploy/turnserver.conf` is: `use-auth-secret` with the shared secret.
//! coturn's own client, `turnutils_uclient`, allocates a relay with them; a
//! forged password is refused.
#![allow(clippy::unwrap_used)]

mod common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::get;
use duel_server::{ServerConfig, Turn};
use serde_json::Value;

const SECRET: &str = "a-secret-shared-with-coturn";

/// coturn, stopped when dropped.
struct Coturn(Child);

impl Drop for Coturn {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::UdpSocket::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn installed(program: &str) -> std::path::PathBuf {
    ["/usr/bin", "/usr/sbin", "/bin"]
        .iter()
        .map(|dir| std::path::Path::new(dir).join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("{program} is not installed: scripts/install-tools.sh installs coturn from Debian")
        })
}

/// Allocates a relay as `username`/`password` with coturn's client; true if coturn granted it.
fn allocates(port: u16, username: &str, password: &str, log: &std::path::Path) -> bool {
    let before =
        std::fs::read_to_string(log).unwrap_or_default().matches("ALLOCATE processed, success").count();
    let mut client = Command::new(installed("turnutils_uclient"))
        .args(["-t", "-n", "1", "-m", "1", "-u", username, "-w", password, "-p", &port.to_string()])
        .args(["-e", "127.0.0.1", "127.0.0.1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let _ = client.kill();
    let _ = client.wait();
    let after =
        std::fs::read_to_string(log).unwrap_or_default().matches("ALLOCATE processed, success").count();
    after > before
}

#[tokio::test]
async fn coturn_grants_a_relay_to_the_credentials_ice_mints() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let log = dir.path().join("turn.log");
    let _coturn = Coturn(
        Command::new(installed("turnserver"))
            .args(["-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", "--realm=dice-duel"])
            .arg(format!("--listening-port={port}"))
            .args(["--use-auth-secret", &format!("--static-auth-secret={SECRET}")])
            .args(["--no-tls", "--no-dtls", "--no-cli", "--allow-loopback-peers", "--verbose"])
            .arg(format!("--log-file={}", log.display()))
            .arg("--simple-log")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let turn = Turn {
        urls: vec![format!("turn:127.0.0.1:{port}")],
        secret: SECRET.into(),
        ttl: Duration::from_secs(600),
    };
    let config = ServerConfig::default()
        .with_bind("127.0.0.1:0".parse().unwrap())
        .with_dist(dir.path())
        .with_turn(Some(turn));
    let server = duel_server::start(config).await.unwrap();
    let answer = get(server.local_addr(), "/ice?room=table-7").await;
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    let username = body["iceServers"][0]["username"].as_str().unwrap().to_owned();
    let credential = body["iceServers"][0]["credential"].as_str().unwrap().to_owned();
    // coturn takes a moment to listen (longer on a loaded machine): try until
    // it grants, for up to 15 s; a refused credential fails every try.
    let mut granted = false;
    for _ in 0..30 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (log2, user2, cred2) = (log.clone(), username.clone(), credential.clone());
        granted = tokio::task::spawn_blocking(move || allocates(port, &user2, &cred2, &log2)).await.unwrap();
        if granted {
            break;
        }
    }
    assert!(
        granted,
        "coturn refused the minted credential; log:\n{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let forged =
        tokio::task::spawn_blocking(move || allocates(port, &username, "Zm9yZ2Vk", &log)).await.unwrap();
    assert!(!forged, "a forged password must not open a relay");
}
