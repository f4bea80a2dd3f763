//! Scenario tests for the helm: R10, R11, R33, wormholes, and the rulebook's
//! movement example (A: forward, B: forward + left, C: forward + right).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::choice::{Answer, ChoiceKind};
use duel_core::config::Preplaced;
use duel_core::dice::HelmFace;
use duel_core::event::Event;
use duel_core::map::Obstacle;
use duel_core::*;
use support::*;

fn at(g: &Game, ship: ShipId) -> (Square, Dir) {
    let s = g.ship(ship).unwrap();
    (s.position.square, s.facing)
}

#[test]
fn r10_rulebook_movement_example_forward_left_right() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 4);
    assert_eq!(at(&g, WHITE), (Square::new(4, 6), Dir::North), "no move before the third die");
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 5);
    // A: up to (4,5). B: up to (4,4), face west. C: west to (3,4), face north.
    assert_eq!(at(&g, WHITE), (Square::new(3, 4), Dir::North));
    let s = g.ship(WHITE).unwrap();
    assert_eq!(s.placed(Station::Helm).count(), 0, "helm dice cleared after the move");
}

#[test]
fn r10_dice_resolve_in_slot_order_not_placement_order() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 5);
    // A first: up to (4,5) and face east; then two squares east.
    assert_eq!(at(&g, WHITE), (Square::new(6, 5), Dir::East));
}

#[test]
fn r10_forward_two_off_the_map_ignores_the_whole_forward_part_but_turns() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 1), Dir::North);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 3); // Forward 2 would leave the map: ignored
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 6); // forward to (4,0), turn around
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 4); // forward to (4,1), turn left (east)
    assert_eq!(at(&g, WHITE), (Square::new(4, 1), Dir::East));
}

#[test]
fn r10_the_preview_path_matches_the_move() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    let faces = [HelmFace::Forward1, HelmFace::TurnLeft, HelmFace::TurnRight];
    let path = game::plan_path(&g, Square::new(4, 6), Dir::North, &faces);
    let end = *path.last().unwrap();
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 4);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 5);
    assert_eq!((end.square, end.facing), at(&g, WHITE));
}

#[test]
fn r10_r33_asteroid_strips_two_shields_at_the_end_with_a_choice() {
    let mut config = GameConfig::duel();
    config.preplaced =
        Some(Preplaced { obstacles: vec![(Square::new(4, 5), Obstacle::Asteroid)], wormholes: None });
    let mut g = Game::new(config).unwrap();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    for sector in [Sector::Front, Sector::Front, Sector::Aft] {
        let face = Face::Shields(match sector {
            Sector::Front => dice::ShieldFace::Front,
            _ => dice::ShieldFace::Back,
        });
        place(&mut g, WHITE, face, Spot::Shield(sector));
    }
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    let choice =
        choice_of(&g, |k| matches!(k, ChoiceKind::StripDice { station: Station::Shields, count: 2 }))
            .unwrap();
    // The officer keeps the aft shield: strips the two front ones (dice 0 and 1).
    ok(&mut g, WHITE_SEAT, Intent::Answer { choice: choice.id, answer: Answer::Dice(vec![0, 1]) }, &[]);
    let s = g.ship(WHITE).unwrap();
    assert_eq!((s.shields(Sector::Front), s.shields(Sector::Aft)), (0, 1));
}

#[test]
fn r33_default_strips_the_most_recently_placed_dice() {
    let mut config = GameConfig::duel();
    config.preplaced =
        Some(Preplaced { obstacles: vec![(Square::new(4, 5), Obstacle::Nebula)], wormholes: None });
    let mut g = Game::new(config).unwrap();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    lock(&mut g, WHITE, 1, 0); // oldest: a double lock
    place(&mut g, WHITE, Face::Sensors(dice::SensorFace::Jammer), Spot::Jammer);
    place(&mut g, WHITE, Face::Sensors(dice::SensorFace::Lock), Spot::Lock);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    let choice = choice_of(&g, |k| matches!(k, ChoiceKind::StripDice { .. })).unwrap();
    g.host(&HostAction::Timeout { choice: choice.id }, &mut FixedDice::new(&[1])).unwrap();
    let s = g.ship(WHITE).unwrap();
    assert_eq!((s.lock(), s.jammers()), (2, 0), "the double lock, placed first, stays");
}

#[test]
fn r10_fewer_than_two_dice_are_all_stripped_without_asking() {
    let mut config = GameConfig::duel();
    config.preplaced =
        Some(Preplaced { obstacles: vec![(Square::new(4, 5), Obstacle::Asteroid)], wormholes: None });
    let mut g = Game::new(config).unwrap();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    place(&mut g, WHITE, Face::Shields(dice::ShieldFace::Front), Spot::Shield(Sector::Front));
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    assert!(g.choices().is_empty());
    assert_eq!(g.ship(WHITE).unwrap().shields(Sector::Front), 0);
}

#[test]
fn r11_rulebook_example_b_c_entering_the_enemy_square_pushes_it_back() {
    // The movement example with the ship starting to the east: A forward, B forward + left
    // (now facing up), C forward into the enemy's square + right. Black faces down.
    let mut g = duel();
    put(&mut g, WHITE, Square::new(2, 5), Dir::East);
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 4);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 5);
    let (w, b) = (g.ship(WHITE).unwrap().position, g.ship(BLACK).unwrap().position);
    // White came in by the bottom edge and sits in that half; Black is pushed to the back half.
    assert_eq!(w, Position { square: Square::new(4, 4), half: Some(Dir::South) });
    assert_eq!(b, Position { square: Square::new(4, 4), half: Some(Dir::North) });
    assert_eq!(g.ship(WHITE).unwrap().facing, Dir::East);
    // c: "the Black ship can fire at the White ship, but the White ship cannot return fire."
    assert_eq!(g.fire_preview(BLACK, Target::Ship(WHITE)).unwrap().arc, Some(TubeSide::Front));
    assert_eq!(g.fire_preview(WHITE, Target::Ship(BLACK)).unwrap().arc, None);
    assert_eq!(g.fire_preview(WHITE, Target::Ship(BLACK)).unwrap().range, 0);
}

#[test]
fn r11_a_ship_left_alone_returns_to_the_centre() {
    let mut g = duel();
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    assert_eq!(at(&g, WHITE).0, Square::new(4, 2));
    assert_eq!(g.ship(BLACK).unwrap().position, Position::centre(Square::new(4, 4)));
}

#[test]
fn wormhole_shifts_the_ship_without_using_movement() {
    let mut config = GameConfig::duel();
    config.ruleset.wormholes = true;
    config.preplaced =
        Some(Preplaced { obstacles: vec![], wormholes: Some([Square::new(4, 5), Square::new(1, 1)]) });
    let mut g = Game::new(config).unwrap();
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1); // into the wormhole at (4,5) → (1,1)
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1); // (1,0)
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 5); // off the map: no forward, turn right
    assert_eq!(at(&g, WHITE), (Square::new(1, 0), Dir::East));
}

#[test]
fn r10_entering_a_mine_square_damages_the_ship_and_removes_the_mine() {
    let mut g = duel();
    put(&mut g, BLACK, Square::new(4, 5), Dir::South);
    place(&mut g, BLACK, Face::Tractor(dice::TractorFace::MineA), Spot::Mine(MineId::A));
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::A }, &[]);
    put(&mut g, BLACK, Square::new(0, 0), Dir::South);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::A, 1);
    helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::B, 1);
    let events = helm(&mut g, WHITE, WHITE_SEAT, HelmSlot::C, 1);
    assert!(events.contains(&Event::MineGone { owner: BLACK, mine: MineId::A }));
    assert_eq!(g.ship(WHITE).unwrap().hits, 1);
    assert!(g.mines().is_empty());
}
