//! `duel-server`: serves Dice Duel (the built `dist/`) and its signalling on one port.
#![forbid(unsafe_code)]

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use duel_server::{Limits, ServerConfig, DEFAULT_BIND};
use tracing::Level;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Dice Duel server: the app and the matchbox signalling websocket (/signal/<room>)
/// on one port. Listens on loopback only unless told otherwise.
#[derive(Debug, Parser)]
#[command(name = "duel-server", version)]
struct Cli {
    /// Address to listen on. A LAN address (or 0.0.0.0) opens the game to tablets.
    #[arg(long, default_value_t = DEFAULT_BIND)]
    bind: SocketAddr,
    /// Port to listen on, keeping the --bind address (0 picks a free one).
    #[arg(long)]
    port: Option<u16>,
    /// A load balancer (HAProxy with `send-proxy`) whose connections start with a
    /// PROXY protocol header naming the real client; repeat for several.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// A TURN relay URL for /ice (coturn with use-auth-secret), e.g.
    /// turn:turn.example.org:3478?transport=udp; repeat for several. Needs --turn-secret-file.
    #[arg(long = "turn-url", value_name = "URL")]
    turn_urls: Vec<String>,
    /// A file holding coturn's static-auth-secret (kept off the command line).
    #[arg(long, value_name = "FILE")]
    turn_secret_file: Option<PathBuf>,
    /// How long a minted TURN credential lives, in seconds.
    #[arg(long, default_value_t = duel_server::DEFAULT_TURN_TTL.as_secs())]
    turn_ttl_secs: u64,
    /// The built app (Trunk's output folder).
    #[arg(long, default_value = "dist")]
    dist: PathBuf,
    /// Rooms open at once.
    #[arg(long, default_value_t = Limits::default().max_rooms)]
    max_rooms: usize,
    /// Peers in one room at once.
    #[arg(long, default_value_t = Limits::default().max_peers_per_room)]
    max_peers_per_room: usize,
    /// Largest websocket message a peer may send, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message_bytes)]
    max_message_bytes: usize,
    /// New signalling connections one address may open per --connect-window-secs.
    #[arg(long, default_value_t = Limits::default().max_connects_per_ip)]
    max_connects_per_ip: u32,
    /// The window for --max-connects-per-ip, in seconds.
    #[arg(long, default_value_t = Limits::default().connect_window.as_secs())]
    connect_window_secs: u64,
    /// TCP connections open at once, all addresses together. Keep under `ulimit -n`.
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// TCP connections one address (an IPv4 address or an IPv6 /64) may hold open.
    #[arg(long, default_value_t = Limits::default().max_connections_per_ip)]
    max_connections_per_ip: usize,
    /// Bytes that may wait to be sent to one peer before it is disconnected as too slow.
    #[arg(long, default_value_t = Limits::default().max_queued_bytes)]
    max_queued_bytes: usize,
    /// Relay budget per peer per second (one unit per message plus one per KiB).
    #[arg(long, default_value_t = Limits::default().relay_per_sec)]
    relay_per_sec: u32,
    /// Relay budget a peer may spend at once (same units).
    #[arg(long, default_value_t = Limits::default().relay_burst)]
    relay_burst: u32,
    /// Seconds a client may take to send request headers (and an idle HTTP connection stays).
    #[arg(long, default_value_t = Limits::default().header_timeout.as_secs())]
    header_timeout_secs: u64,
    /// Seconds a websocket may stay silent before it is closed.
    #[arg(long, default_value_t = Limits::default().idle_timeout.as_secs())]
    idle_timeout_secs: u64,
    /// Each websocket's read buffer, in bytes (what every idle peer pays).
    #[arg(long, default_value_t = Limits::default().ws_buffer_bytes)]
    ws_buffer_bytes: usize,
    /// Log every connection and dropped message (debug level).
    #[arg(long, short)]
    verbose: bool,
}

impl Cli {
    /// The TURN relay, if configured: URLs and a readable, non-empty secret go together.
    fn turn(&self) -> Result<Option<duel_server::Turn>, String> {
        match (&self.turn_secret_file, self.turn_urls.is_empty()) {
            (None, true) => Ok(None),
            (None, false) => Err("--turn-url needs --turn-secret-file".into()),
            (Some(_), true) => Err("--turn-secret-file needs at least one --turn-url".into()),
            (Some(file), false) => {
                let secret = std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read --turn-secret-file {}: {e}", file.display()))?;
                let secret = secret.trim().to_string();
                if secret.is_empty() {
                    return Err(format!("--turn-secret-file {} is empty", file.display()));
                }
                if self.turn_ttl_secs == 0 {
                    return Err("--turn-ttl-secs must be at least 1".into());
                }
                Ok(Some(duel_server::Turn {
                    urls: self.turn_urls.clone(),
                    secret,
                    ttl: Duration::from_secs(self.turn_ttl_secs),
                }))
            }
        }
    }

    fn config(&self) -> ServerConfig {
        let mut bind = self.bind;
        if let Some(port) = self.port {
            bind.set_port(port);
        }
        let config = ServerConfig::default().with_trusted_proxies(self.trusted_proxies.clone());
        config.with_bind(bind).with_dist(self.dist.clone()).with_limits(Limits {
            max_rooms: self.max_rooms,
            max_peers_per_room: self.max_peers_per_room,
            max_message_bytes: self.max_message_bytes,
            max_connects_per_ip: self.max_connects_per_ip,
            connect_window: Duration::from_secs(self.connect_window_secs),
            max_connections: self.max_connections,
            max_connections_per_ip: self.max_connections_per_ip,
            max_queued_bytes: self.max_queued_bytes,
            relay_per_sec: self.relay_per_sec,
            relay_burst: self.relay_burst,
            header_timeout: Duration::from_secs(self.header_timeout_secs),
            idle_timeout: Duration::from_secs(self.idle_timeout_secs),
            ws_buffer_bytes: self.ws_buffer_bytes,
        })
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = if cli.verbose { Level::DEBUG } else { Level::INFO };
    let filter = Targets::new().with_default(level);
    tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal()),
        )
        .with(filter)
        .init();

    let turn = match cli.turn() {
        Ok(turn) => turn,
        Err(e) => {
            eprintln!("duel-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let server = match duel_server::start(cli.config().with_turn(turn)).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("duel-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let addr = server.local_addr();
    println!("Dice Duel: http://{addr}/");
    if addr.ip().is_unspecified() {
        println!("(all interfaces: on a tablet, open this machine's LAN address, port {})", addr.port());
    }
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match server.run_until(ctrl_c).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel-server: {e}");
            ExitCode::FAILURE
        }
    }
}
