//! Die Fighter scenarios (R22, `001_…`): pulse bombs (the rulebook's Pulse
//! Bomb example), relaunch (the Relaunching a Fighter example), the three
//! missions' start squares and results, and the seats that change with a
//! Fighter (D20). Positions are written with `Setup`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, TractorFace, WeaponFace};
use duel_core::event::{CrystalAt, Event};
use duel_core::intent::{LaunchCost, LaunchSide};
use duel_core::station::{HelmSlot, TorpedoPart};
use duel_core::*;
use support::*;

const W_CAP: ShipId = ShipId(0);
const W_FTR: ShipId = ShipId(1);
const B_CAP: ShipId = ShipId(2);
const B_FTR: ShipId = ShipId(3);
const W_CREW: SeatId = SeatId(0);
const W_PILOT: SeatId = SeatId(1);
const B_CREW: SeatId = SeatId(2);

fn mission(m: Mission) -> Game {
    Setup::battle(GameConfig::mission(m)).unwrap().into_game().unwrap()
}

fn bay(part: TorpedoPart) -> Spot {
    Spot::Torpedo(FRONT_1, part)
}

/// A pulse bomb in the missile bay: nose, a Bolt core, tail.
fn bomb(s: &mut Setup, ship: ShipId) {
    s.place(ship, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose))
        .place(ship, Face::Tractor(TractorFace::Bolt), Spot::PulseBomb)
        .place(ship, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
}

/// Mission 1, Black's Capital at E1 facing south; White's Fighter at E3 facing
/// north with Forward 1 in helm slot A and a lock and a jammer placed.
fn bombing_position(loaded: bool) -> Game {
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.put(B_CAP, Square::new(4, 0), Dir::South).put(W_FTR, Square::new(4, 2), Dir::North);
        s.put(B_FTR, Square::new(0, 4), Dir::South);
        if loaded {
            bomb(s, W_FTR);
        }
        s.place(W_FTR, Face::Sensors(SensorFace::Lock), Spot::Lock);
        s.place(W_FTR, Face::Sensors(SensorFace::Jammer), Spot::Jammer);
        s.place(W_FTR, Face::Helm(HelmFace::Forward1), Spot::Helm(HelmSlot::A));
    });
    game
}

/// The Pilot rolls Forward 1 for helm slot B and places it: the Fighter moves two squares north.
fn fly_in(game: &mut Game) -> Vec<Event> {
    ok(game, W_PILOT, Intent::RollDice { station: Station::Helm, dice: vec![1] }, &[1]);
    ok(game, W_PILOT, Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::B) }, &[])
}

#[test]
fn rulebook_pulse_bomb_example_a_double_blast_and_a_tail_deal_one_damage() {
    // A: the Fighter has a pulse bomb loaded and Helm set to move into the Black Capital ship's square.
    let mut game = bombing_position(true);
    // B: she moves the Fighter, removes the Helm dice, and calls BOMB.
    let events = fly_in(&mut game);
    assert_eq!(game.ship(W_FTR).unwrap().position.square, Square::new(4, 0));
    assert!(events.contains(&Event::BombRunBegun { ship: W_FTR, target: B_CAP }));
    assert!(game.legal_intents(W_PILOT).contains(&Intent::Bomb));
    // C: she rolls the two weapon dice: a double blast and a tail. One damage.
    let events = ok(&mut game, W_PILOT, Intent::Bomb, &[6, 3]);
    assert!(events.contains(&Event::PulseBombRolled {
        ship: W_FTR,
        target: B_CAP,
        faces: vec![Pip::new(6), Pip::new(3)],
        damage: 1
    }));
    assert_eq!(game.ship(B_CAP).unwrap().hits, 1);
    let f = game.ship(W_FTR).unwrap();
    assert!(!f.bomb_loaded() && f.placed(Station::Weapons).count() == 0, "all three dice are removed");
    assert_eq!(f.placed(Station::Tractor).count(), 0, "the Tractor die leaves the missile bay");
    assert_eq!((f.lock(), f.jammers()), (1, 1), "locks and jammers stay");
    // No crystal comes back after a BOMB (R34), and the freeze is a freeze.
    assert!(!events.iter().any(|e| matches!(e, Event::CrystalMoved { .. })));
    assert!(game.freeze().is_some());
}

#[test]
fn r22_a_pulse_bomb_deals_one_damage_per_blast_face_without_lock_and_through_shields() {
    let mut game = bombing_position(true);
    edit(&mut game, |s| {
        s.place(B_CAP, Face::Shields(duel_core::dice::ShieldFace::Front), Spot::Shield(Sector::Front));
        s.place(B_CAP, Face::Sensors(SensorFace::DoubleJammer), Spot::Jammer);
    });
    fly_in(&mut game);
    ok(&mut game, W_PILOT, Intent::Bomb, &[4, 5]);
    let cap = game.ship(B_CAP).unwrap();
    assert_eq!(cap.hits, 2, "two blast faces, shields and jammers do not protect");
    assert_eq!((cap.shields(Sector::Front), cap.jammers()), (1, 2));
}

#[test]
fn r22_bomb_needs_the_bomb_loaded_before_the_move() {
    let mut game = bombing_position(false);
    fly_in(&mut game);
    edit(&mut game, |s| {
        bomb(s, W_FTR);
    });
    assert_eq!(refused(&mut game, W_PILOT, Intent::Bomb), RuleError::BombRunSpoiled);
}

#[test]
fn r22_a_bomb_rebuilt_after_the_move_does_not_count() {
    let mut game = bombing_position(true);
    fly_in(&mut game);
    // Swap the core for another Bolt: the same bomb, but built in the square.
    ok(&mut game, W_PILOT, Intent::RollDice { station: Station::Tractor, dice: vec![0] }, &[2]);
    ok(
        &mut game,
        W_PILOT,
        Intent::PlaceDie { station: Station::Tractor, die: 0, spot: Spot::PulseBomb },
        &[],
    );
    assert!(game.ship(W_FTR).unwrap().bomb_loaded());
    assert_eq!(refused(&mut game, W_PILOT, Intent::Bomb), RuleError::BombRunSpoiled);
}

#[test]
fn r22_bomb_is_refused_once_the_capital_moves() {
    let mut game = bombing_position(true);
    // Black's Capital in the top left corner facing north: every forward step
    // of its helm dice would leave the map and is ignored (R10), but it turns,
    // so it has moved.
    edit(&mut game, |s| {
        s.put(B_FTR, Square::new(8, 4), Dir::South);
        s.put(B_CAP, Square::new(0, 0), Dir::North).put(W_FTR, Square::new(0, 2), Dir::North);
    });
    fly_in(&mut game);
    assert!(game.legal_intents(W_PILOT).contains(&Intent::Bomb));
    edit(&mut game, |s| {
        s.place(B_CAP, Face::Helm(HelmFace::TurnLeft), Spot::Helm(HelmSlot::A));
        s.place(B_CAP, Face::Helm(HelmFace::TurnRight), Spot::Helm(HelmSlot::B));
    });
    let die = game
        .ship(B_CAP)
        .unwrap()
        .station_dice(Station::Helm)
        .iter()
        .position(|d| d.placed().is_none())
        .unwrap();
    edit(&mut game, |s| {
        s.energise(B_CAP, Station::Helm);
    });
    ok(&mut game, B_CREW, Intent::RollDice { station: Station::Helm, dice: vec![die as u8] }, &[6]);
    ok(
        &mut game,
        B_CREW,
        Intent::PlaceDie { station: Station::Helm, die: die as u8, spot: Spot::Helm(HelmSlot::C) },
        &[],
    );
    let cap = game.ship(B_CAP).unwrap();
    assert_eq!((cap.position.square, cap.facing), (Square::new(0, 0), Dir::South), "still in the square");
    assert_eq!(refused(&mut game, W_PILOT, Intent::Bomb), RuleError::BombRunSpoiled);
}

#[test]
fn r22_passing_through_the_capital_square_is_not_enough() {
    let mut game = bombing_position(true);
    edit(&mut game, |s| {
        s.put(B_CAP, Square::new(4, 1), Dir::South);
    });
    fly_in(&mut game);
    assert_eq!(game.ship(W_FTR).unwrap().position.square, Square::new(4, 0));
    assert_eq!(refused(&mut game, W_PILOT, Intent::Bomb), RuleError::BombNotOverCapital);
}

#[test]
fn r22_a_mine_in_the_capital_square_resolves_first() {
    let mut game = bombing_position(true);
    edit(&mut game, |s| {
        s.place(B_CAP, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
        s.damage(W_FTR, 2);
    });
    ok(&mut game, B_CREW, Intent::ReleaseMine { mine: MineId::A }, &[]);
    let events = fly_in(&mut game);
    assert!(events.contains(&Event::ShipDestroyed { ship: W_FTR }), "the mine destroys the Fighter");
    assert!(!events.iter().any(|e| matches!(e, Event::BombRunBegun { .. })), "so no bomb is resolved");
    assert_eq!(refused(&mut game, W_PILOT, Intent::Bomb), RuleError::OwnShipDestroyed);
}

#[test]
fn r22_pulse_bombs_only_affect_capital_ships() {
    let mut game = mission(Mission::FighterDuel);
    edit(&mut game, |s| {
        s.put(ShipId(1), Square::new(4, 0), Dir::South).put(ShipId(0), Square::new(4, 2), Dir::North);
        bomb(s, ShipId(0));
        s.place(ShipId(0), Face::Helm(HelmFace::Forward1), Spot::Helm(HelmSlot::A));
    });
    ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Helm, dice: vec![1] }, &[1]);
    ok(
        &mut game,
        SeatId(0),
        Intent::PlaceDie { station: Station::Helm, die: 1, spot: Spot::Helm(HelmSlot::B) },
        &[],
    );
    assert_eq!(refused(&mut game, SeatId(0), Intent::Bomb), RuleError::BombNotOverCapital);
    let mut game = mission(Mission::CarrierStrike);
    assert_eq!(refused(&mut game, W_CREW, Intent::Bomb), RuleError::BombNeedsFighter);
}

#[test]
fn r22_missile_and_bomb_convert_by_swapping_the_centre_die() {
    let mut game = mission(Mission::FighterDuel);
    edit(&mut game, |s| {
        bomb(s, ShipId(0));
    });
    assert!(game.ship(ShipId(0)).unwrap().bomb_loaded());
    ok(&mut game, SeatId(0), Intent::RollDice { station: Station::Weapons, dice: vec![2] }, &[2]);
    let body = Intent::PlaceDie { station: Station::Weapons, die: 2, spot: bay(TorpedoPart::Body) };
    assert_eq!(refused(&mut game, SeatId(0), body.clone()), RuleError::SlotTaken, "one die in the centre");
    ok(&mut game, SeatId(0), Intent::RemoveDie { station: Station::Tractor, die: 0 }, &[]);
    ok(&mut game, SeatId(0), body, &[]);
    let f = game.ship(ShipId(0)).unwrap();
    assert!(f.tube_loaded(FRONT_1) && !f.bomb_loaded(), "nose and tail stayed: now a missile");
    // A Capital ship has no missile bay to hold a bomb core (R9).
    let mut game = mission(Mission::CarrierStrike);
    edit(&mut game, |s| {
        s.energise(W_CAP, Station::Tractor);
    });
    ok(&mut game, W_CREW, Intent::RollDice { station: Station::Tractor, dice: vec![0] }, &[1]);
    let core = Intent::PlaceDie { station: Station::Tractor, die: 0, spot: Spot::PulseBomb };
    assert_eq!(refused(&mut game, W_CREW, core), RuleError::NoSuchPlace { class: ShipClass::Capital });
}

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
