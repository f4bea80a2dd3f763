//! How strong the levels are, measured with the simulator (colours swapped
//! every game to cancel map and dice asymmetry). The fast versions run in
//! the normal test run; the full ones are release tests:
//!
//! ```text
//! cargo test -p duel-bots --release --test strength -- --ignored
//! ```

use duel_bots::sim::{run_series, CrewSpec, SimOptions, Tally};
use duel_bots::{Difficulty, RandomStyle};

const HARD: CrewSpec = CrewSpec::Bot(Difficulty::Hard);
const MEDIUM: CrewSpec = CrewSpec::Bot(Difficulty::Medium);
const EASY: CrewSpec = CrewSpec::Bot(Difficulty::Easy);
const RANDOM: CrewSpec = CrewSpec::Random(RandomStyle::Weighted);

fn series(a: CrewSpec, b: CrewSpec, games: u32) -> Tally {
    let t = run_series(&SimOptions::default(), a, b, games, 1).expect("valid set-up");
    println!("{}\n{t}", Tally::header());
    assert_eq!(t.refused, 0, "the host refused bot intents");
    t
}

fn assert_share(t: &Tally, per_mille: u32) {
    assert!(t.a_per_mille() >= per_mille, "{} beat {} in only {} of {} games", t.a, t.b, t.a_wins, t.games);
}

#[test]
fn hard_beats_a_random_legal_crew_fast() {
    assert_share(&series(HARD, RANDOM, 20), 950);
}

#[test]
fn medium_beats_easy_fast() {
    assert_share(&series(MEDIUM, EASY, 20), 700);
}

#[test]
fn hard_against_hard_is_even_and_finishes() {
    let t = series(HARD, HARD, 20);
    assert_eq!(t.unfinished + t.draws, 0);
    // Identical crews replay the same game with colours swapped, so A and B
    // split evenly by construction; what can differ is the colour.
    assert!(t.white_wins.abs_diff(t.games / 2) <= 6, "{t}");
    // Simulated minutes; see docs/BOTS.md for why this is shorter than a table game.
    let minutes = t.avg_deci_minutes() / 10;
    assert!((1..=40).contains(&minutes), "average game {minutes} min");
}

#[test]
#[ignore = "release test: 1000 games (cargo test --release -- --ignored)"]
fn hard_beats_a_random_legal_crew() {
    assert_share(&series(HARD, RANDOM, 1000), 950);
}

#[test]
#[ignore = "release test: 1000 games (cargo test --release -- --ignored)"]
fn medium_beats_easy() {
    assert_share(&series(MEDIUM, EASY, 1000), 700);
}

#[test]
#[ignore = "release test: 1000 games (cargo test --release -- --ignored)"]
fn hard_against_hard_over_a_thousand_games() {
    let t = series(HARD, HARD, 1000);
    assert_eq!(t.unfinished, 0);
    // No colour advantage beyond noise: the map is point-symmetric.
    assert!(t.white_wins.abs_diff(t.games / 2) <= 60, "{t}");
}
