//! `/ice`: the ICE servers a peer should use, with short-lived TURN
//! credentials when a TURN relay is configured. Players on networks that
//! block direct WebRTC (symmetric NAT, many mobile carriers) meet through
//! the relay; the app asks here when it joins a room instead of carrying a
//! `?ice=` parameter.
//!
//! The credentials follow the TURN REST API draft (draft-uberti-behave-turn-rest),
//! which coturn checks with `use-auth-secret` / `static-auth-secret`: the
//! username is `<expiry unix time>:<room>`, the password the base64
//! HMAC-SHA1 of the username under the secret shared with coturn. Nothing is
//! stored: coturn recomputes the HMAC, and a credential dies at its expiry.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;
use hmac::{Hmac, Mac};
use serde::Serialize;
use sha1::Sha1;

/// A TURN relay shared with coturn: its URLs, the secret, how long a credential lives.
#[derive(Clone, PartialEq, Eq)]
pub struct Turn {
    /// `turn:` / `turns:` URLs, e.g. `turn:turn.example.org:3478?transport=udp`.
    pub urls: Vec<String>,
    /// coturn's `static-auth-secret`.
    pub secret: String,
    /// Lifetime of a minted credential. Default one hour: long enough for a
    /// game (ICE restarts reuse it), short enough that a leaked one soon dies.
    pub ttl: Duration,
}

impl std::fmt::Debug for Turn {
    // The secret never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Turn").field("urls", &self.urls).field("ttl", &self.ttl).finish_non_exhaustive()
    }
}

/// Default credential lifetime.
pub const DEFAULT_TTL: Duration = Duration::from_secs(3600);

/// One entry of `RTCConfiguration.iceServers`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IceServer {
    pub urls: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
}

/// The `/ice` answer: what to add to the peer's ICE servers (empty without TURN).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IceAnswer {
    #[serde(rename = "iceServers")]
    pub ice_servers: Vec<IceServer>,
    /// Seconds the credentials stay valid (0 without TURN).
    pub ttl: u64,
}

/// The password coturn expects for `username`.
fn password(secret: &str, username: &str) -> String {
    // HMAC takes a key of any length, so this cannot fail.
    let mut mac = Hmac::<Sha1>::new_from_slice(secret.as_bytes()).expect("HMAC accepts any key length");
    mac.update(username.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

impl Turn {
    /// A credential for `room`, valid until `now + ttl`.
    pub fn mint(&self, room: &str, now: SystemTime) -> IceAnswer {
        let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or_default();
        let expiry = (since_epoch + self.ttl).as_secs();
        let username = format!("{expiry}:{room}");
        let credential = password(&self.secret, &username);
        IceAnswer {
            ice_servers: vec![IceServer {
                urls: self.urls.clone(),
                username: Some(username),
                credential: Some(credential),
            }],
            ttl: self.ttl.as_secs(),
        }
    }
}

/// The answer without a TURN relay: nothing to add (the app keeps its own STUN-free default).
pub fn no_turn() -> IceAnswer {
    IceAnswer { ice_servers: Vec::new(), ttl: 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_follow_the_turn_rest_draft() {
        let turn = Turn {
            urls: vec!["turn:127.0.0.1:3478".into()],
            secret: "north".into(),
            ttl: Duration::from_secs(600),
        };
        let now = UNIX_EPOCH + Duration::from_secs(1_000_000);
        let answer = turn.mint("room-1", now);
        let server = &answer.ice_servers[0];
        assert_eq!(server.username.as_deref(), Some("1000600:room-1"));
        // `echo -n 1000600:room-1 | openssl dgst -sha1 -hmac north -binary | base64`
        assert_eq!(server.credential.as_deref(), Some("N5mefYIpbQmu7hLASfBQbZFNaXU="));
        assert_eq!(answer.ttl, 600);
        let json = serde_json::to_string(&answer).unwrap();
        assert!(json.starts_with(r#"{"iceServers":[{"urls":["turn:127.0.0.1:3478"],"username":"#), "{json}");
    }

    #[test]
    fn the_secret_never_reaches_a_log() {
        let turn = Turn { urls: vec![], secret: "north".into(), ttl: DEFAULT_TTL };
        assert!(!format!("{turn:?}").contains("north"));
    }
}
