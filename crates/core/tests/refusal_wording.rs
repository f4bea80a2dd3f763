//! Every refusal a player can meet, with the exact sentence they read.
//!
//! The UI shows `RuleError`'s `Display` as is (the app and peers render the
//! typed refusal the wire carries), so this table is what players see. The
//! exhaustive `match` in `covered` stops a new variant from landing without
//! its sentence here.

use duel_core::dice::{Face, HelmFace};
use duel_core::freeze::FreezeAction;
use duel_core::intent::Target;
use duel_core::{Card, MineId, RuleError, SeatId, ShipClass, ShipId, Square, Station, Tractored, TubeSide};

fn table() -> Vec<(RuleError, &'static str)> {
    use RuleError::*;
    let c4 = Square::new(2, 3);
    let fire = FreezeAction::Fire { count: 1, target: Target::Ship(ShipId(1)), side: None };
    vec![
        (NoSeat, "you do not hold a seat in this game"),
        (NoSuchSeat { seat: SeatId(7) }, "there is no seat 7"),
        (GameOver, "the game is over"),
        (BattleNotBegun, "the battle has not begun: finish placing the obstacle tokens"),
        (ShipNotInGame, "your ship is not in this game"),
        (OwnShipDestroyed, "your ship has been destroyed"),
        (Frozen { action: fire }, "the game is frozen (Fire 1!): wait until play resumes"),
        (CaptainNeverRolls, "the Captain gives orders but never rolls, places or overrides dice (R21)"),
        (StationNotHeld { station: Station::Weapons }, "you do not hold the Weapons station"),
        (WormholesNotInPlay, "wormholes are not in play in this game"),
        (SetupOver, "set-up is over: tokens can no longer be placed"),
        (NotYourTokenTurn, "it is the other team's turn to place a token"),
        (NoWormholesLeft, "no wormhole tokens left to place"),
        (AllObstaclesPlaced, "all ten obstacle tokens are placed"),
        (TokenOffMap { square: Square::new(12, 0) }, "M1 is off the map"),
        (TokenOnStart { square: c4 }, "C4 is a start square"),
        (TokenOnCrystal { square: c4 }, "C4 is a crystal square"),
        (TokenSquareTaken { square: c4 }, "C4 already holds a token (one token per square)"),
        (NoDiceChosen, "choose at least one die to roll"),
        (DieListedTwice { die: 0 }, "die 1 is listed twice"),
        (
            PoolEmpty,
            "Engineering's pool is empty: every energy die is at a station or lost to damage; \
             a station hands one back when it does not need it",
        ),
        (
            AllDicePlaced { station: Station::Shields },
            "every Shields die is on the display: remove one to roll it again",
        ),
        (NothingRolled { station: Station::Helm }, "Helm has no rolled die to place: roll first"),
        (EnergyDieLost { die: 1 }, "energy die 2 was lost to damage"),
        (
            EnergyDieAway { die: 2, station: Station::Helm },
            "energy die 3 is at Helm, not in Engineering's pool",
        ),
        (NoSuchEnergyDie { die: 6 }, "there is no energy die 7"),
        (SixPowersNothing, "a six powers no station: reroll it (R1)"),
        (EnergyNotRolled { die: 3 }, "roll energy die 4 before sending it"),
        (EnergyNotInPool { die: 0 }, "energy die 1 is not in Engineering's pool"),
        (NoEnergyToReturn { station: Station::Shields }, "Shields has no energy die to hand back"),
        (
            EnergyBacksRolledDice { station: Station::Helm },
            "every energy die at Helm is backing a rolled die: place or reroll it first",
        ),
        (EngineeringHasNoStationDice, "Engineering has no station dice"),
        (NoSuchDie { station: Station::Sensors, die: 4 }, "Sensors has no die 5"),
        (PlacedDieReroll, "a placed die cannot be rerolled: remove it first (R6)"),
        (NoEnergyAt { station: Station::Shields }, "Shields has no energy die: ask Engineering for 4s"),
        (
            RollsExceedEnergy { station: Station::Shields, energy: 2 },
            "Shields has 2 energy dice: it may hold at most 2 rolled dice (R6)",
        ),
        (
            RollsExceedEnergy { station: Station::Helm, energy: 1 },
            "Helm has 1 energy die: it may hold at most 1 rolled die (R6)",
        ),
        (
            SpecialFace,
            "the expansion symbol goes only on an equipment card that takes it; otherwise reroll it (R2)",
        ),
        (WrongDisplay { station: Station::Tractor }, "a Tractor Beam die goes on the Tractor Beam display"),
        (WrongArea { face: Face::Helm(HelmFace::Forward2) }, "a die showing Forward 2 cannot go there (R9)"),
        (SlotTaken, "that slot already holds a die"),
        (MineReleased { mine: MineId::B }, "mine B has already been released (R36)"),
        (DieNotRolled, "roll the die before placing it"),
        (DieAlreadyPlaced, "that die is already placed"),
        (DieNotPlaced, "that die is not on the display"),
        (OverrideNeedsCrystal, "Station Override costs a crystal and your ship holds none"),
        (OverrideNeedsIdleDie, "Station Override takes a die that is neither rolled nor placed (R32)"),
        (SurgeNeedsTwoCrystals, "Energy Surge costs two crystals"),
        (SurgeNeedsLostEnergy, "Energy Surge needs an energy die on your damage track (R38)"),
        (WarpNeedsCrystal, "a warp jump costs a crystal and your ship holds none"),
        (RollAgainNeedsCrystal, "rolling again costs a crystal and you hold none"),
        (NameTheTarget, "name the target: there is more than one enemy ship"),
        (NotAFreeze, "that is not a freeze action"),
        (OnlyWeaponsCallsFire, "only Weapons may call Fire (house rule)"),
        (CaptainGivesOrder, "your Captain gives that order (R21)"),
        (OnlyOfficerCalls { station: Station::Tractor }, "only the Tractor Beam officer may call that (R21)"),
        (NoSuchShip, "there is no such ship"),
        (TargetDestroyed, "that ship has already been destroyed"),
        (
            NoFreezeDuringFreeze,
            "no freeze may be declared during a freeze (house rule): wait until play resumes",
        ),
        (FollowUpQueued, "your team has already queued a follow-up freeze (R28)"),
        (OwnLaunchResolving, "wait for your own launch to resolve"),
        (NotFrozen, "the game is not frozen"),
        (FreezeUnresolved, "the freeze is still being resolved"),
        (FireCount, "call Fire 1 or Fire 2"),
        (NoTorpedoLoaded, "no torpedo is loaded: a torpedo needs a nose, a body and a tail (R26)"),
        (NameTheSide, "name the side you fire from: front or rear (house rule)"),
        (NoTorpedoOnSide { side: TubeSide::Rear }, "no torpedo is loaded in the rear tubes"),
        (SideNotNamed, "the side is only named under the McGuire house rule"),
        (FriendlyFire, "you may not fire at a friendly ship"),
        (NoMineAt { square: c4 }, "there is no mine at C4"),
        (RiftInTheWay { square: c4 }, "the rift at C4 is in the way: fire cannot pass through a rift (D43)"),
        (
            TractorTooWeak { what: Tractored::Crystal, need: 4, have: 2 },
            "tractoring that crystal needs strength 4 (twice the range, R16); you have 2",
        ),
        (CrystalNotOnMap, "that crystal is not on the map (crystals a team holds cannot be tractored)"),
        (NoSuchCrystal, "there is no such crystal"),
        (MineTractorNotInPlay, "tractoring mines is a house rule not in play"),
        (MineMovesOneSquare, "a mine moves one square, staying on the map"),
        (OneMinePerSquare, "that square already holds a mine: one mine per square (R17)"),
        (MineNotArmed { mine: MineId::A }, "mine A is not armed: place a Mine A die first (R17)"),
        (TractorSelf, "a ship cannot tractor itself"),
        (ChoiceMade, "that choice has already been made"),
        (NotYourChoice, "this choice is not yours to make"),
        (NoSuchChoice, "no such choice is pending"),
        (ChooseDice { need: 2, station: Station::Shields }, "choose exactly 2 Shields dice"),
        (ChooseDice { need: 1, station: Station::Helm }, "choose exactly 1 Helm die"),
        (ChoosePlacedDice { station: Station::Sensors }, "choose placed Sensors dice, each once"),
        (NoEnergyThere, "there is no energy die there to lose"),
        (NotAnOption, "that is not one of the options"),
        (NoSuchPlace { class: ShipClass::Fighter }, "there is no such place for that die on a Fighter"),
        (NoSuchPlace { class: ShipClass::Capital }, "there is no such place for that die on a Capital ship"),
        (JammerSlotsFull, "a Fighter has only two jammer slots"),
        (HealthNeverRolled, "the Health die is never rolled or placed (R22)"),
        (FighterHasNoEnergy, "a Fighter has no energy dice: its Pilot rolls any die at any time (R22)"),
        (FighterHasNoTractorBeam, "a Fighter has no tractor beam: its tractor die loads pulse bombs"),
        (FighterCarriesNoMines, "a Fighter carries no mines"),
        (FighterFiresOne, "a Fighter fires one missile at a time: call Fire 1 (R22)"),
        (
            MissileFrontOnly,
            "a Fighter's missile tube fires forward: the target must be in its front arc (R22)",
        ),
        (BombNeedsFighter, "only a Fighter drops pulse bombs"),
        (
            NoBombLoaded,
            "no pulse bomb is loaded: a nose, a tail and a Bolt or Double Bolt tractor die in the missile bay",
        ),
        (BombNotOverCapital, "your Fighter's last move did not end in an enemy Capital ship's square (R22)"),
        (
            BombRunSpoiled,
            "the bomb must be loaded before the move into the Capital ship's square, \
             and neither ship may move after it (R22)",
        ),
        (LaunchNotInMission, "Fighters are relaunched only in Mission 1, Carrier Strike (R22)"),
        (LaunchFromCapital, "a Fighter is launched by its Capital ship's crew"),
        (FighterStillFlying, "your Fighter is still flying: only a destroyed Fighter is relaunched (R22)"),
        (LaunchNeedsCrystals { have: 2 }, "a launch paid with crystals costs 3 and your ship holds 2"),
        (LaunchDamageFatal, "with three damage a launch must be paid with crystals (R22)"),
        (
            ReseatNotNow,
            "players change stations only while your team's Fighter is destroyed or being launched (D20)",
        ),
        (ReseatOtherTeam, "a player moves only between their own team's ships"),
        (
            ReseatLeavesStation { station: Station::Weapons },
            "nobody would be left at Weapons: hand it to a player who stays",
        ),
        (
            ReseatBadTable { reason: "seat 2 is listed twice".into() },
            "those seats do not work: seat 2 is listed twice",
        ),
        (NotDrafting, "there is no equipment draft now"),
        (DraftFirst, "the equipment draft comes first: each team takes its two cards"),
        (DraftNotDealt, "the equipment cards have not been dealt yet"),
        (DraftAlreadyDealt, "the equipment cards are already dealt"),
        (NotYourPick, "it is the other team's pick"),
        (CardNotOffered { card: Card::Blink }, "Blink is not face up in the draft"),
        (NoCardsForTeam, "your team has no Capital ship to carry equipment cards"),
        (NotYourCard { card: Card::NeuroNav }, "your ship does not hold the NeuroNav Interface card"),
        (FighterHasNoCards, "Fighters cannot use Experimental Equipment cards"),
        (
            WrongCardFace { card: Card::RotationalThrusters, slot: 0 },
            "that space on Rotational Thrusters takes a Helm die showing Forward + turn left or \
             Forward + turn right or Forward + turn around",
        ),
        (CardNotReady { card: Card::Blink }, "Blink needs a Helm die and a Tractor Beam die first"),
        (
            CardWorksByItself { card: Card::ManeuverJets },
            "Maneuver Jets works by itself while it is charged: there is nothing to use",
        ),
        (BlinkOffMap, "Blink would take the ship off the map (D27)"),
        (NoCrystalSpace { card: Card::Blink }, "Blink has no crystal spaces"),
        (CardCrystalsFull { card: Card::NeuroNav }, "every crystal space on NeuroNav Interface is full"),
        (NoCrystalOnCard { card: Card::NeuroNav }, "there is no crystal on NeuroNav Interface"),
        (NoCrystalToPut, "your ship has no available crystal to put on a card"),
        (
            Thunderstruck(duel_core::thunderstruck::ThunderRuleError::ManoeuvreDone),
            "A Manoeuvre has already taken place this round.",
        ),
        (OtherMode, "that belongs to the other game mode"),
        (ModeNotLoaded, "Thunderstruck Duel is not loaded on this device yet"),
    ]
}

/// Compile-time completeness: a new variant must be named here (and so in the table).
fn covered(e: &RuleError) -> &'static str {
    use RuleError::*;
    match e {
        NoSeat => "NoSeat",
        NoSuchSeat { .. } => "NoSuchSeat",
        GameOver => "GameOver",
        BattleNotBegun => "BattleNotBegun",
        ShipNotInGame => "ShipNotInGame",
        OwnShipDestroyed => "OwnShipDestroyed",
        Frozen { .. } => "Frozen",
        CaptainNeverRolls => "CaptainNeverRolls",
        StationNotHeld { .. } => "StationNotHeld",
        WormholesNotInPlay => "WormholesNotInPlay",
        SetupOver => "SetupOver",
        NotYourTokenTurn => "NotYourTokenTurn",
        NoWormholesLeft => "NoWormholesLeft",
        AllObstaclesPlaced => "AllObstaclesPlaced",
        TokenOffMap { .. } => "TokenOffMap",
        TokenOnStart { .. } => "TokenOnStart",
        TokenOnCrystal { .. } => "TokenOnCrystal",
        TokenSquareTaken { .. } => "TokenSquareTaken",
        NoDiceChosen => "NoDiceChosen",
        PoolEmpty => "PoolEmpty",
        AllDicePlaced { .. } => "AllDicePlaced",
        NothingRolled { .. } => "NothingRolled",
        DieListedTwice { .. } => "DieListedTwice",
        EnergyDieLost { .. } => "EnergyDieLost",
        EnergyDieAway { .. } => "EnergyDieAway",
        NoSuchEnergyDie { .. } => "NoSuchEnergyDie",
        SixPowersNothing => "SixPowersNothing",
        EnergyNotRolled { .. } => "EnergyNotRolled",
        EnergyNotInPool { .. } => "EnergyNotInPool",
        NoEnergyToReturn { .. } => "NoEnergyToReturn",
        EnergyBacksRolledDice { .. } => "EnergyBacksRolledDice",
        EngineeringHasNoStationDice => "EngineeringHasNoStationDice",
        NoSuchDie { .. } => "NoSuchDie",
        PlacedDieReroll => "PlacedDieReroll",
        NoEnergyAt { .. } => "NoEnergyAt",
        RollsExceedEnergy { .. } => "RollsExceedEnergy",
        SpecialFace => "SpecialFace",
        WrongDisplay { .. } => "WrongDisplay",
        WrongArea { .. } => "WrongArea",
        SlotTaken => "SlotTaken",
        MineReleased { .. } => "MineReleased",
        DieNotRolled => "DieNotRolled",
        DieAlreadyPlaced => "DieAlreadyPlaced",
        DieNotPlaced => "DieNotPlaced",
        OverrideNeedsCrystal => "OverrideNeedsCrystal",
        OverrideNeedsIdleDie => "OverrideNeedsIdleDie",
        SurgeNeedsTwoCrystals => "SurgeNeedsTwoCrystals",
        SurgeNeedsLostEnergy => "SurgeNeedsLostEnergy",
        WarpNeedsCrystal => "WarpNeedsCrystal",
        RollAgainNeedsCrystal => "RollAgainNeedsCrystal",
        NameTheTarget => "NameTheTarget",
        NotAFreeze => "NotAFreeze",
        OnlyWeaponsCallsFire => "OnlyWeaponsCallsFire",
        CaptainGivesOrder => "CaptainGivesOrder",
        OnlyOfficerCalls { .. } => "OnlyOfficerCalls",
        NoSuchShip => "NoSuchShip",
        TargetDestroyed => "TargetDestroyed",
        NoFreezeDuringFreeze => "NoFreezeDuringFreeze",
        FollowUpQueued => "FollowUpQueued",
        OwnLaunchResolving => "OwnLaunchResolving",
        NotFrozen => "NotFrozen",
        FreezeUnresolved => "FreezeUnresolved",
        FireCount => "FireCount",
        NoTorpedoLoaded => "NoTorpedoLoaded",
        NameTheSide => "NameTheSide",
        NoTorpedoOnSide { .. } => "NoTorpedoOnSide",
        SideNotNamed => "SideNotNamed",
        FriendlyFire => "FriendlyFire",
        NoMineAt { .. } => "NoMineAt",
        RiftInTheWay { .. } => "RiftInTheWay",
        TractorTooWeak { .. } => "TractorTooWeak",
        CrystalNotOnMap => "CrystalNotOnMap",
        NoSuchCrystal => "NoSuchCrystal",
        MineTractorNotInPlay => "MineTractorNotInPlay",
        MineMovesOneSquare => "MineMovesOneSquare",
        OneMinePerSquare => "OneMinePerSquare",
        MineNotArmed { .. } => "MineNotArmed",
        TractorSelf => "TractorSelf",
        ChoiceMade => "ChoiceMade",
        NotYourChoice => "NotYourChoice",
        NoSuchChoice => "NoSuchChoice",
        ChooseDice { .. } => "ChooseDice",
        ChoosePlacedDice { .. } => "ChoosePlacedDice",
        NoEnergyThere => "NoEnergyThere",
        NotAnOption => "NotAnOption",
        NoSuchPlace { .. } => "NoSuchPlace",
        JammerSlotsFull => "JammerSlotsFull",
        HealthNeverRolled => "HealthNeverRolled",
        FighterHasNoEnergy => "FighterHasNoEnergy",
        FighterHasNoTractorBeam => "FighterHasNoTractorBeam",
        FighterCarriesNoMines => "FighterCarriesNoMines",
        FighterFiresOne => "FighterFiresOne",
        MissileFrontOnly => "MissileFrontOnly",
        BombNeedsFighter => "BombNeedsFighter",
        NoBombLoaded => "NoBombLoaded",
        BombNotOverCapital => "BombNotOverCapital",
        BombRunSpoiled => "BombRunSpoiled",
        LaunchNotInMission => "LaunchNotInMission",
        LaunchFromCapital => "LaunchFromCapital",
        FighterStillFlying => "FighterStillFlying",
        LaunchNeedsCrystals { .. } => "LaunchNeedsCrystals",
        LaunchDamageFatal => "LaunchDamageFatal",
        ReseatNotNow => "ReseatNotNow",
        ReseatOtherTeam => "ReseatOtherTeam",
        ReseatLeavesStation { .. } => "ReseatLeavesStation",
        ReseatBadTable { .. } => "ReseatBadTable",
        NotDrafting => "NotDrafting",
        DraftFirst => "DraftFirst",
        DraftNotDealt => "DraftNotDealt",
        DraftAlreadyDealt => "DraftAlreadyDealt",
        NotYourPick => "NotYourPick",
        CardNotOffered { .. } => "CardNotOffered",
        NoCardsForTeam => "NoCardsForTeam",
        NotYourCard { .. } => "NotYourCard",
        FighterHasNoCards => "FighterHasNoCards",
        WrongCardFace { .. } => "WrongCardFace",
        CardNotReady { .. } => "CardNotReady",
        CardWorksByItself { .. } => "CardWorksByItself",
        BlinkOffMap => "BlinkOffMap",
        NoCrystalSpace { .. } => "NoCrystalSpace",
        CardCrystalsFull { .. } => "CardCrystalsFull",
        NoCrystalOnCard { .. } => "NoCrystalOnCard",
        NoCrystalToPut => "NoCrystalToPut",
        Thunderstruck(_) => "Thunderstruck",
        OtherMode => "OtherMode",
        ModeNotLoaded => "ModeNotLoaded",
    }
}

#[test]
fn every_refusal_reads_as_players_see_it() {
    for (error, sentence) in table() {
        assert_eq!(error.to_string(), sentence, "{error:?}");
    }
}

#[test]
fn the_table_names_every_refusal() {
    let mut named: Vec<&str> = table().iter().map(|(e, _)| covered(e)).collect();
    named.sort_unstable();
    named.dedup();
    // One entry per arm of `covered`: count them by listing the arms' names.
    let arms = include_str!("refusal_wording.rs")
        .lines()
        .skip_while(|l| !l.starts_with("fn covered"))
        .take_while(|l| !l.starts_with('}'))
        .filter(|l| l.contains("=> \""))
        .count();
    assert_eq!(named.len(), arms, "a refusal variant has no sentence in the table");
}

#[test]
fn refusals_survive_the_wire() {
    for (error, _) in table() {
        let bytes = postcard::to_allocvec(&error).expect("encodes");
        let back: RuleError = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!(back, error);
    }
}
