//! What a Thunderstruck player (or the host) asks for.

use serde::{Deserialize, Serialize};

use super::board::{Facing, Space};
use super::console::{ConsoleSpace, Shield};
use super::plan::Placement;
use super::seal::{Digest, Secret};
use super::Player;

/// Actioning one die on one's turn (`004_…` Actions, T6–T7), with the
/// power cubes spent on it: `pips` up or down, one cube a pip; `to` moves
/// the die to another free space first, one cube, and it is actioned there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Act {
    pub die: ConsoleSpace,
    pub pips: i8,
    pub to: Option<ConsoleSpace>,
    /// Boost only: the other Boost die, moved together as one move.
    pub with: Option<ConsoleSpace>,
    /// Fire only: whom to shoot (with two players, always the other one).
    pub target: Option<Player>,
}

impl Act {
    /// The plain action of the die on `die`, no cubes.
    pub fn plain(die: ConsoleSpace) -> Act {
        Act { die, pips: 0, to: None, with: None, target: None }
    }

    /// Power cubes it costs.
    pub fn cubes(&self) -> u8 {
        self.pips.unsigned_abs() + u8::from(self.to.is_some())
    }

    /// The space it is actioned on.
    pub fn at(&self) -> ConsoleSpace {
        self.to.unwrap_or(self.die)
    }
}

/// A Manoeuvre winner's choice (`004_…` Manoeuvre 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Steer {
    Flip,
    Hold,
    Warp { to: Space, facing: Facing },
}

/// A player's request.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Intent {
    /// The digest of this round's secret seed, before the beacon.
    CommitSeed { seed: Digest },
    /// Lock in the plan: the seal of seed, rerolls and placement.
    SealPlan { plan: Digest },
    /// Show the plan once every plan is sealed; `next` commits the next round's seed.
    Reveal { seed: Secret, rerolls: u8, placement: Placement, next: Digest },
    /// Action a die.
    Act(Act),
    /// The hit player's choice: which shield takes it and where the damage goes.
    TakeHit { shield: Shield, damage: ConsoleSpace },
    /// A Manoeuvre winner's choice.
    Steer(Steer),
}

/// What only the host does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HostAction {
    /// Draw the round's beacon with the host's (verifiable) dice. Players
    /// without a committed seed sit the round out (D36).
    Beacon,
    /// A deadline passed: this player gets no dice this round (D36).
    Forfeit { player: Player },
    /// A deadline passed on a turn or an answer: the stated default (D38).
    Default,
}
