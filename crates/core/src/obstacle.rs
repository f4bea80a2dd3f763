//! The obstacle tokens (R5, R10): asteroid or nebula, as placed in set-up or
//! printed on a map tile. A leaf: the map places them, a ship's class says
//! what one strips from a ship entering it.

use serde::{Deserialize, Serialize};

/// The side of an obstacle token that is face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Obstacle {
    /// Strips two shield dice from a ship entering (R10).
    Asteroid,
    /// Strips two sensor dice from a ship entering (R10).
    Nebula,
}
