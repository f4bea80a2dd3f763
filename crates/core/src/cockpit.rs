//! A Fighter's own state beyond its dice (R22): the Health die and the
//! bombing run that makes BOMB legal.

use serde::{Deserialize, Serialize};

use crate::ids::ShipId;

/// The cockpit of a Fighter: its Health die (kept as a number, D23) and its bombing run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cockpit {
    /// Pips on the Health die (3 at launch, 2 under the toggle); damage rotates
    /// it down one pip; at 0 the Fighter is destroyed (R22).
    pub health: u8,
    /// Set when the Fighter's own move ended in an enemy Capital ship's square
    /// with a pulse bomb already loaded; gone as soon as either ship moves.
    pub bomb_run: Option<BombRun>,
}

/// A bombing run (R22): BOMB is legal while it stands and the same three
/// dice are still in the missile bay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BombRun {
    /// The Capital ship whose square the Fighter's move ended in.
    pub target: ShipId,
    /// The placement order of the nose, core and tail dice when the move
    /// ended: a bomb rebuilt after the move has other orders and does not count.
    pub bay: [u16; 3],
}

impl Cockpit {
    /// A freshly launched cockpit: full health, no run.
    pub fn new(health: u8) -> Cockpit {
        Cockpit { health, bomb_run: None }
    }
}
