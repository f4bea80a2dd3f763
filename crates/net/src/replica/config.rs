//! Who a replica speaks for and at what cadence: the player's token, name,
//! room, nonce seed and seat key, as the app hands them over.

use crate::ids::PlayerToken;
use crate::pin::KeyPin;
use crate::seat_key::SeatKey;

/// The replica's cadences, in milliseconds of the caller's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplicaTiming {
    /// Heartbeat period.
    pub ping_ms: u64,
    /// Wait before resending a `Hello`, an unanswered command, or a request
    /// for missing events or a snapshot.
    pub retry_ms: u64,
}

impl Default for ReplicaTiming {
    fn default() -> ReplicaTiming {
        ReplicaTiming { ping_ms: 1_000, retry_ms: 500 }
    }
}

/// Who this replica speaks for.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplicaConfig {
    /// The player's token from browser storage.
    pub player: PlayerToken,
    pub name: String,
    /// The app's build id (must match the host's).
    pub build: String,
    /// The room's name (it enters every roll the audit re-derives).
    pub room: String,
    /// Seeds this device's nonce chains (the app draws it from the browser's
    /// crypto RNG: a host that could predict the nonces could pick its dice).
    pub nonce_seed: [u8; 32],
    /// This device's seat key: made once from the browser's crypto RNG and
    /// kept beside the token (see [`crate::seat_key`]).
    pub seat_key: SeatKey,
    /// The room owner's key as the room link names it (`&k=`): a tab that
    /// has one says `Hello` only to a host that proves that key (see
    /// [`crate::pin`]). `None` (an old link): the first host heard.
    pub pin: Option<KeyPin>,
    pub timing: ReplicaTiming,
}

impl ReplicaConfig {
    /// A config with default timing. Its seat key is derived from the token:
    /// a convenience for tests only (anyone who knew the token would know
    /// the key); the app sets `seat_key` from its own random bytes.
    pub fn new(player: PlayerToken, name: impl Into<String>, build: impl Into<String>) -> ReplicaConfig {
        ReplicaConfig {
            player,
            name: name.into(),
            build: build.into(),
            room: String::new(),
            nonce_seed: {
                let mut seed = [0x5a; 32];
                seed[..16].copy_from_slice(&player.0.to_le_bytes());
                seed
            },
            seat_key: test_seat_key(player),
            pin: None,
            timing: ReplicaTiming::default(),
        }
    }
}

/// The seat key [`ReplicaConfig::new`] derives from a token (tests only).
pub(crate) fn test_seat_key(player: PlayerToken) -> SeatKey {
    use sha2::{Digest as _, Sha256};
    let mut h = Sha256::new();
    h.update(b"dice-duel/test-seat-key/1");
    h.update(player.0.to_le_bytes());
    SeatKey::from_seed(h.finalize().into())
}
