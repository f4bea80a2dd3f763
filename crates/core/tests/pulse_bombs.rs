//! Pulse bombs (R9, R22, D22, `001_…` "Pulse Bombs"): the rulebook's Pulse
//! Bomb example and each condition of the bombing run. Positions are written
//! with `Setup`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, TractorFace};
use duel_core::event::Event;
use duel_core::station::{HelmSlot, TorpedoPart};
use duel_core::*;
use support::fighters::*;
use support::*;

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
