//! What the server is told at start: where to listen, what to serve, and the caps.
//!
//! The defaults are safe for a laptop at the game table: loopback only, so nothing
//! is reachable from the network until someone passes `--bind` with a LAN address.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

mod limits;

pub use limits::{ConfigError, Limits, MIN_MESSAGE_BYTES};

/// Default listen address: loopback, port 8080.
pub const DEFAULT_BIND: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT);
/// Default port, used with [`DEFAULT_BIND`].
pub const DEFAULT_PORT: u16 = 8080;

/// Where the server listens and what it serves.
///
/// Build one with [`ServerConfig::default`] and the `with_*` methods; every field
/// has a documented default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// Address to listen on. Default `127.0.0.1:8080`; port 0 picks a free port.
    pub bind: SocketAddr,
    /// The built app (Trunk's output). Default `dist`.
    pub dist: PathBuf,
    /// The caps that keep one misbehaving client from hurting the others.
    pub limits: Limits,
    /// Load balancers whose connections start with a PROXY protocol header
    /// naming the real client (see `proxy.rs`). Default: none, so no address
    /// can claim to speak for another.
    pub trusted_proxies: Vec<IpAddr>,
    /// A TURN relay (coturn with `use-auth-secret`) whose credentials `/ice`
    /// mints. Default: none, and `/ice` says so (peers connect directly).
    pub turn: Option<crate::ice::Turn>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            bind: DEFAULT_BIND,
            dist: PathBuf::from("dist"),
            limits: Limits::default(),
            trusted_proxies: Vec::new(),
            turn: None,
        }
    }
}

impl ServerConfig {
    /// Listen on `bind` instead of the default.
    #[must_use]
    pub fn with_bind(mut self, bind: SocketAddr) -> Self {
        self.bind = bind;
        self
    }

    /// Serve the app from `dist` instead of `./dist`.
    #[must_use]
    pub fn with_dist(mut self, dist: impl Into<PathBuf>) -> Self {
        self.dist = dist.into();
        self
    }

    /// Replace all caps at once.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Trust these load balancers' PROXY headers.
    #[must_use]
    pub fn with_trusted_proxies(mut self, proxies: Vec<IpAddr>) -> Self {
        self.trusted_proxies = proxies;
        self
    }

    /// Mint credentials for this TURN relay at `/ice`.
    #[must_use]
    pub fn with_turn(mut self, turn: Option<crate::ice::Turn>) -> Self {
        self.turn = turn;
        self
    }

    /// Checks that the caps make sense together.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first cap that cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.limits.validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_loopback_and_valid() {
        let config = ServerConfig::default();
        assert!(config.bind.ip().is_loopback());
        assert_eq!(config.bind.port(), 8080);
        assert_eq!(config.validate(), Ok(()));
        assert!(config.trusted_proxies.is_empty(), "no proxy is trusted unless named");
    }
}
