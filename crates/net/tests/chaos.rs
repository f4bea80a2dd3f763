//! Host + replicas over the chaotic in-memory network, driven by random
//! legal intents from several seats at once for whole games: every replica
//! must end with the host's state hash.
#![allow(clippy::unwrap_used)]

mod common;

use std::time::Instant;

use common::Sim;
use duel_core::{Event, GameConfig, SeatId, SeatSpec, ShipId};
use duel_net::Conditions;

/// Intents per game before it is called off without a winner.
const CAP: u64 = 3_000;

struct Outcome {
    converged: bool,
    intents: u64,
    events: usize,
    finished: bool,
    freezes: usize,
}

/// One game: two officers per ship (the rulebook's 2-player split, so
/// Engineering is shared) and a spectator, on a chaotic network.
fn chaotic_game(seed: u64, cap: u64) -> Outcome {
    let mut config = GameConfig::quick_duel(seed);
    config.seats = [SeatSpec::recommended(ShipId(0), 2), SeatSpec::recommended(ShipId(1), 2)].concat();
    let mut sim = Sim::new(seed, config, 5, Conditions::CHAOTIC);
    sim.gunners = true;
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![SeatId(2)], vec![SeatId(3)], vec![]]);
    let converged = sim.play_random(cap, 600);
    Outcome {
        converged,
        intents: sim.submitted,
        events: sim.log().len(),
        finished: sim.host_game().outcome().is_some(),
        freezes: sim.log().iter().filter(|e| matches!(e, Event::FreezeDeclared { .. })).count(),
    }
}

fn run_games(count: u64, cap: u64) {
    let start = Instant::now();
    let (mut intents, mut events, mut finished, mut freezes) = (0, 0, 0, 0);
    for seed in 0..count {
        let o = chaotic_game(seed, cap);
        assert!(o.converged, "seed {seed}: a replica did not reach the host's hash");
        intents += o.intents;
        events += o.events;
        finished += u64::from(o.finished);
        freezes += o.freezes;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} chaotic games: {finished} won, {freezes} freezes, {intents} intents, {events} events in {secs:.1} s \
         ({:.2} games/s, {:.0} intents/s)",
        count as f64 / secs,
        intents as f64 / secs
    );
}

#[test]
fn chaotic_games_converge() {
    run_games(20, CAP);
}

/// The long run: `cargo test -p duel-net --release --test chaos -- --ignored --nocapture`.
/// `DUEL_GAMES` overrides the count.
#[test]
#[ignore]
fn ten_thousand_chaotic_games_converge() {
    let count = std::env::var("DUEL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    run_games(count, CAP);
}
