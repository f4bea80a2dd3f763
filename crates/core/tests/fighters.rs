//! Die Fighter scenarios (R22, `001_…` "Fighters"): the cockpit, helm,
//! sensors, missiles, and what hits a Fighter. Positions are written with
//! `Setup` (never forged events); each test is named after the reading it checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, ShieldFace, TractorFace};
use duel_core::event::{Event, Removal};
use duel_core::map::Obstacle;
use duel_core::station::HelmSlot;
use duel_core::*;
use support::fighters::*;
use support::*;

fn health(game: &Game, ship: ShipId) -> u8 {
    game.ship(ship).unwrap().health().unwrap()
}

#[test]
fn r22_a_fighter_has_eleven_dice_health_three_and_no_energy() {
    let game = mission(Mission::FighterDuel);
    let f = game.ship(ShipId(0)).unwrap();
    assert_eq!(f.class, ShipClass::Fighter);
    let station_dice: usize = f.dice.iter().map(Vec::len).sum();
    assert_eq!(station_dice + 1, 11, "ten station dice and the Health die");
    assert!(f.energy.is_empty());
    assert_eq!(f.health(), Some(3));
    let mut config = GameConfig::mission(Mission::FighterDuel);
    config.ruleset.fighters_start_with_two_health = true;
    let toggled = Setup::battle(config).unwrap().into_game().unwrap();
    assert_eq!(toggled.ship(ShipId(1)).unwrap().health(), Some(2), "the \"2 health\" toggle");
}

#[test]
fn r22_the_pilot_rolls_any_die_at_any_time_without_energy() {
    let mut game = mission(Mission::FighterDuel);
    let events = ok(
        &mut game,
        SeatId(0),
        Intent::RollDice { station: Station::Sensors, dice: vec![0, 1, 2, 3] },
        &[2, 2, 3, 1],
    );
    assert!(matches!(events.as_slice(), [Event::DiceRolled { .. }]));
    assert_eq!(
        refused(&mut game, SeatId(0), Intent::RollEnergy { dice: vec![0] }),
        RuleError::FighterHasNoEnergy
    );
    // Placing needs no energy and returns none.
    let events = ok(
        &mut game,
        SeatId(0),
        Intent::PlaceDie { station: Station::Sensors, die: 0, spot: Spot::Lock },
        &[],
    );
    assert!(matches!(events.as_slice(), [Event::CockpitDiePlaced { .. }]));
    assert_eq!(game.ship(ShipId(0)).unwrap().lock(), 2);
}

#[test]
fn r22_rolling_a_placed_die_takes_it_off_the_display_first() {
    let mut game = mission(Mission::FighterDuel);
    place(&mut game, ShipId(0), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    let events =
        ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Sensors, dice: vec![0] }, &[3]);
    assert!(matches!(
        events.as_slice(),
        [Event::DiceRemoved { why: Removal::Officer, .. }, Event::DiceRolled { .. }]
    ));
    let f = game.ship(ShipId(0)).unwrap();
    assert_eq!(f.lock(), 0);
    assert_eq!(f.station_dice(Station::Sensors)[0].rolled(), Some(Face::Sensors(SensorFace::Jammer)));
}

#[test]
fn r22_the_health_die_is_never_rolled() {
    let mut game = mission(Mission::FighterDuel);
    let roll = Intent::RollDice { station: Station::Shields, dice: vec![0] };
    assert_eq!(refused(&mut game, SeatId(0), roll), RuleError::HealthNeverRolled);
}

#[test]
fn r22_a_fighter_moves_when_both_helm_slots_are_filled() {
    let mut game = mission(Mission::FighterDuel);
    edit(&mut game, |s| {
        s.put(ShipId(0), Square::new(4, 6), Dir::North);
        s.place(ShipId(0), Face::Helm(HelmFace::Forward2), Spot::Helm(HelmSlot::A));
    });
    ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Helm, dice: vec![1] }, &[5]);
    let slot_c = Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::C) };
    assert_eq!(refused(&mut game, SeatId(0), slot_c), RuleError::NoSuchPlace { class: ShipClass::Fighter });
    ok(
        &mut game,
        SeatId(0),
        Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::B) },
        &[],
    );
    let f = game.ship(ShipId(0)).unwrap();
    assert_eq!(
        (f.position.square, f.facing),
        (Square::new(4, 3), Dir::East),
        "Forward 2, then Forward + turn right"
    );
    assert_eq!(f.placed(Station::Helm).count(), 0, "the helm dice are removed after the move");
}

/// Moves ship 0 of a Fighter Duel one square north through `obstacle` at E6.
fn fly_into(obstacle: Obstacle, sensors: &[SensorFace]) -> (Game, Vec<Event>) {
    let mut setup = Setup::battle(GameConfig::mission(Mission::FighterDuel)).unwrap();
    setup.obstacles.push((Square::new(4, 5), obstacle));
    setup.put(ShipId(0), Square::new(4, 6), Dir::North);
    for face in sensors {
        let spot = Spot::for_face(Face::Sensors(*face)).unwrap();
        setup.place(ShipId(0), Face::Sensors(*face), spot);
    }
    setup.place(ShipId(0), Face::Helm(HelmFace::Forward1), Spot::Helm(HelmSlot::A));
    let mut game = setup.into_game().unwrap();
    ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Helm, dice: vec![1] }, &[6]);
    let events = ok(
        &mut game,
        SeatId(0),
        Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::B) },
        &[],
    );
    (game, events)
}

#[test]
fn r22_asteroids_do_not_affect_fighters() {
    let (game, _) = fly_into(Obstacle::Asteroid, &[SensorFace::Lock, SensorFace::Jammer]);
    let f = game.ship(ShipId(0)).unwrap();
    assert_eq!(f.position.square, Square::new(4, 4), "slipped through E6 and on");
    assert_eq!(f.placed(Station::Sensors).count(), 2);
    assert!(game.choices().is_empty());
}

#[test]
fn r22_a_nebula_strips_every_sensor_die_of_a_fighter() {
    let three = [SensorFace::Lock, SensorFace::DoubleLock, SensorFace::Jammer];
    let (game, events) = fly_into(Obstacle::Nebula, &three);
    assert_eq!(game.ship(ShipId(0)).unwrap().placed(Station::Sensors).count(), 0, "all, not two");
    assert!(game.choices().is_empty(), "nothing to choose when every die goes");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DiceRemoved { why: Removal::Nebula, dice, .. } if dice.len() == 3)));
}

#[test]
fn fighter_sensors_have_two_jammer_slots() {
    let mut game = mission(Mission::FighterDuel);
    place(&mut game, ShipId(0), Face::Sensors(SensorFace::DoubleJammer), Spot::Jammer);
    place(&mut game, ShipId(0), Face::Sensors(SensorFace::DoubleJammer), Spot::Jammer);
    assert_eq!(game.ship(ShipId(0)).unwrap().jammers(), 4, "at most four points of jammers");
    ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Sensors, dice: vec![2] }, &[3]);
    let third = Intent::PlaceDie { station: Station::Sensors, die: 2, spot: Spot::Jammer };
    assert_eq!(refused(&mut game, SeatId(0), third), RuleError::JammerSlotsFull);
}

/// Mission 1: White's Fighter at E6 facing north with a loaded missile and a
/// Double Lock; Black's Capital at E4 facing south with `shields` on its front.
fn missile_run(shields: u8) -> Game {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.put(W_FTR, Square::new(4, 5), Dir::North).put(B_CAP, Square::new(4, 3), Dir::South);
        missile(s, W_FTR);
        s.place(W_FTR, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
        for _ in 0..shields {
            s.place(B_CAP, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
        }
    });
    game
}

fn fire_missile(game: &mut Game, dice: &[u8]) -> Vec<Event> {
    ok(game, W_PILOT, Intent::Fire { count: 1, target: Some(Target::Ship(B_CAP)), side: None }, dice)
}

#[test]
fn r22_missile_counts_one_extra_shield_on_a_capital() {
    // No shield die counts as one: a Blast gets through…
    let mut game = missile_run(0);
    fire_missile(&mut game, &[4]);
    assert_eq!(game.ship(B_CAP).unwrap().hits, 1);
    // …one counts as two: a Blast does not, a Double Blast does…
    let mut game = missile_run(1);
    fire_missile(&mut game, &[5]);
    assert_eq!(game.ship(B_CAP).unwrap().hits, 0);
    let mut game = missile_run(1);
    let events = fire_missile(&mut game, &[6]);
    assert!(events.iter().any(|e| matches!(e, Event::DamageRolled { shields: 2, damage: 1, .. })));
    assert_eq!(game.ship(B_CAP).unwrap().hits, 1);
    // …and two count as three: no damage, no roll.
    let mut game = missile_run(2);
    fire_missile(&mut game, &[]);
    assert_eq!(game.ship(B_CAP).unwrap().hits, 0);
}

#[test]
fn r22_a_missile_removes_at_most_one_shield_die() {
    let mut game = missile_run(2);
    fire_missile(&mut game, &[]);
    let cap = game.ship(B_CAP).unwrap();
    assert_eq!(cap.shields(Sector::Front), 1, "one of the two shield dice is left");
    let f = game.ship(W_FTR).unwrap();
    assert!(!f.tube_loaded(FRONT_1) && f.lock() == 0, "the missile and the locks are spent as for a torpedo");
}

#[test]
fn r22_a_fighter_fires_only_fire_1_forward() {
    let mut game = missile_run(0);
    let fire2 = Intent::Fire { count: 2, target: Some(Target::Ship(B_CAP)), side: None };
    assert_eq!(refused(&mut game, W_PILOT, fire2), RuleError::FighterFiresOne);
    edit(&mut game, |s| {
        s.put(W_FTR, Square::new(4, 5), Dir::South);
    });
    let behind = Intent::Fire { count: 1, target: Some(Target::Ship(B_CAP)), side: None };
    assert_eq!(refused(&mut game, W_PILOT, behind), RuleError::MissileFrontOnly);
}

#[test]
fn r22_torpedoes_hit_a_fighter_for_one_damage_each_without_shields() {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.put(W_FTR, Square::new(4, 5), Dir::North).put(B_CAP, Square::new(4, 3), Dir::South);
        s.place(B_CAP, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    });
    load(&mut game, B_CAP, FRONT_1);
    load(&mut game, B_CAP, FRONT_2);
    let events =
        ok(&mut game, B_CREW, Intent::Fire { count: 2, target: Some(Target::Ship(W_FTR)), side: None }, &[]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DamageRolled { faces, damage: 2, .. } if faces.is_empty())));
    assert!(!events.iter().any(|e| matches!(e, Event::SectorStruck { .. })), "no shields, no sector");
    assert_eq!(health(&game, W_FTR), 1, "the Health die rotates down two pips");
}

#[test]
fn r22_a_missile_that_hits_a_fighter_deals_one_damage() {
    let mut game = mission(Mission::FighterDuel);
    edit(&mut game, |s| {
        s.put(ShipId(0), Square::new(4, 5), Dir::North).put(ShipId(1), Square::new(4, 3), Dir::South);
        missile(s, ShipId(0));
        s.place(ShipId(0), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    });
    ok(&mut game, SeatId(0), Intent::Fire { count: 1, target: None, side: None }, &[]);
    assert_eq!(health(&game, ShipId(1)), 2);
}

#[test]
fn r22_a_fighter_at_zero_health_is_destroyed_and_leaves_the_board() {
    let mut game = mission(Mission::FighterDuel);
    edit(&mut game, |s| {
        s.put(ShipId(0), Square::new(4, 5), Dir::North).put(ShipId(1), Square::new(4, 3), Dir::South);
        missile(s, ShipId(0));
        s.place(ShipId(0), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
        s.damage(ShipId(1), 2);
    });
    assert_eq!(health(&game, ShipId(1)), 1);
    let events = ok(&mut game, SeatId(0), Intent::Fire { count: 1, target: None, side: None }, &[]);
    assert!(events.contains(&Event::ShipDestroyed { ship: ShipId(1) }));
    assert!(game.ship(ShipId(1)).unwrap().destroyed);
    // Mission 3: the game ends when one Fighter is destroyed.
    assert_eq!(game.outcome(), Some(Some(TeamId(0))));
}

#[test]
fn r22_mines_hit_fighters_as_normal() {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.put(B_CAP, Square::new(4, 4), Dir::South).put(W_FTR, Square::new(4, 6), Dir::North);
        s.place(B_CAP, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
        s.place(W_FTR, Face::Helm(HelmFace::Forward1), Spot::Helm(HelmSlot::A));
    });
    ok(&mut game, B_CREW, Intent::ReleaseMine { mine: MineId::A }, &[]);
    edit(&mut game, |s| {
        s.put(B_CAP, Square::new(2, 2), Dir::South);
    });
    ok(&mut game, W_PILOT, Intent::RollDice { station: Station::Helm, dice: vec![1] }, &[1]);
    ok(
        &mut game,
        W_PILOT,
        Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::B) },
        &[],
    );
    assert_eq!(health(&game, W_FTR), 2, "the mine at E5 took one Health");
}

#[test]
fn r22_fighters_cannot_tractor_or_carry_mines_or_hold_crystals() {
    let mut game = mission(Mission::CarrierStrike);
    assert_eq!(
        refused(&mut game, W_PILOT, Intent::TractorCrystal { crystal: 0 }),
        RuleError::FighterHasNoTractorBeam
    );
    assert_eq!(
        refused(&mut game, W_PILOT, Intent::TractorShip { target: B_CAP }),
        RuleError::FighterHasNoTractorBeam
    );
    assert_eq!(
        refused(&mut game, W_PILOT, Intent::ReleaseMine { mine: MineId::A }),
        RuleError::FighterCarriesNoMines
    );
    assert_eq!(refused(&mut game, W_PILOT, Intent::WarpJump), RuleError::WarpNeedsCrystal);
    ok(&mut game, W_PILOT, Intent::RollDice { station: Station::Tractor, dice: vec![0] }, &[2]);
    let bolts = Intent::PlaceDie { station: Station::Tractor, die: 0, spot: Spot::Bolts };
    assert_eq!(refused(&mut game, W_PILOT, bolts), RuleError::NoSuchPlace { class: ShipClass::Fighter });
}

#[test]
fn r22_capital_tractor_beams_move_fighters_friend_or_foe() {
    for (fighter, seat) in [(W_FTR, SeatId(0)), (W_FTR, B_CREW)] {
        let mut game = mission(Mission::CarrierStrike);
        let crew_ship = game.seat_ship(seat).unwrap();
        edit(&mut game, |s| {
            s.put(crew_ship, Square::new(4, 4), Dir::North).put(fighter, Square::new(4, 5), Dir::North);
            s.place(crew_ship, Face::Tractor(TractorFace::DoubleBolt), Spot::Bolts);
        });
        ok(&mut game, seat, Intent::TractorShip { target: fighter }, &[]);
        let choice = choice_of(&game, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
        ok(
            &mut game,
            seat,
            Intent::Answer { choice: choice.id, answer: Answer::Square(Square::new(3, 6)) },
            &[],
        );
        assert_eq!(game.ship(fighter).unwrap().position.square, Square::new(3, 6));
    }
}
