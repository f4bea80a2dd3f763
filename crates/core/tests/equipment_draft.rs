//! Experimental Equipment (`001_…`, R22): the draft, and dice and crystals
//! on cards (who places them, what they take, what pays from them).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::*;
use support::equipment::*;
use support::*;

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
