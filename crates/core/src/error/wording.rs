//! How each [`RuleError`] reads: the sentence a player sees. Kept apart
//! from the list of refusals (`rule.rs`) so each file holds one idea.

use super::fmt_square;
use super::rule::{RuleError, Tractored};
use crate::station::TubeSide;

fn dice_word(n: usize) -> &'static str {
    if n == 1 {
        "die"
    } else {
        "dice"
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use RuleError::*;
        // Dice are numbered from 1 for players (die 0 is "die 1").
        let n = |die: &u8| u16::from(*die) + 1;
        match self {
            NoSeat => f.write_str("you do not hold a seat in this game"),
            Thunderstruck(refusal) => refusal.fmt(f),
            OtherMode => f.write_str("that belongs to the other game mode"),
            ModeNotLoaded => f.write_str("Thunderstruck Duel is not loaded on this device yet"),
            NoSuchSeat { seat } => write!(f, "there is no seat {}", seat.0),
            GameOver => f.write_str("the game is over"),
            BattleNotBegun => f.write_str("the battle has not begun: finish placing the obstacle tokens"),
            ShipNotInGame => f.write_str("your ship is not in this game"),
            OwnShipDestroyed => f.write_str("your ship has been destroyed"),
            Frozen { action } => write!(f, "the game is frozen ({}): wait until play resumes", action.call()),
            CaptainNeverRolls => {
                f.write_str("the Captain gives orders but never rolls, places or overrides dice (R21)")
            }
            StationNotHeld { station } => write!(f, "you do not hold the {station} station"),

            WormholesNotInPlay => f.write_str("wormholes are not in play in this game"),
            SetupOver => f.write_str("set-up is over: tokens can no longer be placed"),
            NotYourTokenTurn => f.write_str("it is the other team's turn to place a token"),
            NoWormholesLeft => f.write_str("no wormhole tokens left to place"),
            AllObstaclesPlaced => f.write_str("all ten obstacle tokens are placed"),
            TokenOffMap { square } => write!(f, "{} is off the map", fmt_square(*square)),
            TokenOnStart { square } => write!(f, "{} is a start square", fmt_square(*square)),
            TokenOnCrystal { square } => write!(f, "{} is a crystal square", fmt_square(*square)),
            TokenSquareTaken { square } => {
                write!(f, "{} already holds a token (one token per square)", fmt_square(*square))
            }

            NoDiceChosen => f.write_str("choose at least one die to roll"),
            PoolEmpty => f.write_str(
                "Engineering's pool is empty: every energy die is at a station or lost to damage; \
                 a station hands one back when it does not need it",
            ),
            AllDicePlaced { station } => {
                write!(f, "every {station} die is on the display: remove one to roll it again")
            }
            NothingRolled { station } => write!(f, "{station} has no rolled die to place: roll first"),
            DieListedTwice { die } => write!(f, "die {} is listed twice", n(die)),
            EnergyDieLost { die } => write!(f, "energy die {} was lost to damage", n(die)),
            EnergyDieAway { die, station } => {
                write!(f, "energy die {} is at {station}, not in Engineering's pool", n(die))
            }
            NoSuchEnergyDie { die } => write!(f, "there is no energy die {}", n(die)),
            SixPowersNothing => f.write_str("a six powers no station: reroll it (R1)"),
            EnergyNotRolled { die } => write!(f, "roll energy die {} before sending it", n(die)),
            EnergyNotInPool { die } => write!(f, "energy die {} is not in Engineering's pool", n(die)),
            NoEnergyToReturn { station } => write!(f, "{station} has no energy die to hand back"),
            EnergyBacksRolledDice { station } => {
                write!(f, "every energy die at {station} is backing a rolled die: place or reroll it first")
            }
            EngineeringHasNoStationDice => f.write_str("Engineering has no station dice"),
            NoSuchDie { station, die } => write!(f, "{station} has no die {}", n(die)),
            PlacedDieReroll => f.write_str("a placed die cannot be rerolled: remove it first (R6)"),
            NoEnergyAt { station } => write!(
                f,
                "{station} has no energy die: ask Engineering for {}s",
                station.energy_number().unwrap_or(0)
            ),
            RollsExceedEnergy { station, energy } => {
                let word = dice_word(*energy);
                write!(
                    f,
                    "{station} has {energy} energy {word}: it may hold at most {energy} rolled {word} (R6)"
                )
            }
            SpecialFace => f.write_str(
                "the expansion symbol goes only on an equipment card that takes it; otherwise reroll it (R2)",
            ),
            WrongDisplay { station } => write!(f, "a {station} die goes on the {station} display"),
            WrongArea { face } => write!(f, "a die showing {} cannot go there (R9)", face.name()),
            SlotTaken => f.write_str("that slot already holds a die"),
            MineReleased { mine } => write!(f, "mine {mine:?} has already been released (R36)"),
            DieNotRolled => f.write_str("roll the die before placing it"),
            DieAlreadyPlaced => f.write_str("that die is already placed"),
            DieNotPlaced => f.write_str("that die is not on the display"),
            OverrideNeedsCrystal => f.write_str("Station Override costs a crystal and your ship holds none"),
            OverrideNeedsIdleDie => {
                f.write_str("Station Override takes a die that is neither rolled nor placed (R32)")
            }

            SurgeNeedsTwoCrystals => f.write_str("Energy Surge costs two crystals"),
            SurgeNeedsLostEnergy => {
                f.write_str("Energy Surge needs an energy die on your damage track (R38)")
            }
            WarpNeedsCrystal => f.write_str("a warp jump costs a crystal and your ship holds none"),
            RollAgainNeedsCrystal => f.write_str("rolling again costs a crystal and you hold none"),

            NameTheTarget => f.write_str("name the target: there is more than one enemy ship"),
            NotAFreeze => f.write_str("that is not a freeze action"),
            OnlyWeaponsCallsFire => f.write_str("only Weapons may call Fire (house rule)"),
            CaptainGivesOrder => f.write_str("your Captain gives that order (R21)"),
            OnlyOfficerCalls { station } => write!(f, "only the {station} officer may call that (R21)"),
            NoSuchShip => f.write_str("there is no such ship"),
            TargetDestroyed => f.write_str("that ship has already been destroyed"),
            NoFreezeDuringFreeze => {
                f.write_str("no freeze may be declared during a freeze (house rule): wait until play resumes")
            }
            FollowUpQueued => f.write_str("your team has already queued a follow-up freeze (R28)"),
            OwnLaunchResolving => f.write_str("wait for your own launch to resolve"),
            NotFrozen => f.write_str("the game is not frozen"),
            FreezeUnresolved => f.write_str("the freeze is still being resolved"),

            FireCount => f.write_str("call Fire 1 or Fire 2"),
            NoTorpedoLoaded => {
                f.write_str("no torpedo is loaded: a torpedo needs a nose, a body and a tail (R26)")
            }
            NameTheSide => f.write_str("name the side you fire from: front or rear (house rule)"),
            NoTorpedoOnSide { side } => write!(f, "no torpedo is loaded in the {} tubes", side_name(*side)),
            SideNotNamed => f.write_str("the side is only named under the McGuire house rule"),
            FriendlyFire => f.write_str("you may not fire at a friendly ship"),
            NoMineAt { square } => write!(f, "there is no mine at {}", fmt_square(*square)),
            RiftInTheWay { square } => {
                write!(f, "the rift at {} is in the way: fire cannot pass through a rift (D43)", fmt_square(*square))
            }

            TractorTooWeak { what, need, have } => {
                let what = match what {
                    Tractored::Ship => "that ship",
                    Tractored::Crystal => "that crystal",
                    Tractored::Mine => "that mine",
                };
                write!(f, "tractoring {what} needs strength {need} (twice the range, R16); you have {have}")
            }
            CrystalNotOnMap => {
                f.write_str("that crystal is not on the map (crystals a team holds cannot be tractored)")
            }
            NoSuchCrystal => f.write_str("there is no such crystal"),
            MineTractorNotInPlay => f.write_str("tractoring mines is a house rule not in play"),
            MineMovesOneSquare => f.write_str("a mine moves one square, staying on the map"),
            OneMinePerSquare => f.write_str("that square already holds a mine: one mine per square (R17)"),
            MineNotArmed { mine } => {
                write!(f, "mine {mine:?} is not armed: place a Mine {mine:?} die first (R17)")
            }
            TractorSelf => f.write_str("a ship cannot tractor itself"),

            ChoiceMade => f.write_str("that choice has already been made"),
            NotYourChoice => f.write_str("this choice is not yours to make"),
            NoSuchChoice => f.write_str("no such choice is pending"),
            ChooseDice { need, station } => write!(f, "choose exactly {need} {station} {}", dice_word(*need)),
            ChoosePlacedDice { station } => write!(f, "choose placed {station} dice, each once"),
            NoEnergyThere => f.write_str("there is no energy die there to lose"),
            NotAnOption => f.write_str("that is not one of the options"),

            NoSuchPlace { class } => write!(f, "there is no such place for that die on a {class}"),
            JammerSlotsFull => f.write_str("a Fighter has only two jammer slots"),
            HealthNeverRolled => f.write_str("the Health die is never rolled or placed (R22)"),
            FighterHasNoEnergy => {
                f.write_str("a Fighter has no energy dice: its Pilot rolls any die at any time (R22)")
            }
            FighterHasNoTractorBeam => {
                f.write_str("a Fighter has no tractor beam: its tractor die loads pulse bombs")
            }
            FighterCarriesNoMines => f.write_str("a Fighter carries no mines"),
            FighterFiresOne => f.write_str("a Fighter fires one missile at a time: call Fire 1 (R22)"),
            MissileFrontOnly => {
                f.write_str("a Fighter's missile tube fires forward: the target must be in its front arc (R22)")
            }
            BombNeedsFighter => f.write_str("only a Fighter drops pulse bombs"),
            NoBombLoaded => f.write_str(
                "no pulse bomb is loaded: a nose, a tail and a Bolt or Double Bolt tractor die in the missile bay",
            ),
            BombNotOverCapital => {
                f.write_str("your Fighter's last move did not end in an enemy Capital ship's square (R22)")
            }
            BombRunSpoiled => f.write_str(
                "the bomb must be loaded before the move into the Capital ship's square, \
                 and neither ship may move after it (R22)",
            ),
            LaunchNotInMission => f.write_str("Fighters are relaunched only in Mission 1, Carrier Strike (R22)"),
            LaunchFromCapital => f.write_str("a Fighter is launched by its Capital ship's crew"),
            FighterStillFlying => {
                f.write_str("your Fighter is still flying: only a destroyed Fighter is relaunched (R22)")
            }
            LaunchNeedsCrystals { have } => {
                write!(f, "a launch paid with crystals costs 3 and your ship holds {have}")
            }
            LaunchDamageFatal => f.write_str("with three damage a launch must be paid with crystals (R22)"),
            ReseatNotNow => f.write_str(
                "players change stations only while your team's Fighter is destroyed or being launched (D20)",
            ),
            ReseatOtherTeam => f.write_str("a player moves only between their own team's ships"),
            ReseatLeavesStation { station } => {
                write!(f, "nobody would be left at {station}: hand it to a player who stays")
            }
            ReseatBadTable { reason } => write!(f, "those seats do not work: {reason}"),

            NotDrafting => f.write_str("there is no equipment draft now"),
            DraftFirst => f.write_str("the equipment draft comes first: each team takes its two cards"),
            DraftNotDealt => f.write_str("the equipment cards have not been dealt yet"),
            DraftAlreadyDealt => f.write_str("the equipment cards are already dealt"),
            NotYourPick => f.write_str("it is the other team's pick"),
            CardNotOffered { card } => write!(f, "{card} is not face up in the draft"),
            NoCardsForTeam => f.write_str("your team has no Capital ship to carry equipment cards"),
            NotYourCard { card } => write!(f, "your ship does not hold the {card} card"),
            FighterHasNoCards => f.write_str("Fighters cannot use Experimental Equipment cards"),
            WrongCardFace { card, slot } => match card.slot(*slot) {
                Some(s) => write!(
                    f,
                    "that space on {card} takes a {} die showing {}",
                    s.station,
                    s.faces.iter().map(|face| face.name()).collect::<Vec<_>>().join(" or ")
                ),
                None => write!(f, "{card} has no such space"),
            },
            CardNotReady { card } => write!(f, "{card} needs {} first", super::cards::needs(*card)),
            CardWorksByItself { card } => {
                write!(f, "{card} works by itself while it is charged: there is nothing to use")
            }
            BlinkOffMap => f.write_str("Blink would take the ship off the map (D27)"),
            NoCrystalSpace { card } => write!(f, "{card} has no crystal spaces"),
            CardCrystalsFull { card } => write!(f, "every crystal space on {card} is full"),
            NoCrystalOnCard { card } => write!(f, "there is no crystal on {card}"),
            NoCrystalToPut => f.write_str("your ship has no available crystal to put on a card"),
        }
    }
}

fn side_name(side: TubeSide) -> &'static str {
    match side {
        TubeSide::Front => "front",
        TubeSide::Rear => "rear",
    }
}
