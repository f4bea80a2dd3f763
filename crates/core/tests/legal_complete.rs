//! `legal_intents` against an independent enumeration, in the spirit of a
//! chess engine's perft: every intent shape over every die, face, spot,
//! square, target, card and choice (plus a few out-of-range ones; the
//! enumeration is `support::perft`) is checked with `validate`, and the
//! ones that pass must be exactly the ones listed, up to the dice a
//! multi-die roll names (`legal_intents` lists one representative per roll,
//! override and strip answer, see `key`). A candidate that validates but is
//! missing, or a listed intent that does not validate, fails the test, over
//! 10,000 random positions under the base rules and under every McGuire
//! toggle (where every equipment intent is refused).
//! `legal_complete_equipment.rs` runs the same check with the cards on.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::BTreeSet;

use duel_core::*;
use support::perft::{candidates, check_games, key};
use support::*;

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
