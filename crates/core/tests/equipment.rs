//! Experimental Equipment (`001_…`, R22, D25–D31): the draft, dice and
//! crystals on cards, the lock icon, each card's effect, snowflake cards
//! under each ruleset, and random play with cards in it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, ShieldFace, TractorFace, WeaponFace};
use duel_core::equipment::Card;
use duel_core::event::Removal;
use duel_core::freeze::{FreezeAction, Progress};
use duel_core::map::Obstacle;
use duel_core::*;
use proptest::prelude::*;
use support::*;

const BLINK: Card = Card::Blink;
const THRUSTERS: Card = Card::RotationalThrusters;
const JETS: Card = Card::ManeuverJets;
const NEURONAV: Card = Card::NeuroNav;

fn ruleset(equipment: Equipment) -> Ruleset {
    Ruleset { equipment, ..Ruleset::default() }
}

/// A duel (battle begun, no tokens) under the equipment rules, before the deal.
fn drafting(equipment: Equipment) -> Game {
    duel_with(ruleset(equipment))
}

/// Deals with dice that take the deck in order (Blink, Rotational
/// Thrusters, Maneuver Jets, NeuroNav) and draw `first` to pick first.
fn deal(game: &mut Game, first: TeamId) -> Vec<Event> {
    let coin = if first == TeamId(0) { 2 } else { 5 };
    game.host(&HostAction::DealEquipment, &mut FixedDice::new(&[1, 1, 1, 1, coin])).expect("dealt")
}

/// A duel in battle where White holds `white` and Black `black`.
fn equipped(white: &[Card], black: &[Card]) -> Game {
    let mut game = drafting(Equipment::RandomTwoEach);
    deal(&mut game, TeamId(0));
    assert_eq!(game.phase(), &Phase::Battle);
    edit(&mut game, |s| {
        s.ship_mut(WHITE).unwrap().cards = white.to_vec();
        s.ship_mut(BLACK).unwrap().cards = black.to_vec();
    });
    game
}

fn facing(game: &Game, ship: ShipId) -> geometry::Dir {
    game.ship(ship).unwrap().facing
}

fn square(game: &Game, ship: ShipId) -> Square {
    game.ship(ship).unwrap().position.square
}

/// Rolls an idle die of `station` to `pip` (energy from the pool), returning it.
fn rolled(game: &mut Game, ship: ShipId, station: Station, pip: u8) -> u8 {
    let mut die = None;
    edit(game, |s| die = s.roll_die(ship, station, Pip::new(pip)));
    die.expect("an idle die and a pool energy die")
}

// ----- the draft -----

#[test]
fn r22_the_draft_goes_one_two_one_and_the_last_card_is_forced() {
    let mut game = drafting(Equipment::Draft);
    assert_eq!(game.phase(), &Phase::Draft { then_battle: true });
    assert_eq!(refused(&mut game, WHITE_SEAT, Intent::DraftPick { card: BLINK }), RuleError::DraftNotDealt);
    let events = deal(&mut game, TeamId(1));
    assert!(
        matches!(&events[0], Event::EquipmentDealt { cards, first } if cards.len() == 4 && *first == TeamId(1))
    );
    // Nothing but the draft happens now.
    let roll = Intent::RollEnergy { dice: vec![0] };
    assert_eq!(refused(&mut game, WHITE_SEAT, roll), RuleError::DraftFirst);
    // Black, drawn first, picks one.
    assert_eq!(refused(&mut game, WHITE_SEAT, Intent::DraftPick { card: BLINK }), RuleError::NotYourPick);
    ok(&mut game, BLACK_SEAT, Intent::DraftPick { card: JETS }, &[]);
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::DraftPick { card: JETS }),
        RuleError::CardNotOffered { card: JETS }
    );
    // White picks two.
    ok(&mut game, WHITE_SEAT, Intent::DraftPick { card: BLINK }, &[]);
    assert_eq!(refused(&mut game, BLACK_SEAT, Intent::DraftPick { card: NEURONAV }), RuleError::NotYourPick);
    let events = ok(&mut game, WHITE_SEAT, Intent::DraftPick { card: NEURONAV }, &[]);
    // Four dealt: Black takes the last card without a choice, and the draft ends.
    assert!(events.contains(&Event::CardDrafted { team: TeamId(1), card: THRUSTERS }));
    assert_eq!(events.last(), Some(&Event::DraftEnded));
    assert_eq!(game.ship(WHITE).unwrap().cards, vec![BLINK, NEURONAV]);
    assert_eq!(game.ship(BLACK).unwrap().cards, vec![JETS, THRUSTERS]);
    assert_eq!(game.phase(), &Phase::Battle);
    assert_eq!(refused(&mut game, WHITE_SEAT, Intent::DraftPick { card: BLINK }), RuleError::NotDrafting);
    assert!(game.draft().unwrap().discarded().is_empty());
}

#[test]
fn r22_legal_intents_in_the_draft_are_the_open_cards_for_the_team_to_pick() {
    let mut game = drafting(Equipment::Draft);
    assert!(game.legal_intents(WHITE_SEAT).is_empty(), "nothing before the deal");
    deal(&mut game, TeamId(0));
    let white = game.legal_intents(WHITE_SEAT);
    assert_eq!(white.len(), 4);
    assert!(white.iter().all(|i| matches!(i, Intent::DraftPick { .. })));
    assert!(game.legal_intents(BLACK_SEAT).is_empty());
}

#[test]
fn random_two_each_skips_the_draft() {
    let mut game = drafting(Equipment::RandomTwoEach);
    deal(&mut game, TeamId(0));
    assert_eq!(game.ship(WHITE).unwrap().cards.len(), 2);
    assert_eq!(game.ship(BLACK).unwrap().cards.len(), 2);
    assert_eq!(game.phase(), &Phase::Battle);
    assert_eq!(game.host(&HostAction::DealEquipment, &mut FixedDice::new(&[1])), Err(RuleError::NotDrafting));
}

#[test]
fn a_draft_before_the_set_up_tokens_leads_into_the_set_up() {
    let config = GameConfig { ruleset: ruleset(Equipment::RandomTwoEach), ..GameConfig::duel() };
    let mut game = Game::new(config).unwrap();
    assert_eq!(game.phase(), &Phase::Draft { then_battle: false });
    deal(&mut game, TeamId(0));
    assert_eq!(game.phase(), &Phase::Setup { next: TeamId(0) });
}

#[test]
fn d30_equipment_needs_two_teams_with_one_capital_ship_each() {
    let with = |layout: Layout| {
        let mut config = GameConfig::duel();
        config.layout = layout;
        config.seats = (0..layout.ship_count()).map(|i| SeatSpec::whole_ship(ShipId(i))).collect();
        config.ruleset = ruleset(Equipment::Draft);
        Game::new(config).map(|_| ())
    };
    assert_eq!(with(Layout::FreeForAll), Err(SetupError::EquipmentLayout));
    assert_eq!(with(Layout::TwoPerSide), Err(SetupError::EquipmentLayout));
    let mut m3 = GameConfig::mission(Mission::FighterDuel);
    m3.ruleset = ruleset(Equipment::Draft);
    assert_eq!(Game::new(m3).map(|_| ()), Err(SetupError::EquipmentLayout));
    let mut m1 = GameConfig::mission(Mission::CarrierStrike);
    m1.ruleset = ruleset(Equipment::Draft);
    assert!(Game::new(m1).is_ok());
}

// ----- dice and crystals on cards -----

#[test]
fn d25_a_card_takes_the_face_its_data_names_from_the_station_that_rolls_it() {
    let mut game = equipped(&[BLINK], &[]);
    let bolt = rolled(&mut game, WHITE, Station::Tractor, 1);
    assert_eq!(
        refused(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Tractor, die: bolt, spot: Spot::Card(BLINK, 1) }
        ),
        RuleError::WrongCardFace { card: BLINK, slot: 1 }
    );
    let square_die = rolled(&mut game, WHITE, Station::Tractor, 6);
    // R2: the expansion symbol goes nowhere on the display …
    assert_eq!(
        refused(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Tractor, die: square_die, spot: Spot::Bolts }
        ),
        RuleError::SpecialFace
    );
    // … but on the card that takes it, like a display: one energy die goes back.
    let pool_before = game.ship(WHITE).unwrap().pool().count();
    let place = Intent::PlaceDie { station: Station::Tractor, die: square_die, spot: Spot::Card(BLINK, 1) };
    assert!(game.legal_intents(WHITE_SEAT).contains(&place));
    ok(&mut game, WHITE_SEAT, place, &[]);
    assert_eq!(game.ship(WHITE).unwrap().pool().count(), pool_before + 1);
    // A Helm die cannot go on a Tractor space; a card it does not hold is refused.
    let helm = rolled(&mut game, WHITE, Station::Helm, 1);
    assert_eq!(
        refused(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Card(BLINK, 2) }
        ),
        RuleError::WrongDisplay { station: Station::Helm }
    );
    assert_eq!(
        refused(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Card(THRUSTERS, 0) }
        ),
        RuleError::NotYourCard { card: THRUSTERS }
    );
    // Dice on a card can be removed at any time.
    ok(&mut game, WHITE_SEAT, Intent::RemoveDie { station: Station::Tractor, die: square_die }, &[]);
    assert_eq!(game.ship(WHITE).unwrap().card_dice(BLINK), vec![]);
}

#[test]
fn only_the_seat_holding_the_station_places_its_die_on_a_card() {
    let mut config = GameConfig::duel();
    config.ruleset = ruleset(Equipment::RandomTwoEach);
    config.preplaced = Some(config::Preplaced::default());
    config.seats = vec![
        SeatSpec { ship: WHITE, stations: vec![Station::Engineering, Station::Helm], captain: false },
        SeatSpec {
            ship: WHITE,
            stations: vec![Station::Weapons, Station::Sensors, Station::Shields, Station::Tractor],
            captain: false,
        },
        SeatSpec::whole_ship(BLACK),
    ];
    let mut game = Game::new(config).unwrap();
    deal(&mut game, TeamId(0));
    assert_eq!(game.ship(WHITE).unwrap().cards, vec![BLINK, NEURONAV]);
    let die = rolled(&mut game, WHITE, Station::Tractor, 6);
    let place = Intent::PlaceDie { station: Station::Tractor, die, spot: Spot::Card(BLINK, 1) };
    assert_eq!(
        refused(&mut game, SeatId(0), place.clone()),
        RuleError::StationNotHeld { station: Station::Tractor }
    );
    ok(&mut game, SeatId(1), place, &[]);
}

#[test]
fn crystals_go_on_a_card_with_room_and_come_back_off() {
    let mut game = equipped(&[BLINK, NEURONAV], &[]);
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::CrystalToCard { card: NEURONAV }),
        RuleError::NoCrystalToPut
    );
    give_crystals(&mut game, WHITE, 3);
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::CrystalToCard { card: BLINK }),
        RuleError::NoCrystalSpace { card: BLINK }
    );
    ok(&mut game, WHITE_SEAT, Intent::CrystalToCard { card: NEURONAV }, &[]);
    ok(&mut game, WHITE_SEAT, Intent::CrystalToCard { card: NEURONAV }, &[]);
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::CrystalToCard { card: NEURONAV }),
        RuleError::CardCrystalsFull { card: NEURONAV }
    );
    assert_eq!((game.crystals_held(WHITE), game.crystals_on_card(WHITE, NEURONAV)), (1, 2));
    assert!(game.card_active(WHITE, NEURONAV));
    ok(&mut game, WHITE_SEAT, Intent::CrystalOffCard { card: NEURONAV }, &[]);
    assert_eq!((game.crystals_held(WHITE), game.crystals_on_card(WHITE, NEURONAV)), (2, 1));
    assert!(!game.card_active(WHITE, NEURONAV));
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::CrystalOffCard { card: BLINK }),
        RuleError::NoCrystalOnCard { card: BLINK }
    );
}

#[test]
fn r22_neuronav_example_a_warp_jump_paid_with_a_crystal_from_the_card() {
    let mut game = equipped(&[], &[NEURONAV]);
    edit(&mut game, |s| {
        s.give_crystals(BLACK, 2).crystals_on_card(BLACK, NEURONAV, 2);
    });
    assert_eq!(game.crystals_held(BLACK), 0);
    assert!(game.card_active(BLACK, NEURONAV));
    let events = ok(&mut game, BLACK_SEAT, Intent::WarpJump, &[1, 2]);
    assert!(events.iter().any(|e| matches!(e, Event::CrystalMoved { to: event::CrystalAt::Used, .. })));
    assert_eq!(game.crystals_on_card(BLACK, NEURONAV), 1);
    assert!(!game.card_active(BLACK, NEURONAV), "one crystal left: NeuroNav is off");
}

#[test]
fn d28_a_crystal_action_takes_from_the_box_before_the_cards() {
    let mut game = equipped(&[NEURONAV], &[]);
    edit(&mut game, |s| {
        s.give_crystals(WHITE, 3).crystals_on_card(WHITE, NEURONAV, 2);
    });
    ok(&mut game, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    assert_eq!((game.crystals_held(WHITE), game.crystals_on_card(WHITE, NEURONAV)), (0, 2));
}

// ----- the cards -----

#[test]
fn d26_d27_blink_moves_sideways_without_turning_or_entering_the_squares_between() {
    let mut game = equipped(&[BLINK], &[]);
    let (e5, d5) = (Square::new(4, 4), Square::new(3, 4));
    edit(&mut game, |s| {
        s.put(WHITE, e5, geometry::Dir::North);
        s.obstacles.push((d5, Obstacle::Nebula));
        s.place(WHITE, Face::Sensors(SensorFace::Lock), Spot::Lock);
        s.place(WHITE, Face::Helm(HelmFace::TurnLeft), Spot::Card(BLINK, 0));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 1));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 3));
    });
    let use_blink = Intent::UseCard { card: BLINK };
    assert!(use_blink.is_freeze(), "Blink has the snowflake (D27)");
    assert!(game.legal_intents(WHITE_SEAT).contains(&use_blink));
    let events = ok(&mut game, WHITE_SEAT, use_blink, &[]);
    let declared = events.iter().find_map(|e| match e {
        Event::FreezeDeclared { declared } => Some(declared.action.clone()),
        _ => None,
    });
    assert_eq!(declared, Some(FreezeAction::Card { card: BLINK }));
    assert_eq!(square(&game, WHITE), Square::new(2, 4), "two squares to the left");
    assert_eq!(facing(&game, WHITE), geometry::Dir::North, "without turning");
    assert!(
        !events.iter().any(|e| matches!(e, Event::ObstacleEntered { .. })),
        "the nebula between is not entered"
    );
    assert_eq!(game.ship(WHITE).unwrap().lock(), 1);
    assert!(game.ship(WHITE).unwrap().card_dice(BLINK).is_empty(), "no lock icon: the dice come off");
    assert!(events.iter().any(|e| matches!(e, Event::DiceRemoved { why: Removal::CardUsed, .. })));
    assert_eq!(game.freeze().unwrap().progress, Progress::Review);
}

#[test]
fn d27_blink_lands_on_what_is_there() {
    let mut game = equipped(&[BLINK], &[]);
    let e5 = Square::new(4, 4);
    edit(&mut game, |s| {
        s.put(WHITE, e5, geometry::Dir::East);
        s.obstacles.push((Square::new(5, 4), Obstacle::Asteroid));
        s.place(WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(geometry::Sector::Front));
        s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Card(BLINK, 0));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 1));
    });
    ok(&mut game, WHITE_SEAT, Intent::UseCard { card: BLINK }, &[]);
    assert_eq!(square(&game, WHITE), Square::new(5, 4));
    assert_eq!(game.ship(WHITE).unwrap().shields(geometry::Sector::Front), 0, "the asteroid strips shields");
}

#[test]
fn d27_blink_off_the_map_or_without_its_dice_is_refused() {
    let mut game = equipped(&[BLINK], &[]);
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::UseCard { card: BLINK }),
        RuleError::CardNotReady { card: BLINK }
    );
    edit(&mut game, |s| {
        s.put(WHITE, Square::new(1, 4), geometry::Dir::North);
        s.place(WHITE, Face::Helm(HelmFace::TurnLeft), Spot::Card(BLINK, 0));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 1));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 2));
    });
    assert_eq!(refused(&mut game, WHITE_SEAT, Intent::UseCard { card: BLINK }), RuleError::BlinkOffMap);
    assert!(!game.legal_intents(WHITE_SEAT).contains(&Intent::UseCard { card: BLINK }));
}

#[test]
fn d27_blink_is_queued_behind_a_freeze_or_refused_under_the_mcguire_toggle() {
    for no_queue in [false, true] {
        let mut rules = ruleset(Equipment::RandomTwoEach);
        rules.house.no_queued_freezes = no_queue;
        let mut game = duel_with(rules);
        deal(&mut game, TeamId(0));
        edit(&mut game, |s| {
            s.ship_mut(WHITE).unwrap().cards = vec![BLINK];
            s.give_crystals(BLACK, 1);
            s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Card(BLINK, 0));
            s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 1));
        });
        ok(&mut game, BLACK_SEAT, Intent::WarpJump, &[1, 2]);
        let blink = Intent::UseCard { card: BLINK };
        if no_queue {
            assert_eq!(refused(&mut game, WHITE_SEAT, blink), RuleError::NoFreezeDuringFreeze);
        } else {
            let events = ok(&mut game, WHITE_SEAT, blink, &[]);
            assert!(matches!(&events[..], [Event::FreezeQueued { .. }]));
            assert_eq!(game.freeze().unwrap().queued.len(), 1);
        }
    }
}

#[test]
fn rotational_thrusters_pivot_in_place_when_both_dice_are_on() {
    let mut game = equipped(&[THRUSTERS], &[]);
    let at = square(&game, WHITE);
    edit(&mut game, |s| {
        s.place(WHITE, Face::Shields(ShieldFace::Special), Spot::Card(THRUSTERS, 1));
    });
    // A forward face is no turn: refused.
    let straight = rolled(&mut game, WHITE, Station::Helm, 1);
    assert_eq!(
        refused(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Helm, die: straight, spot: Spot::Card(THRUSTERS, 0) }
        ),
        RuleError::WrongCardFace { card: THRUSTERS, slot: 0 }
    );
    let right = rolled(&mut game, WHITE, Station::Helm, 5);
    let events = ok(
        &mut game,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Helm, die: right, spot: Spot::Card(THRUSTERS, 0) },
        &[],
    );
    assert!(events.contains(&Event::CardUsed { ship: WHITE, card: THRUSTERS }));
    assert_eq!((square(&game, WHITE), facing(&game, WHITE)), (at, geometry::Dir::East));
    assert!(game.ship(WHITE).unwrap().card_dice(THRUSTERS).is_empty(), "both dice come off");
    assert!(game.freeze().is_none(), "no snowflake: no freeze");
    assert_eq!(
        refused(&mut game, WHITE_SEAT, Intent::UseCard { card: THRUSTERS }),
        RuleError::CardWorksByItself { card: THRUSTERS }
    );
}

#[test]
fn d31_maneuver_jets_move_after_two_helm_dice_and_the_locked_sensor_die_stays() {
    let mut game = equipped(&[JETS], &[]);
    let e5 = Square::new(4, 4);
    edit(&mut game, |s| {
        s.put(WHITE, e5, geometry::Dir::North);
        s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::A));
    });
    let sensor = rolled(&mut game, WHITE, Station::Sensors, 5);
    let events = ok(
        &mut game,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Sensors, die: sensor, spot: Spot::Card(JETS, 0) },
        &[],
    );
    assert!(!events.iter().any(|e| matches!(e, Event::ShipMoved { .. })), "one helm die: no move yet");
    assert!(game.card_active(WHITE, JETS));
    let helm = rolled(&mut game, WHITE, Station::Helm, 1);
    ok(
        &mut game,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Helm(station::HelmSlot::C) },
        &[],
    );
    assert_eq!(square(&game, WHITE), Square::new(4, 2), "moved after two dice");
    assert_eq!(game.ship(WHITE).unwrap().placed(Station::Helm).count(), 0, "the helm clears");
    assert_eq!(game.ship(WHITE).unwrap().card_dice(JETS).len(), 1, "the lock icon: the sensor die stays");
}

#[test]
fn d31_without_its_sensor_die_maneuver_jets_do_nothing() {
    let mut game = equipped(&[JETS], &[]);
    edit(&mut game, |s| {
        s.put(WHITE, Square::new(4, 4), geometry::Dir::North);
        s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::A));
    });
    let helm = rolled(&mut game, WHITE, Station::Helm, 1);
    ok(
        &mut game,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Helm(station::HelmSlot::B) },
        &[],
    );
    assert_eq!(square(&game, WHITE), Square::new(4, 4));
}

#[test]
fn neuronav_charged_asteroids_and_nebulae_do_not_affect_the_ship() {
    for charged in [false, true] {
        let mut game = equipped(&[NEURONAV], &[]);
        edit(&mut game, |s| {
            s.put(WHITE, Square::new(3, 4), geometry::Dir::North);
            s.obstacles.push((Square::new(3, 3), Obstacle::Asteroid));
            s.obstacles.push((Square::new(3, 2), Obstacle::Nebula));
            s.place(WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(geometry::Sector::Front));
            s.place(WHITE, Face::Sensors(SensorFace::Jammer), Spot::Jammer);
            s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::A));
            s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::B));
            s.give_crystals(WHITE, 2);
            if charged {
                s.crystals_on_card(WHITE, NEURONAV, 2);
            }
        });
        let helm = rolled(&mut game, WHITE, Station::Helm, 1);
        ok(
            &mut game,
            WHITE_SEAT,
            Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Helm(station::HelmSlot::C) },
            &[],
        );
        let ship = game.ship(WHITE).unwrap();
        assert_eq!(ship.position.square, Square::new(3, 1));
        let kept = (ship.on_display(Station::Shields).count(), ship.on_display(Station::Sensors).count());
        assert_eq!(kept, if charged { (1, 1) } else { (0, 0) }, "charged: {charged}");
        assert_eq!(game.crystals_on_card(WHITE, NEURONAV), if charged { 2 } else { 0 }, "lock icon");
    }
}

#[test]
fn d29_obstacles_and_tractor_attempts_leave_the_dice_on_cards() {
    let mut game = equipped(&[BLINK, THRUSTERS], &[]);
    edit(&mut game, |s| {
        s.put(WHITE, Square::new(4, 4), geometry::Dir::North);
        s.obstacles.push((Square::new(4, 3), Obstacle::Asteroid));
        s.place(WHITE, Face::Shields(ShieldFace::Special), Spot::Card(THRUSTERS, 1));
        s.place(WHITE, Face::Tractor(TractorFace::Special), Spot::Card(BLINK, 1));
        s.place(WHITE, Face::Tractor(TractorFace::DoubleBolt), Spot::Bolts);
        s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::A));
        s.place(WHITE, Face::Helm(HelmFace::Forward1), Spot::Helm(station::HelmSlot::B));
    });
    let helm = rolled(&mut game, WHITE, Station::Helm, 1);
    ok(
        &mut game,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Helm, die: helm, spot: Spot::Helm(station::HelmSlot::C) },
        &[],
    );
    assert_eq!(
        game.ship(WHITE).unwrap().card_dice(THRUSTERS).len(),
        1,
        "the asteroid strips the display only"
    );
    // A tractor attempt discards the display's tractor dice, not Blink's.
    let crystal = game
        .crystals()
        .iter()
        .position(|c| matches!(c, event::CrystalAt::OnMap(sq) if *sq == Square::new(4, 2)));
    let crystal = crystal.expect("E3 holds a crystal (D16)") as u8;
    ok(&mut game, WHITE_SEAT, Intent::TractorCrystal { crystal }, &[]);
    assert_eq!(game.ship(WHITE).unwrap().card_dice(BLINK).len(), 1);
    assert_eq!(game.ship(WHITE).unwrap().tractor_strength(), 0);
}

#[test]
fn fighters_cannot_use_equipment_cards() {
    let mut config = GameConfig::mission(Mission::CarrierStrike);
    config.ruleset = ruleset(Equipment::RandomTwoEach);
    config.preplaced = Some(config::Preplaced::default());
    let mut game = Game::new(config).unwrap();
    deal(&mut game, TeamId(0));
    let white_fighter = ShipId(1);
    assert!(game.ship(white_fighter).unwrap().cards.is_empty());
    assert_eq!(game.ship(ShipId(0)).unwrap().cards.len(), 2, "the team's cards are its Capital ship's");
    let pilot = game.seats_of(white_fighter).next().unwrap().0;
    let die = rolled(&mut game, white_fighter, Station::Tractor, 6);
    let card = game.ship(ShipId(0)).unwrap().cards[0];
    let refusal = refused(
        &mut game,
        pilot,
        Intent::PlaceDie { station: Station::Tractor, die, spot: Spot::Card(card, 1) },
    );
    assert!(matches!(refusal, RuleError::FighterHasNoCards | RuleError::NoSuchPlace { .. }), "{refusal:?}");
    assert!(matches!(refused(&mut game, pilot, Intent::UseCard { card }), RuleError::FighterHasNoCards));
}

#[test]
fn a_destroyed_ships_crystals_on_cards_go_to_the_used_box() {
    let mut game = equipped(&[], &[NEURONAV]);
    edit(&mut game, |s| {
        s.give_crystals(BLACK, 2).crystals_on_card(BLACK, NEURONAV, 2).damage(BLACK, 3);
    });
    game.apply(&Event::ShipDestroyed { ship: BLACK });
    assert_eq!(game.crystals_on_card(BLACK, NEURONAV), 0);
}

#[test]
fn cards_are_in_the_hash_and_the_snapshot() {
    let a = equipped(&[BLINK], &[]);
    let b = equipped(&[JETS], &[]);
    assert_ne!(a.state_hash(), b.state_hash());
    let bytes = postcard::to_allocvec(&a).unwrap();
    let back: Game = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back.state_hash(), a.state_hash());
    assert!(back.is_consistent());
}

#[test]
fn a_position_with_cards_outside_the_equipment_rules_is_refused() {
    let mut setup = duel().to_setup().unwrap();
    setup.give_card(WHITE, BLINK);
    assert!(setup.into_game().is_err());
    let _ = WeaponFace::Nose;
}

// ----- random play with cards -----

fn equipment_config(seed: u64) -> GameConfig {
    let mut config = if seed.is_multiple_of(3) {
        GameConfig::quick_mission(Mission::CarrierStrike, seed)
    } else {
        GameConfig::quick_duel(seed)
    };
    config.ruleset.equipment =
        if seed.is_multiple_of(2) { Equipment::Draft } else { Equipment::RandomTwoEach };
    config
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]

    #[test]
    fn random_play_with_cards_keeps_the_invariants(seed in any::<u64>()) {
        let mut rng = TestRng::new(seed);
        let mut game = Game::new(equipment_config(seed)).unwrap();
        for _ in 0..1500 {
            if game.outcome().is_some() { break; }
            let Some(_) = random_step(&mut game, &mut rng) else { break };
            if let Err(broken) = invariants::check(&game) {
                panic!("seed {seed}: {broken}");
            }
        }
        prop_assert!(!matches!(game.phase(), Phase::Draft { .. }), "the draft always ends");
    }

    #[test]
    fn random_play_with_cards_replays_to_the_same_hash(seed in any::<u64>()) {
        let config = equipment_config(seed);
        let (game, log) = random_game(seed, config.clone(), 2500);
        let mut replica = Game::new(config).unwrap();
        for e in &log {
            replica.apply(e);
        }
        prop_assert_eq!(replica.state_hash(), game.state_hash());
    }
}

#[test]
fn random_play_reaches_every_card() {
    let mut used = std::collections::BTreeSet::new();
    let mut charged = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut rng = TestRng::new(seed);
        let mut game = Game::new(equipment_config(seed)).unwrap();
        for _ in 0..3000 {
            if game.outcome().is_some() {
                break;
            }
            let Some(events) = random_step(&mut game, &mut rng) else { break };
            for e in events {
                if let Event::CardUsed { card, .. } = e {
                    used.insert(card);
                }
            }
            for (i, s) in game.ships().iter().enumerate() {
                for card in &s.cards {
                    if game.card_active(ShipId(i as u8), *card) {
                        charged.insert(*card);
                    }
                }
            }
        }
    }
    assert!(used.contains(&BLINK) && used.contains(&THRUSTERS), "used: {used:?}");
    assert!(charged.contains(&JETS), "charged: {charged:?}");
}
