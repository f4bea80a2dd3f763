//! Choices the rules leave to a player mid-resolution, each with the seat
//! that must answer and a default the host applies when its deadline passes.

use serde::{Deserialize, Serialize};

use crate::dice::Pip;
use crate::geometry::{Dir, Sector, Square};
use crate::ids::ShipId;
use crate::station::{Station, TubeSide};

/// Identifies a pending choice; never reused within a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ChoiceId(pub u32);

/// Who may answer: the holder of a station on `ship`, its Captain, or any seat of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Chooser {
    Station(Station),
    /// The Captain if present and not away, else the station's holder (R21).
    CaptainOr(Station),
    AnySeat,
}

/// What is being chosen, with the options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChoiceKind {
    /// R13: a torpedo on the exact diagonal between two sectors.
    DiagonalSector { options: [Sector; 2] },
    /// R26: which side's torpedoes fly when the arc doesn't decide.
    TorpedoSide,
    /// R16: where the tractored ship goes.
    TractorDestination { target: ShipId, options: Vec<Square> },
    /// R29: a ship tractored diagonally into an occupied square picks its entry edge.
    /// `to` is the square it is dragged into; the options are edges of that square.
    EntryEdge { to: Square, options: [Dir; 2] },
    /// R18: which rolled crystal square to warp to (or spend a crystal to roll two more).
    WarpDestination { rolled: Vec<Pip>, options: Vec<Square> },
    /// R10, R33: which placed dice an asteroid (Shields) or nebula (Sensors) strips.
    StripDice { station: Station, count: u8 },
    /// R15: which energy die a hit takes.
    LoseEnergy,
}

/// A choice waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    pub id: ChoiceId,
    /// The ship whose crew answers.
    pub ship: ShipId,
    pub chooser: Chooser,
    pub kind: ChoiceKind,
}

/// Where an energy die lost to damage comes from (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnergySource {
    Pool,
    Station(Station),
}

/// An answer to a choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    Sector(Sector),
    Side(TubeSide),
    Square(Square),
    Edge(Dir),
    /// Station die indexes to strip.
    Dice(Vec<u8>),
    Energy(EnergySource),
    /// Warp: spend another crystal to roll two more energy dice.
    RollAgain,
}

impl ChoiceKind {
    /// A question a player can read.
    pub fn prompt(&self) -> String {
        match self {
            ChoiceKind::DiagonalSector { options } => format!(
                "The torpedo comes in on a diagonal: take it on the {} or the {} shields?",
                options[0].name(),
                options[1].name()
            ),
            ChoiceKind::TorpedoSide => "Which torpedoes fly: front or rear tubes?".to_string(),
            ChoiceKind::TractorDestination { .. } => "Where do you drag the ship?".to_string(),
            ChoiceKind::EntryEdge { .. } => "Which edge does your ship enter by?".to_string(),
            ChoiceKind::WarpDestination { .. } => "Warp to which crystal square?".to_string(),
            ChoiceKind::StripDice { station, count } => {
                format!("Choose {count} {station} dice to lose")
            }
            ChoiceKind::LoseEnergy => "Hit! Choose the energy die you lose".to_string(),
        }
    }
}
