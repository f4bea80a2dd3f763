//! What a player asks for. The seat that sends an intent decides the ship;
//! `Game::validate` says yes or gives a reason.

use serde::{Deserialize, Serialize};

use crate::choice::{Answer, ChoiceId};
use crate::dice::Face;
use crate::equipment::Card;
use crate::geometry::Square;
use crate::ids::ShipId;
use crate::obstacle::Obstacle;
use crate::spot::Spot;
use crate::station::{MineId, Station, TubeSide};

/// What a torpedo is aimed at (R14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Ship(ShipId),
    /// The mine token in this square.
    Mine(Square),
}

/// A player's request. Closed: anything a player can do is one of these.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Intent {
    // --- set-up (R5) ---
    /// Place one obstacle token, Asteroid or Nebula side up.
    PlaceObstacle { square: Square, obstacle: Obstacle },
    /// Place one wormhole token (optional rule).
    PlaceWormhole { square: Square },

    // --- Engineering (R1, R7, R8) ---
    /// Roll (or reroll) these energy dice from Engineering's pool.
    RollEnergy { dice: Vec<u8> },
    /// Send a rolled energy die to the station its number powers.
    SendEnergy { die: u8 },
    /// Hand one unused energy die back from a station to Engineering (R7).
    ReturnEnergy { station: Station },

    // --- stations (R6, R9) ---
    /// Roll (or reroll) these unplaced dice of a station.
    RollDice { station: Station, dice: Vec<u8> },
    /// Place a rolled die on its display; one energy die goes back to Engineering.
    PlaceDie { station: Station, die: u8, spot: Spot },
    /// Take a placed die off the display.
    RemoveDie { station: Station, die: u8 },
    /// Station Override (R18, R32): spend a crystal to place an unrolled die on any face.
    Override { station: Station, die: u8, face: Face, spot: Spot },
    /// Release an armed mine into the ship's square (R17).
    ReleaseMine { mine: MineId },
    /// Tractor a crystal off the map (no freeze, R16).
    TractorCrystal { crystal: u8 },
    /// House rule: tractor a mine one square (R16, R39).
    TractorMine { at: Square, to: Square },
    /// Energy Surge (R18, R38): two crystals buy back an energy die from the damage track.
    EnergySurge,

    // --- freeze actions (R19–R21) ---
    /// "Fire 1!" / "Fire 2!". `side` is named only under the McGuire toggle.
    Fire { count: u8, target: Option<Target>, side: Option<TubeSide> },
    /// "Tractor!" on a ship (enemy, or friendly in multi-ship games).
    TractorShip { target: ShipId },
    /// "Warp jump!" (R18, R30).
    WarpJump,

    // --- answers to pending choices ---
    /// Answer a pending choice (sector, destination, dice to strip, …).
    Answer { choice: ChoiceId, answer: Answer },

    // --- Die Fighter freezes (R22); new variants go last: the wire encodes a variant by its index ---
    /// "Bomb!": a Fighter drops its pulse bomb on the enemy Capital ship whose
    /// square its last move ended in (R22).
    Bomb,
    /// "Launch!" (mission 1): the Capital ship's crew relaunches its team's
    /// destroyed Fighter, facing 90° to `side` of the Capital ship, paid by `pay` (R22).
    Launch { side: LaunchSide, pay: LaunchCost },

    // --- Experimental Equipment (R22, D25–D31) ---
    /// Take this card in the equipment draft, for the seat's team.
    DraftPick { card: Card },
    /// Put one of the ship's available crystals on a crystal space of `card`.
    CrystalToCard { card: Card },
    /// Take a crystal off `card` back to the available box.
    CrystalOffCard { card: Card },
    /// Use `card`'s ability; with the snowflake it is shouted and freezes the game.
    UseCard { card: Card },

    // --- the other mode ---
    /// A Thunderstruck Duel intent (R23); the seat is the player.
    Thunderstruck(crate::thunderstruck::Intent),
}

impl Intent {
    /// Whether this intent declares a freeze.
    pub fn is_freeze(&self) -> bool {
        matches!(
            self,
            Intent::Fire { .. }
                | Intent::TractorShip { .. }
                | Intent::WarpJump
                | Intent::Bomb
                | Intent::Launch { .. }
        ) || matches!(self, Intent::UseCard { card } if card.spec().freeze)
    }
}

/// Which way a relaunched Fighter faces: 90° to the left or right of its
/// Capital ship, never forward or back (R22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LaunchSide {
    Left,
    Right,
}

impl LaunchSide {
    /// Both sides, left first.
    pub const BOTH: [LaunchSide; 2] = [LaunchSide::Left, LaunchSide::Right];

    /// The Fighter's facing when launched from a Capital ship facing `capital`.
    pub fn facing(self, capital: crate::geometry::Dir) -> crate::geometry::Dir {
        match self {
            LaunchSide::Left => capital.left(),
            LaunchSide::Right => capital.right(),
        }
    }
}

/// What a relaunch costs the Capital ship: three crystals, or one damage
/// (not when it already has three, R22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LaunchCost {
    Crystals,
    Damage,
}

impl LaunchCost {
    /// Both ways to pay, crystals first.
    pub const BOTH: [LaunchCost; 2] = [LaunchCost::Crystals, LaunchCost::Damage];
}

/// Crystals a relaunch costs (R22).
pub const LAUNCH_CRYSTALS: u8 = 3;

/// What only the host may do: pacing and presence, never a player's choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HostAction {
    /// A pending choice ran out of time: apply its default.
    Timeout { choice: ChoiceId },
    /// The resolved freeze has been shown long enough: resume play (or start a queued freeze).
    Resume,
    /// A seat's player went away or came back (R21: an away Captain hands Fire to Weapons).
    SetAway { seat: crate::ids::SeatId, away: bool },
    /// A team moved its players between stations (D20): each listed seat now
    /// holds what its spec says. Only while the team's Fighter is destroyed
    /// or during its own LAUNCH freeze; nobody leaves a station unmanned.
    Reseat { seats: Vec<(crate::ids::SeatId, crate::config::SeatSpec)> },
    /// Deal the equipment draft (and, under "random two each", the cards) from the host's dice.
    DealEquipment,
    /// Thunderstruck Duel's host actions (its beacon, deadlines).
    Thunderstruck(crate::thunderstruck::HostAction),
}
