//! Every way the server turns someone away, with the words the player reads.
//!
//! One enum, so the close codes, HTTP statuses and reasons live in one table
//! (mirrored in `docs/PROTOCOL.md`). A browser cannot read the HTTP status of a
//! refused websocket upgrade (it only sees close code 1006), so a websocket request
//! is refused by accepting the upgrade and closing at once with [`SignalRefusal::close_code`]
//! and the [`Display`](std::fmt::Display) text as the reason. Plain HTTP requests get
//! [`SignalRefusal::http_status`] with the same text as the body.

use std::time::Duration;

use axum::http::StatusCode;

/// A websocket close reason may carry at most 123 bytes (RFC 6455 §5.5: a
/// control frame's payload is at most 125 bytes, two of them the code).
pub const MAX_REASON_BYTES: usize = 123;

/// Why a client was refused or disconnected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignalRefusal {
    /// `/signal` or `/signal/` without a room.
    #[error("missing room id: use /signal/<room>")]
    MissingRoom,
    /// A room id outside `[A-Za-z0-9_-]{1,64}`.
    #[error("room ids are 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'")]
    InvalidRoom,
    /// A plain HTTP request on a signalling path.
    #[error("signalling needs a websocket: connect with ws:// or wss://")]
    NotWebsocket,
    /// The room already holds the most peers allowed.
    #[error("this room is full ({max} players); ask the host for a new room")]
    RoomFull {
        /// The cap in force.
        max: usize,
    },
    /// Opening one more room would pass the rooms cap.
    #[error("the server has too many rooms open ({max}); try again in a minute")]
    TooManyRooms {
        /// The cap in force.
        max: usize,
    },
    /// The address opened too many signalling connections in the window.
    #[error("too many new connections from your address ({max} per {}s); try again shortly", window.as_secs())]
    ConnectRate {
        /// The cap in force.
        max: u32,
        /// Its window.
        window: Duration,
    },
    /// The address already holds its share of open connections.
    #[error("too many connections open from your address ({max}); close other tabs and try again")]
    AddressFull {
        /// The cap in force.
        max: usize,
    },
    /// The server holds as many connections as it may.
    #[error("the server is at its connection limit ({max}); try again in a minute")]
    ServerFull {
        /// The cap in force.
        max: usize,
    },
    /// The peer's outgoing queue passed its cap: it reads slower than it is sent to.
    #[error("your connection fell behind ({} KiB waiting); reconnecting may help", max_bytes / 1024)]
    FellBehind {
        /// The cap in force, in bytes.
        max_bytes: usize,
    },
    /// Nothing arrived from the peer for the idle timeout.
    #[error("no message for {}s; closed as idle", after.as_secs())]
    Idle {
        /// The timeout in force.
        after: Duration,
    },
    /// A websocket message or frame over the size cap.
    #[error("message too long (max {max} bytes)")]
    MessageTooLong {
        /// The cap in force.
        max: usize,
    },
    /// The server is stopping.
    #[error("server shutting down")]
    ShuttingDown,
}

impl SignalRefusal {
    /// The websocket close code: 1001 and 1009 are RFC 6455's own; the 4xxx codes
    /// (the application range) are ours, 4000 + the nearest HTTP status where one fits.
    pub fn close_code(&self) -> u16 {
        match self {
            Self::MissingRoom | Self::InvalidRoom | Self::NotWebsocket => 4400,
            Self::RoomFull { .. } => 4403,
            Self::Idle { .. } => 4408,
            Self::ConnectRate { .. } => 4429,
            Self::AddressFull { .. } => 4430,
            Self::TooManyRooms { .. } => 4503,
            Self::ServerFull { .. } => 4504,
            Self::FellBehind { .. } => 4507,
            Self::MessageTooLong { .. } => 1009,
            Self::ShuttingDown => 1001,
        }
    }

    /// The HTTP status when the refusal answers a plain request.
    pub fn http_status(&self) -> StatusCode {
        match self {
            Self::MissingRoom | Self::InvalidRoom => StatusCode::BAD_REQUEST,
            Self::NotWebsocket => StatusCode::UPGRADE_REQUIRED,
            Self::RoomFull { .. } => StatusCode::FORBIDDEN,
            Self::ConnectRate { .. } | Self::AddressFull { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::TooManyRooms { .. } | Self::ServerFull { .. } | Self::ShuttingDown => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Self::Idle { .. } => StatusCode::REQUEST_TIMEOUT,
            Self::FellBehind { .. } | Self::MessageTooLong { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }

    /// A stable name for logs and for grouping identical refusals ([`crate::log_gate`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Self::MissingRoom => "missing-room",
            Self::InvalidRoom => "invalid-room",
            Self::NotWebsocket => "not-websocket",
            Self::RoomFull { .. } => "room-full",
            Self::TooManyRooms { .. } => "too-many-rooms",
            Self::ConnectRate { .. } => "connect-rate",
            Self::AddressFull { .. } => "address-full",
            Self::ServerFull { .. } => "server-full",
            Self::FellBehind { .. } => "fell-behind",
            Self::Idle { .. } => "idle",
            Self::MessageTooLong { .. } => "message-too-long",
            Self::ShuttingDown => "shutting-down",
        }
    }

    /// The reason as it goes into a close frame: the text, cut to the 123 bytes
    /// a close frame allows (every reason here is shorter; a unit test checks).
    pub fn close_reason(&self) -> String {
        let mut text = self.to_string();
        while text.len() > MAX_REASON_BYTES {
            text.pop();
        }
        text
    }

    /// The raw HTTP/1.1 answer for a connection refused before it is read at all
    /// (the server holds too many to afford even reading this one).
    pub fn raw_http_answer(&self) -> String {
        let status = self.http_status();
        let body = self.to_string();
        format!(
            "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            status.as_u16(),
            status.canonical_reason().unwrap_or_default(),
            body.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_refusal() -> Vec<SignalRefusal> {
        // The largest plausible caps, so the longest texts are checked.
        vec![
            SignalRefusal::MissingRoom,
            SignalRefusal::InvalidRoom,
            SignalRefusal::NotWebsocket,
            SignalRefusal::RoomFull { max: usize::MAX },
            SignalRefusal::TooManyRooms { max: usize::MAX },
            SignalRefusal::ConnectRate { max: u32::MAX, window: Duration::from_secs(u64::MAX) },
            SignalRefusal::AddressFull { max: usize::MAX },
            SignalRefusal::ServerFull { max: usize::MAX },
            SignalRefusal::FellBehind { max_bytes: usize::MAX },
            SignalRefusal::Idle { after: Duration::from_secs(u64::MAX) },
            SignalRefusal::MessageTooLong { max: usize::MAX },
            SignalRefusal::ShuttingDown,
        ]
    }

    #[test]
    fn every_reason_fits_a_close_frame() {
        for refusal in every_refusal() {
            let text = refusal.to_string();
            assert!(text.len() <= MAX_REASON_BYTES, "{} bytes: {text}", text.len());
            assert_eq!(refusal.close_reason(), text);
        }
    }

    #[test]
    fn close_codes_are_in_the_application_range_or_standard() {
        for refusal in every_refusal() {
            let code = refusal.close_code();
            assert!((4000..5000).contains(&code) || code == 1001 || code == 1009, "{refusal:?}");
        }
    }

    #[test]
    fn raw_answer_is_a_complete_http_response() {
        let answer = SignalRefusal::ServerFull { max: 3 }.raw_http_answer();
        assert!(answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{answer}");
        assert!(answer.ends_with("\r\n\r\nthe server is at its connection limit (3); try again in a minute"));
    }
}
