//! The helm planner on tile maps (D42, D44): arrows and gaps, tested on the built-in maps.

use super::*;
use crate::level::Difficulty;
use duel_core::map::builtin;
use duel_core::{Dir, Game, GameConfig, ShipId, Square};

/// D44: a move that goes against a gravity arrow (so its last die does
/// nothing) scores below a move that ends in the same place, the same
/// way, at the same cost, without throwing a die away; so the planner
/// never prefers it. Likewise a move that keeps a die beats its equal.
#[test]
fn d44_the_planner_prefers_an_equal_move_that_does_not_go_against_an_arrow() {
    let config = GameConfig { map: builtin("gravity well").expect("built in"), ..GameConfig::duel() };
    let game = Game::new(config).expect("valid");
    let profile = Difficulty::Hard.profile();
    let mut pairs = [0u32; 2];
    for (col, row, facing) in [(8, 4, Dir::West), (8, 3, Dir::West), (3, 9, Dir::North), (4, 4, Dir::North)] {
        let (_, planner) = planned_at(&game, Square::new(col, row), facing, &profile);
        let moves: Vec<(tactics::Outcome, i32)> = (0..125)
            .map(|i| (planner.outcomes[usize::from(planner.outcome_of[i])].0, planner.scores[i]))
            .collect();
        let same_place = |a: &tactics::Outcome, b: &tactics::Outcome| {
            (a.end, a.asteroids, a.nebulae, a.mines, a.rifts, a.at_end)
                == (b.end, b.asteroids, b.nebulae, b.mines, b.rifts, b.at_end)
        };
        for (a, va) in &moves {
            for (b, vb) in moves.iter().filter(|(b, _)| same_place(a, b)) {
                if a.cancelled && !b.cancelled && a.kept == b.kept {
                    assert!(vb > va, "{col},{row}: {b:?} ({vb}) against {a:?} ({va})");
                    pairs[0] += 1;
                }
                if a.kept > b.kept && a.cancelled == b.cancelled {
                    assert!(va > vb, "{col},{row}: {a:?} ({va}) against {b:?} ({vb})");
                    pairs[1] += 1;
                }
            }
        }
        // The best move goes against an arrow only if nothing reaches its end otherwise.
        let (best, _) = moves.iter().max_by_key(|(_, v)| *v).expect("125 moves");
        if best.cancelled {
            assert!(!moves.iter().any(|(o, _)| same_place(o, best) && !o.cancelled), "{best:?}");
        }
    }
    assert!(pairs[0] > 0 && pairs[1] > 0, "equal moves both ways: {pairs:?}");
}

/// White's Hard helm planner, refreshed with White moved to `square` facing `facing`.
fn planned_at(game: &Game, square: Square, facing: Dir, profile: &Profile) -> (Game, HelmPlanner) {
    let mut setup = game.to_setup().expect("at rest");
    setup.put(ShipId(0), square, facing);
    let game = setup.into_game().expect("a possible position");
    let mut planner = HelmPlanner::default();
    planner.refresh(&Situation::new(&game, ShipId(0)).expect("ship"), profile);
    (game, planner)
}

/// D42: a step into a gap between tiles is off the map: that die's
/// forward part is lost, and no planned move ends in the gap.
#[test]
fn d42_no_planned_move_ends_in_a_gap() {
    let config = GameConfig { map: builtin("gravity well").expect("built in"), ..GameConfig::duel() };
    let game = Game::new(config).expect("valid");
    let profile = Difficulty::Hard.profile();
    for (col, row, facing) in [(2, 11, Dir::West), (1, 1, Dir::West), (10, 10, Dir::East)] {
        let (game, planner) = planned_at(&game, Square::new(col, row), facing, &profile);
        for (o, _) in &planner.outcomes {
            assert!(game.map().contains(o.end.square), "{col},{row}: {o:?}");
        }
        // Forward 1 three times, straight into the gap: the ship stays put.
        let ahead = planner.outcomes[usize::from(planner.outcome_of[0])].0;
        assert!(!ahead.end.moved, "{col},{row}: {ahead:?}");
    }
}
