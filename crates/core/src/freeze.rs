//! A freeze (R19–R21, R28): who froze, what is being resolved, how far the
//! resolution got, and the follow-up freezes queued behind it.

use serde::{Deserialize, Serialize};

use crate::choice::ChoiceId;
use crate::geometry::Dir;
use crate::geometry::Sector;
use crate::ids::ShipId;
use crate::intent::{LaunchCost, Target};
use crate::station::TubeSide;

/// The action that froze the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FreezeAction {
    Fire {
        count: u8,
        target: Target,
        side: Option<TubeSide>,
    },
    Tractor {
        target: ShipId,
    },
    Warp,
    /// A pulse bomb on the Capital ship of the Fighter's bombing run (R22).
    Bomb {
        target: ShipId,
    },
    /// Relaunching the team's destroyed `fighter`, facing `facing` (R22).
    Launch {
        fighter: ShipId,
        facing: Dir,
        pay: LaunchCost,
    },
    /// An equipment card with the snowflake, shouted by name (`001_…`).
    Card {
        card: crate::equipment::Card,
    },
}

impl FreezeAction {
    /// The call shouted at the table.
    pub fn call(&self) -> String {
        match self {
            FreezeAction::Fire { count, .. } => format!("Fire {count}!"),
            FreezeAction::Tractor { .. } => "Tractor!".to_string(),
            FreezeAction::Warp => "Warp jump!".to_string(),
            FreezeAction::Bomb { .. } => "Bomb!".to_string(),
            FreezeAction::Launch { .. } => "Launch!".to_string(),
            FreezeAction::Card { card } => format!("{}!", card.name()),
        }
    }
}

/// A declared freeze action of one ship.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Declared {
    pub ship: ShipId,
    pub action: FreezeAction,
}

/// How far a Fire resolution has got (the rulebook's steps A–C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireStep {
    /// Torpedoes not launched yet (maybe waiting for the R26 side choice).
    Launch { side: Option<TubeSide> },
    /// Hit; waiting for the sector on a diagonal.
    Sector { torpedoes: u8 },
    /// Hit on `sector`: roll for damage.
    Damage { torpedoes: u8, sector: Sector },
    /// Return used crystals to the map (R34).
    Crystals,
}

/// Progress of the running resolution.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Progress {
    Fire(FireStep),
    /// Tractor beam on a ship: waiting for a destination, then moving it.
    Tractor,
    /// Warp: dice rolled so far.
    Warp,
    /// Resolved: shown to everyone until the host resumes play.
    Review,
    // New variants go last: the wire encodes a variant by its index.
    /// Pulse bomb: rolling nose and tail (R22).
    Bomb,
    /// Relaunch: paying and placing the Fighter (R22).
    Launch,
    /// A snowflake card's ability resolving.
    Card,
}

/// The freeze in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Freeze {
    pub declared: Declared,
    pub progress: Progress,
    /// The choice the resolution waits for, if any.
    pub awaiting: Option<ChoiceId>,
    /// Follow-up freezes, in the order they will run (R20, R28).
    pub queued: Vec<Declared>,
}
