//! Load benchmark (not run in CI): 1,000 rooms × 8 peers join at once, a minute of
//! signalling, teardown; three waves on one server, or on `--shards N` instances
//! behind a real HAProxy (see `cluster.rs`).
//!
//! ```text
//! ulimit -n 20000
//! CARGO_TARGET_DIR=target cargo bench -p duel-server --bench load -- [--rooms 1000] [--peers 8]
//!     [--secs 60] [--waves 3] [--addresses 500] [--shards 3] [-- <extra duel-server flags>]
//! ```
//!
//! The server is the real `duel-server` binary (bench profile: optimised), started
//! as its own process with its **shipped default caps**, so its RSS is its own.
//! The per-address caps (20 new connections per 10 s, 64 open) would refuse a load
//! client on one address, so the clients spread over `--addresses` loopback
//! addresses 127.1.x.y (Linux routes all of 127/8 to `lo`): 500 addresses give 16
//! peers each, as if 500 households played.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;
mod cluster;

use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use client::{Outcome, Wave};
use cluster::{cpu_ticks, rss_kib, Cluster};
use tokio::sync::watch;

struct Args {
    rooms: usize,
    peers: usize,
    secs: u64,
    waves: usize,
    addresses: usize,
    /// 0: the clients talk to one server; N: to N instances through HAProxy.
    shards: usize,
    server_flags: Vec<String>,
}

fn args() -> Args {
    let mut args = Args {
        rooms: 1000,
        peers: 8,
        secs: 60,
        waves: 3,
        addresses: 500,
        shards: 0,
        server_flags: Vec::new(),
    };
    let mut given = std::env::args().skip(1);
    while let Some(flag) = given.next() {
        let mut value = || given.next().expect("a value after the flag");
        match flag.as_str() {
            "--rooms" => args.rooms = value().parse().expect("--rooms N"),
            "--peers" => args.peers = value().parse().expect("--peers N"),
            "--secs" => args.secs = value().parse().expect("--secs N"),
            "--waves" => args.waves = value().parse().expect("--waves N"),
            "--addresses" => args.addresses = value().parse().expect("--addresses N"),
            "--shards" => args.shards = value().parse().expect("--shards N"),
            // cargo bench appends --bench after everything, even after "--".
            "--" => args.server_flags = given.by_ref().filter(|f| f != "--bench").collect(),
            // cargo bench passes --bench.
            _ => {}
        }
    }
    args
}

fn main() {
    let args = args();
    let dist = tempfile::tempdir().expect("a temporary dist");
    std::fs::write(dist.path().join("index.html"), "<!doctype html>").unwrap();
    let cluster = Cluster::start(dist.path(), args.shards, &args.server_flags);
    let addr = cluster.front;
    // Every process measured: the instances, then HAProxy when sharded.
    let pids: Vec<u32> = cluster.instance_pids().into_iter().chain(cluster.proxy_pid()).collect();
    let pid = pids[0];
    let peaks: Arc<Vec<AtomicU64>> = Arc::new(pids.iter().map(|_| AtomicU64::new(0)).collect());
    {
        let (peaks, pids) = (peaks.clone(), pids.clone());
        std::thread::spawn(move || loop {
            for (peak, pid) in peaks.iter().zip(&pids) {
                peak.fetch_max(rss_kib(*pid), Ordering::Relaxed);
            }
            std::thread::sleep(Duration::from_millis(20));
        });
    }
    let peak = &peaks[0];
    println!("load average before: {}", loadavg());
    let shape = match args.shards {
        0 => format!("duel-server pid {pid} at {addr}"),
        n => {
            format!("{n} duel-server instances (pids {pids:?}, the last is HAProxy) behind HAProxy at {addr}")
        }
    };
    println!(
        "{shape}: {} waves of {} rooms × {} peers, {} s of signalling, from {} addresses",
        args.waves, args.rooms, args.peers, args.secs, args.addresses
    );
    println!(
        "| wave | connected | pairs introduced | all in after | handshake relay p50 / p99 (n) \
         | steady relay p50 / p99 / max (n) | server peak RSS | RSS after | teardown |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let mut last_wave: Option<Instant> = None;
    for number in 1..=args.waves {
        // The same addresses connect again: let the connect-rate window (10 s by
        // default) pass, as it would between two evenings of play.
        if let Some(last) = last_wave {
            std::thread::sleep(Duration::from_secs(11).saturating_sub(last.elapsed()));
        }
        last_wave = Some(Instant::now());
        for (peak, pid) in peaks.iter().zip(&pids) {
            peak.store(rss_kib(*pid), Ordering::Relaxed);
        }
        let cpu_before: Vec<u64> = pids.iter().map(|p| cpu_ticks(*p)).collect();
        let clock = Instant::now();
        let report = runtime.block_on(wave(&args, number, &cluster));
        let secs = clock.elapsed().as_secs_f64();
        // Clock ticks are 1/100 s: ticks per second is per cent of a core.
        let cpu_pct: Vec<f64> =
            pids.iter().zip(&cpu_before).map(|(p, before)| (cpu_ticks(*p) - before) as f64 / secs).collect();
        let after = rss_kib(pid);
        println!(
            "| {number} | {:.2} % ({}/{}) | {:.2} % ({}/{}) | {:.2} s | {:.1} / {:.1} ms ({}) \
             | {:.1} / {:.1} / {:.1} ms ({}) | {:.1} MB | {:.1} MB | {:.3} s |",
            pct(report.connected, report.peers),
            report.connected,
            report.peers,
            pct(report.pairs_ok, report.pairs),
            report.pairs_ok,
            report.pairs,
            report.connect.as_secs_f64(),
            report.handshake.ms(50),
            report.handshake.ms(99),
            report.handshake.sorted.len(),
            report.steady.ms(50),
            report.steady.ms(99),
            report.steady.max_ms(),
            report.steady.sorted.len(),
            peak.load(Ordering::Relaxed) as f64 / 1024.0,
            after as f64 / 1024.0,
            report.teardown.as_secs_f64(),
        );
        println!(
            "  all introduced after {:.2} s; server RSS at the end of the steady signalling {:.1} MB; \
             load average after the wave: {}",
            report.introduced_after.as_secs_f64(),
            report.rss_steady_kib as f64 / 1024.0,
            loadavg()
        );
        if args.shards > 0 {
            print_shards(&report.spread, &peaks, &cpu_pct);
        }
        for failure in report.failures.iter().take(5) {
            println!("  failure: {failure}");
        }
    }
}

/// Per instance: rooms held, peak RSS and CPU over the wave; HAProxy's the same.
fn print_shards(spread: &[u64], peaks: &[AtomicU64], cpu_pct: &[f64]) {
    let mean = spread.iter().sum::<u64>() as f64 / spread.len().max(1) as f64;
    let off = |n: u64| 100.0 * (n as f64 - mean) / mean;
    let worst = spread.iter().map(|n| off(*n).abs()).fold(0.0, f64::max);
    println!("  rooms per instance {spread:?}: within ±{worst:.1} % of the mean {mean:.0}");
    for (i, rooms) in spread.iter().enumerate() {
        println!(
            "  instance {i}: {rooms} rooms ({:+.1} %), peak RSS {:.1} MB, CPU {:.0} % of a core over the wave",
            off(*rooms),
            peaks[i].load(Ordering::Relaxed) as f64 / 1024.0,
            cpu_pct[i]
        );
    }
    let proxy = spread.len();
    println!(
        "  haproxy: peak RSS {:.1} MB, CPU {:.0} % of a core over the wave",
        peaks[proxy].load(Ordering::Relaxed) as f64 / 1024.0,
        cpu_pct[proxy]
    );
}

struct Report {
    peers: usize,
    connected: usize,
    pairs: usize,
    pairs_ok: usize,
    connect: Duration,
    handshake: Latencies,
    steady: Latencies,
    teardown: Duration,
    failures: Vec<String>,
    /// When every introduction had arrived (the handshake storm is over soon after).
    introduced_after: Duration,
    /// Server RSS at the end of the steady signalling (the first instance when sharded).
    rss_steady_kib: u64,
    /// Rooms on each instance once everyone was in.
    spread: Vec<u64>,
}

async fn wave(args: &Args, number: usize, cluster: &Cluster) -> Report {
    let (addr, pid) = (cluster.front, cluster.instance_pids()[0]);
    let total = args.rooms * args.peers;
    let (go_tx, go_rx) = watch::channel(false);
    let (stop_tx, stop_rx) = watch::channel(false);
    let wave = Arc::new(Wave {
        number,
        epoch: Instant::now(),
        rooms: (0..args.rooms).map(|_| Mutex::new(Vec::new())).collect(),
        connected: Default::default(),
        new_peers: Default::default(),
        signalling: go_rx,
        stop: stop_rx,
    });
    let started = Instant::now();
    let mut players = Vec::with_capacity(total);
    for i in 0..total {
        let a = i % args.addresses;
        let source = Ipv4Addr::new(127, 1, (a / 250) as u8, (a % 250 + 1) as u8);
        let seed = (number * total + i) as u64;
        players.push(tokio::spawn(client::play(addr, source, i / args.peers, seed, wave.clone())));
    }
    // All in (or a minute passed), then every introduction (or 15 s more).
    let expected_new = args.rooms * args.peers * (args.peers - 1) / 2;
    let deadline = Instant::now() + Duration::from_secs(60);
    while wave.connected.load(Ordering::Relaxed) < total && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let connect = started.elapsed();
    let deadline = Instant::now() + Duration::from_secs(15);
    while wave.new_peers.load(Ordering::Relaxed) < expected_new && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let _ = go_tx.send(true);
    let introduced_after = started.elapsed();
    let spread: Vec<u64> = cluster.health().iter().map(|(rooms, _)| *rooms).collect();
    tokio::time::sleep(Duration::from_secs(args.secs)).await;
    let rss_steady = rss_kib(pid);

    let _ = stop_tx.send(true);
    let down = Instant::now();
    let teardown = loop {
        let all = cluster.health();
        if all.iter().all(|(rooms, peers)| *rooms == 0 && *peers == 0) {
            break down.elapsed();
        }
        if down.elapsed() > Duration::from_secs(60) {
            break Duration::MAX;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(total);
    for player in players {
        outcomes.push(player.await.unwrap());
    }
    let mut report = summarise(args, outcomes, connect, teardown);
    report.introduced_after = introduced_after;
    report.rss_steady_kib = rss_steady;
    report.spread = spread;
    report
}

fn summarise(args: &Args, outcomes: Vec<Outcome>, connect: Duration, teardown: Duration) -> Report {
    let mut by_room: Vec<Vec<&Outcome>> = vec![Vec::new(); args.rooms];
    for outcome in &outcomes {
        by_room[outcome.room].push(outcome);
    }
    let (mut pairs, mut pairs_ok) = (0, 0);
    for room in &by_room {
        for (i, a) in room.iter().enumerate() {
            for b in &room[i + 1..] {
                pairs += 1;
                let (Some(a_id), Some(b_id)) = (&a.id, &b.id) else { continue };
                let a_told = a.new_peers.iter().filter(|id| *id == b_id).count();
                let b_told = b.new_peers.iter().filter(|id| *id == a_id).count();
                if a_told + b_told == 1 {
                    pairs_ok += 1;
                }
            }
        }
    }
    let handshake = Latencies::of(outcomes.iter().flat_map(|o| o.handshake_us.iter().copied()));
    let steady = Latencies::of(outcomes.iter().flat_map(|o| o.steady_us.iter().copied()));
    Report {
        peers: outcomes.len(),
        connected: outcomes.iter().filter(|o| o.id.is_some()).count(),
        pairs,
        pairs_ok,
        connect,
        handshake,
        steady,
        teardown,
        failures: outcomes.iter().filter_map(|o| o.failure.clone()).collect(),
        introduced_after: Duration::ZERO,
        rss_steady_kib: 0,
        spread: Vec::new(),
    }
}

/// Relay latencies of one kind of signal, in µs.
struct Latencies {
    sorted: Vec<u32>,
}

impl Latencies {
    fn of(all: impl Iterator<Item = u32>) -> Self {
        let mut sorted: Vec<u32> = all.collect();
        sorted.sort_unstable();
        Self { sorted }
    }

    fn ms(&self, per_cent: usize) -> f64 {
        let at = (self.sorted.len() * per_cent / 100).min(self.sorted.len().saturating_sub(1));
        f64::from(self.sorted.get(at).copied().unwrap_or_default()) / 1000.0
    }

    fn max_ms(&self) -> f64 {
        f64::from(self.sorted.last().copied().unwrap_or_default()) / 1000.0
    }
}

fn pct(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The machine's 1/5/15-minute load averages: the bench shares its cores.
fn loadavg() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}
