//! What the server is told at start: where to listen, what to serve, and the caps.
//!
//! The defaults are safe for a laptop at the game table: loopback only, so nothing
//! is reachable from the network until someone passes `--bind` with a LAN address.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

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
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self { bind: DEFAULT_BIND, dist: PathBuf::from("dist"), limits: Limits::default() }
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

    /// Checks that the caps make sense together.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first cap that cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.limits.validate()
    }
}

/// Caps on what clients may use. Signalling carries only WebRTC offers, answers and
/// ICE candidates (a few KiB each); game data never passes through the server, so
/// these can be tight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Rooms that may be open at once (a room is open while it has a peer). Default 1000.
    pub max_rooms: usize,
    /// Peers in one room at once. Default 16 (two crews of stations plus spectators).
    pub max_peers_per_room: usize,
    /// Largest websocket message or frame a peer may send, in bytes. Default 64 KiB,
    /// well above an SDP offer. A larger one closes the connection with code 1009.
    pub max_message_bytes: usize,
    /// New signalling connections one IP address may open per [`Self::connect_window`].
    /// Default 20: a reconnecting tablet needs a handful, a loop needs thousands.
    pub max_connects_per_ip: u32,
    /// The window for [`Self::max_connects_per_ip`]. Default 10 s.
    pub connect_window: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_rooms: 1000,
            max_peers_per_room: 16,
            max_message_bytes: 64 * 1024,
            max_connects_per_ip: 20,
            connect_window: Duration::from_secs(10),
        }
    }
}

/// The smallest message cap that still lets a WebRTC offer through.
pub const MIN_MESSAGE_BYTES: usize = 1024;

impl Limits {
    /// Checks that every cap lets at least a minimal game through.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first cap that cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.max_rooms == 0 {
            return Err(ConfigError::ZeroCap("max-rooms"));
        }
        if self.max_peers_per_room == 0 {
            return Err(ConfigError::ZeroCap("max-peers-per-room"));
        }
        if self.max_connects_per_ip == 0 {
            return Err(ConfigError::ZeroCap("max-connects-per-ip"));
        }
        if self.connect_window.is_zero() {
            return Err(ConfigError::ZeroCap("connect-window-secs"));
        }
        if self.max_message_bytes < MIN_MESSAGE_BYTES {
            return Err(ConfigError::MessageCapTooSmall(self.max_message_bytes));
        }
        Ok(())
    }
}

/// A configuration that cannot run a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A cap of zero would refuse everyone.
    #[error("--{0} must be at least 1")]
    ZeroCap(&'static str),
    /// WebRTC offers would not fit.
    #[error("--max-message-bytes {0} is too small: WebRTC offers need at least {MIN_MESSAGE_BYTES}")]
    MessageCapTooSmall(usize),
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
    }

    #[test]
    fn zero_caps_are_refused() {
        let limits = Limits { max_peers_per_room: 0, ..Limits::default() };
        assert_eq!(limits.validate(), Err(ConfigError::ZeroCap("max-peers-per-room")));
        let limits = Limits { max_message_bytes: 10, ..Limits::default() };
        assert_eq!(limits.validate(), Err(ConfigError::MessageCapTooSmall(10)));
    }
}
