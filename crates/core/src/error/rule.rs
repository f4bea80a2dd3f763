//! `RuleError`: why the rules refuse an intent (or a host action), one
//! variant per refusal with the data it names. The `Display` is the sentence
//! a player reads; the wire carries the variant, so a peer renders the
//! refusal in its own words (and later, its own language).

use serde::{Deserialize, Serialize};

use crate::class::ShipClass;
use crate::dice::Face;
use crate::equipment::Card;
use crate::freeze::FreezeAction;
use crate::geometry::Square;
use crate::ids::SeatId;
use crate::station::{MineId, Station, TubeSide};

/// What a tractor beam was asked to pull (for [`RuleError::TractorTooWeak`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tractored {
    Ship,
    Crystal,
    Mine,
}

/// Why an intent is refused. Variants are grouped by the rulebook section
/// they come from; each names the ruling it enforces in its `Display`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleError {
    // ----- who and when (seat, phase, freeze) -----
    /// The sender crews no seat of this game.
    NoSeat,
    /// A host action names a seat that does not exist.
    NoSuchSeat {
        seat: SeatId,
    },
    GameOver,
    /// A battle intent during the set-up (R5).
    BattleNotBegun,
    ShipNotInGame,
    OwnShipDestroyed,
    /// R19, R24, R31: while frozen only the resolution's choices are open.
    Frozen {
        action: FreezeAction,
    },
    /// R21.
    CaptainNeverRolls,
    StationNotHeld {
        station: Station,
    },

    // ----- set-up (R5) -----
    WormholesNotInPlay,
    SetupOver,
    NotYourTokenTurn,
    NoWormholesLeft,
    AllObstaclesPlaced,
    TokenOffMap {
        square: Square,
    },
    TokenOnStart {
        square: Square,
    },
    TokenOnCrystal {
        square: Square,
    },
    TokenSquareTaken {
        square: Square,
    },

    // ----- Engineering and station dice (R1, R2, R6, R7, R9, R32) -----
    NoDiceChosen,
    /// Every energy die is at a station or on the damage track.
    PoolEmpty,
    /// Nothing to roll: every die of the station is on its display.
    AllDicePlaced {
        station: Station,
    },
    /// Nothing to place: the station has no rolled die.
    NothingRolled {
        station: Station,
    },
    DieListedTwice {
        die: u8,
    },
    EnergyDieLost {
        die: u8,
    },
    EnergyDieAway {
        die: u8,
        station: Station,
    },
    NoSuchEnergyDie {
        die: u8,
    },
    /// R1.
    SixPowersNothing,
    EnergyNotRolled {
        die: u8,
    },
    EnergyNotInPool {
        die: u8,
    },
    NoEnergyToReturn {
        station: Station,
    },
    EnergyBacksRolledDice {
        station: Station,
    },
    EngineeringHasNoStationDice,
    NoSuchDie {
        station: Station,
        die: u8,
    },
    /// R6.
    PlacedDieReroll,
    /// R6: a station rolls only as many dice as it holds energy.
    NoEnergyAt {
        station: Station,
    },
    /// R6.
    RollsExceedEnergy {
        station: Station,
        energy: usize,
    },
    /// R2: the expansion symbol.
    SpecialFace,
    WrongDisplay {
        station: Station,
    },
    /// R9.
    WrongArea {
        face: Face,
    },
    SlotTaken,
    /// R36.
    MineReleased {
        mine: MineId,
    },
    DieNotRolled,
    DieAlreadyPlaced,
    DieNotPlaced,
    /// R32.
    OverrideNeedsCrystal,
    /// R32.
    OverrideNeedsIdleDie,

    // ----- crystals (R31, R38) -----
    SurgeNeedsTwoCrystals,
    /// R38.
    SurgeNeedsLostEnergy,
    WarpNeedsCrystal,
    RollAgainNeedsCrystal,

    // ----- freezes (R19–R21, R28) -----
    NameTheTarget,
    NotAFreeze,
    /// McGuire: Weapons names the side and calls Fire.
    OnlyWeaponsCallsFire,
    /// R21.
    CaptainGivesOrder,
    /// R21.
    OnlyOfficerCalls {
        station: Station,
    },
    NoSuchShip,
    TargetDestroyed,
    /// McGuire: no queued freezes.
    NoFreezeDuringFreeze,
    /// R28.
    FollowUpQueued,
    OwnLaunchResolving,
    NotFrozen,
    FreezeUnresolved,

    // ----- torpedoes (R14, R26, R27) -----
    FireCount,
    /// R26.
    NoTorpedoLoaded,
    /// McGuire.
    NameTheSide,
    NoTorpedoOnSide {
        side: TubeSide,
    },
    /// McGuire.
    SideNotNamed,
    FriendlyFire,
    NoMineAt {
        square: Square,
    },
    /// Weapons fire is not traced through a rift (D43).
    RiftInTheWay {
        square: Square,
    },

    // ----- tractor beams and mines (R16, R17, R35, R36) -----
    /// R16.
    TractorTooWeak {
        what: Tractored,
        need: u8,
        have: u8,
    },
    CrystalNotOnMap,
    NoSuchCrystal,
    /// McGuire.
    MineTractorNotInPlay,
    MineMovesOneSquare,
    /// R17.
    OneMinePerSquare,
    /// R17.
    MineNotArmed {
        mine: MineId,
    },
    TractorSelf,

    // ----- choices during a freeze -----
    ChoiceMade,
    NotYourChoice,
    NoSuchChoice,
    ChooseDice {
        need: usize,
        station: Station,
    },
    ChoosePlacedDice {
        station: Station,
    },
    NoEnergyThere,
    NotAnOption,

    // ----- Die Fighter (R22) -----
    /// R9: the spot is not on this class's displays (a Fighter's cockpit, a Capital ship's stations).
    NoSuchPlace {
        class: ShipClass,
    },
    /// A Fighter's Sensors display has two jammer slots.
    JammerSlotsFull,
    /// R22: the Health die is never rolled.
    HealthNeverRolled,
    /// R22: no energy dice on a Fighter.
    FighterHasNoEnergy,
    FighterHasNoTractorBeam,
    FighterCarriesNoMines,
    /// R22.
    FighterFiresOne,
    /// R22.
    MissileFrontOnly,
    BombNeedsFighter,
    NoBombLoaded,
    /// R22.
    BombNotOverCapital,
    /// R22.
    BombRunSpoiled,
    /// R22: relaunch is mission 1 only.
    LaunchNotInMission,
    LaunchFromCapital,
    /// R22.
    FighterStillFlying,
    LaunchNeedsCrystals {
        have: u8,
    },
    /// R22.
    LaunchDamageFatal,
    /// D20.
    ReseatNotNow,
    ReseatOtherTeam,
    ReseatLeavesStation {
        station: Station,
    },
    ReseatBadTable {
        reason: String,
    },

    // ----- Experimental Equipment (R22, D25–D31); new variants go last -----
    /// The draft is over, or equipment is not in play.
    NotDrafting,
    /// Nothing else happens until every team has its cards.
    DraftFirst,
    /// The host has not dealt the draft yet.
    DraftNotDealt,
    DraftAlreadyDealt,
    NotYourPick,
    CardNotOffered {
        card: Card,
    },
    /// Only a team with a Capital ship holds cards.
    NoCardsForTeam,
    NotYourCard {
        card: Card,
    },
    /// `001_…`: "may not be used by Fighters".
    FighterHasNoCards,
    /// The space takes another die (the card's data).
    WrongCardFace {
        card: Card,
        slot: u8,
    },
    /// The card's required spaces are not all filled.
    CardNotReady {
        card: Card,
    },
    /// Passive cards work by themselves; they are never "used".
    CardWorksByItself {
        card: Card,
    },
    /// D27: Blink's destination must be on the map.
    BlinkOffMap,
    NoCrystalSpace {
        card: Card,
    },
    CardCrystalsFull {
        card: Card,
    },
    NoCrystalOnCard {
        card: Card,
    },
    NoCrystalToPut,
    // ----- the other mode -----
    /// Thunderstruck Duel's own refusal (R23).
    Thunderstruck(crate::thunderstruck::ThunderRuleError),
    /// An intent of the other game mode.
    OtherMode,
    /// A Thunderstruck intent on a build of the app without Thunderstruck's rules (the base
    /// file a first visit loads, issue 32): the device loads the full app first.
    ModeNotLoaded,
}

impl std::error::Error for RuleError {}
