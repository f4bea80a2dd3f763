//! How strong the levels are, measured with the simulator (colours swapped
//! every game to cancel map and dice asymmetry). The fast versions run in
//! the normal test run and check only what 20 games can show without luck
//! (a level two steps up wins about nine games in ten); the full ones are
//! release tests that check the calibration (docs/BOTS.md, "Results"):
//!
//! ```text
//! cargo test -p duel-bots --release --test strength -- --ignored --nocapture
//! ```

use duel_bots::sim::{run_series, CrewSpec, SimOptions, Tally};
use duel_bots::{Difficulty, RandomStyle};

const HARD: CrewSpec = CrewSpec::Bot(Difficulty::Hard);
const RANDOM: CrewSpec = CrewSpec::Random(RandomStyle::Weighted);

fn series(a: CrewSpec, b: CrewSpec, games: u32) -> Tally {
    let t = run_series(&SimOptions::default(), a, b, games, 1).expect("valid set-up");
    println!("{}\n{t}", Tally::header());
    assert_eq!(t.refused, 0, "the host refused bot intents");
    t
}

fn assert_share(t: &Tally, per_mille: std::ops::RangeInclusive<u32>) {
    assert!(
        per_mille.contains(&t.a_per_mille()),
        "{} beat {} in {} of {} games, outside {per_mille:?} per mille",
        t.a,
        t.b,
        t.a_wins,
        t.games
    );
}

/// Hard against Hard: finished, no colour advantage beyond `colour_slack`
/// games, and as long as a table game (the rulebook: 10–40 minutes).
fn assert_hard_against_hard(t: &Tally, colour_slack: u32) {
    assert_eq!(t.unfinished + t.draws, 0, "{t}");
    // Identical crews replay the same game with colours swapped, so A and B
    // split evenly by construction; what can differ is the colour.
    assert!(t.white_wins.abs_diff(t.games / 2) <= colour_slack, "{t}");
    let deci_minutes = t.avg_deci_minutes();
    assert!((100..=400).contains(&deci_minutes), "average game {} min", deci_minutes as f64 / 10.0);
}

#[test]
fn hard_beats_a_random_legal_crew_fast() {
    assert_share(&series(HARD, RANDOM, 20), 950..=1000);
}

#[test]
fn each_level_beats_the_one_two_steps_below_fast() {
    for pair in Difficulty::ALL.windows(3) {
        assert_share(&series(CrewSpec::Bot(pair[2]), CrewSpec::Bot(pair[0]), 20), 650..=1000);
    }
}

#[test]
fn hard_against_hard_is_even_finishes_and_lasts_like_a_table_game() {
    assert_hard_against_hard(&series(HARD, HARD, 20), 6);
}

#[test]
#[ignore = "release test: 1000 games (cargo test --release -- --ignored)"]
fn hard_beats_a_random_legal_crew() {
    assert_share(&series(HARD, RANDOM, 1000), 950..=1000);
}

/// The calibration: each level wins 60–75 % against the level just below.
#[test]
#[ignore = "release test: 4 × 1000 games (cargo test --release -- --ignored)"]
fn each_level_beats_the_one_below_in_about_two_games_of_three() {
    for pair in Difficulty::ALL.windows(2) {
        assert_share(&series(CrewSpec::Bot(pair[1]), CrewSpec::Bot(pair[0]), 1000), 600..=750);
    }
}

#[test]
#[ignore = "release test: 1000 games (cargo test --release -- --ignored)"]
fn hard_against_hard_over_a_thousand_games() {
    // No colour advantage beyond noise: the map is point-symmetric.
    assert_hard_against_hard(&series(HARD, HARD, 1000), 60);
}
