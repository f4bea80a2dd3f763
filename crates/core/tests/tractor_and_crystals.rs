//! Scenario tests for tractor beams, mines and crystals: R16–R18, R29, R30,
//! R35, R36, R38, the rulebook's tractor and crystal examples.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::choice::{Answer, ChoiceKind};
use duel_core::config::Preplaced;
use duel_core::dice::{ShieldFace, TractorFace};
use duel_core::event::{CrystalAt, Event};
use duel_core::map::Obstacle;
use duel_core::*;
use support::*;

fn bolts(g: &mut Game, ship: ShipId, doubles: u8, singles: u8) {
    for _ in 0..doubles {
        place(g, ship, Face::Tractor(TractorFace::DoubleBolt), Spot::Bolts);
    }
    for _ in 0..singles {
        place(g, ship, Face::Tractor(TractorFace::Bolt), Spot::Bolts);
    }
}

fn crystal_at(g: &Game, sq: Square) -> u8 {
    g.crystals().iter().position(|c| *c == CrystalAt::OnMap(sq)).unwrap() as u8
}

#[test]
fn r16_rulebook_tractor_example_two_squares_needs_four_strength_and_all_dice_go() {
    let mut g = duel();
    let target = g.map().crystal_squares[1]; // (4, 2)
    put(&mut g, WHITE, Square::new(4, 4), Dir::North);
    bolts(&mut g, WHITE, 0, 1);
    let c = crystal_at(&g, target);
    let why = refused(&mut g, WHITE_SEAT, Intent::TractorCrystal { crystal: c });
    assert!(matches!(why, RuleError::TractorTooWeak { need: 4, .. }), "{why}");
    bolts(&mut g, WHITE, 2, 0); // 1 + 2 + 2 = 5 ≥ 4
    let events = ok(&mut g, WHITE_SEAT, Intent::TractorCrystal { crystal: c }, &[]);
    assert!(g.freeze().is_none(), "tractoring a crystal does not freeze");
    assert!(events.contains(&Event::CrystalMoved { crystal: c, to: CrystalAt::Held(WHITE) }));
    assert_eq!(
        g.ship(WHITE).unwrap().placed(Station::Tractor).count(),
        0,
        "all tractor dice, not just the four needed"
    );
}

#[test]
fn r35_a_crystal_in_the_own_square_needs_strength_one() {
    let mut g = duel();
    let sq = g.map().crystal_squares[0];
    put(&mut g, WHITE, sq, Dir::North);
    bolts(&mut g, WHITE, 0, 1);
    place(&mut g, WHITE, Face::Tractor(TractorFace::MineB), Spot::Mine(MineId::B));
    let c = crystal_at(&g, sq);
    ok(&mut g, WHITE_SEAT, Intent::TractorCrystal { crystal: c }, &[]);
    assert_eq!(g.crystals_held(WHITE), 1);
    assert!(!g.ship(WHITE).unwrap().mine_armed(MineId::B), "R16: the Mine B die goes too");
    let why = refused(&mut g, BLACK_SEAT, Intent::TractorCrystal { crystal: c });
    assert!(matches!(why, RuleError::CrystalNotOnMap), "{why}");
}

#[test]
fn r16_rulebook_example_tractor_the_enemy_into_an_asteroid() {
    let mut config = GameConfig::duel();
    config.preplaced =
        Some(Preplaced { obstacles: vec![(Square::new(5, 5), Obstacle::Asteroid)], wormholes: None });
    let mut g = Game::new(config).unwrap();
    put(&mut g, BLACK, Square::new(4, 3), Dir::South);
    put(&mut g, WHITE, Square::new(4, 5), Dir::North); // range 2: needs 4
    bolts(&mut g, BLACK, 3, 0);
    place(&mut g, WHITE, Face::Shields(ShieldFace::Front), Spot::Shield(Sector::Front));
    ok(&mut g, BLACK_SEAT, Intent::TractorShip { target: WHITE }, &[]);
    assert!(g.freeze().is_some());
    assert_eq!(g.ship(BLACK).unwrap().tractor_strength(), 0, "the dice go when the attempt is made");
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
    assert_eq!(c.ship, BLACK);
    match &c.kind {
        ChoiceKind::TractorDestination { options, .. } => assert_eq!(options.len(), 8),
        _ => unreachable!(),
    }
    let why = refused(
        &mut g,
        WHITE_SEAT,
        Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(5, 5)) },
    );
    assert!(matches!(why, RuleError::NotYourChoice), "{why}");
    ok(&mut g, BLACK_SEAT, Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(5, 5)) }, &[]);
    let w = g.ship(WHITE).unwrap();
    assert_eq!((w.position.square, w.facing), (Square::new(5, 5), Dir::North), "facing kept");
    assert_eq!(w.shields(Sector::Front), 0, "the asteroid stripped the shield");
    g.host(&HostAction::Resume, &mut FixedDice::new(&[1])).unwrap();
    assert!(g.freeze().is_none());
}

#[test]
fn r29_tractored_diagonally_into_an_occupied_square_the_team_picks_the_edge() {
    let mut config = GameConfig::duel();
    config.layout = Layout::TwoPerSide;
    config.seats = (0..4).map(|s| SeatSpec::whole_ship(ShipId(s))).collect();
    config.preplaced = Some(Default::default());
    let mut g = Game::new(config).unwrap();
    let (white2, black1) = (ShipId(1), ShipId(2));
    put(&mut g, WHITE, Square::new(4, 4), Dir::North);
    put(&mut g, white2, Square::new(5, 3), Dir::North);
    put(&mut g, black1, Square::new(4, 2), Dir::South);
    bolts(&mut g, black1, 2, 0); // range 2 to White: needs 4
    ok(&mut g, SeatId(2), Intent::TractorShip { target: WHITE }, &[]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
    ok(&mut g, SeatId(2), Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(5, 3)) }, &[]);
    let e = choice_of(&g, |k| matches!(k, ChoiceKind::EntryEdge { .. })).unwrap();
    assert_eq!(e.ship, WHITE);
    ok(&mut g, WHITE_SEAT, Intent::Answer { choice: e.id, answer: Answer::Edge(Dir::West) }, &[]);
    let w = g.ship(WHITE).unwrap().position;
    assert_eq!(w, Position { square: Square::new(5, 3), half: Some(Dir::West) });
    assert_eq!(g.ship(white2).unwrap().position.half, Some(Dir::East));
}

#[test]
fn r17_mines_arm_release_and_detonate_on_entry_only() {
    let mut g = duel();
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    let why = refused(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::A });
    assert!(matches!(why, RuleError::MineNotArmed { mine: MineId::A }), "{why}");
    place(&mut g, BLACK, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
    bolts(&mut g, BLACK, 1, 0);
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::A }, &[]);
    assert_eq!(g.mine_at(Square::new(4, 4)).map(|m| m.owner), Some(BLACK));
    assert_eq!(g.ship(BLACK).unwrap().tractor_strength(), 0, "releasing removes every tractor die");
    assert_eq!(g.ship(BLACK).unwrap().hits, 0, "a mine does not go off when placed");
    // R36: the released token's die cannot be placed again.
    give_crystals(&mut g, BLACK, 1);
    let mine_face = Face::Tractor(TractorFace::MineA);
    let why = refused(
        &mut g,
        BLACK_SEAT,
        Intent::Override { station: Station::Tractor, die: 0, face: mine_face, spot: Spot::Mine(MineId::A) },
    );
    assert!(matches!(why, RuleError::MineReleased { .. }), "{why}");
    // At most one mine per square.
    place(&mut g, BLACK, Face::Tractor(TractorFace::MineB), Spot::Mine(MineId::B));
    let why = refused(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::B });
    assert!(matches!(why, RuleError::OneMinePerSquare), "{why}");
}

#[test]
fn r17_a_tractored_ship_dragged_onto_a_mine_takes_damage() {
    let mut g = duel();
    put(&mut g, BLACK, Square::new(3, 5), Dir::South);
    place(&mut g, BLACK, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::A }, &[]);
    put(&mut g, BLACK, Square::new(3, 3), Dir::South);
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    bolts(&mut g, BLACK, 3, 0); // range 3: needs 6
    ok(&mut g, BLACK_SEAT, Intent::TractorShip { target: WHITE }, &[]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::TractorDestination { .. })).unwrap();
    ok(&mut g, BLACK_SEAT, Intent::Answer { choice: c.id, answer: Answer::Square(Square::new(3, 5)) }, &[]);
    assert_eq!(g.ship(WHITE).unwrap().hits, 1);
    assert!(g.mines().is_empty());
}

#[test]
fn r39_mcguire_mines_hit_every_ship_in_the_square_and_tractor_moves_mines() {
    let house = HouseRules { mines_hit_everyone: true, tractor_moves_mines: true, ..Default::default() };
    let mut g = duel_with_house(house);
    put(&mut g, BLACK, Square::new(4, 3), Dir::South);
    place(&mut g, BLACK, Face::Tractor(TractorFace::MineA), Spot::Mine(MineId::A));
    ok(&mut g, BLACK_SEAT, Intent::ReleaseMine { mine: MineId::A }, &[]);
    bolts(&mut g, BLACK, 0, 1);
    ok(&mut g, BLACK_SEAT, Intent::TractorMine { at: Square::new(4, 3), to: Square::new(4, 4) }, &[]);
    assert_eq!(g.mine_at(Square::new(4, 4)).map(|m| m.mine), Some(MineId::A));
    // Black sits next to the mine; White drives in: both are in the square? No: only White enters.
    put(&mut g, BLACK, Square::new(4, 4), Dir::South);
    put(&mut g, WHITE, Square::new(4, 5), Dir::North);
    for (slot, pip) in [(HelmSlot::A, 6u8), (HelmSlot::B, 6), (HelmSlot::C, 1)] {
        energise(&mut g, WHITE, Station::Helm);
        let die = g
            .ship(WHITE)
            .unwrap()
            .station_dice(Station::Helm)
            .iter()
            .position(|d| *d == ship::DieState::Idle)
            .unwrap() as u8;
        ok(&mut g, WHITE_SEAT, Intent::RollDice { station: Station::Helm, dice: vec![die] }, &[pip]);
        ok(&mut g, WHITE_SEAT, Intent::PlaceDie { station: Station::Helm, die, spot: Spot::Helm(slot) }, &[]);
    }
    assert_eq!(g.ship(WHITE).unwrap().hits, 1);
    assert_eq!(g.ship(BLACK).unwrap().hits, 1, "McGuire: every ship in the square");
}

#[test]
fn r18_rulebook_crystal_example_override_then_the_crystal_returns_after_the_launch() {
    // White holds two crystals, Black sits behind with a torpedo; White overrides a shield to 3.
    let mut g = duel();
    give_crystals(&mut g, WHITE, 2);
    put(&mut g, WHITE, Square::new(4, 4), Dir::North);
    put(&mut g, BLACK, Square::new(4, 6), Dir::North);
    load(&mut g, BLACK, FRONT_1);
    lock(&mut g, BLACK, 1, 0);
    let back = Face::Shields(ShieldFace::Back);
    ok(
        &mut g,
        WHITE_SEAT,
        Intent::Override { station: Station::Shields, die: 0, face: back, spot: Spot::Shield(Sector::Aft) },
        &[],
    );
    // Black fires: hit on the aft sector; weapon die 1 (no blast) is stopped by the shield.
    // Clean-up rolls the used crystal: a 2.
    ok(&mut g, BLACK_SEAT, Intent::Fire { count: 1, target: None, side: None }, &[1, 2]);
    assert_eq!(g.ship(WHITE).unwrap().hits, 0);
    let sq = g.map().crystal_square(2);
    assert_eq!(g.crystals().iter().filter(|c| **c == CrystalAt::OnMap(sq)).count(), 1);
    assert!(!g.crystals().contains(&CrystalAt::Used), "the used crystal went back to square 2");
    assert_eq!(g.crystals_held(WHITE), 1);
}

#[test]
fn r18_r30_warp_jump_rolls_two_dice_never_onto_the_enemy_and_extra_crystals_widen_the_choice() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 2);
    let enemy_sq = g.map().crystal_square(3);
    put(&mut g, BLACK, enemy_sq, Dir::South);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[3, 5]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::WarpDestination { .. })).unwrap();
    match &c.kind {
        ChoiceKind::WarpDestination { options, .. } => assert_eq!(options, &vec![g.map().crystal_square(5)]),
        _ => unreachable!(),
    }
    ok(&mut g, WHITE_SEAT, Intent::Answer { choice: c.id, answer: Answer::RollAgain }, &[1, 1]);
    let c = choice_of(&g, |k| matches!(k, ChoiceKind::WarpDestination { .. })).unwrap();
    match &c.kind {
        ChoiceKind::WarpDestination { options, rolled } => {
            assert_eq!(rolled.len(), 4);
            assert_eq!(options, &vec![g.map().crystal_square(5), g.map().crystal_square(1)]);
        }
        _ => unreachable!(),
    }
    let why = refused(&mut g, WHITE_SEAT, Intent::Answer { choice: c.id, answer: Answer::RollAgain });
    assert!(matches!(why, RuleError::RollAgainNeedsCrystal), "{why}");
    let facing = g.ship(WHITE).unwrap().facing;
    let dest = g.map().crystal_square(1);
    ok(&mut g, WHITE_SEAT, Intent::Answer { choice: c.id, answer: Answer::Square(dest) }, &[]);
    let w = g.ship(WHITE).unwrap();
    assert_eq!((w.position.square, w.facing), (g.map().crystal_square(1), facing));
    assert_eq!(g.crystals_held(WHITE), 0);
}

#[test]
fn r30_doubles_onto_the_enemy_roll_again_for_free() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 1);
    let four = g.map().crystal_square(4);
    put(&mut g, BLACK, four, Dir::South);
    let events = ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[4, 4, 6, 6]);
    let rolls = events.iter().filter(|e| matches!(e, Event::WarpRolled { .. })).count();
    assert_eq!(rolls, 2);
    assert!(choice_of(&g, |k| matches!(k, ChoiceKind::WarpDestination { .. })).is_some());
}

#[test]
fn r38_energy_surge_needs_two_crystals_and_an_energy_die_on_the_track() {
    let mut g = duel();
    give_crystals(&mut g, WHITE, 2);
    let why = refused(&mut g, WHITE_SEAT, Intent::EnergySurge);
    assert!(matches!(why, RuleError::SurgeNeedsLostEnergy), "{why}");
    edit(&mut g, |s| {
        s.damage(WHITE, 1);
    });
    ok(&mut g, WHITE_SEAT, Intent::EnergySurge, &[]);
    let w = g.ship(WHITE).unwrap();
    assert_eq!((w.hits, w.energy_on_track(), w.track_crystals), (1, 0, 1), "damage level stays");
    assert_eq!(w.pool().count(), 6);
    assert_eq!(g.crystals().iter().filter(|c| **c == CrystalAt::Used).count(), 1);
    assert!(invariants::check(&g).is_ok());
}

#[test]
fn r31_crystals_during_a_freeze_only_pay_that_freezes_costs() {
    let mut g = duel();
    give_crystals(&mut g, BLACK, 3);
    give_crystals(&mut g, WHITE, 1);
    ok(&mut g, WHITE_SEAT, Intent::WarpJump, &[1, 2]);
    let back = Face::Shields(ShieldFace::Back);
    let why = refused(
        &mut g,
        BLACK_SEAT,
        Intent::Override { station: Station::Shields, die: 0, face: back, spot: Spot::Shield(Sector::Aft) },
    );
    assert!(matches!(why, RuleError::Frozen { .. }), "{why}");
}
