//! Errors a player can read. One enum per operation: [`SetupError`] for a
//! game that cannot start, [`RuleError`] for an intent the rules refuse.

mod cards;
mod rule;
mod wording;

pub use rule::{RuleError, Tractored};
// A square's board label is geometry (the map's own errors name squares too); re-exported here,
// where the app imports it.
pub use crate::geometry::fmt_square;

use serde::{Deserialize, Serialize};

/// Why a `GameConfig` cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    /// The map cannot be played, or not with this layout (D42–D45).
    Map(crate::map::MapError),
    /// Tokens preplaced on a tile map, whose printed terrain is the set-up (D42).
    TokensOnTileMap,
    Seat {
        seat: u8,
        reason: String,
    },
    /// More obstacle tokens than the box holds (R5).
    TooManyObstacles,
    /// Wormhole tokens without the wormhole rule, or not both of them.
    Wormholes,
    /// A preplaced token on a square the set-up rules forbid.
    Token(RuleError),
    /// A written-down position (`Setup`) that no game can reach.
    Position(String),
    /// Equipment cards need two teams with one Capital ship each (D30).
    EquipmentLayout,
    /// A Thunderstruck Duel that cannot start (R23).
    Thunderstruck(crate::thunderstruck::ConfigError),
    /// A Thunderstruck Duel on a build without its rules (the base file, issue 32).
    ModeNotLoaded,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Map(e) => e.fmt(f),
            SetupError::TokensOnTileMap => {
                f.write_str("this map's tiles are its set-up: no tokens are placed on it (D42)")
            }
            SetupError::Seat { seat, reason } => write!(f, "seat {seat}: {reason}"),
            SetupError::TooManyObstacles => f.write_str("there are only ten obstacle tokens"),
            SetupError::Wormholes => f.write_str("wormholes need the wormhole rule, and both tokens"),
            SetupError::Token(why) => write!(f, "{why}"),
            SetupError::Position(why) => write!(f, "this position is not possible: {why}"),
            SetupError::Thunderstruck(e) => e.fmt(f),
            SetupError::ModeNotLoaded => f.write_str("Thunderstruck Duel is not loaded on this device yet"),
            SetupError::EquipmentLayout => f.write_str(
                "equipment cards need two teams with one Capital ship each: a duel or mission 1 (D30)",
            ),
        }
    }
}

impl std::error::Error for SetupError {}
