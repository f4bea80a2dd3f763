//! The caps that bound what clients can make the server hold.
//!
//! Signalling carries only WebRTC offers, answers and ICE candidates (a few KiB
//! each) and keep-alives; game data never passes through the server. So every
//! resource a client can make us hold has a cap here, and the worst case follows
//! from them: at most [`Limits::max_connections`] sockets, each with at most
//! [`Limits::max_queued_bytes`] waiting for it plus its websocket buffers (one
//! message of [`Limits::max_message_bytes`] each way). See `docs/PERFORMANCE.md`.

use std::time::Duration;

/// Caps on what clients may use. Every field has a safe default ([`Limits::default`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Rooms that may be open at once (a room is open while it has a peer). Default 1000.
    pub max_rooms: usize,
    /// Peers in one room at once. Default 16 (two crews of stations plus spectators).
    pub max_peers_per_room: usize,
    /// Largest websocket message or frame a peer may send, in bytes. Default 64 KiB,
    /// well above an SDP offer. A larger one closes the connection with code 1009.
    pub max_message_bytes: usize,
    /// New signalling connections one address may open per [`Self::connect_window`].
    /// Default 20: a reconnecting tablet needs a handful, a loop needs thousands.
    pub max_connects_per_ip: u32,
    /// The window for [`Self::max_connects_per_ip`]. Default 10 s.
    pub connect_window: Duration,
    /// TCP connections open at once, all addresses together (HTTP and websockets).
    /// Default 10,000: 1,000 rooms of 8 plus page loads. Keep it under the process's
    /// open-file limit (`ulimit -n`); the server warns at start if it is not.
    pub max_connections: usize,
    /// TCP connections one address may hold open at once. Default 64: a game table
    /// behind one home router (8 tablets, each a websocket and a few page-load
    /// connections), not one script holding every room.
    pub max_connections_per_ip: usize,
    /// Bytes that may wait in one peer's outgoing queue. Default 128 KiB (two
    /// largest messages, or a whole room's handshake for a slow phone). A peer
    /// that falls further behind is disconnected (code 4507), never buffered.
    pub max_queued_bytes: usize,
    /// Relay budget refilled per second, per peer, in units of one message plus
    /// one per KiB it carries. Default 40: a handshake needs a few messages per
    /// peer pair; a flooding peer is slowed to this rate (its reads pause).
    pub relay_per_sec: u32,
    /// Relay budget a peer may spend at once (same units). Default 400: every
    /// offer, answer and ICE candidate of a newcomer in a full room of 16.
    pub relay_burst: u32,
    /// How long a client may take to send a request's headers; also how long an
    /// idle keep-alive HTTP connection stays open. Default 10 s (slowloris).
    pub header_timeout: Duration,
    /// How long a websocket may stay silent before it is closed (code 4408).
    /// Default 120 s: matchbox_socket sends a keep-alive every 10 s, and a
    /// background tab's timers may be throttled to once a minute.
    pub idle_timeout: Duration,
    /// Each websocket's read buffer (and the most read from the socket at once),
    /// in bytes. Default 512. tungstenite keeps a connection's buffers at the
    /// largest size they ever grew to, and a larger message grows them only as
    /// far as it needs (up to [`Self::max_message_bytes`]), so the start size is
    /// what every idle peer pays: 8,000 peers after a handshake storm took 189 MB
    /// at 4 KiB, 116–129 MB at 1 KiB and 107 MB at 512 bytes (`docs/PERFORMANCE.md`).
    /// Writes are not buffered (each frame goes to the socket as it is fed).
    pub ws_buffer_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_rooms: 1000,
            max_peers_per_room: 16,
            max_message_bytes: 64 * 1024,
            max_connects_per_ip: 20,
            connect_window: Duration::from_secs(10),
            max_connections: 10_000,
            max_connections_per_ip: 64,
            max_queued_bytes: 128 * 1024,
            relay_per_sec: 40,
            relay_burst: 400,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            ws_buffer_bytes: 512,
        }
    }
}

/// The smallest message cap that still lets a WebRTC offer through.
pub const MIN_MESSAGE_BYTES: usize = 1024;

/// What a relayed signal adds around the sender's data (`{"Signal":{"sender":"<uuid>","data":…}}`),
/// rounded up: the outgoing queue must hold at least one largest message.
pub const RELAY_OVERHEAD_BYTES: usize = 128;

impl Limits {
    /// Checks that every cap lets at least a minimal game through.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first cap that cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let zero = [
            ("max-rooms", self.max_rooms == 0),
            ("max-peers-per-room", self.max_peers_per_room == 0),
            ("max-connects-per-ip", self.max_connects_per_ip == 0),
            ("connect-window-secs", self.connect_window.is_zero()),
            ("max-connections", self.max_connections == 0),
            ("max-connections-per-ip", self.max_connections_per_ip == 0),
            ("relay-per-sec", self.relay_per_sec == 0),
            ("header-timeout-secs", self.header_timeout.is_zero()),
            ("idle-timeout-secs", self.idle_timeout.is_zero()),
            ("ws-buffer-bytes", self.ws_buffer_bytes == 0),
        ];
        if let Some((name, _)) = zero.iter().find(|(_, is_zero)| *is_zero) {
            return Err(ConfigError::ZeroCap(name));
        }
        if self.max_message_bytes < MIN_MESSAGE_BYTES {
            return Err(ConfigError::MessageCapTooSmall(self.max_message_bytes));
        }
        let one_message = self.max_message_bytes + RELAY_OVERHEAD_BYTES;
        if self.max_queued_bytes < one_message {
            return Err(ConfigError::QueueTooSmall { queue: self.max_queued_bytes, message: one_message });
        }
        if u64::from(self.relay_burst) < self.relay_cost(self.max_message_bytes) {
            return Err(ConfigError::BurstTooSmall {
                burst: self.relay_burst,
                cost: self.relay_cost(self.max_message_bytes),
            });
        }
        Ok(())
    }

    /// What relaying a message of `bytes` costs from the relay budget: one unit
    /// for the message and one per started KiB, so both floods of tiny messages
    /// and streams of large ones are slowed.
    pub fn relay_cost(&self, bytes: usize) -> u64 {
        1 + (bytes as u64).div_ceil(1024)
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
    /// One largest message would already overflow a peer's queue.
    #[error("--max-queued-bytes {queue} is too small: one relayed message may take {message}")]
    QueueTooSmall {
        /// The queue cap asked for.
        queue: usize,
        /// One largest relayed message.
        message: usize,
    },
    /// One largest message would cost more than the whole relay budget.
    #[error("--relay-burst {burst} is too small: one largest message costs {cost}")]
    BurstTooSmall {
        /// The burst asked for.
        burst: u32,
        /// The cost of one largest message.
        cost: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        assert_eq!(Limits::default().validate(), Ok(()));
    }

    #[test]
    fn caps_that_cannot_work_are_refused() {
        let limits = Limits { max_peers_per_room: 0, ..Limits::default() };
        assert_eq!(limits.validate(), Err(ConfigError::ZeroCap("max-peers-per-room")));
        let limits = Limits { max_message_bytes: 10, ..Limits::default() };
        assert_eq!(limits.validate(), Err(ConfigError::MessageCapTooSmall(10)));
        let limits = Limits { max_queued_bytes: 1000, ..Limits::default() };
        assert!(matches!(limits.validate(), Err(ConfigError::QueueTooSmall { .. })));
        let limits = Limits { relay_burst: 10, ..Limits::default() };
        assert_eq!(limits.validate(), Err(ConfigError::BurstTooSmall { burst: 10, cost: 65 }));
    }

    #[test]
    fn relay_cost_counts_messages_and_kibibytes() {
        let limits = Limits::default();
        assert_eq!(limits.relay_cost(0), 1);
        assert_eq!(limits.relay_cost(1), 2);
        assert_eq!(limits.relay_cost(1024), 2);
        assert_eq!(limits.relay_cost(64 * 1024), 65);
    }
}
