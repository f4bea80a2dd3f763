//! Scenario and property tests for the map-tile variant (`000_…`, "Playing
//! on Space Cadets map tiles"; D42–D45): a tile map is its own set-up, rifts
//! strip shields and block fire, gravity arrows cancel or keep helm dice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::choice::{Answer, ChoiceKind};
use duel_core::dice::{HelmFace, SensorFace, ShieldFace, TractorFace};
use duel_core::event::{Event, Removal};
use duel_core::map::{builtin_maps, MapSpec, Pull, Terrain};
use duel_core::*;
use proptest::prelude::*;
use support::*;

/// A duel on the default 9×9 board with `terrain` printed on it (a tile map).
fn tiles(terrain: &[(u8, u8, Terrain)]) -> Game {
    let mut map = MapSpec { name: "Test tiles".into(), ..MapSpec::default() };
    for (c, r, t) in terrain {
        map.paint(Square::new(*c, *r), Some(*t));
    }
    let config = GameConfig { map, preplaced: None, ..GameConfig::duel() };
    Game::new(config).expect("a valid tile map")
}

/// The three helm dice A, B, C showing `pips`, in slot order; the events of the move.
fn fly(g: &mut Game, pips: [u8; 3]) -> Vec<Event> {
    helm(g, WHITE, WHITE_SEAT, HelmSlot::A, pips[0]);
    helm(g, WHITE, WHITE_SEAT, HelmSlot::B, pips[1]);
    helm(g, WHITE, WHITE_SEAT, HelmSlot::C, pips[2])
}

/// Black's tractor beam (strength 4) drags White to `to`; the events of the drag.
fn drag_white(g: &mut Game, to: Square) -> Vec<Event> {
    for _ in 0..2 {
        place(g, BLACK, Face::Tractor(TractorFace::DoubleBolt), Spot::Bolts);
    }
    ok(g, BLACK_SEAT, Intent::TractorShip { target: WHITE }, &[]);
    let c = choice_of(g, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
    ok(g, BLACK_SEAT, Intent::Answer { choice: c.id, answer: Answer::Square(to) }, &[])
}

fn at(g: &Game) -> (Square, Dir) {
    let s = g.ship(WHITE).unwrap();
    (s.position.square, s.facing)
}

fn pulls(events: &[Event]) -> Vec<Pull> {
    events
        .iter()
        .filter_map(|e| if let Event::GravityPulled { pull, .. } = e { Some(*pull) } else { None })
        .collect()
}

// ----- D42: a tile map is its own set-up -----

#[test]
fn d42_a_tile_map_starts_the_battle_with_its_printed_terrain() {
    let g = tiles(&[
        (2, 5, Terrain::Asteroid),
        (6, 3, Terrain::Nebula),
        (0, 0, Terrain::Wormhole),
        (8, 8, Terrain::Wormhole),
    ]);
    assert_eq!(*g.phase(), Phase::Battle, "no token set-up on a tile map");
    assert_eq!(g.obstacle_at(Square::new(2, 5)), Some(map::Obstacle::Asteroid));
    assert_eq!(g.wormhole_exit(Square::new(0, 0)), Some(Square::new(8, 8)));
    assert!(g.ruleset().wormholes, "two printed wormholes put the wormhole rule in play");
}

#[test]
fn d42_tokens_preplaced_on_a_tile_map_are_refused_with_a_reason() {
    let mut map = MapSpec::default();
    map.paint(Square::new(2, 5), Some(Terrain::Rift));
    let config = GameConfig { map, ..GameConfig::quick_duel(3) };
    let err = Game::new(config).unwrap_err();
    assert_eq!(err.to_string(), "this map's tiles are its set-up: no tokens are placed on it (D42)");
}

#[test]
fn d42_a_gap_between_tiles_stops_a_step_like_the_map_edge() {
    let mut g = tiles(&[(4, 5, Terrain::Void)]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    // A: Forward 1 into the gap: ignored. B: F1 + right (ignored step, turn east). C: F1 east.
    fly(&mut g, [1, 5, 1]);
    assert_eq!(at(&g), (Square::new(5, 6), Dir::East));
}

#[test]
fn d45_a_layout_the_map_cannot_seat_is_refused_with_a_sentence() {
    let rift_field = builtin_maps().into_iter().find(|m| m.name == "Rift Field").unwrap();
    let mut config = GameConfig { map: rift_field, preplaced: None, ..GameConfig::duel() };
    config.layout = Layout::TwoPerSide;
    config.seats = (0..4).map(|s| SeatSpec::whole_ship(ShipId(s))).collect();
    let err = Game::new(config).unwrap_err();
    assert_eq!(err.to_string(), "this map has start squares for 2 ships; this game needs 4");
}

// ----- D43: rifts -----

#[test]
fn d43_moving_through_a_rift_loses_every_shield_die_at_the_end_of_the_move() {
    let mut g = tiles(&[(4, 5, Terrain::Rift)]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    place(&mut g, WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
    place(&mut g, WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
    place(&mut g, WHITE, Face::Shields(ShieldFace::Back), Spot::Shield(Sector::Aft));
    let events = fly(&mut g, [1, 1, 1]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RiftEntered { square, .. } if *square == Square::new(4, 5))));
    let stripped = events.iter().find_map(|e| match e {
        Event::DiceRemoved { station: Station::Shields, dice, why: Removal::Rift, .. } => Some(dice.len()),
        _ => None,
    });
    assert_eq!(stripped, Some(3), "all three shield dice, with no choice");
    assert_eq!(at(&g).0, Square::new(4, 3), "the move carried on through the rift");
    assert!(g.choices().is_empty());
}

#[test]
fn d43_a_rift_on_the_line_of_fire_refuses_the_shot_and_names_the_rift() {
    let mut g = tiles(&[(4, 4, Terrain::Rift)]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 2), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0);
    let why = refused(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None });
    assert_eq!(why, RuleError::RiftInTheWay { square: Square::new(4, 4) });
    let preview = g.fire_preview(WHITE, Target::Ship(BLACK)).unwrap();
    assert_eq!(preview.rift, Some(Square::new(4, 4)));
    assert!(!preview.would_hit);
    assert!(
        !g.legal_intents(WHITE_SEAT).iter().any(|i| matches!(i, Intent::Fire { .. })),
        "not offered either"
    );
}

#[test]
fn d43_a_rift_beside_the_line_of_fire_does_not_block() {
    let mut g = tiles(&[(5, 4, Terrain::Rift)]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 2), Dir::South);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 2, 0);
    ok(&mut g, WHITE_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[6]);
    assert!(g.freeze().is_some(), "the shot flies");
}

#[test]
fn d43_a_shot_at_a_mine_through_a_rift_is_refused() {
    let mut g = tiles(&[(4, 5, Terrain::Rift)]);
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    place(&mut g, BLACK, Face::Tractor(TractorFace::MineB), Spot::Mine(MineId::B));
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::B }, &[]);
    put(&mut g, BLACK, Square::new(1, 1), Dir::South);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    load(&mut g, WHITE, FRONT_1);
    lock(&mut g, WHITE, 1, 0);
    let shot = Intent::Fire { count: 1, target: Some(Target::Mine(Square::new(4, 4))), side: None };
    let why = refused(&mut g, WHITE_SEAT, shot);
    assert_eq!(why, RuleError::RiftInTheWay { square: Square::new(4, 5) });
}

#[test]
fn d43_a_tractor_beam_is_not_blocked_by_a_rift() {
    let mut g = tiles(&[(4, 4, Terrain::Rift)]);
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    put(&mut g, BLACK, Square::new(4, 3), Dir::South);
    drag_white(&mut g, Square::new(4, 4));
    assert_eq!(at(&g).0, Square::new(4, 4));
}

// ----- D44: gravity arrows -----

#[test]
fn d44_against_an_arrow_with_die_a_cancels_die_c() {
    let mut g = tiles(&[(4, 5, Terrain::Gravity(Dir::South))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    // A: F1 north onto a south arrow (against). B: F1. C: F1 + right: cancelled.
    let events = fly(&mut g, [1, 1, 5]);
    assert_eq!(pulls(&events), [Pull::Against]);
    assert!(events.contains(&Event::HelmDieCancelled { ship: WHITE, slot: HelmSlot::C }));
    assert_eq!(at(&g), (Square::new(4, 4), Dir::North), "C neither moved nor turned");
    assert!(g.ship(WHITE).unwrap().placed(Station::Helm).next().is_none(), "all three dice came off");
    assert!(g.ship(WHITE).unwrap().gravity_kept.is_empty());
}

#[test]
fn d44_against_an_arrow_with_die_b_also_cancels_die_c() {
    let mut g = tiles(&[(4, 4, Terrain::Gravity(Dir::South))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    fly(&mut g, [1, 1, 1]);
    assert_eq!(at(&g).0, Square::new(4, 4));
}

#[test]
fn d44_against_an_arrow_with_die_c_has_no_effect() {
    let mut g = tiles(&[(4, 3, Terrain::Gravity(Dir::South))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    let events = fly(&mut g, [1, 1, 1]);
    assert_eq!(pulls(&events), [Pull::Against]);
    assert!(!events.iter().any(|e| matches!(e, Event::HelmDieCancelled { .. })));
    assert_eq!(at(&g).0, Square::new(4, 3), "resolved as normal");
    assert!(g.ship(WHITE).unwrap().gravity_kept.is_empty());
}

#[test]
fn d44_a_step_across_an_arrow_is_neither_with_nor_against() {
    let mut g = tiles(&[(4, 5, Terrain::Gravity(Dir::East))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    let events = fly(&mut g, [1, 1, 1]);
    assert!(pulls(&events).is_empty());
    assert_eq!(at(&g).0, Square::new(4, 3));
}

#[test]
fn d44_with_an_arrow_keeps_that_die_and_it_is_placed_on_any_face_for_free() {
    let mut g = tiles(&[(4, 4, Terrain::Gravity(Dir::North))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    let events = fly(&mut g, [1, 1, 1]);
    assert_eq!(pulls(&events), [Pull::With]);
    assert_eq!(at(&g).0, Square::new(4, 3));
    let s = g.ship(WHITE).unwrap();
    let kept = s.gravity_kept.clone();
    assert_eq!(kept.len(), 1, "die B moved with the arrow: it is kept");
    assert_eq!(s.station_dice(Station::Helm)[usize::from(kept[0])], ship::DieState::Idle);
    assert_eq!(g.crystals_to_spend(WHITE), 0, "no crystal to pay with");
    let face = Face::Helm(HelmFace::TurnLeft);
    let intent =
        Intent::Override { station: Station::Helm, die: kept[0], face, spot: Spot::Helm(HelmSlot::A) };
    assert!(g.legal_intents(WHITE_SEAT).contains(&intent), "offered as a free Station Override");
    ok(&mut g, WHITE_SEAT, intent.clone(), &[]);
    let s = g.ship(WHITE).unwrap();
    assert!(s.gravity_kept.is_empty(), "the keep is used up");
    assert_eq!(
        s.station_dice(Station::Helm)[usize::from(kept[0])].placed(),
        Some((face, Spot::Helm(HelmSlot::A)))
    );
    // An ordinary idle die still needs a crystal.
    let idle = s.station_dice(Station::Helm).iter().position(|d| *d == ship::DieState::Idle).unwrap() as u8;
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Override { station: Station::Helm, die: idle, face, spot: Spot::Helm(HelmSlot::B) },
    );
    assert_eq!(why, RuleError::OverrideNeedsCrystal);
}

#[test]
fn d44_a_kept_die_rolled_as_usual_loses_its_keep() {
    let mut g = tiles(&[(4, 4, Terrain::Gravity(Dir::North))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    fly(&mut g, [1, 1, 1]);
    let kept = g.ship(WHITE).unwrap().gravity_kept[0];
    energise(&mut g, WHITE, Station::Helm);
    ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Helm, dice: vec![kept] }, &[2]);
    assert!(g.ship(WHITE).unwrap().gravity_kept.is_empty());
}

#[test]
fn d44_with_and_against_in_one_move_apply_both() {
    // A: F1 north onto a north arrow (with); B: F1 north onto a south arrow (against): C is lost.
    let mut g = tiles(&[(4, 5, Terrain::Gravity(Dir::North)), (4, 4, Terrain::Gravity(Dir::South))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    let events = fly(&mut g, [1, 1, 6]);
    assert_eq!(pulls(&events), [Pull::With, Pull::Against]);
    assert_eq!(at(&g), (Square::new(4, 4), Dir::North), "C (forward and about) was cancelled");
    assert_eq!(g.ship(WHITE).unwrap().gravity_kept.len(), 1, "and a die was kept");
}

#[test]
fn d44_forward_two_over_two_arrows_keeps_two_dice() {
    let mut g = tiles(&[(4, 5, Terrain::Gravity(Dir::North)), (4, 4, Terrain::Gravity(Dir::North))]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    fly(&mut g, [3, 1, 1]);
    assert_eq!(at(&g).0, Square::new(4, 2));
    assert_eq!(g.ship(WHITE).unwrap().gravity_kept.len(), 2);
}

#[test]
fn d44_the_helm_preview_shows_the_cancelled_die_and_the_kept_ones() {
    let g = tiles(&[(4, 5, Terrain::Gravity(Dir::North)), (4, 4, Terrain::Gravity(Dir::South))]);
    let faces = [HelmFace::Forward1, HelmFace::Forward1, HelmFace::TurnAround];
    let plan = game::plan_move(&g, Square::new(4, 6), Dir::North, &faces);
    assert!(plan.last_cancelled);
    assert_eq!(plan.kept, 1);
    let end = plan.path.last().unwrap();
    assert_eq!((end.square, end.facing), (Square::new(4, 4), Dir::North));
}

#[test]
fn d44_a_tractor_drag_over_an_arrow_feels_no_gravity() {
    let mut g = tiles(&[(4, 4, Terrain::Gravity(Dir::North))]);
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    put(&mut g, BLACK, Square::new(4, 3), Dir::South);
    let events = drag_white(&mut g, Square::new(4, 4));
    assert!(pulls(&events).is_empty());
    assert!(g.ship(WHITE).unwrap().gravity_kept.is_empty());
}

// ----- properties: random play on random valid maps -----

/// A random tile map on the 9×9 board: each clear square gets terrain with
/// probability 1/4 (gaps rarer), kept only if it passes the map check.
fn random_map(seed: u64) -> MapSpec {
    let mut rng = TestRng::new(seed);
    let mut map = MapSpec { name: format!("Random {seed}"), ..MapSpec::default() };
    let keep: Vec<Square> =
        map.crystal_squares.iter().copied().chain([Square::new(4, 8), Square::new(4, 0)]).collect();
    let kinds = [
        Terrain::Asteroid,
        Terrain::Nebula,
        Terrain::Rift,
        Terrain::Gravity(Dir::North),
        Terrain::Gravity(Dir::East),
        Terrain::Gravity(Dir::South),
        Terrain::Gravity(Dir::West),
        Terrain::Void,
    ];
    for sq in map.squares().collect::<Vec<_>>() {
        if keep.contains(&sq) || rng.below(4) != 0 {
            continue;
        }
        let t = kinds[rng.below(kinds.len())];
        map.paint(sq, Some(t));
        if map.check().is_err() {
            map.paint(sq, None);
        }
    }
    if rng.below(2) == 0 {
        let holes: Vec<Square> =
            map.squares().filter(|s| !keep.contains(s) && map.terrain_at(*s).is_none()).collect();
        let (a, b) = (holes[rng.below(holes.len())], holes[rng.below(holes.len())]);
        if a != b {
            map.paint(a, Some(Terrain::Wormhole));
            map.paint(b, Some(Terrain::Wormhole));
        }
    }
    assert_eq!(map.check(), Ok(()), "the generator keeps maps valid");
    map
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_play_on_random_tile_maps_never_panics_and_replays_to_the_same_hash(seed in any::<u64>()) {
        let map = random_map(seed);
        prop_assert_eq!(MapSpec::from_code(&map.to_code()), Ok(map.clone()), "the map code round-trips");
        let config = GameConfig { map, preplaced: None, ..GameConfig::duel() };
        let (game, log) = random_game(seed, config.clone(), 1500);
        prop_assert!(log.len() > 200, "the game was played ({} events)", log.len());
        prop_assert_eq!(invariants::check(&game), Ok(()));
        let mut replica = Game::new(config).unwrap();
        for e in &log {
            replica.apply(e);
        }
        prop_assert_eq!(replica.state_hash(), game.state_hash());
    }
}

#[test]
fn random_legal_play_on_every_builtin_map_never_panics() {
    let (mut rifts, mut pulls_seen) = (0, 0);
    for (i, map) in builtin_maps().into_iter().enumerate() {
        let tiled = map.is_tiled();
        let mut config = GameConfig { map, ..GameConfig::duel() };
        config.preplaced = (!tiled).then(Default::default);
        for seed in 0..4 {
            let (game, log) = random_game(seed * 31 + i as u64, config.clone(), 2000);
            assert!(log.len() > 200, "the game was played ({} events)", log.len());
            assert_eq!(invariants::check(&game), Ok(()));
            rifts += log.iter().filter(|e| matches!(e, Event::RiftEntered { .. })).count();
            pulls_seen += log.iter().filter(|e| matches!(e, Event::GravityPulled { .. })).count();
        }
    }
    assert!(rifts > 0 && pulls_seen > 0, "random play met rifts ({rifts}) and arrows ({pulls_seen})");
}

#[test]
fn sensors_lock_is_unchanged_by_a_rift_elsewhere() {
    // A rift that is not between the ships changes nothing about the hit test.
    let mut g = tiles(&[(0, 0, Terrain::Rift)]);
    put(&mut g, WHITE, Square::new(4, 6), Dir::North);
    put(&mut g, BLACK, Square::new(4, 2), Dir::South);
    place(&mut g, WHITE, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    let p = g.fire_preview(WHITE, Target::Ship(BLACK)).unwrap();
    assert_eq!((p.lock, p.range, p.rift), (2, 4, None));
}
