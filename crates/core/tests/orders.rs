//! One-tap orders (`Game::roll_order`, `Game::place_order`): the intent a
//! button means, or the reason it cannot be done, without sending anything.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{SensorFace, ShieldFace};
use duel_core::*;
use support::*;

#[test]
fn engineering_rolls_every_unrolled_pool_die_then_the_sixes() {
    let mut g = duel();
    let all = g.roll_order(WHITE_SEAT, Station::Engineering, &[]).unwrap();
    let Intent::RollEnergy { dice } = &all else { panic!("{all:?}") };
    assert_eq!(dice.len(), g.ship(WHITE).unwrap().pool().count());
    // Everything rolled: 1s and one 6. The six powers nothing (R1), so "Roll" rerolls it.
    ok(&mut g, WHITE_SEAT, all, &[1, 6, 1, 1, 1, 1]);
    assert_eq!(g.roll_order(WHITE_SEAT, Station::Engineering, &[]), Ok(Intent::RollEnergy { dice: vec![1] }));
    // A picked die is rerolled with the sixes only when nothing else needs rolling.
    let picked = g.roll_order(WHITE_SEAT, Station::Engineering, &[0]).unwrap();
    assert_eq!(picked, Intent::RollEnergy { dice: vec![0] });
}

#[test]
fn an_empty_pool_says_where_the_energy_went() {
    let mut g = duel();
    while g.ship(WHITE).unwrap().pool().next().is_some() {
        energise(&mut g, WHITE, Station::Shields);
    }
    assert_eq!(g.roll_order(WHITE_SEAT, Station::Engineering, &[]), Err(RuleError::PoolEmpty));
}

#[test]
fn r6_a_station_without_energy_is_told_to_ask_engineering() {
    let g = duel();
    assert_eq!(
        g.roll_order(WHITE_SEAT, Station::Sensors, &[]),
        Err(RuleError::NoEnergyAt { station: Station::Sensors })
    );
}

#[test]
fn r6_a_station_rolls_as_many_new_dice_as_its_energy() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Sensors);
    energise(&mut g, WHITE, Station::Sensors);
    let order = g.roll_order(WHITE_SEAT, Station::Sensors, &[]).unwrap();
    assert_eq!(order, Intent::RollDice { station: Station::Sensors, dice: vec![0, 1] });
    ok(&mut g, WHITE_SEAT, order, &[1, 1]);
    // No room left: "Roll" rerolls what is rolled.
    let again = g.roll_order(WHITE_SEAT, Station::Sensors, &[]).unwrap();
    assert_eq!(again, Intent::RollDice { station: Station::Sensors, dice: vec![0, 1] });
}

#[test]
fn a_display_full_of_placed_dice_has_nothing_to_roll() {
    let mut g = duel();
    let shields = g.ship(WHITE).unwrap().station_dice(Station::Shields).len();
    let faces = [
        (ShieldFace::Front, Sector::Front),
        (ShieldFace::Back, Sector::Aft),
        (ShieldFace::Left, Sector::Left),
    ];
    for (face, sector) in faces.iter().cycle().take(shields) {
        place(&mut g, WHITE, Face::Shields(*face), Spot::Shield(*sector));
    }
    assert_eq!(
        g.roll_order(WHITE_SEAT, Station::Shields, &[]),
        Err(RuleError::AllDicePlaced { station: Station::Shields })
    );
    // Energy there does not make a die to roll: the station's words and its Roll agree.
    energise(&mut g, WHITE, Station::Shields);
    energise(&mut g, WHITE, Station::Shields);
    let ship = g.ship(WHITE).unwrap();
    assert!(ship.station_room(Station::Shields) >= 2);
    assert_eq!(ship.ready_to_roll(Station::Shields), 0, "no die is left to roll");
    assert_eq!(
        g.roll_order(WHITE_SEAT, Station::Shields, &[]),
        Err(RuleError::AllDicePlaced { station: Station::Shields })
    );
}

#[test]
fn r6_ready_to_roll_is_the_room_energy_leaves_among_the_idle_dice() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Sensors);
    energise(&mut g, WHITE, Station::Sensors);
    assert_eq!(g.ship(WHITE).unwrap().ready_to_roll(Station::Sensors), 2);
    let order = g.roll_order(WHITE_SEAT, Station::Sensors, &[]).unwrap();
    ok(&mut g, WHITE_SEAT, order, &[1, 1]);
    assert_eq!(g.ship(WHITE).unwrap().ready_to_roll(Station::Sensors), 0, "both are rolled");
}

#[test]
fn a_tap_places_the_picked_die_that_fits_else_the_first_that_does() {
    let mut g = duel();
    energise(&mut g, WHITE, Station::Sensors);
    energise(&mut g, WHITE, Station::Sensors);
    // Pips 3 and 1: a Jammer on die 0, a Lock on die 1 (the sensor face table, R2).
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0, 1] }, &[3, 1]);
    let dice = g.ship(WHITE).unwrap().station_dice(Station::Sensors);
    assert_eq!(dice[1].rolled(), Some(Face::Sensors(SensorFace::Lock)));
    let (lock_die, other) = (1, 0);
    // Picked the other die, which does not fit the lock: the one that fits goes.
    assert_eq!(
        g.place_order(WHITE_SEAT, Station::Sensors, Spot::Lock, &[other]),
        Ok(Intent::PlaceDie { station: Station::Sensors, die: lock_die, spot: Spot::Lock })
    );
}

#[test]
fn a_tap_with_nothing_rolled_or_during_a_freeze_says_why() {
    let mut g = duel();
    assert_eq!(
        g.place_order(WHITE_SEAT, Station::Sensors, Spot::Lock, &[]),
        Err(RuleError::NothingRolled { station: Station::Sensors })
    );
    assert_eq!(g.place_order(SeatId(9), Station::Sensors, Spot::Lock, &[]), Err(RuleError::NoSeat));
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    assert!(matches!(g.roll_order(BLACK_SEAT, Station::Engineering, &[]), Err(RuleError::Frozen { .. })));
}
