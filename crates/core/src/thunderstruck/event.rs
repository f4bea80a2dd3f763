//! Everything that happens in a Thunderstruck duel, as facts. Every die
//! value travels inside an event; replicas never roll.

use serde::{Deserialize, Serialize};

use super::board::{Facing, Space};
use super::console::{ConsoleSpace, Shield};
use super::intent::{Act, Steer};
use super::plan::Placement;
use super::seal::{Digest, Secret};
use super::Player;
use crate::dice::Pip;

/// What a Fire action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shot {
    Miss,
    /// No shield faced it: the target is destroyed.
    Unshielded,
    /// A shield faced it: the target chooses which shield and where the damage goes.
    Shielded {
        frontal: bool,
    },
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Boosted {
        spaces: u8,
        from: Space,
        to: Space,
    },
    /// Everyone's Manoeuvre dice, the totals and who won where (and whether
    /// each winner may warp).
    Manoeuvred {
        dice: Vec<(Player, Vec<Pip>)>,
        winners: Vec<(Player, bool)>,
    },
    ShieldRaised {
        shield: Shield,
        already: bool,
    },
    Fired {
        target: Player,
        distance: u8,
        shot: Shot,
    },
    Powered {
        gained: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    SeedCommitted {
        player: Player,
        seed: Digest,
    },
    /// The round's beacon (the host's verifiable dice).
    Beacon {
        value: u64,
    },
    PlanSealed {
        player: Player,
        plan: Digest,
    },
    Revealed {
        player: Player,
        seed: Secret,
        rerolls: u8,
        dice: Vec<Pip>,
        placement: Placement,
        next: Digest,
    },
    /// Missed a planning deadline: no dice this round.
    Forfeited {
        player: Player,
    },
    /// A die actioned: `value` after the cubes' pips, on space `act.at()`.
    Acted {
        player: Player,
        act: Act,
        value: Pip,
        outcome: Outcome,
    },
    /// A hit taken on a shield, and where the damage token went (the die
    /// waiting there, if any, is lost).
    HitTaken {
        player: Player,
        shield: Shield,
        damage: ConsoleSpace,
    },
    Steered {
        player: Player,
        steer: Steer,
        facing: Facing,
        at: Space,
    },
    Destroyed {
        player: Player,
    },
    /// The round is over: who gets the Reflex die next round (T8). `closed` is
    /// always `None` now (D34 closes a sector the moment the ships meet:
    /// `SectorClosed`); saves and replays from before that reading carry it
    /// here, and it still applies, so they replay to the same game.
    RoundEnded {
        reflex: Option<Player>,
        closed: Option<u8>,
    },
    /// `None`: a draw.
    Over {
        winner: Option<Player>,
    },
    /// `004_…` Ending the Round 1 (D34): after a retirement the two remaining
    /// ships have just come to share a sector, so the sector behind it is
    /// off-limits for the rest of the duel. Sent the moment they meet (a
    /// Boost, a warp, or the retirement itself), not at the round's end.
    /// Last in the enum: records encode a variant by its place.
    SectorClosed {
        sector: u8,
    },
}
