//! Why the server could not start or stopped.

use std::net::SocketAddr;

use crate::config::ConfigError;

/// Everything that can stop the server. Nothing a client sends ends up here: bad
/// requests are refused per connection and logged.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The configuration cannot run a game.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The address is taken, not ours, or needs privileges.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the OS said.
        source: std::io::Error,
    },
    /// Accepting connections failed after start.
    #[error("server failed: {0}")]
    Serve(#[source] std::io::Error),
    /// The server task panicked or was cancelled.
    #[error("server task ended abnormally: {0}")]
    Task(#[from] tokio::task::JoinError),
}
