//! Scenario tests for freezes and set-up: R4, R5, R19–R21, R28 and the
//! rulebook's freeze-timing example.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::choice::{Answer, ChoiceKind};
use duel_core::event::Event;
use duel_core::freeze::{FreezeAction, Progress};
use duel_core::map::Obstacle;
use duel_core::*;
use support::*;

fn facing_off(g: &mut Game) {
    put(g, WHITE, Square::new(4, 6), Dir::North);
    put(g, BLACK, Square::new(4, 3), Dir::South);
}

/// The host ends the review; `dice` are what the next freeze rolls as it
/// starts (a warp jump rolls two energy dice, R30).
fn resume(g: &mut Game, dice: &[u8]) -> Vec<Event> {
    g.host(&HostAction::Resume, &mut FixedDice::new(dice)).expect("resolved")
}

#[test]
fn r19_a_freeze_stops_both_ships_until_the_host_resumes() {
    let mut g = duel();
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    for seat in [WHITE_SEAT, BLACK_SEAT] {
        let why = refused(&mut g, seat, Intent::RollEnergy { dice: vec![0] });
        assert!(matches!(why, RuleError::Frozen { action: FreezeAction::Fire { count: 1, .. } }), "{why}");
    }
    assert!(g.legal_intents(WHITE_SEAT).iter().all(|i| i.is_freeze() || matches!(i, Intent::Answer { .. })));
    resume(&mut g, &[1]);
    ok(&mut g, BLACK_SEAT, Intent::RollEnergy { dice: vec![0] }, &[3]);
}

#[test]
fn r19_resume_is_refused_while_a_choice_is_open() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    let err = g.host(&HostAction::Resume, &mut FixedDice::new(&[1])).unwrap_err();
    assert_eq!(err, RuleError::FreezeUnresolved);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::WarpDestination { .. })).unwrap();
    g.host(&HostAction::Timeout { choice: c.id }, &mut FixedDice::new(&[1])).unwrap();
    assert_eq!(g.ship(WHITE).unwrap().position.square, g.map().crystal_square(1));
    resume(&mut g, &[1]);
    assert!(g.freeze().is_none());
}

#[test]
fn r20_rulebook_freeze_timing_example_the_other_team_goes_first() {
    // White fires; during the launch Black declares Fire and White a Warp: Black's runs first.
    let mut g = duel();
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, BLACK, FRONT_1);
    load(&mut g, BLACK, FRONT_2);
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[]);
    ok(&mut g, BLACK_SEAT, Intent::Fire { count: 2, target: None, side: None }, &[]);
    assert_eq!(g.freeze().unwrap().queued.len(), 2);
    let events = resume(&mut g, &[1, 1, 1, 1]);
    let started: Vec<ShipId> = events
        .iter()
        .filter_map(|e| match e {
            Event::FreezeDeclared { declared } => Some(declared.ship),
            _ => None,
        })
        .collect();
    assert_eq!(started, vec![BLACK], "the team that did not freeze has priority");
    resume(&mut g, &[1, 2]);
    assert!(matches!(g.freeze().unwrap().declared.action, FreezeAction::Warp));
}

#[test]
fn r28_each_team_queues_at_most_one_and_an_illegal_queued_freeze_is_cancelled() {
    let mut g = duel();
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, BLACK, FRONT_1);
    give_crystals(&mut g, BLACK, 1);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    ok(&mut g, BLACK_SEAT, Intent::WarpJump, &[]);
    let why = refused(&mut g, BLACK_SEAT, Intent::Fire { count: 1, target: None, side: None });
    assert!(matches!(why, RuleError::FollowUpQueued), "{why}");
    // The queued warp is still legal when White's launch is resolved, so it starts.
    let events = resume(&mut g, &[1, 2]);
    assert!(events.iter().any(|e| matches!(e, Event::FreezeDeclared { .. })));
    let mut g = duel();
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, WHITE, REAR_1);
    load(&mut g, BLACK, FRONT_1);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    ok(&mut g, BLACK_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    // Black's torpedo is taken off before its freeze starts. A `Setup` is a
    // position at rest, so mid-freeze the test applies the event a replica
    // would (the one forged event left in the scenario tests).
    let dice: Vec<u8> = g.ship(BLACK).unwrap().placed(Station::Weapons).map(|(i, _, _)| i).collect();
    g.apply(&Event::DiceRemoved {
        ship: BLACK,
        station: Station::Weapons,
        dice,
        why: event::Removal::Officer,
    });
    let events = resume(&mut g, &[1]);
    let cancelled = Event::FreezeCancelled {
        declared: freeze::Declared {
            ship: BLACK,
            action: FreezeAction::Fire { count: 1, target: Target::Ship(WHITE), side: None },
        },
        reason: RuleError::NoTorpedoLoaded,
    };
    assert!(events.contains(&cancelled), "{events:?}");
    assert!(events.contains(&Event::FreezeEnded));
}

#[test]
fn r20_r39_house_rule_forbids_queueing() {
    let mut g = duel_with_house(HouseRules { no_queued_freezes: true, ..Default::default() });
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, BLACK, FRONT_1);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[]);
    let why = refused(&mut g, BLACK_SEAT, Intent::Fire { count: 1, target: None, side: None });
    assert!(matches!(why, RuleError::NoFreezeDuringFreeze), "{why}");
}

fn crewed_with_captain() -> Game {
    let mut config = GameConfig::duel();
    config.seats = SeatSpec::recommended(WHITE, 4);
    config.seats.push(SeatSpec::whole_ship(BLACK));
    config.preplaced = Some(Default::default());
    Game::new(config).unwrap()
}

#[test]
fn r21_the_captain_declares_fire_and_tractor_weapons_when_the_captain_is_away() {
    // Seats: 0 Helm/Shields/Tractor, 1 Weapons/Sensors, 2 Engineering, 3 Captain, 4 Black.
    let mut g = crewed_with_captain();
    facing_off(&mut g);
    load(&mut g, WHITE, FRONT_1);
    let why = refused(&mut g, SeatId(1), Intent::Fire { count: 1, target: None, side: None });
    assert!(matches!(why, RuleError::CaptainGivesOrder), "{why}");
    let why = refused(&mut g, SeatId(3), Intent::RollEnergy { dice: vec![0] });
    assert!(matches!(why, RuleError::CaptainNeverRolls), "{why}");
    g.host(&HostAction::SetAway { seat: SeatId(3), away: true }, &mut FixedDice::new(&[1])).unwrap();
    ok(&mut g, SeatId(1), Intent::Fire { count: 1, target: None, side: None }, &[]);
}

#[test]
fn r21_any_seat_may_warp_and_the_captain_picks_the_tractor_destination() {
    let mut g = crewed_with_captain();
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    place(&mut g, WHITE, Face::Tractor(dice::TractorFace::DoubleBolt), Spot::Bolts);
    ok(&mut g, SeatId(3), Intent::TractorShip { target: BLACK }, &[]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
    let why = refused(
        &mut g,
        SeatId(0),
        Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(3, 4)) },
    );
    assert!(matches!(why, RuleError::NotYourChoice), "{why}");
    ok(&mut g, SeatId(3), Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(3, 4)) }, &[]);
    resume(&mut g, &[1]);
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, SeatId(2), Intent::WarpJump, &[1, 2]);
    assert!(matches!(g.freeze().unwrap().progress, Progress::Warp));
}

#[test]
fn r4_r5_setup_teams_alternate_ten_tokens_then_the_battle_begins() {
    let mut g = Game::new(GameConfig::duel()).unwrap();
    assert_eq!(g.setup_turn(), Some(TeamId(0)));
    assert!(matches!(
        refused(&mut g, WHITE_SEAT, Intent::RollEnergy { dice: vec![0] }),
        RuleError::BattleNotBegun
    ));
    let why = refused(
        &mut g,
        BLACK_SEAT,
        Intent::PlaceObstacle { square: Square::new(0, 3), obstacle: Obstacle::Nebula },
    );
    assert!(matches!(why, RuleError::NotYourTokenTurn), "{why}");
    let crystal = g.map().crystal_squares[0];
    let why =
        refused(&mut g, WHITE_SEAT, Intent::PlaceObstacle { square: crystal, obstacle: Obstacle::Nebula });
    assert!(matches!(why, RuleError::TokenOnCrystal { .. }), "{why}");
    let mut last = Vec::new();
    for i in 0..10u8 {
        let seat = if i % 2 == 0 { WHITE_SEAT } else { BLACK_SEAT };
        let square = Square::new(i % 9, if i < 9 { 3 } else { 5 });
        if i == 1 {
            let why = refused(
                &mut g,
                seat,
                Intent::PlaceObstacle { square: Square::new(0, 3), obstacle: Obstacle::Nebula },
            );
            assert!(matches!(why, RuleError::TokenSquareTaken { .. }), "{why}");
        }
        last = ok(&mut g, seat, Intent::PlaceObstacle { square, obstacle: Obstacle::Asteroid }, &[]);
    }
    assert!(last.contains(&Event::BattleBegan));
    assert_eq!(g.phase(), &Phase::Battle);
    assert_eq!(g.obstacles().len(), 10);
}

#[test]
fn r5_wormholes_are_placed_too_when_the_option_is_on() {
    let mut config = GameConfig::duel();
    config.ruleset.wormholes = true;
    let mut g = Game::new(config).unwrap();
    for i in 0..12u8 {
        let seat = if i % 2 == 0 { WHITE_SEAT } else { BLACK_SEAT };
        let square = Square::new(i % 9, if i < 9 { 3 } else { 5 });
        let intent = if i < 2 {
            Intent::PlaceWormhole { square }
        } else {
            Intent::PlaceObstacle { square, obstacle: Obstacle::Nebula }
        };
        ok(&mut g, seat, intent, &[]);
    }
    assert_eq!(g.wormholes().len(), 2);
    assert_eq!(g.phase(), &Phase::Battle);
}

#[test]
fn a_preplaced_layout_must_fit_the_box() {
    let mut config = GameConfig::duel();
    config.preplaced =
        Some(config::Preplaced { obstacles: vec![(Square::new(4, 8), Obstacle::Nebula)], wormholes: None });
    assert!(Game::new(config).unwrap_err().to_string().contains("start square"));
}
