//! Die Fighter scenarios (R22, `001_…`): relaunch (the Relaunching a Fighter
//! example), the three missions' start squares and results, the seats that
//! change with a Fighter (D20), Fighter positions in `Setup`. Pulse bombs are
//! in `pulse_bombs.rs`. Positions are written with `Setup`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{SensorFace, TractorFace, WeaponFace};
use duel_core::event::{CrystalAt, Event};
use duel_core::intent::{LaunchCost, LaunchSide};
use duel_core::station::TorpedoPart;
use duel_core::*;
use support::fighters::*;
use support::*;

/// Mission 1 with Black's Fighter destroyed and Black's Capital at E5 facing east.
fn fighter_down(crystals: usize, damage: u8) -> Game {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.put(B_CAP, Square::new(4, 4), Dir::East);
        s.destroy_fighter(B_FTR);
        s.give_crystals(B_CAP, crystals);
        s.damage(B_CAP, damage);
    });
    game
}

#[test]
fn rulebook_relaunch_example_three_crystals_launch_the_fighter_facing_left_or_right() {
    let mut game = fighter_down(3, 0);
    let launch = Intent::Launch { side: LaunchSide::Left, pay: LaunchCost::Crystals };
    assert!(game.legal_intents(B_CREW).contains(&launch));
    let events = ok(&mut game, B_CREW, launch, &[]);
    let f = game.ship(B_FTR).unwrap();
    assert!(!f.destroyed);
    assert_eq!(f.position.square, Square::new(4, 4), "in the Capital ship's square");
    assert_eq!(f.facing, Dir::North, "90° to the left of a Capital ship facing east");
    assert_eq!(f.health(), Some(3));
    assert!(f.dice.iter().flatten().all(|d| d.placed().is_none() && d.rolled().is_none()), "empty cockpit");
    assert_eq!(game.crystals_held(B_CAP), 0);
    assert_eq!(game.crystals().iter().filter(|c| **c == CrystalAt::Used).count(), 3);
    assert!(events.iter().any(|e| matches!(e, Event::FighterLaunched { .. })));
    assert!(game.freeze().is_some(), "LAUNCH freezes the action");
}

#[test]
fn r22_launch_with_damage_marks_the_track_but_not_the_fourth() {
    let mut game = fighter_down(0, 2);
    ok(&mut game, B_CREW, Intent::Launch { side: LaunchSide::Right, pay: LaunchCost::Damage }, &[]);
    assert_eq!(game.ship(B_CAP).unwrap().hits, 3);
    assert_eq!(game.ship(B_FTR).unwrap().facing, Dir::South);
    let mut game = fighter_down(2, 3);
    let damage = Intent::Launch { side: LaunchSide::Right, pay: LaunchCost::Damage };
    assert_eq!(refused(&mut game, B_CREW, damage), RuleError::LaunchDamageFatal);
    let crystals = Intent::Launch { side: LaunchSide::Right, pay: LaunchCost::Crystals };
    assert_eq!(refused(&mut game, B_CREW, crystals), RuleError::LaunchNeedsCrystals { have: 2 });
}

#[test]
fn r22_the_two_health_toggle_relaunches_with_two() {
    let mut setup = Setup::battle(GameConfig::mission(Mission::CarrierStrike)).unwrap();
    setup.config.ruleset.fighters_start_with_two_health = true;
    setup.ships[3].cockpit = Some(Cockpit::new(2));
    setup.ships[1].cockpit = Some(Cockpit::new(2));
    setup.destroy_fighter(B_FTR).give_crystals(B_CAP, 3);
    let mut game = setup.into_game().unwrap();
    ok(&mut game, B_CREW, Intent::Launch { side: LaunchSide::Left, pay: LaunchCost::Crystals }, &[]);
    assert_eq!(game.ship(B_FTR).unwrap().health(), Some(2));
}

#[test]
fn r41_two_health_note_is_full_health_at_start_and_relaunch() {
    for (note, full) in [(true, 2), (false, 3)] {
        let mut config = GameConfig::mission(Mission::CarrierStrike);
        config.ruleset.fighters_start_with_two_health = note;
        let game = Game::new(config.clone()).unwrap();
        for fighter in [W_FTR, B_FTR] {
            assert_eq!(game.ship(fighter).unwrap().health(), Some(full), "note {note}: start");
        }
        // Relaunching (the Three Pip side) restores full Health, which the note makes 2.
        let mut setup = Setup::battle(config).unwrap();
        setup.destroy_fighter(B_FTR).give_crystals(B_CAP, 3);
        let mut game = setup.into_game().unwrap();
        ok(&mut game, B_CREW, Intent::Launch { side: LaunchSide::Left, pay: LaunchCost::Crystals }, &[]);
        assert_eq!(game.ship(B_FTR).unwrap().health(), Some(full), "note {note}: relaunch");
        assert_eq!(game.ship(W_FTR).unwrap().health(), Some(full), "note {note}: the other Fighter");
    }
}

#[test]
fn r22_no_relaunch_while_flying_or_outside_mission_1() {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.give_crystals(B_CAP, 3);
    });
    let launch = Intent::Launch { side: LaunchSide::Left, pay: LaunchCost::Crystals };
    assert_eq!(refused(&mut game, B_CREW, launch.clone()), RuleError::FighterStillFlying);
    let mut game = mission(Mission::FighterAssault);
    assert_eq!(refused(&mut game, SeatId(0), launch.clone()), RuleError::LaunchNotInMission);
    assert_eq!(refused(&mut game, SeatId(1), launch), RuleError::LaunchNotInMission);
}

#[test]
fn rulebook_relaunch_example_seats_change_during_the_launch() {
    // Black: Sydney (the destroyed Fighter's Pilot, now on the Capital ship with
    // Tractor Beam and Shields), Brian (Weapons, Sensors), Susan (Captain),
    // Kim (Helm, Engineering). White: one seat per ship.
    use Station::*;
    let seat = |ship, stations: &[Station], captain| SeatSpec { ship, stations: stations.to_vec(), captain };
    let mut config = GameConfig::mission(Mission::CarrierStrike);
    config.seats = vec![
        SeatSpec::whole_ship(W_CAP),
        SeatSpec::pilot(W_FTR),
        seat(B_CAP, &[Tractor, Shields], false),
        seat(B_CAP, &[Weapons, Sensors], false),
        seat(B_CAP, &[], true),
        seat(B_CAP, &[Helm, Engineering], false),
    ];
    let (sydney, brian, susan) = (SeatId(2), SeatId(3), SeatId(4));
    let mut setup = Setup::battle(config).unwrap();
    setup.destroy_fighter(B_FTR).give_crystals(B_CAP, 3);
    let mut game = setup.into_game().unwrap();
    // Reseating is for the team whose Fighter is down, not for White.
    let white = vec![(SeatId(1), SeatSpec::whole_ship(W_CAP))];
    assert_eq!(
        game.host(&HostAction::Reseat { seats: white }, &mut FixedDice::new(&[])),
        Err(RuleError::ReseatNotNow)
    );
    ok(&mut game, susan, Intent::Launch { side: LaunchSide::Right, pay: LaunchCost::Crystals }, &[]);
    // Brian leaving alone would leave Weapons and Sensors unmanned.
    let alone = vec![(brian, SeatSpec::pilot(B_FTR))];
    let err = game.host(&HostAction::Reseat { seats: alone }, &mut FixedDice::new(&[]));
    assert_eq!(err, Err(RuleError::ReseatLeavesStation { station: Weapons }));
    // Brian mans the Fighter; Susan switches from Captain to Weapons and Sensors.
    let change = vec![(brian, SeatSpec::pilot(B_FTR)), (susan, seat(B_CAP, &[Weapons, Sensors], false))];
    let events = game.host(&HostAction::Reseat { seats: change }, &mut FixedDice::new(&[])).unwrap();
    assert!(matches!(events.as_slice(), [Event::Reseated { .. }]));
    assert_eq!(game.seat_ship(brian), Some(B_FTR));
    assert!(game.holds(susan, Weapons) && !game.captain_present(B_CAP));
    assert!(game.holds(sydney, Tractor));
    game.host(&HostAction::Resume, &mut FixedDice::new(&[])).unwrap();
    assert!(game.freeze().is_none());
    ok(&mut game, brian, Intent::RollDice { station: Helm, dice: vec![0, 1] }, &[1, 2]);
    // Once the Fighter flies with its Pilot, seats stay put.
    let back = vec![(brian, seat(B_CAP, &[], false))];
    assert_eq!(
        game.host(&HostAction::Reseat { seats: back }, &mut FixedDice::new(&[])),
        Err(RuleError::ReseatNotNow)
    );
}

#[test]
fn r22_d18_start_squares_of_the_three_missions() {
    let squares = |m: Mission| -> Vec<(Square, Dir, ShipClass, TeamId)> {
        let g = Game::new(GameConfig::mission(m)).unwrap();
        g.ships().iter().map(|s| (s.position.square, s.facing, s.class, s.team)).collect()
    };
    use ShipClass::*;
    let (n, s) = (Dir::North, Dir::South);
    assert_eq!(
        squares(Mission::CarrierStrike),
        vec![
            (Square::new(4, 8), n, Capital, TeamId(0)),
            (Square::new(5, 8), n, Fighter, TeamId(0)),
            (Square::new(4, 0), s, Capital, TeamId(1)),
            (Square::new(3, 0), s, Fighter, TeamId(1)),
        ]
    );
    assert_eq!(
        squares(Mission::FighterAssault),
        vec![
            (Square::new(4, 8), n, Capital, TeamId(0)),
            (Square::new(3, 0), s, Fighter, TeamId(1)),
            (Square::new(5, 0), s, Fighter, TeamId(1)),
        ]
    );
    assert_eq!(
        squares(Mission::FighterDuel),
        vec![(Square::new(4, 8), n, Fighter, TeamId(0)), (Square::new(4, 0), s, Fighter, TeamId(1))]
    );
}

/// Black's Capital at E5 facing north, one damage from destruction, and White's
/// Capital with two loaded torpedoes and a lock to hit it.
fn about_to_sink(m: Mission, shooter: ShipId, target: ShipId) -> Game {
    let mut game = mission(m);
    edit(&mut game, |s| {
        s.put(target, Square::new(4, 4), Dir::North).put(shooter, Square::new(4, 6), Dir::North);
        s.damage(target, 3);
        s.place(shooter, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    });
    load(&mut game, shooter, FRONT_1);
    game
}

#[test]
fn r22_d24_mission_1_the_team_whose_capital_dies_loses() {
    let mut game = about_to_sink(Mission::CarrierStrike, W_CAP, B_CAP);
    ok(&mut game, W_CREW, Intent::Fire { count: 1, target: Some(Target::Ship(B_CAP)), side: None }, &[]);
    assert!(!game.ship(B_FTR).unwrap().destroyed, "Black's Fighter still flies");
    assert_eq!(game.outcome(), Some(Some(TeamId(0))));
}

#[test]
fn r22_d24_mission_2_the_fighters_win_when_the_capital_is_destroyed() {
    let mut game = mission(Mission::FighterAssault);
    edit(&mut game, |s| {
        s.put(ShipId(0), Square::new(4, 4), Dir::South).put(ShipId(1), Square::new(4, 6), Dir::North);
        s.damage(ShipId(0), 3);
        s.place(ShipId(1), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
        for (face, part) in [
            (WeaponFace::Nose, TorpedoPart::Nose),
            (WeaponFace::Body, TorpedoPart::Body),
            (WeaponFace::Tail, TorpedoPart::Tail),
        ] {
            s.place(ShipId(1), Face::Weapons(face), bay(part));
        }
    });
    ok(&mut game, SeatId(1), Intent::Fire { count: 1, target: None, side: None }, &[4]);
    assert_eq!(game.outcome(), Some(Some(TeamId(1))));
}

#[test]
fn r22_d24_mission_2_the_capital_wins_when_both_fighters_are_gone() {
    let mut game = mission(Mission::FighterAssault);
    edit(&mut game, |s| {
        s.destroy_fighter(ShipId(2));
        s.put(ShipId(1), Square::new(4, 4), Dir::North).put(ShipId(0), Square::new(4, 6), Dir::North);
        s.damage(ShipId(1), 2);
        s.place(ShipId(0), Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    });
    load(&mut game, ShipId(0), FRONT_1);
    assert_eq!(
        refused(&mut game, SeatId(2), Intent::RollDice { station: Station::Helm, dice: vec![0] }),
        RuleError::OwnShipDestroyed
    );
    ok(&mut game, SeatId(0), Intent::Fire { count: 1, target: None, side: None }, &[]);
    assert_eq!(game.outcome(), Some(Some(TeamId(0))));
}

#[test]
fn a_fighter_position_is_written_and_checked_by_setup() {
    let base = || Setup::battle(GameConfig::mission(Mission::FighterDuel)).unwrap();
    let refusal = |s: Setup| s.into_game().expect_err("impossible").to_string();
    let mut s = base();
    s.ships[0].cockpit = Some(Cockpit::new(4));
    assert!(refusal(s).contains("Health"), "more Health than the Fighter starts with");
    let mut s = base();
    s.place(ShipId(0), Face::Weapons(WeaponFace::Body), bay(TorpedoPart::Body));
    s.place(ShipId(0), Face::Tractor(TractorFace::Bolt), Spot::PulseBomb);
    assert!(refusal(s).contains("missile bay"));
    let mut s = base();
    for _ in 0..3 {
        s.place(ShipId(0), Face::Sensors(SensorFace::Jammer), Spot::Jammer);
    }
    assert!(refusal(s).contains("jammer"));
    let mut s = base();
    s.ships[0].class = ShipClass::Capital;
    assert!(refusal(s).contains("Fighter"));
    // A written-down Fighter position reads back as the same game.
    let mut s = base();
    s.put(ShipId(0), Square::new(2, 3), Dir::West).damage(ShipId(0), 1);
    bomb(&mut s, ShipId(0));
    let game = s.clone().into_game().unwrap();
    assert_eq!(game.to_setup().unwrap().into_game().unwrap().state_hash(), game.state_hash());
    assert_eq!(game.ship(ShipId(0)).unwrap().health(), Some(2));
}

#[test]
fn fighter_seats_are_one_pilot_holding_the_whole_cockpit() {
    let mut config = GameConfig::mission(Mission::FighterDuel);
    config.seats[0] = SeatSpec { ship: ShipId(0), stations: vec![Station::Helm], captain: false };
    assert!(Game::new(config).unwrap_err().to_string().contains("Pilot"));
    let mut config = GameConfig::mission(Mission::FighterDuel);
    config.seats.push(SeatSpec::pilot(ShipId(0)));
    assert!(Game::new(config).is_err(), "a second Pilot");
}
