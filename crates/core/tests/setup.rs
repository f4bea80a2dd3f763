//! `Setup`: positions written down as data become a `Game` only when the
//! rules could reach them; otherwise a readable `SetupError`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::dice::{HelmFace, SensorFace, WeaponFace};
use duel_core::map::Obstacle;
use duel_core::station::{HelmSlot, TorpedoPart};
use duel_core::*;
use support::*;

fn battle() -> Setup {
    Setup::battle(GameConfig::duel()).expect("valid")
}

fn refusal(setup: Setup) -> String {
    setup.into_game().expect_err("an impossible position").to_string()
}

#[test]
fn a_game_written_down_and_read_back_is_the_same_game() {
    let (game, _) = random_game(7, GameConfig::quick_duel(7), 400);
    // The position, not the history: event count and presence start afresh.
    let setup = game.to_setup().expect("this seed's game ends at rest");
    let back = setup.clone().into_game().expect("a reachable position");
    assert_eq!(back.to_setup(), Some(setup));
    let fresh = Game::new(GameConfig::duel()).unwrap();
    assert_eq!(fresh.to_setup().unwrap().into_game().unwrap().state_hash(), fresh.state_hash());
}

#[test]
fn a_written_position_plays_on_like_any_game() {
    let mut setup = battle();
    setup
        .put(WHITE, Square::new(4, 6), Dir::North)
        .put(BLACK, Square::new(4, 3), Dir::South)
        .place(WHITE, Face::Weapons(WeaponFace::Nose), Spot::Torpedo(FRONT_1, TorpedoPart::Nose))
        .place(WHITE, Face::Weapons(WeaponFace::Body), Spot::Torpedo(FRONT_1, TorpedoPart::Body))
        .place(WHITE, Face::Weapons(WeaponFace::Tail), Spot::Torpedo(FRONT_1, TorpedoPart::Tail))
        .place(WHITE, Face::Sensors(SensorFace::DoubleLock), Spot::Lock)
        .place(WHITE, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    let mut game = setup.into_game().expect("possible");
    let preview = game.fire_preview(WHITE, Target::Ship(BLACK)).unwrap();
    assert!(preview.would_hit, "{preview:?}");
    ok(&mut game, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[6]);
    assert_eq!(game.ship(BLACK).unwrap().hits, 1);
}

#[test]
fn a_face_on_the_wrong_area_is_refused_r9() {
    let mut setup = battle();
    setup.place(WHITE, Face::Helm(HelmFace::Forward2), Spot::Helm(HelmSlot::A));
    setup.ships[0].dice[Station::Sensors.index()][0] =
        ship::DieState::Placed { face: Face::Sensors(SensorFace::Jammer), spot: Spot::Lock, order: 9 };
    assert!(refusal(setup).contains("(R9)"));
}

#[test]
fn damage_that_does_not_add_up_is_refused_r15() {
    let mut setup = battle();
    setup.ships[1].hits = 2;
    let why = refusal(setup);
    assert!(why.starts_with("this position is not possible:") && why.contains("hits"), "{why}");
}

#[test]
fn a_ship_off_the_map_or_on_the_wrong_team_is_refused() {
    let mut setup = battle();
    setup.put(WHITE, Square::new(20, 1), Dir::North);
    assert!(refusal(setup).contains("off the map"));
    let mut setup = battle();
    setup.ships.swap(0, 1);
    assert!(refusal(setup).contains("wrong team"));
    let mut setup = battle();
    setup.ships.pop();
    assert!(refusal(setup).contains("has 2 ships"));
}

#[test]
fn tokens_follow_r5_and_crystals_stay_on_crystal_squares() {
    let mut setup = battle();
    let crystal = GameConfig::duel().map.crystal_squares[0];
    setup.obstacles.push((crystal, Obstacle::Asteroid));
    assert!(refusal(setup).contains("crystal square"));
    let mut setup = battle();
    setup.obstacles = (0..11).map(|c| (Square::new(c % 9, 4 + c / 9), Obstacle::Nebula)).collect();
    assert_eq!(refusal(setup), "there are only ten obstacle tokens");
    let mut setup = battle();
    setup.crystals[0] = event::CrystalAt::OnMap(Square::new(0, 0));
    assert!(refusal(setup).contains("crystal cannot be"));
}

#[test]
fn set_up_positions_count_whose_turn_it_is() {
    let mut setup = Setup::new(GameConfig::duel()).unwrap();
    setup.obstacles.push((Square::new(0, 4), Obstacle::Asteroid));
    let game = setup.into_game().unwrap();
    assert_eq!(game.setup_turn(), Some(TeamId(1)), "one token placed: the other team's turn (R5)");
}
