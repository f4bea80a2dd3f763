//! Experimental Equipment (`001_…`, R22, D25–D31): each card's effect, the
//! lock icon, snowflake cards under each ruleset, and random play with cards.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, ShieldFace, TractorFace};
use duel_core::event::Removal;
use duel_core::freeze::{FreezeAction, Progress};
use duel_core::map::Obstacle;
use duel_core::*;
use proptest::prelude::*;
use support::equipment::*;
use support::*;

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
    let events = place_rolled(&mut game, Station::Helm, 5, Spot::Card(THRUSTERS, 0));
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
    let events = place_rolled(&mut game, Station::Sensors, 5, Spot::Card(JETS, 0));
    assert!(!events.iter().any(|e| matches!(e, Event::ShipMoved { .. })), "one helm die: no move yet");
    assert!(game.card_active(WHITE, JETS));
    place_rolled(&mut game, Station::Helm, 1, Spot::Helm(station::HelmSlot::C));
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
    place_rolled(&mut game, Station::Helm, 1, Spot::Helm(station::HelmSlot::B));
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
        place_rolled(&mut game, Station::Helm, 1, Spot::Helm(station::HelmSlot::C));
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
    place_rolled(&mut game, Station::Helm, 1, Spot::Helm(station::HelmSlot::C));
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
