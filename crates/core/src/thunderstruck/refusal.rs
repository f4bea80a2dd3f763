//! Why Thunderstruck refuses an intent, in sentences a player can read.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::console::{ConsoleSpace, Shield, System};
use super::Player;
use crate::dice::Pip;

/// What is wrong with a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Misplaced {
    Count { dice: u8, placed: u8 },
    Damaged(ConsoleSpace),
    Twice(ConsoleSpace),
    DoesNotFit { slot: ConsoleSpace, pip: Pip },
    Needs(System),
    LeftOff(Pip),
}

/// An intent the rules refuse; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThunderRuleError {
    NoSuchPlayer,
    Retired,
    Over,
    NotPlanning,
    NotActing,
    AlreadySeeded,
    NoBeaconYet,
    NotSeeded,
    AlreadySealed,
    NotSealed,
    OthersStillPlanning,
    Forfeited,
    SeedMismatch,
    SealMismatch,
    DiceMismatch,
    TooManyRerolls { cubes: u8 },
    Misplaced(Misplaced),
    NotYourTurn { turn: Player },
    AwaitingAnswer,
    NoDie(ConsoleSpace),
    NotEnoughCubes { need: u8, have: u8 },
    OffTheDie,
    SpaceTaken(ConsoleSpace),
    WouldNotFit { slot: ConsoleSpace, pip: Pip },
    WouldEmpty(System),
    ManoeuvreDone,
    NotABoost,
    Target,
    NothingToAnswer,
    ShieldDown(Shield),
    ShieldFacesAway(Shield),
    NoDamageThere(ConsoleSpace),
    CannotWarp,
    NotAWarpSpot,
}

impl ConsoleSpace {
    /// The space's name as its console prints it ("Boost A", "Front 1–2"):
    /// the one table of slot names, for the app's labels and these messages.
    pub fn label(self) -> &'static str {
        match self {
            ConsoleSpace::BoostA => "Boost A",
            ConsoleSpace::BoostB => "Boost B",
            ConsoleSpace::ManoeuvreA => "Manoeuvre A",
            ConsoleSpace::ManoeuvreB => "Manoeuvre B",
            ConsoleSpace::FireA => "Fire A",
            ConsoleSpace::FireB => "Fire B",
            ConsoleSpace::PowerA => "Power A",
            ConsoleSpace::PowerB => "Power B",
            ConsoleSpace::ShieldFront => "Front 1–2",
            ConsoleSpace::ShieldRear => "Rear 3–4",
            ConsoleSpace::ShieldMid => "Mid 5–6",
        }
    }
}

/// A slot in a sentence: a shield is "the front shield (1–2)".
fn slot_name(slot: ConsoleSpace) -> &'static str {
    match slot {
        ConsoleSpace::ShieldFront => "the front shield (1–2)",
        ConsoleSpace::ShieldRear => "the rear shield (3–4)",
        ConsoleSpace::ShieldMid => "the mid shield (5–6)",
        other => other.label(),
    }
}

impl fmt::Display for ConsoleSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(slot_name(*self))
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            System::Boost => "Boost",
            System::Manoeuvre => "Manoeuvre",
            System::Fire => "Fire",
            System::Power => "Power",
            System::Shields => "Shields",
        })
    }
}

impl fmt::Display for Shield {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shield::Front => "front shield",
            Shield::Rear => "rear shield",
            Shield::Mid => "mid shield",
        })
    }
}

impl fmt::Display for Misplaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misplaced::Count { dice, placed } => {
                write!(f, "The plan places {placed} dice but you rolled {dice}.")
            }
            Misplaced::Damaged(slot) => write!(f, "{slot} is damaged: no die can go there."),
            Misplaced::Twice(slot) => write!(f, "{slot} already holds a die."),
            Misplaced::DoesNotFit { slot, pip } => {
                write!(f, "A {} does not fit {slot}.", pip.value())
            }
            Misplaced::Needs(system) => {
                write!(f, "Put at least one die (at most two) in {system}.")
            }
            Misplaced::LeftOff(pip) => {
                write!(f, "The {} still fits a free space: every die must be placed.", pip.value())
            }
        }
    }
}

impl fmt::Display for ThunderRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThunderRuleError::NoSuchPlayer => f.write_str("There is no such player in this duel."),
            ThunderRuleError::Retired => {
                f.write_str("Your ship has been destroyed: you are out of the duel.")
            }
            ThunderRuleError::Over => f.write_str("The duel is over."),
            ThunderRuleError::NotPlanning => f.write_str("That is done in the Planning Phase."),
            ThunderRuleError::NotActing => f.write_str("That is done in the Action Phase."),
            ThunderRuleError::AlreadySeeded => f.write_str("Your dice for this round are already committed."),
            ThunderRuleError::NoBeaconYet => {
                f.write_str("Waiting for every player's dice to be committed before the roll.")
            }
            ThunderRuleError::NotSeeded => f.write_str("You have no dice committed for this round."),
            ThunderRuleError::AlreadySealed => f.write_str("Your plan is already locked in."),
            ThunderRuleError::NotSealed => f.write_str("Lock in your plan before revealing it."),
            ThunderRuleError::OthersStillPlanning => {
                f.write_str("Plans are revealed together, once every player has locked in.")
            }
            ThunderRuleError::Forfeited => {
                f.write_str("You missed the planning deadline: no dice for you this round.")
            }
            ThunderRuleError::SeedMismatch => {
                f.write_str("That reveal does not match the dice you committed to.")
            }
            ThunderRuleError::SealMismatch => f.write_str("That reveal is not the plan you locked in."),
            ThunderRuleError::DiceMismatch => f.write_str("Those are not the dice your seed rolls."),
            ThunderRuleError::TooManyRerolls { cubes } => {
                write!(f, "Each reroll costs a power cube and you have {cubes}.")
            }
            ThunderRuleError::Misplaced(m) => m.fmt(f),
            ThunderRuleError::NotYourTurn { turn } => write!(f, "It is {turn}'s turn."),
            ThunderRuleError::AwaitingAnswer => f.write_str("Waiting for a player to answer first."),
            ThunderRuleError::NoDie(slot) => write!(f, "There is no die on {slot}."),
            ThunderRuleError::NotEnoughCubes { need, have } => {
                write!(f, "That needs {need} power cubes and you have {have}.")
            }
            ThunderRuleError::OffTheDie => f.write_str("A die shows 1 to 6: it cannot go further."),
            ThunderRuleError::SpaceTaken(slot) => {
                write!(f, "{slot} is not free: a die may only move to an empty, undamaged space.")
            }
            ThunderRuleError::WouldNotFit { slot, pip } => {
                write!(f, "A {} does not fit {slot}.", pip.value())
            }
            ThunderRuleError::WouldEmpty(system) => write!(
                f,
                "The last die cannot leave {system} before your {system} has been actioned this round."
            ),
            ThunderRuleError::ManoeuvreDone => f.write_str("A Manoeuvre has already taken place this round."),
            ThunderRuleError::NotABoost => f.write_str("Only two Boost dice may be actioned together."),
            ThunderRuleError::Target => f.write_str("Pick a ship still in the duel to fire at."),
            ThunderRuleError::NothingToAnswer => f.write_str("Nothing is waiting for your answer."),
            ThunderRuleError::ShieldDown(shield) => write!(f, "Your {shield} is not raised."),
            ThunderRuleError::ShieldFacesAway(shield) => write!(f, "Your {shield} does not face that shot."),
            ThunderRuleError::NoDamageThere(slot) => {
                write!(f, "The damage from that shield cannot go on {slot}.")
            }
            ThunderRuleError::CannotWarp => f.write_str("Only a winner with two Manoeuvre dice may warp."),
            ThunderRuleError::NotAWarpSpot => {
                f.write_str("Warp to a free warp spot on the other side of the battlefield.")
            }
        }
    }
}

impl std::error::Error for ThunderRuleError {}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.colour())
    }
}
