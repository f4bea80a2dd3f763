//! Scenario tests for torpedoes and damage: R12–R15, R26, R27, R34, R37 and
//! the rulebook's torpedo example.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::choice::{Answer, ChoiceKind, EnergySource};
use duel_core::dice::{SensorFace, ShieldFace};
use duel_core::event::{CrystalAt, Event};
use duel_core::freeze::Progress;
use duel_core::ship::EnergyAt;
use duel_core::*;
use support::*;

fn shield(g: &mut Game, ship: ShipId, sector: Sector, n: u8) {
    let face = match sector {
        Sector::Front => ShieldFace::Front,
        Sector::Right => ShieldFace::Right,
        Sector::Aft => ShieldFace::Back,
        Sector::Left => ShieldFace::Left,
    };
    for _ in 0..n {
        place(g, ship, Face::Shields(face), Spot::Shield(sector));
    }
}

fn jam(g: &mut Game, ship: ShipId, points: u8) {
    for _ in 0..points {
        place(g, ship, Face::Sensors(SensorFace::Jammer), Spot::Jammer);
    }
}

fn fire(count: u8) -> Intent {
    Intent::Fire { count, target: None, side: None }
}

/// Resolves to the end: answers nothing, resumes.
fn resume(g: &mut Game) {
    g.host(&HostAction::Resume, &mut FixedDice::new(&[1])).expect("resolution complete");
}

#[test]
fn r14_rulebook_torpedo_example_hits_shield_two_and_one_blast_damages() {
    // White fires at Black in its front arc, range 3, lock 5 vs jammers 1: a hit on Black's
    // sector 2 (one shield die); the weapon die shows one Blast: one damage.
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(5, 4), Dir::East); // 1 right, 2 ahead: range 3; Black's right side faces south
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 1);
    lock(&mut g, BLACK, 0, 1); // the lock die not involved in the attack stays
    jam(&mut g, BLACK, 1);
    shield(&mut g, BLACK, Sector::Right, 1);
    shield(&mut g, BLACK, Sector::Aft, 1);
    // Damage roll pip 4 = Blast.
    let events = ok(&mut g, WHITE_SEAT, fire(1), &[4]);
    assert!(events.contains(&Event::HitTested { ship: WHITE, lock: 5, range: 3, jammers: 1, hit: true }));
    assert!(events.contains(&Event::SectorStruck { ship: BLACK, sector: Sector::Right, shields: 1 }));
    assert_eq!(g.ship(BLACK).unwrap().hits, 1);
    let (w, b) = (g.ship(WHITE).unwrap(), g.ship(BLACK).unwrap());
    assert_eq!(w.lock(), 0, "White's lock dice removed");
    assert!(w.loaded_tubes(TubeSide::Front).is_empty(), "torpedo dice removed");
    assert_eq!(b.jammers(), 0, "Black's jammers removed");
    assert_eq!(b.shields(Sector::Right), 0, "the hit sector's shield removed");
    assert_eq!(b.shields(Sector::Aft), 1, "sector 3 not involved");
    assert_eq!(b.lock(), 1, "Black's lock not involved");
    assert!(matches!(g.freeze().unwrap().progress, Progress::Review));
    resume(&mut g);
    assert!(g.freeze().is_none());
}

#[test]
fn r14_two_shields_need_a_double_blast_rulebook_examples_1_and_2() {
    for (rolls, damage) in [([4u8, 6u8], 1u8), ([4, 5], 0)] {
        let mut g = duel();
        put(&mut g, WHITE, Square::new(4, 6), Dir::North);
        put(&mut g, BLACK, Square::new(4, 5), Dir::South);
        load(&mut g, WHITE, FRONT_1);
        load(&mut g, WHITE, FRONT_2);
        lock(&mut g, WHITE, 1, 0);
        shield(&mut g, BLACK, Sector::Front, 2);
        ok(&mut g, WHITE_SEAT, fire(2), &rolls);
        assert_eq!(g.ship(BLACK).unwrap().hits, damage, "rolls {rolls:?}");
    }
}

#[test]
fn r14_no_shields_every_torpedo_damages_three_shields_none() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, WHITE, FRONT_2);
    lock(&mut g, WHITE, 1, 0);
    ok(&mut g, WHITE_SEAT, fire(2), &[1]);
    assert_eq!(g.ship(BLACK).unwrap().hits, 2);
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    shield(&mut g, BLACK, Sector::Front, 3);
    ok(&mut g, WHITE_SEAT, fire(1), &[6]);
    assert_eq!(g.ship(BLACK).unwrap().hits, 0);
    assert_eq!(g.ship(BLACK).unwrap().shields(Sector::Front), 0, "shields on the hit sector go anyway");
}

#[test]
fn r14_a_miss_keeps_the_shields_but_still_removes_jammers() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 2), Dir::South); // range 4
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0); // 4 < 4 + 2
    jam(&mut g, BLACK, 2);
    shield(&mut g, BLACK, Sector::Front, 1);
    let events = ok(&mut g, WHITE_SEAT, fire(1), &[6]);
    assert!(events.contains(&Event::HitTested { ship: WHITE, lock: 4, range: 4, jammers: 2, hit: false }));
    let b = g.ship(BLACK).unwrap();
    assert_eq!((b.jammers(), b.shields(Sector::Front), b.hits), (0, 1, 0));
}

#[test]
fn r14_you_can_never_hit_with_no_lock_even_in_the_same_square() {
    let mut g = duel();
    edit(&mut g, |s| {
        s.put_half(WHITE, Square::new(4, 4), Dir::South, Dir::North);
        s.put_half(BLACK, Square::new(4, 4), Dir::North, Dir::South);
    });
    load(&mut g, WHITE, FRONT_1);
    let events = ok(&mut g, WHITE_SEAT, fire(1), &[6]);
    assert!(events.contains(&Event::HitTested { ship: WHITE, lock: 0, range: 0, jammers: 0, hit: false }));
}

#[test]
fn r13_diagonal_hits_the_sector_with_more_shields() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(6, 4), Dir::South); // exact diagonal: Black's front or right (facing south, its right is west)
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0);
    shield(&mut g, BLACK, Sector::Right, 1);
    ok(&mut g, WHITE_SEAT, fire(1), &[1]);
    assert_eq!(g.ship(BLACK).unwrap().shields(Sector::Right), 0, "the stronger sector took it");
}

#[test]
fn r13_diagonal_tie_the_defender_chooses_with_a_default() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(6, 4), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0);
    shield(&mut g, BLACK, Sector::Right, 1);
    shield(&mut g, BLACK, Sector::Front, 1);
    ok(&mut g, WHITE_SEAT, fire(1), &[]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::DiagonalSector { .. })).unwrap();
    assert_eq!(c.ship, BLACK);
    let why =
        refused(&mut g, WHITE_SEAT, Intent::Answer { choice: c.id, answer: Answer::Sector(Sector::Right) });
    assert!(matches!(why, RuleError::NotYourChoice), "{why}");
    let why =
        refused(&mut g, BLACK_SEAT, Intent::Answer { choice: c.id, answer: Answer::Sector(Sector::Aft) });
    assert!(matches!(why, RuleError::NotAnOption), "{why}");
    ok(&mut g, BLACK_SEAT, Intent::Answer { choice: c.id, answer: Answer::Sector(Sector::Right) }, &[1]);
    let b = g.ship(BLACK).unwrap();
    assert_eq!((b.shields(Sector::Right), b.shields(Sector::Front), b.hits), (0, 1, 0));
}

#[test]
fn r39_house_defender_always_chooses_the_diagonal() {
    let mut g = duel_with_house(HouseRules { defender_picks_diagonal: true, ..Default::default() });
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(6, 4), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0);
    shield(&mut g, BLACK, Sector::Right, 2);
    ok(&mut g, WHITE_SEAT, fire(1), &[]);
    assert!(choice_of(&g, |k| matches!(k, ChoiceKind::DiagonalSector { .. })).is_some());
}

#[test]
fn r26_torpedoes_fly_from_the_arc_side_first_and_wrong_side_ones_are_wasted() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, WHITE, REAR_1);
    lock(&mut g, WHITE, 1, 0);
    let events = ok(&mut g, WHITE_SEAT, fire(2), &[]);
    let launched = events.iter().find_map(|e| match e {
        Event::TorpedoesLaunched { tubes, on_target, .. } => Some((tubes.clone(), *on_target)),
        _ => None,
    });
    assert_eq!(launched, Some((vec![FRONT_1, REAR_1], 1)));
    assert_eq!(g.ship(BLACK).unwrap().hits, 1, "only the front torpedo counts");
}

#[test]
fn r26_no_arc_weapons_picks_the_side_default_front() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(7, 6), Dir::South); // to White's right: no arc
    load(&mut g, WHITE, FRONT_1);
    load(&mut g, WHITE, REAR_1);
    ok(&mut g, WHITE_SEAT, fire(1), &[]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::TorpedoSide)).unwrap();
    g.host(&HostAction::Timeout { choice: c.id }, &mut FixedDice::new(&[1])).unwrap();
    let w = g.ship(WHITE).unwrap();
    assert!(w.loaded_tubes(TubeSide::Front).is_empty() && !w.loaded_tubes(TubeSide::Rear).is_empty());
}

#[test]
fn r26_fire_is_refused_when_no_torpedo_is_complete() {
    let mut g = duel();
    place(&mut g, WHITE, Face::Weapons(dice::WeaponFace::Nose), Spot::Torpedo(FRONT_1, TorpedoPart::Nose));
    let why = refused(&mut g, WHITE_SEAT, fire(1));
    assert!(matches!(why, RuleError::NoTorpedoLoaded), "{why}");
}

#[test]
fn r27_a_torpedo_at_a_mine_needs_lock_at_least_range_and_removes_no_jammers() {
    let mut g = duel();
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    place(&mut g, BLACK, Face::Tractor(dice::TractorFace::MineB), Spot::Mine(MineId::B));
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::B }, &[]);
    put(&mut g, BLACK, Square::new(1, 1), Dir::South);
    jam(&mut g, BLACK, 1);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::Fire { count: 1, target: Some(Target::Mine(Square::new(4, 4))), side: None },
        &[],
    );
    assert!(g.mines().is_empty(), "lock 2 ≥ range 2: the mine is destroyed");
    assert_eq!(g.ship(BLACK).unwrap().jammers(), 1);
}

#[test]
fn r14_you_may_not_fire_at_a_friendly_ship() {
    let mut config = GameConfig::duel();
    config.layout = Layout::TwoPerSide;
    config.seats = (0..4).map(|s| SeatSpec::whole_ship(ShipId(s))).collect();
    config.preplaced = Some(Default::default());
    let mut g = Game::new(config).unwrap();
    load(&mut g, WHITE, FRONT_1);
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Fire { count: 1, target: Some(Target::Ship(ShipId(1))), side: None },
    );
    assert!(matches!(why, RuleError::FriendlyFire), "{why}");
    let why = refused(&mut g, WHITE_SEAT, fire(1));
    assert!(matches!(why, RuleError::NameTheTarget), "{why}");
}

#[test]
fn r15_damage_takes_an_energy_die_the_team_chooses() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    energise(&mut g, BLACK, Station::Shields);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    ok(&mut g, WHITE_SEAT, fire(1), &[]);
    let c = choice_of(&g, |k| *k == ChoiceKind::LoseEnergy).unwrap();
    assert!(g.freeze().unwrap().awaiting.is_none(), "a damage choice does not hold up the freeze");
    ok(
        &mut g,
        BLACK_SEAT,
        Intent::Answer { choice: c.id, answer: Answer::Energy(EnergySource::Station(Station::Shields)) },
        &[],
    );
    let b = g.ship(BLACK).unwrap();
    assert_eq!((b.energy_at(Station::Shields), b.energy_on_track(), b.hits), (0, 1, 1));
}

#[test]
fn r15_default_takes_from_the_pool_else_the_fullest_station_and_drops_the_newest_roll() {
    let mut g = duel();
    for _ in 0..3 {
        energise(&mut g, BLACK, Station::Helm);
    }
    for _ in 0..3 {
        energise(&mut g, BLACK, Station::Sensors);
    }
    ok(&mut g, BLACK_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![0, 1] }, &[1, 2]);
    ok(&mut g, BLACK_SEAT, Intent::RollDice { station: Station::Sensors, dice: vec![2] }, &[3]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    ok(&mut g, WHITE_SEAT, fire(1), &[]);
    let c = choice_of(&g, |k| *k == ChoiceKind::LoseEnergy).unwrap();
    g.host(&HostAction::Timeout { choice: c.id }, &mut FixedDice::new(&[1])).unwrap();
    let b = g.ship(BLACK).unwrap();
    // Pool empty; Helm and Sensors tie at 3: the lower station number (Sensors, 2) loses one.
    assert_eq!((b.energy_at(Station::Sensors), b.energy_at(Station::Helm)), (2, 3));
    assert_eq!(b.rolled_count(Station::Sensors), 2);
    assert_eq!(b.station_dice(Station::Sensors)[2], ship::DieState::Idle, "the newest roll is lost");
}

#[test]
fn r15_the_fourth_damage_destroys_the_ship_and_ends_the_game() {
    let mut g = duel();
    edit(&mut g, |s| {
        s.damage(BLACK, 3);
    });
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    let events = ok(&mut g, WHITE_SEAT, fire(1), &[]);
    assert!(events.contains(&Event::ShipDestroyed { ship: BLACK }));
    assert_eq!(g.outcome(), Some(Some(TeamId(0))));
    assert!(matches!(refused(&mut g, BLACK_SEAT, Intent::RollEnergy { dice: vec![0] }), RuleError::GameOver));
    assert_eq!(g.ship(BLACK).unwrap().energy.iter().filter(|e| **e == EnergyAt::DamageTrack).count(), 3);
}

#[test]
fn r34_used_crystals_return_to_the_map_after_every_launch() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 1);
    let shield_face = Face::Shields(ShieldFace::Front);
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::Override {
            station: Station::Shields,
            die: 0,
            face: shield_face,
            spot: Spot::Shield(Sector::Front),
        },
        &[],
    );
    assert_eq!(g.crystals().iter().filter(|c| **c == CrystalAt::Used).count(), 1);
    load(&mut g, WHITE, FRONT_1);
    ok(&mut g, WHITE_SEAT, fire(1), &[2]); // misses (no lock); the crystal is rolled: 2
    let sq = g.map().crystal_square(2);
    assert_eq!(g.crystals().iter().filter(|c| **c == CrystalAt::OnMap(sq)).count(), 2);
}

#[test]
fn r12_r39_house_range_counts_the_longer_axis() {
    let mut g = duel_with_house(HouseRules { chebyshev_range: true, ..Default::default() });
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(6, 3), Dir::South);
    assert_eq!(g.fire_preview(WHITE, Target::Ship(BLACK)).unwrap().range, 3);
    let mut g2 = duel();
    put(&mut g2, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g2, BLACK, Square::new(6, 3), Dir::South);
    assert_eq!(g2.fire_preview(WHITE, Target::Ship(BLACK)).unwrap().range, 5);
}

#[test]
fn r39_mcguire_weapons_names_the_side_and_a_wrong_side_wastes_the_shot() {
    let mut g = duel_with_house(HouseRules { weapons_name_side: true, ..Default::default() });
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    load(&mut g, WHITE, REAR_1);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    assert!(matches!(refused(&mut g, WHITE_SEAT, fire(1)), RuleError::NameTheSide));
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: Some(TubeSide::Rear) }, &[]);
    assert_eq!(g.ship(BLACK).unwrap().hits, 0);
    assert!(!g.ship(WHITE).unwrap().loaded_tubes(TubeSide::Front).is_empty());
}
