//! The game mode a match plays, with the state only that mode has (R23):
//! Dice Duel (and Die Fighter), whose state is `Game`'s own, or a
//! Thunderstruck duel, which every intent, event and host action of the match
//! goes to while the Dice Duel state beside it stays at its set-up.
//! Each entry point of `Game` matches on it once.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::thunderstruck as ts;

/// What a match plays, chosen by `GameConfig::mode` when it is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ModeState {
    /// Dice Duel or Die Fighter: the state is the `Game` itself.
    DiceDuel,
    /// A Thunderstruck duel (R23).
    Thunderstruck(Box<ts::Game>),
}

impl ModeState {
    /// The Thunderstruck duel, if the match is one.
    pub(super) fn duel(&self) -> Option<&ts::Game> {
        match self {
            ModeState::DiceDuel => None,
            ModeState::Thunderstruck(duel) => Some(duel),
        }
    }
}

// Saved, sent and hashed as the `Option<Box<ts::Game>>` it replaced
// (`None` for Dice Duel), so hosts' saves, snapshots and state hashes are
// unchanged (`tests/mode_bytes.rs` pins them).
impl Serialize for ModeState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.duel().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ModeState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ModeState, D::Error> {
        Ok(match Option::<Box<ts::Game>>::deserialize(deserializer)? {
            None => ModeState::DiceDuel,
            Some(duel) => ModeState::Thunderstruck(duel),
        })
    }
}

impl Hash for ModeState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.duel().hash(state);
    }
}
