//! `legal_intents` against an independent enumeration, in the spirit of a
//! chess engine's perft: every intent shape over every die, face, spot,
//! square, target and choice (plus a few out-of-range ones) is checked with
//! `validate`, and the ones that pass must be exactly the ones listed, up to
//! the dice a multi-die roll names (`legal_intents` lists one representative
//! per roll, override and strip answer, see `key`). A candidate that
//! validates but is missing, or a listed intent that does not validate,
//! fails the test, over 10,000 random positions under the base rules and
//! under every McGuire toggle.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::BTreeSet;

use duel_core::choice::{Answer, EnergySource};
use duel_core::geometry::{Dir, SECTORS};
use duel_core::intent::{LaunchCost, LaunchSide};
use duel_core::map::Obstacle;
use duel_core::station::ALL_STATIONS;
use duel_core::*;
use support::*;

/// Subsets of `0..n` up to `max` elements (n ≤ 8).
fn subsets(n: u8, max: usize) -> Vec<Vec<u8>> {
    (0u16..(1 << n))
        .map(|bits| (0..n).filter(|i| bits & (1 << i) != 0).collect::<Vec<u8>>())
        .filter(|s| s.len() <= max)
        .collect()
}

fn squares(game: &Game) -> Vec<Square> {
    let (cols, rows) = (game.map().cols, game.map().rows);
    // One column and one row past the edge: refused, never listed.
    (0..=rows).flat_map(|r| (0..=cols).map(move |c| Square::new(c, r))).collect()
}

/// Every intent shape a seat could send, valid or not.
fn candidates(game: &Game, seat: SeatId) -> Vec<Intent> {
    let mut out = Vec::new();
    let all_squares = squares(game);
    for &square in &all_squares {
        out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Asteroid });
        out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Nebula });
        out.push(Intent::PlaceWormhole { square });
    }
    // Answers to every pending choice (and to one that does not exist).
    let mut ids: Vec<ChoiceId> = game.choices().iter().map(|c| c.id).collect();
    ids.push(ChoiceId(u32::MAX));
    for choice in ids {
        let mut answers: Vec<Answer> = SECTORS.iter().map(|s| Answer::Sector(*s)).collect();
        answers.extend([TubeSide::Front, TubeSide::Rear].map(Answer::Side));
        answers.extend(all_squares.iter().map(|s| Answer::Square(*s)));
        answers.extend([Dir::North, Dir::East, Dir::South, Dir::West].map(Answer::Edge));
        answers.extend(subsets(6, 3).into_iter().map(Answer::Dice));
        answers.push(Answer::Energy(EnergySource::Pool));
        answers.extend(ALL_STATIONS.iter().map(|s| Answer::Energy(EnergySource::Station(*s))));
        answers.push(Answer::RollAgain);
        out.extend(answers.into_iter().map(|answer| Intent::Answer { choice, answer }));
    }
    // Freezes, at every target (ships, mines, an empty square, none) from either side.
    let ships = game.ships().len() as u8;
    let mut targets: Vec<Option<Target>> = (0..=ships).map(|s| Some(Target::Ship(ShipId(s)))).collect();
    targets.extend(game.mines().iter().map(|m| Some(Target::Mine(m.square))));
    targets.push(Some(Target::Mine(Square::new(0, 0))));
    targets.push(None);
    for count in 0..=3 {
        for target in &targets {
            for side in [None, Some(TubeSide::Front), Some(TubeSide::Rear)] {
                out.push(Intent::Fire { count, target: *target, side });
            }
        }
    }
    out.extend((0..=ships).map(|s| Intent::TractorShip { target: ShipId(s) }));
    out.push(Intent::WarpJump);
    out.push(Intent::EnergySurge);
    out.push(Intent::Bomb);
    for side in LaunchSide::BOTH {
        for pay in LaunchCost::BOTH {
            out.push(Intent::Launch { side, pay });
        }
    }
    // Engineering.
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return out };
    let energy = ship.energy.len() as u8;
    out.extend(subsets(energy + 1, usize::MAX).into_iter().map(|dice| Intent::RollEnergy { dice }));
    out.extend((0..=energy).map(|die| Intent::SendEnergy { die }));
    // Every station: every die on every spot of every display, every override face.
    // Every spot of every class's displays (a Fighter's bomb core included).
    let mut spots: Vec<Spot> = ALL_STATIONS.iter().flat_map(|s| Spot::all_for(*s)).collect();
    spots.push(Spot::PulseBomb);
    for station in ALL_STATIONS {
        out.push(Intent::ReturnEnergy { station });
        let dice = ship.station_dice(station).len() as u8;
        out.extend(subsets(dice + 1, 3).into_iter().map(|dice| Intent::RollDice { station, dice }));
        for die in 0..=dice {
            out.push(Intent::RemoveDie { station, die });
            for &spot in &spots {
                out.push(Intent::PlaceDie { station, die, spot });
            }
        }
        let faces: BTreeSet<Face> = (1..=6).filter_map(|p| station.face(Pip::new(p))).collect();
        for face in faces {
            for die in 0..dice {
                for &spot in spots.iter().filter(|s| s.station() == station) {
                    out.push(Intent::Override { station, die, face, spot });
                }
            }
        }
    }
    // The tractor beam: mines, crystals (and one that does not exist), mine moves.
    out.extend([MineId::A, MineId::B].map(|mine| Intent::ReleaseMine { mine }));
    out.extend((0..=6).map(|crystal| Intent::TractorCrystal { crystal }));
    let mut from: Vec<Square> = game.mines().iter().map(|m| m.square).collect();
    from.push(ship.position.square);
    for at in from {
        for to in &all_squares {
            if at.col.abs_diff(to.col) <= 2 && at.row.abs_diff(to.row) <= 2 {
                out.push(Intent::TractorMine { at, to: *to });
            }
        }
    }
    out
}

/// What `legal_intents` promises to list once: a roll of some dice at a
/// station, an override of some idle die, some strip answer; and Fire with
/// no target when the one enemy is implied.
fn key(game: &Game, seat: SeatId, intent: &Intent) -> Intent {
    match intent {
        Intent::RollEnergy { .. } => Intent::RollEnergy { dice: Vec::new() },
        Intent::RollDice { station, .. } => Intent::RollDice { station: *station, dice: Vec::new() },
        Intent::Override { station, face, spot, .. } => {
            Intent::Override { station: *station, die: 0, face: *face, spot: *spot }
        }
        Intent::Answer { choice, answer: Answer::Dice(_) } => {
            Intent::Answer { choice: *choice, answer: Answer::Dice(Vec::new()) }
        }
        Intent::Fire { count, target: None, side } => {
            let team = game.seat_ship(seat).and_then(|s| game.ship(s)).map(|s| s.team);
            let enemies: Vec<ShipId> =
                team.map(|t| game.enemies_of(t).map(|(id, _)| id).collect()).unwrap_or_default();
            let target = match enemies.as_slice() {
                [only] => Some(Target::Ship(*only)),
                _ => None,
            };
            Intent::Fire { count: *count, target, side: *side }
        }
        other => other.clone(),
    }
}

fn check_position(game: &Game) {
    for (i, _) in game.seats().iter().enumerate() {
        let seat = SeatId(i as u8);
        let legal = game.legal_intents(seat);
        for intent in &legal {
            assert!(game.validate(seat, intent).is_ok(), "listed but refused: {intent:?}");
        }
        let listed: BTreeSet<String> = legal.iter().map(|i| format!("{:?}", key(game, seat, i))).collect();
        let valid: BTreeSet<String> = candidates(game, seat)
            .iter()
            .filter(|c| game.validate(seat, c).is_ok())
            .map(|c| format!("{:?}", key(game, seat, c)))
            .collect();
        let missing: Vec<_> = valid.difference(&listed).collect();
        assert!(missing.is_empty(), "seat {i}: valid but not listed: {missing:?}");
        let extra: Vec<_> = listed.difference(&valid).collect();
        assert!(extra.is_empty(), "seat {i}: listed but outside the enumeration: {extra:?}");
    }
}

/// Walks random games (set-up included) and checks every position on the way.
fn check_games(config: impl Fn(u64) -> GameConfig, positions: usize, seed0: u64) {
    let mut checked = 0;
    let mut seed = seed0;
    while checked < positions {
        let mut game = Game::new(config(seed)).expect("valid config");
        let mut rng = TestRng::new(seed);
        for _ in 0..400 {
            check_position(&game);
            checked += 1;
            if checked >= positions || random_step(&mut game, &mut rng).is_none() {
                break;
            }
        }
        seed += 1;
    }
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_under_the_base_rules() {
    check_games(|_| GameConfig::duel(), 2_500, 0);
    check_games(GameConfig::quick_duel, 2_500, 1_000);
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_under_the_mcguire_rules() {
    let mcguire = |mut config: GameConfig| {
        config.ruleset.house = HouseRules::mcguire();
        config
    };
    check_games(|_| mcguire(GameConfig::duel()), 2_500, 2_000);
    check_games(|seed| mcguire(GameConfig::quick_duel(seed)), 2_500, 3_000);
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_in_every_die_fighter_mission() {
    for (i, mission) in Mission::ALL.into_iter().enumerate() {
        let seed0 = 5_000 + 1_000 * i as u64;
        check_games(|_| GameConfig::mission(mission), 300, seed0);
        check_games(|seed| GameConfig::quick_mission(mission, seed), 1_200, seed0 + 500);
        let mcguire = |seed| {
            let mut config = GameConfig::quick_mission(mission, seed);
            config.ruleset.house = HouseRules::mcguire();
            config.ruleset.fighters_start_with_two_health = true;
            config
        };
        check_games(mcguire, 600, seed0 + 800);
    }
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_on_every_tile_map() {
    // Rifts refuse Fire, kept helm dice add free overrides, gaps shrink tractor choices (D42–D44).
    for (i, map) in duel_core::map::builtin_maps().into_iter().filter(|m| m.is_tiled()).enumerate() {
        let config = |_| GameConfig { map: map.clone(), preplaced: None, ..GameConfig::duel() };
        check_games(config, 800, 9_000 + 1_000 * i as u64);
    }
}

#[test]
fn the_enumeration_catches_a_missing_intent() {
    // The check itself can fail: a position where a valid intent exists that
    // a deliberately shortened list would miss.
    let game = duel();
    let legal = game.legal_intents(WHITE_SEAT);
    let valid: Vec<Intent> =
        candidates(&game, WHITE_SEAT).into_iter().filter(|c| game.validate(WHITE_SEAT, c).is_ok()).collect();
    assert!(!valid.is_empty());
    let shortened: BTreeSet<String> =
        legal.iter().skip(1).map(|i| format!("{:?}", key(&game, WHITE_SEAT, i))).collect();
    assert!(valid.iter().any(|v| !shortened.contains(&format!("{:?}", key(&game, WHITE_SEAT, v)))));
}
