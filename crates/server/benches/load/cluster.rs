//! What the load clients connect to: one `duel-server`, or `--shards N`
//! instances behind a real HAProxy configured as `deploy/haproxy.cfg` is
//! (the room's path hashed consistently, PROXY protocol to the instances,
//! which trust only the proxy's source address), all on loopback.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The address HAProxy connects to the instances from: the one they trust.
const PROXY_SOURCE: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 9);
/// Ring points per instance are `weight × 16`: HAProxy's default weight of 1
/// gives 16 points each, and three instances then hold rooms −19 % … +11 %
/// of the mean (300 rooms, crates/server/tests/haproxy.rs). 64 gives 1,024.
pub const WEIGHT: u32 = 64;

/// The processes under test, stopped when dropped.
pub struct Cluster {
    /// Each instance with its address (the clients never connect to them directly when sharded).
    pub instances: Vec<(Child, SocketAddr)>,
    pub proxy: Option<Child>,
    /// Where the clients connect.
    pub front: SocketAddr,
    _config: Option<tempfile::TempDir>,
}

impl Cluster {
    /// One instance (`shards` 0) or `shards` behind HAProxy.
    pub fn start(dist: &Path, shards: usize, extra: &[String]) -> Cluster {
        if shards == 0 {
            let (child, addr) = start_server(dist, extra);
            return Cluster { instances: vec![(child, addr)], proxy: None, front: addr, _config: None };
        }
        let mut flags = extra.to_vec();
        flags.extend(["--trusted-proxy".to_owned(), PROXY_SOURCE.to_string()]);
        let instances: Vec<(Child, SocketAddr)> = (0..shards).map(|_| start_server(dist, &flags)).collect();
        let front: SocketAddr = (Ipv4Addr::LOCALHOST, free_port()).into();
        let dir = tempfile::tempdir().expect("a directory for haproxy.cfg");
        let cfg = dir.path().join("haproxy.cfg");
        let addrs: Vec<SocketAddr> = instances.iter().map(|i| i.1).collect();
        std::fs::write(&cfg, config(front, &addrs)).expect("haproxy.cfg written");
        let bin = haproxy();
        let check = Command::new(&bin).arg("-c").arg("-f").arg(&cfg).output().expect("haproxy -c runs");
        assert!(check.status.success(), "haproxy -c: {}", String::from_utf8_lossy(&check.stderr));
        let proxy = Command::new(&bin)
            .arg("-db")
            .arg("-f")
            .arg(&cfg)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("haproxy starts");
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(front).is_err() {
            assert!(Instant::now() < deadline, "haproxy did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        std::thread::sleep(Duration::from_millis(1_500)); // the first health checks pass (rise 2)
        Cluster { instances, proxy: Some(proxy), front, _config: Some(dir) }
    }

    /// The instances' process ids, in order.
    pub fn instance_pids(&self) -> Vec<u32> {
        self.instances.iter().map(|i| i.0.id()).collect()
    }

    pub fn proxy_pid(&self) -> Option<u32> {
        self.proxy.as_ref().map(Child::id)
    }

    /// `(rooms, peers)` of every instance, from its own `/health`.
    pub fn health(&self) -> Vec<(u64, u64)> {
        self.instances.iter().map(|i| health(i.1)).collect()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for child in self.proxy.iter_mut().chain(self.instances.iter_mut().map(|i| &mut i.0)) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `deploy/haproxy.cfg`'s backend on loopback, without TLS, sized for the load:
/// 8,000 clients and as many connections on to the instances, 2 × 9,000
/// sockets within the machine's 20,000 file descriptors a process.
fn config(front: SocketAddr, servers: &[SocketAddr]) -> String {
    let mut cfg = format!(
        "global\n  maxconn 9000\n\
         defaults\n  mode http\n  timeout connect 5s\n  timeout client 60s\n  timeout server 60s\n  timeout tunnel 1h\n\
         frontend game\n  bind {front}\n  maxconn 9000\n  default_backend rooms\n\
         backend rooms\n  balance uri path-only\n  hash-type consistent\n  option httpchk GET /health\n\
         default-server check inter 1s fall 2 rise 2 send-proxy check-send-proxy source {PROXY_SOURCE} weight {WEIGHT}\n"
    );
    for (i, s) in servers.iter().enumerate() {
        cfg.push_str(&format!("  server s{i} {s}\n"));
    }
    cfg
}

fn haproxy() -> PathBuf {
    ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/sbin/haproxy"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .expect("haproxy is not installed: scripts/install-tools.sh installs it (Debian package haproxy)")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `duel-server` on a free loopback port; returns it and its address.
fn start_server(dist: &Path, extra: &[String]) -> (Child, SocketAddr) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_duel-server"))
        .args(["--bind", "127.0.0.1:0", "--dist"])
        .arg(dist)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("duel-server starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("Dice Duel: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("unexpected first line from duel-server: {line:?}"));
    (server, addr)
}

/// `(rooms, peers)` from `/health`.
fn health(addr: SocketAddr) -> (u64, u64) {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.write_all(b"GET /health HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    let body = answer.split_once("\r\n\r\n").map(|(_, body)| body).unwrap_or_default();
    let json: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    (json["rooms"].as_u64().unwrap_or(u64::MAX), json["peers"].as_u64().unwrap_or(u64::MAX))
}

/// The resident memory of process `pid`, in KiB.
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse().ok())
        .unwrap_or_default()
}

/// CPU time process `pid` has used (user + system), in clock ticks (1/100 s on Linux).
pub fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command (which may hold spaces) start after the last ')'.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or_default();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line: the 12th and 13th after the ')'.
    let field = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or_default();
    field(11) + field(12)
}
