//! Scenario tests for energy and stations: R1, R2, R3, R6, R7, R8, R9, R24, R32.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{SensorFace, ShieldFace, TractorFace};
use duel_core::event::Event;
use duel_core::ship::{DieState, EnergyAt};
use duel_core::*;
use support::*;

#[test]
fn r1_a_rolled_die_goes_to_the_station_its_number_powers() {
    let mut g = duel();
    ok(&mut g, WHITE_SEAT, Intent::RollEnergy { dice: vec![0, 1, 2] }, &[1, 4, 6]);
    let events = ok(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 1 }, &[]);
    assert_eq!(events, vec![Event::EnergySent { ship: WHITE, die: 1, station: Station::Shields }]);
    ok(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 0 }, &[]);
    assert_eq!(g.ship(WHITE).unwrap().energy_at(Station::Weapons), 1);
    assert!(matches!(
        refused(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 2 }),
        RuleError::SixPowersNothing
    ));
    assert!(matches!(
        refused(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 3 }),
        RuleError::EnergyNotRolled { die: 3 }
    ));
}

#[test]
fn r1_rulebook_engineering_example_rerolls_until_a_four() {
    // "They roll a 1, 2, and 4 … keeps rerolling the 2 until getting a 4, then passes it to Shields."
    let mut g = duel();
    ok(&mut g, WHITE_SEAT, Intent::RollEnergy { dice: vec![0, 1, 2] }, &[1, 2, 4]);
    ok(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 0 }, &[]);
    ok(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 2 }, &[]);
    ok(&mut g, WHITE_SEAT, Intent::RollEnergy { dice: vec![1] }, &[3]);
    ok(&mut g, WHITE_SEAT, Intent::RollEnergy { dice: vec![1] }, &[4]);
    ok(&mut g, WHITE_SEAT, Intent::SendEnergy { die: 1 }, &[]);
    let s = g.ship(WHITE).unwrap();
    assert_eq!((s.energy_at(Station::Weapons), s.energy_at(Station::Shields)), (1, 2));
}

#[test]
fn r2_special_faces_must_be_rerolled() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Sensors);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0] }, &[5]);
    let why =
        refused(&mut g, WHITE_SEAT, Intent::PlaceDie { station: Station::Sensors, die: 0, spot: Spot::Lock });
    assert!(matches!(why, RuleError::SpecialFace), "{why}");
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0] }, &[2]);
    ok(&mut g, WHITE_SEAT, Intent::PlaceDie { station: Station::Sensors, die: 0, spot: Spot::Lock }, &[]);
    assert_eq!(g.ship(WHITE).unwrap().lock(), 2);
}

#[test]
fn r3_each_ship_starts_with_the_rulebook_dice() {
    let g = duel();
    let s = g.ship(WHITE).unwrap();
    assert_eq!(s.energy.len(), 6);
    let counts: Vec<usize> =
        [Station::Helm, Station::Sensors, Station::Weapons, Station::Shields, Station::Tractor]
            .iter()
            .map(|st| s.station_dice(*st).len())
            .collect();
    assert_eq!(counts, vec![3, 4, 6, 3, 3]);
}

#[test]
fn r6_rolled_dice_limited_by_energy_and_placing_returns_energy() {
    let mut g = duel();
    let why = refused(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Shields, dice: vec![0] });
    assert!(matches!(why, RuleError::NoEnergyAt { station: Station::Shields }), "{why}");
    energise(&mut g, WHITE, Station::Shields);
    energise(&mut g, WHITE, Station::Shields);
    let why =
        refused(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Shields, dice: vec![0, 1, 2] });
    assert!(matches!(why, RuleError::RollsExceedEnergy { station: Station::Shields, energy: 2 }), "{why}");
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Shields, dice: vec![0, 1] }, &[1, 3]);
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Shields, die: 0, spot: Spot::Shield(Sector::Front) },
        &[],
    );
    let s = g.ship(WHITE).unwrap();
    assert_eq!(s.energy_at(Station::Shields), 1);
    assert_eq!(s.pool().count(), 5, "placing returned an energy die to Engineering at once");
    // A placed die cannot be rerolled; it can be removed; placing again needs energy.
    let why = refused(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Shields, dice: vec![0] });
    assert!(matches!(why, RuleError::PlacedDieReroll), "{why}");
    ok(&mut g, WHITE_SEAT, Intent::RemoveDie { station: Station::Shields, die: 0 }, &[]);
    assert_eq!(g.ship(WHITE).unwrap().station_dice(Station::Shields)[0], DieState::Idle);
}

#[test]
fn r7_energy_can_be_handed_back_unused_but_not_from_under_a_rolled_die() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Helm);
    energise(&mut g, WHITE, Station::Helm);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Helm, dice: vec![0] }, &[1]);
    ok(&mut g, WHITE_SEAT, Intent::ReturnEnergy { station: Station::Helm }, &[]);
    assert_eq!(g.ship(WHITE).unwrap().energy_at(Station::Helm), 1);
    let why = refused(&mut g, WHITE_SEAT, Intent::ReturnEnergy { station: Station::Helm });
    assert!(matches!(why, RuleError::EnergyBacksRolledDice { station: Station::Helm }), "{why}");
}

#[test]
fn r8_two_player_teams_share_engineering_but_not_other_stations() {
    let mut config = GameConfig::duel();
    config.seats = SeatSpec::recommended(WHITE, 2);
    config.seats.extend(SeatSpec::recommended(BLACK, 2));
    config.preplaced = Some(Default::default());
    let mut g = Game::new(config).unwrap();
    // Seat 0 (Helm, Shields, Tractor) and seat 1 (Weapons, Sensors) both run Engineering.
    ok(&mut g, SeatId(0), Intent::RollEnergy { dice: vec![0] }, &[1]);
    ok(&mut g, SeatId(1), Intent::RollEnergy { dice: vec![1] }, &[2]);
    ok(&mut g, SeatId(1), Intent::SendEnergy { die: 0 }, &[]);
    let why = refused(&mut g, SeatId(0), Intent::RollDice { station: Station::Weapons, dice: vec![0] });
    assert!(matches!(why, RuleError::StationNotHeld { station: Station::Weapons }), "{why}");
    // Black's seats cannot touch White's ship: their intents act on Black.
    ok(&mut g, SeatId(2), Intent::RollEnergy { dice: vec![0] }, &[3]);
    assert_eq!(g.ship(WHITE).unwrap().energy[0], EnergyAt::Station(Station::Weapons));
}

#[test]
fn r8_a_second_holder_of_a_station_is_a_setup_error() {
    let mut config = GameConfig::duel();
    config.seats.push(SeatSpec { ship: WHITE, stations: vec![Station::Helm], captain: false });
    let err = Game::new(config).unwrap_err();
    assert!(err.to_string().contains("Helm is already held"), "{err}");
}

#[test]
fn r9_a_die_may_only_go_where_its_face_says() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Shields);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Shields, dice: vec![0] }, &[3]);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Shields, die: 0, spot: Spot::Shield(Sector::Front) },
    );
    assert!(matches!(why, RuleError::WrongArea { .. }), "{why}");
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::PlaceDie { station: Station::Shields, die: 0, spot: Spot::Shield(Sector::Aft) },
        &[],
    );
    assert_eq!(g.ship(WHITE).unwrap().shields(Sector::Aft), 1);
}

#[test]
fn r9_one_die_per_helm_slot_and_torpedo_part() {
    let mut g = duel();
    place(&mut g, WHITE, Face::Weapons(dice::WeaponFace::Nose), Spot::Torpedo(FRONT_1, TorpedoPart::Nose));
    energise(&mut g, WHITE, Station::Weapons);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Weapons, dice: vec![1] }, &[1]);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::PlaceDie {
            station: Station::Weapons,
            die: 1,
            spot: Spot::Torpedo(FRONT_1, TorpedoPart::Nose),
        },
    );
    assert!(matches!(why, RuleError::SlotTaken), "{why}");
}

#[test]
fn r24_while_frozen_rolled_dice_keep_their_faces_and_nothing_is_placed() {
    let mut g = duel();
    energise(&mut g, BLACK, Station::Sensors);
    ok(&mut g, BLACK_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0] }, &[1]);
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    assert!(g.freeze().is_some());
    let why =
        refused(&mut g, BLACK_SEAT, Intent::PlaceDie { station: Station::Sensors, die: 0, spot: Spot::Lock });
    assert!(matches!(why, RuleError::Frozen { .. }), "{why}");
    assert!(matches!(g.ship(BLACK).unwrap().station_dice(Station::Sensors)[0], DieState::Rolled { .. }));
}

#[test]
fn r39_mcguire_freeze_drops_rolled_dice() {
    let mut g = duel_with_house(HouseRules::mcguire());
    energise(&mut g, BLACK, Station::Sensors);
    ok(&mut g, BLACK_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0] }, &[1]);
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    assert_eq!(g.ship(BLACK).unwrap().station_dice(Station::Sensors)[0], DieState::Idle);
}

#[test]
fn r32_station_override_places_an_unrolled_die_on_any_face_for_a_crystal() {
    let mut g = duel();
    let shield_back = Face::Shields(ShieldFace::Back);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Override {
            station: Station::Shields,
            die: 0,
            face: shield_back,
            spot: Spot::Shield(Sector::Aft),
        },
    );
    assert!(matches!(why, RuleError::OverrideNeedsCrystal), "{why}");
    give_crystals(&mut g, WHITE, 1);
    let pool_before = g.ship(WHITE).unwrap().pool().count();
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::Override {
            station: Station::Shields,
            die: 0,
            face: shield_back,
            spot: Spot::Shield(Sector::Aft),
        },
        &[],
    );
    let s = g.ship(WHITE).unwrap();
    assert_eq!(s.shields(Sector::Aft), 1);
    assert_eq!(s.pool().count(), pool_before, "no energy used or returned");
    assert_eq!(g.crystals_held(WHITE), 0);
    assert!(g.crystals().contains(&event::CrystalAt::Used));
}

#[test]
fn r32_override_cannot_take_a_rolled_die_or_a_special_face() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 1);
    energise(&mut g, WHITE, Station::Tractor);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Tractor, dice: vec![0] }, &[1]);
    let bolt = Face::Tractor(TractorFace::DoubleBolt);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Override { station: Station::Tractor, die: 0, face: bolt, spot: Spot::Bolts },
    );
    assert!(matches!(why, RuleError::OverrideNeedsIdleDie), "{why}");
    let special = Face::Sensors(SensorFace::Special);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Override { station: Station::Sensors, die: 0, face: special, spot: Spot::Lock },
    );
    assert!(matches!(why, RuleError::SpecialFace), "{why}");
}

#[test]
fn a_seat_that_does_not_exist_or_a_captain_is_refused() {
    let mut g = duel();
    let why = refused(&mut g, SeatId(9), Intent::RollEnergy { dice: vec![0] });
    assert!(matches!(why, RuleError::NoSeat), "{why}");
    let mut config = GameConfig::duel();
    config.seats.push(SeatSpec { ship: WHITE, stations: vec![], captain: true });
    config.seats[0].stations.retain(|s| *s != Station::Weapons);
    config.seats.push(SeatSpec { ship: WHITE, stations: vec![Station::Weapons], captain: false });
    config.preplaced = Some(Default::default());
    let mut g = Game::new(config).unwrap();
    let why = refused(&mut g, SeatId(2), Intent::RollEnergy { dice: vec![0] });
    assert!(matches!(why, RuleError::CaptainNeverRolls), "{why}");
}
