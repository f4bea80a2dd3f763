//! Criterion benches for the rules engine: events applied per second
//! (replaying recorded logs) and complete random-legal games per second.
//! Run: `cargo bench -p duel-core --bench engine`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use duel_core::{Game, GameConfig};

#[path = "../tests/support/mod.rs"]
mod support;

fn apply_rate(c: &mut Criterion) {
    let logs: Vec<_> =
        (0..8).map(|seed| support::random_game(seed, GameConfig::quick_duel(seed), 20_000)).collect();
    let events: u64 = logs.iter().map(|(_, log)| log.len() as u64).sum();
    let mut group = c.benchmark_group("apply");
    group.throughput(Throughput::Elements(events));
    group.bench_function("replay 8 random game logs", |b| {
        b.iter(|| {
            for (seed, (_, log)) in logs.iter().enumerate() {
                let mut g = Game::new(GameConfig::quick_duel(seed as u64)).expect("valid");
                for e in log {
                    g.apply(e);
                }
                std::hint::black_box(g.state_hash());
            }
        })
    });
    group.finish();
}

fn games_rate(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(10));
    let mut seed = 0u64;
    group.bench_function("10 random-legal games (cap 20k events)", |b| {
        b.iter(|| {
            for _ in 0..10 {
                seed += 1;
                let (g, _) = support::random_game(seed, GameConfig::quick_duel(seed), 20_000);
                std::hint::black_box(g.state_hash());
            }
        })
    });
    group.finish();
}

fn hash_and_snapshot(c: &mut Criterion) {
    let (g, _) = support::random_game(3, GameConfig::quick_duel(3), 3_000);
    c.bench_function("state_hash", |b| b.iter(|| std::hint::black_box(g.state_hash())));
    let bytes = postcard::to_allocvec(&g).expect("serialise");
    println!("mid-game snapshot: {} bytes (postcard)", bytes.len());
}

criterion_group!(benches, apply_rate, games_rate, hash_and_snapshot);
criterion_main!(benches);
