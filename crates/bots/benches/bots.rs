//! Bot benchmarks: decision time per intent and simulated games per second.
//!
//! ```text
//! cargo bench -p duel-bots
//! ```
//! - `decide/hard/in-play`: White's Hard crew deciding on every position of
//!   recorded hard-vs-hard games, in order, with its caches warm as in a game.
//! - `decide/hard/cold`: a fresh Hard crew per position (the helm planner
//!   walks all 125 moves first): the worst case.
//! - `game/*`: whole games on the simulated clock, one core.

use criterion::{criterion_group, criterion_main, Criterion};
use duel_bots::sim::{play_game, play_game_observed, CrewSpec, SimOptions, Step};
use duel_bots::{Crew, Difficulty, Profile, RandomStyle};
use duel_core::{Game, SeatId};

/// Every position of a few recorded hard-vs-hard games, in order.
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    let hard = CrewSpec::Bot(Difficulty::Hard);
    for seed in 1..=3 {
        let _ = play_game_observed(&SimOptions::default(), hard, hard, seed, &mut |game, _, step| {
            if matches!(step, Step::Played { .. }) && game.outcome().is_none() {
                out.push(game.clone());
            }
        });
    }
    out
}

fn decisions(c: &mut Criterion) {
    let states = positions();
    // No perception delay: every call decides.
    let profile = Profile { perceive_ms: 0, ..Difficulty::Hard.profile() };
    let mut group = c.benchmark_group("decide");
    group.bench_function("hard/in-play", |b| {
        let mut crew = Crew::with_profile(profile, &[SeatId(0)], 1);
        let (mut i, mut now) = (0usize, 0u64);
        b.iter(|| {
            now += 100_000;
            i = (i + 1) % states.len();
            crew.next_action(&states[i], now, &[])
        })
    });
    group.bench_function("hard/cold", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 1) % states.len();
            Crew::with_profile(profile, &[SeatId(0)], 1).next_action(&states[i], 0, &[])
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let opts = SimOptions::default();
    let mut group = c.benchmark_group("game");
    group.sample_size(30);
    let pairs = [
        ("hard-vs-hard", CrewSpec::Bot(Difficulty::Hard), CrewSpec::Bot(Difficulty::Hard)),
        ("medium-vs-easy", CrewSpec::Bot(Difficulty::Medium), CrewSpec::Bot(Difficulty::Easy)),
        ("hard-vs-random", CrewSpec::Bot(Difficulty::Hard), CrewSpec::Random(RandomStyle::Weighted)),
    ];
    for (name, a, b) in pairs {
        group.bench_function(name, |bench| {
            let mut seed = 0u64;
            bench.iter(|| {
                seed += 1;
                play_game(&opts, a, b, seed)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, decisions, games);
criterion_main!(benches);
