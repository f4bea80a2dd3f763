//! Scenario tests: positions written with the core's validated `Setup`,
//! then what a Hard crew does there.

mod common;

use common::{edit, load, lock, open_duel, place, put, roll};
use duel_bots::{Crew, Difficulty, EnergyRequest};
use duel_core::choice::{Answer, Choice, ChoiceId, ChoiceKind, Chooser};
use duel_core::dice::{Face, SensorFace, ShieldFace, TractorFace};
use duel_core::event::Event;
use duel_core::geometry::{arc_of, Sector};
use duel_core::ship::{DieState, MineToken};
use duel_core::station::{TorpedoPart, Tube, TubeSide};
use duel_core::Spot;
use duel_core::{Dir, Game, GameConfig, Intent, Pip, SeatId, ShipId, Square, Station, Target};

const WHITE: ShipId = ShipId(0);
const BLACK: ShipId = ShipId(1);
const FRONT_1: Tube = Tube { side: TubeSide::Front, index: 0 };
const FRONT_2: Tube = Tube { side: TubeSide::Front, index: 1 };

/// A Hard crew for White that notices changes at once.
fn white_crew() -> Crew {
    Crew::with_profile(Difficulty::Hard.profile().attentive(), &[SeatId(0)], 7)
}

/// What White's crew does next, with `requests` open.
fn next(game: &Game, requests: &[EnergyRequest]) -> Option<Intent> {
    white_crew().next_action(game, 1_000_000, requests).map(|(seat, intent)| {
        assert_eq!(seat, SeatId(0));
        intent
    })
}

#[test]
fn r14_fire_only_when_lock_beats_range_plus_jammers() {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6, Dir::North);
    put(&mut game, BLACK, 4, 2, Dir::South);
    load(&mut game, WHITE, FRONT_1);
    lock(&mut game, WHITE, 3);
    place(&mut game, BLACK, Face::Sensors(SensorFace::Jammer), Spot::Jammer);
    // Range 4 + 1 jammer needs lock 5; 3 is not enough.
    assert!(!matches!(next(&game, &[]), Some(Intent::Fire { .. })));
    lock(&mut game, WHITE, 2);
    let fire = Intent::Fire { count: 1, target: Some(Target::Ship(BLACK)), side: None };
    assert_eq!(next(&game, &[]), Some(fire));
}

#[test]
fn r14_three_shields_draw_one_torpedo_to_strip_them() {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6, Dir::North);
    put(&mut game, BLACK, 4, 3, Dir::South);
    load(&mut game, WHITE, FRONT_1);
    load(&mut game, WHITE, FRONT_2);
    lock(&mut game, WHITE, 4);
    for _ in 0..3 {
        place(&mut game, BLACK, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
    }
    let fire = Intent::Fire { count: 1, target: Some(Target::Ship(BLACK)), side: None };
    assert_eq!(next(&game, &[]), Some(fire));
}

#[test]
fn engineering_honours_a_call_out_before_its_own_plan() {
    let mut game = open_duel();
    // Pool die 0 shows a four (Shields), die 1 a one (Weapons). At range 8 with
    // nothing loaded anywhere, the plan wants weapons, not shields.
    edit(&mut game, |s| {
        s.roll_pool_die(WHITE, 0, Pip::new(4)).roll_pool_die(WHITE, 1, Pip::new(1));
    });
    assert_eq!(next(&game, &[]), Some(Intent::SendEnergy { die: 1 }));
    let shields = EnergyRequest { ship: WHITE, station: Station::Shields };
    assert_eq!(next(&game, &[shields]), Some(Intent::SendEnergy { die: 0 }));
    // Someone else's request is not ours to answer.
    let theirs = EnergyRequest { ship: BLACK, station: Station::Shields };
    assert_eq!(next(&game, &[theirs]), Some(Intent::SendEnergy { die: 1 }));
}

#[test]
fn r13_shields_cover_the_sector_the_loaded_tubes_can_hit() {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6, Dir::East);
    put(&mut game, BLACK, 4, 2, Dir::South);
    load(&mut game, BLACK, FRONT_1);
    // White faces east with Black to the north: torpedoes would strike its left (4).
    let right = roll(&mut game, WHITE, Station::Shields, 2);
    let left = roll(&mut game, WHITE, Station::Shields, 4);
    let intent = next(&game, &[]);
    assert_eq!(
        intent,
        Some(Intent::PlaceDie { station: Station::Shields, die: left, spot: Spot::Shield(Sector::Left) })
    );
    // With only the wrong face rolled, it is rolled again rather than placed.
    edit(&mut game, |s| {
        let white = s.ship_mut(WHITE).expect("White");
        let order = white.tick();
        let (face, spot) = (Face::Shields(ShieldFace::Left), Spot::Shield(Sector::Left));
        white.dice[Station::Shields.index()][usize::from(left)] = DieState::Placed { face, spot, order };
    });
    match next(&game, &[]) {
        Some(Intent::RollDice { station: Station::Shields, dice }) => assert!(dice.contains(&right)),
        other => panic!("expected a shield reroll, got {other:?}"),
    }
}

#[test]
fn weapons_load_the_side_that_faces_the_enemy() {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 4, Dir::North);
    put(&mut game, BLACK, 4, 7, Dir::North);
    let nose = roll(&mut game, WHITE, Station::Weapons, 1);
    match next(&game, &[]) {
        Some(Intent::PlaceDie {
            station: Station::Weapons,
            die,
            spot: Spot::Torpedo(tube, TorpedoPart::Nose),
        }) => {
            assert_eq!(die, nose);
            assert_eq!(tube.side, TubeSide::Rear, "the enemy is behind");
        }
        other => panic!("expected the nose placed, got {other:?}"),
    }
}

#[test]
fn sensors_jam_when_the_enemy_has_a_torpedo_on_us() {
    let mut game = open_duel();
    put(&mut game, WHITE, 4, 6, Dir::East);
    put(&mut game, BLACK, 4, 2, Dir::South);
    load(&mut game, BLACK, FRONT_1);
    let jammer = roll(&mut game, WHITE, Station::Sensors, 3);
    assert_eq!(
        next(&game, &[]),
        Some(Intent::PlaceDie { station: Station::Sensors, die: jammer, spot: Spot::Jammer })
    );
}

#[test]
fn r10_the_helm_steers_until_the_enemy_is_in_an_arc() {
    // White alone plays; Black sits still to its side.
    let mut game = open_duel();
    put(&mut game, WHITE, 2, 6, Dir::East);
    put(&mut game, BLACK, 6, 2, Dir::West);
    let mut crew = white_crew();
    let mut dice = duel_bots::sim::ChaChaDice::new(3);
    let start = game.ship(WHITE).map(|s| (s.position, s.facing));
    let mut now = 0;
    for _ in 0..400 {
        now += 1000;
        let Some((seat, intent)) = crew.next_action(&game, now, &[]) else { continue };
        if matches!(intent, Intent::Fire { .. } | Intent::TractorShip { .. } | Intent::WarpJump) {
            break;
        }
        game.play(seat, &intent, &mut dice).expect("a bot intent is legal");
        if game.ship(WHITE).map(|s| (s.position, s.facing)) != start {
            break;
        }
    }
    let (white, black) = (game.ship(WHITE).expect("white"), game.ship(BLACK).expect("black"));
    assert_ne!(Some((white.position, white.facing)), start, "the helm never moved");
    assert!(arc_of(white.position, white.facing, black.position).is_some(), "{white:?}");
}

#[test]
fn r16_a_tractored_enemy_goes_into_the_mine() {
    let mut game = open_duel();
    edit(&mut game, |s| s.ship_mut(WHITE).expect("White").mines[0] = MineToken::OnMap(Square::new(5, 4)));
    put(&mut game, WHITE, 4, 5, Dir::North);
    put(&mut game, BLACK, 4, 4, Dir::South);
    place(&mut game, WHITE, Face::Tractor(TractorFace::DoubleBolt), Spot::Bolts);
    let mut dice = duel_core::FixedDice::new(&[1]);
    assert_eq!(next(&game, &[]), Some(Intent::TractorShip { target: BLACK }));
    game.play(SeatId(0), &Intent::TractorShip { target: BLACK }, &mut dice).expect("legal");
    match next(&game, &[]) {
        Some(Intent::Answer { answer, .. }) => assert_eq!(answer, Answer::Square(Square::new(5, 4))),
        other => panic!("expected a destination, got {other:?}"),
    }
}

#[test]
fn r13_on_a_diagonal_the_defender_keeps_the_stronger_sector() {
    let mut game = open_duel();
    place(&mut game, WHITE, Face::Shields(ShieldFace::Right), Spot::Shield(Sector::Right));
    place(&mut game, WHITE, Face::Shields(ShieldFace::Right), Spot::Shield(Sector::Right));
    place(&mut game, WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
    let choice = Choice {
        id: ChoiceId(0),
        ship: WHITE,
        chooser: Chooser::Station(Station::Shields),
        kind: ChoiceKind::DiagonalSector { options: [Sector::Front, Sector::Right] },
    };
    // A choice is not a position at rest (no `Setup`): opened as the host's event would.
    game.apply(&Event::ChoiceOpened { choice });
    let answer = Intent::Answer { choice: ChoiceId(0), answer: Answer::Sector(Sector::Right) };
    assert_eq!(next(&game, &[]), Some(answer));
}

#[test]
fn a_bot_never_acts_faster_than_its_reaction_time() {
    let mut game = Game::new(GameConfig::quick_duel(4)).expect("valid");
    let mut crew = Crew::new(Difficulty::Hard, &[SeatId(0)]);
    let mut dice = duel_bots::sim::ChaChaDice::new(4);
    let mut last: Option<u64> = None;
    for step in 0..5000u64 {
        let now = step * 37;
        // Play host: resume after a freeze, time out choices nobody answers.
        if game
            .freeze()
            .is_some_and(|f| f.progress == duel_core::freeze::Progress::Review && f.awaiting.is_none())
        {
            game.host(&duel_core::HostAction::Resume, &mut dice).expect("resume");
        }
        if let Some((seat, intent)) = crew.next_action(&game, now, &[]) {
            if let Some(t) = last {
                assert!(now - t >= Difficulty::Hard.profile().reaction_ms, "acted at {t} and {now}");
            }
            last = Some(now);
            game.play(seat, &intent, &mut dice).expect("a bot intent is legal");
        }
    }
    assert!(crew.stats().actions > 50, "{:?}", crew.stats());
}

#[test]
fn call_outs_name_the_stations_short_of_energy() {
    let game = Game::new(GameConfig::quick_duel(2)).expect("valid");
    let mut crew = Crew::new(Difficulty::Hard, &[SeatId(0)]);
    let calls = crew.call_outs(&game);
    assert!(calls.contains(&EnergyRequest { ship: WHITE, station: Station::Weapons }), "{calls:?}");
    assert!(calls.iter().all(|c| c.ship == WHITE));
}

#[test]
fn r5_a_bot_crew_places_its_tokens_in_set_up() {
    let mut game = Game::new(GameConfig::duel()).expect("valid");
    let mut crews = [Crew::new(Difficulty::Easy, &[SeatId(0)]), Crew::new(Difficulty::Easy, &[SeatId(1)])];
    let mut dice = duel_core::FixedDice::new(&[3]);
    let mut now = 0;
    while game.setup_turn().is_some() && now < 100_000 {
        now += 100;
        for crew in &mut crews {
            if let Some((seat, intent)) = crew.next_action(&game, now, &[]) {
                assert!(matches!(intent, Intent::PlaceObstacle { .. }), "{intent:?}");
                game.play(seat, &intent, &mut dice).expect("a legal token");
            }
        }
    }
    assert_eq!(game.setup_turn(), None);
    assert_eq!(game.obstacles().len(), 10);
}

/// Two Hard crews play the set-up phase (R5) of a duel with game seed `seed`.
fn set_up_by_bots(seed: u64) -> Game {
    let mut config = GameConfig::duel();
    config.ruleset.wormholes = seed.is_multiple_of(2);
    let mut game = Game::new(config).expect("valid config");
    let mut crews = [
        Crew::new(Difficulty::Hard, &[SeatId(0)]).seeded(seed),
        Crew::new(Difficulty::Hard, &[SeatId(1)]).seeded(seed + 100),
    ];
    let mut dice = duel_core::FixedDice::new(&[1; 64]);
    let mut now = 0;
    while game.setup_turn().is_some() && now < 600_000 {
        for crew in &mut crews {
            if let Some((seat, intent)) = crew.next_action(&game, now, &[]) {
                game.play(seat, &intent, &mut dice).expect("a bot's token is legal");
            }
        }
        now += 100;
    }
    assert!(game.setup_turn().is_none(), "seed {seed}: set-up never finished");
    game
}

/// R5 with purpose: two bot crews place the ten obstacle tokens (and the
/// wormholes) as a fair, point-symmetric layout — the second team mirrors
/// the first — instead of at random.
#[test]
fn r5_bot_crews_place_a_point_symmetric_layout() {
    for seed in 0..20u64 {
        let game = set_up_by_bots(seed);
        let map = game.map().clone();
        for (square, kind) in game.obstacles() {
            assert_eq!(
                game.obstacle_at(map.mirror(*square)),
                Some(*kind),
                "seed {seed}: {square:?} has no mirror"
            );
        }
        for square in game.wormholes() {
            assert!(game.wormholes().contains(&map.mirror(*square)), "seed {seed}: wormholes not mirrored");
        }
    }
}

/// R5 with purpose: every obstacle lies on the way between the two ships
/// (the two ranges add up to at most two more than the range between them),
/// never beside a ship, and both kinds are used: the tokens shape the fight
/// instead of filling corners.
#[test]
fn r5_bot_crews_place_their_obstacles_between_the_ships() {
    for seed in 0..20u64 {
        let game = set_up_by_bots(seed);
        let rule = game.ruleset().range_rule();
        let [white, black] = [WHITE, BLACK].map(|s| game.ship(s).expect("ship").position.square);
        let between = duel_core::geometry::range(white, black, rule);
        for (square, _) in game.obstacles() {
            let d = [white, black].map(|ship| duel_core::geometry::range(ship, *square, rule));
            assert!(
                d[0] + d[1] <= between + 2 && d[0] >= 2 && d[1] >= 2,
                "seed {seed}: {square:?} is off the way"
            );
        }
        let nebulae = game.obstacles().iter().filter(|(_, k)| *k == duel_core::map::Obstacle::Nebula).count();
        assert!((2..=8).contains(&nebulae), "seed {seed}: {nebulae} nebulae of 10");
    }
}
