//! Errors a player can read. One enum per operation.

use serde::{Deserialize, Serialize};

use crate::geometry::Square;

/// Why a `GameConfig` cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    MapSize { cols: u8, rows: u8 },
    OffMap { what: &'static str, square: Square },
    Overlap { what: &'static str, square: Square },
    Seat { seat: u8, reason: String },
    Tokens(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::MapSize { cols, rows } => {
                write!(f, "a map must be 5 to 16 squares each way, not {cols}×{rows}")
            }
            SetupError::OffMap { what, square } => {
                write!(f, "{what} {} is off the map", fmt_square(*square))
            }
            SetupError::Overlap { what, square } => {
                write!(f, "{what} {} overlaps another", fmt_square(*square))
            }
            SetupError::Seat { seat, reason } => write!(f, "seat {seat}: {reason}"),
            SetupError::Tokens(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why an intent is refused. The text is shown to the player as is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleError(pub String);

impl RuleError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> RuleError {
        RuleError(message.into())
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// Refuses with a formatted message: `refuse!("Sensors has no energy")`.
macro_rules! refuse {
    ($($arg:tt)*) => { return Err($crate::error::RuleError(format!($($arg)*))) };
}
pub(crate) use refuse;

/// "E5": a square as the board labels it (column letter, row number counted from the top).
pub fn fmt_square(sq: Square) -> String {
    let col = char::from(b'A' + sq.col.min(25));
    format!("{col}{}", u16::from(sq.row) + 1)
}
