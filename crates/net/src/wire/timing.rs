//! The room's clocks and cadences: the host keeps time by them, and the room
//! view carries them to every peer (a replica checks the checkpoint cadence,
//! a successor host takes them over). Wire data, so `host` and `wire` share it
//! without `wire` importing `host`.

use serde::{Deserialize, Serialize};

/// The host's clocks and cadences, in milliseconds of the caller's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// How long a player has to answer a choice before its default applies.
    pub choice_ms: u64,
    /// How long a resolved freeze stays on screen before play resumes.
    pub review_ms: u64,
    /// Silence after which a player is away (its seats stay reserved).
    pub away_after_ms: u64,
    /// Events between state hashes in the broadcast.
    pub hash_every: u64,
    /// Events between checkpoints (a snapshot is the checkpoint plus the log after it).
    pub checkpoint_every: u64,
    /// Thunderstruck: how long the table waits on a plan before the late
    /// player sits the round out (D36).
    pub plan_ms: u64,
    /// Thunderstruck: how long the table waits on a turn or an answer before its default (D38).
    pub turn_ms: u64,
    /// The speed bump's cap (issue 31): a freeze declared by a player nearer
    /// the host than the slowest seated one is held for the difference, at
    /// most this long, so a tie does not always go to the host's own crew.
    /// 0 turns it off (arrival order alone decides, as before protocol 9).
    pub bump_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            choice_ms: 20_000,
            review_ms: 2_500,
            away_after_ms: 5_000,
            hash_every: 8,
            checkpoint_every: 256,
            plan_ms: 120_000,
            turn_ms: 60_000,
            bump_ms: 120,
        }
    }
}
