//! How many ships, on which sides (R4): the layout a game and its map are
//! set up for. Data only, below both the map (its start squares) and the set-up.

use serde::{Deserialize, Serialize};

use crate::class::ShipClass;
use crate::ids::{ShipId, TeamId};
use crate::mission::Mission;

/// How many ships, on which sides (R4, rulebook "Multiple Ships Per Side").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Layout {
    /// One ship per side, White against Black.
    Duel,
    /// Two ships per side.
    TwoPerSide,
    /// Four ships, each its own team, starting in the corners.
    FreeForAll,
    /// A Die Fighter mission (R22): its ships, sides and victory condition.
    Mission(Mission),
}

impl Layout {
    /// Number of ships.
    pub fn ship_count(self) -> u8 {
        match self {
            Layout::Duel => 2,
            Layout::TwoPerSide | Layout::FreeForAll => 4,
            Layout::Mission(m) => m.classes().len() as u8,
        }
    }

    /// The team of each ship, in ship order.
    pub fn team_of(self, ship: ShipId) -> TeamId {
        match self {
            Layout::Duel => TeamId(ship.0.min(1)),
            Layout::TwoPerSide => TeamId(ship.0 / 2),
            Layout::FreeForAll => TeamId(ship.0),
            Layout::Mission(m) => TeamId(m.teams().get(usize::from(ship.0)).copied().unwrap_or(1)),
        }
    }

    /// The class of each ship: Capital ships, except the Fighters of a mission.
    pub fn class_of(self, ship: ShipId) -> ShipClass {
        match self {
            Layout::Mission(m) => m.classes().get(usize::from(ship.0)).copied().unwrap_or(ShipClass::Capital),
            _ => ShipClass::Capital,
        }
    }

    /// The Die Fighter mission, if this is one.
    pub fn mission(self) -> Option<Mission> {
        match self {
            Layout::Mission(m) => Some(m),
            _ => None,
        }
    }
}
