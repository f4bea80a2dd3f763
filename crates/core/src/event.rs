//! What happened. Events carry every die face, so replicas never roll;
//! `Game::apply` is the only mutation and is total.

use serde::{Deserialize, Serialize};

use crate::choice::{Answer, Choice, ChoiceId};
use crate::config::SeatSpec;
use crate::dice::{Face, Pip};
use crate::equipment::Card;
use crate::error::RuleError;
use crate::freeze::{Declared, Progress};
use crate::geometry::{Dir, Position, Sector, Square};
use crate::ids::{SeatId, ShipId, TeamId};
use crate::obstacle::Obstacle;
use crate::spot::Spot;
use crate::station::{MineId, Station, Tube};

/// Why placed dice left a display (R25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Removal {
    /// The officer took it off.
    Officer,
    /// The helm dice are cleared after the move (R10).
    MoveDone,
    Asteroid,
    Nebula,
    /// The ship moved through a rift: every shield die goes (D43).
    Rift,
    /// Torpedoes launched (R14).
    Launched,
    /// Locks spent on a launch (R14).
    LocksSpent,
    /// Jammers removed by a launch at this ship (R14, R27).
    Jammed,
    /// Shields on the struck sector (R14).
    ShieldsHit,
    /// Tractor dice discarded after any attempt or a mine release (R16, R17).
    TractorUsed,
    /// An equipment card was used: its unlocked dice come off (`001_…`).
    CardUsed,
}

/// Why a ship took damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageCause {
    Torpedo,
    Mine,
    /// A Fighter's missile (R22).
    Missile,
    /// A pulse bomb (R22).
    PulseBomb,
    /// The Capital ship paid for a relaunch with a damage (R22).
    Launch,
}

/// Where a crystal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CrystalAt {
    OnMap(Square),
    Held(ShipId),
    /// In the used-crystal box until the next launch (R34).
    Used,
    /// Laid on a damage track by Energy Surge: out of play for good.
    Track(ShipId),
    /// On a crystal space of an equipment card the ship holds (`001_…`).
    OnCard(ShipId, Card),
}

/// Something that happened, in host order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    ObstaclePlaced {
        square: Square,
        obstacle: Obstacle,
        team: TeamId,
    },
    WormholePlaced {
        square: Square,
        team: TeamId,
    },
    /// Set-up done: "BEGIN!"
    BattleBegan,

    EnergyRolled {
        ship: ShipId,
        faces: Vec<(u8, Pip)>,
    },
    EnergySent {
        ship: ShipId,
        die: u8,
        station: Station,
    },
    EnergyReturned {
        ship: ShipId,
        die: u8,
        station: Station,
    },
    DiceRolled {
        ship: ShipId,
        station: Station,
        faces: Vec<(u8, Pip)>,
    },
    /// A rolled die went on the display; energy die `energy` went back to the pool.
    DiePlaced {
        ship: ShipId,
        station: Station,
        die: u8,
        spot: Spot,
        energy: u8,
    },
    /// Station Override (R32): placed on a chosen face, no energy used.
    DieOverridden {
        ship: ShipId,
        station: Station,
        die: u8,
        face: Face,
        spot: Spot,
    },
    DiceRemoved {
        ship: ShipId,
        station: Station,
        dice: Vec<u8>,
        why: Removal,
    },
    /// A rolled die was set aside without being placed (R15 overflow, McGuire freeze rule).
    RollLost {
        ship: ShipId,
        station: Station,
        die: u8,
    },

    /// One step of movement, a wormhole shift, a tractor drag or a warp.
    ShipMoved {
        ship: ShipId,
        to: Position,
        facing: Dir,
    },
    /// Another ship shifted within its square (R11).
    ShipShifted {
        ship: ShipId,
        half: Option<Dir>,
    },
    ObstacleEntered {
        ship: ShipId,
        obstacle: Obstacle,
    },
    /// The ship entered a rift: every shield die goes at the end of the move (D43).
    RiftEntered {
        ship: ShipId,
        square: Square,
    },
    /// A helm move stepped onto a gravity arrow, with it or against it (D44).
    GravityPulled {
        ship: ShipId,
        square: Square,
        pull: crate::map::Pull,
    },
    /// The last helm die's action is lost: an earlier die moved against a gravity arrow (D44).
    HelmDieCancelled {
        ship: ShipId,
        slot: crate::station::HelmSlot,
    },
    /// Helm dice a gravity arrow kept (D44): back beside Helm, and placed on
    /// any face with no crystal, as by a Station Override.
    HelmDiceKept {
        ship: ShipId,
        dice: Vec<u8>,
    },

    MineReleased {
        ship: ShipId,
        mine: MineId,
        square: Square,
    },
    MineMoved {
        owner: ShipId,
        mine: MineId,
        to: Square,
    },
    MineGone {
        owner: ShipId,
        mine: MineId,
    },

    CrystalMoved {
        crystal: u8,
        to: CrystalAt,
    },
    /// Energy Surge: an energy die comes back from the damage track (R18).
    EnergyRestored {
        ship: ShipId,
        die: u8,
    },

    Damaged {
        ship: ShipId,
        cause: DamageCause,
    },
    EnergyLost {
        ship: ShipId,
        die: u8,
    },
    ShipDestroyed {
        ship: ShipId,
    },
    GameOver {
        winner: Option<TeamId>,
    },

    FreezeDeclared {
        declared: Declared,
    },
    FreezeQueued {
        declared: Declared,
    },
    FreezeCancelled {
        declared: Declared,
        /// Why the queued freeze could no longer happen (R28).
        reason: RuleError,
    },
    FreezeProgress {
        progress: Progress,
    },
    TorpedoesLaunched {
        ship: ShipId,
        tubes: Vec<Tube>,
        on_target: u8,
    },
    /// The hit test with its numbers (R14): lock ≥ range + jammers and lock ≥ 1.
    HitTested {
        ship: ShipId,
        lock: u8,
        range: u8,
        jammers: u8,
        hit: bool,
    },
    SectorStruck {
        ship: ShipId,
        sector: Sector,
        shields: u8,
    },
    DamageRolled {
        ship: ShipId,
        faces: Vec<Pip>,
        shields: u8,
        damage: u8,
    },
    WarpRolled {
        ship: ShipId,
        pips: Vec<Pip>,
    },
    FreezeEnded,

    ChoiceOpened {
        choice: Choice,
    },
    ChoiceClosed {
        id: ChoiceId,
        answer: Answer,
        by_default: bool,
    },

    SeatAway {
        seat: SeatId,
        away: bool,
    },

    // ----- Die Fighter (R22) -----
    /// A Pilot placed a rolled die on the cockpit: no energy is involved (R22).
    CockpitDiePlaced {
        ship: ShipId,
        station: Station,
        die: u8,
        spot: Spot,
    },
    /// The Fighter's own move ended in the enemy Capital ship `target`'s
    /// square with a pulse bomb already loaded: BOMB is open until either ship
    /// moves or the bomb is unloaded (R22).
    BombRunBegun {
        ship: ShipId,
        target: ShipId,
    },
    /// BOMB: the bomb's nose and tail dice were rolled; one damage to `target`
    /// per blast face (R22).
    PulseBombRolled {
        ship: ShipId,
        target: ShipId,
        faces: Vec<Pip>,
        damage: u8,
    },
    /// LAUNCH: the destroyed Fighter `ship` is back in play at `to`, facing
    /// `facing`, with `health` and an empty cockpit (R22).
    FighterLaunched {
        ship: ShipId,
        to: Position,
        facing: Dir,
        health: u8,
    },
    /// A team moved its players between stations (D20).
    Reseated {
        seats: Vec<(SeatId, SeatSpec)>,
    },

    // ----- Experimental Equipment (R22, D25–D31) -----
    /// The draft's cards, dealt face up from the host's dice, and the team
    /// drawn to pick first.
    EquipmentDealt {
        cards: Vec<Card>,
        first: TeamId,
    },
    /// A team took a card (in the draft, or dealt under "random two each").
    CardDrafted {
        team: TeamId,
        card: Card,
    },
    /// Every pick is made: the rest are discarded, set-up (or the battle) begins.
    DraftEnded,
    /// A card's ability went off; what it did follows as ordinary events.
    CardUsed {
        ship: ShipId,
        card: Card,
    },
    /// Something that happened in a Thunderstruck duel (R23).
    Thunderstruck(crate::thunderstruck::Event),
}
