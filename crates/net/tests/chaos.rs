//! Host + replicas over the chaotic in-memory network (loss, duplication,
//! reordering, jitter), driven by bot crews on every seat plus random noise
//! for whole games: most games reach a result, so the last hit, the result
//! and its replication are exercised under chaos too. Every replica must end
//! with the host's state hash and the host's winner.
#![allow(clippy::unwrap_used)]

mod common;

use std::time::Instant;

use common::Sim;
use duel_bots::Difficulty;
use duel_core::{Event, GameConfig, SeatId, SeatSpec, ShipId};
use duel_net::Conditions;

/// Simulated time per game before it is called off without a winner (a
/// Hard-vs-Hard game at the drill pace lasts a few simulated minutes).
const CAP_MS: u64 = 15 * 60_000;
/// Out of 1000 bot actions, how many are a random legal intent instead.
const NOISE_PERMILLE: u32 = 100;

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
    chaotic_game_on(seed, cap, GameConfig::quick_duel(seed))
}

fn chaotic_game_on(seed: u64, cap: u64, mut config: GameConfig) -> Outcome {
    config.seats = [SeatSpec::recommended(ShipId(0), 2), SeatSpec::recommended(ShipId(1), 2)].concat();
    let mut sim = Sim::new(seed, config, 5, Conditions::CHAOTIC);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![SeatId(2)], vec![SeatId(3)], vec![]]);
    let converged = sim.play_crews(Difficulty::Hard, cap, NOISE_PERMILLE);
    let winner = sim.host_game().outcome();
    let agree = sim.peers.iter().all(|p| p.replica.game().map(|g| g.outcome()) == Some(winner));
    Outcome {
        converged: converged && agree,
        intents: sim.submitted,
        events: sim.log().len(),
        finished: sim.host_game().outcome().is_some(),
        freezes: sim.log().iter().filter(|e| matches!(e, Event::FreezeDeclared { .. })).count(),
    }
}

/// Plays seeds `0..count` on every core (each seed is its own game, so the
/// split changes no game): the debug run in CI is one binary among many, run
/// one after the other, and this one used to hold a single core for minutes.
fn run_games(count: u64, cap: u64) -> u64 {
    let start = Instant::now();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get() as u64).min(count.max(1));
    let totals: Vec<[u64; 4]> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn(move || {
                    let mut t = [0u64; 4];
                    for seed in (w..count).step_by(workers as usize) {
                        let o = chaotic_game(seed, cap);
                        assert!(
                            o.converged,
                            "seed {seed}: a replica did not reach the host's hash and winner"
                        );
                        t[0] += o.intents;
                        t[1] += o.events as u64;
                        t[2] += u64::from(o.finished);
                        t[3] += o.freezes as u64;
                    }
                    t
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let [intents, events, finished, freezes] =
        totals.iter().fold([0u64; 4], |a, t| [a[0] + t[0], a[1] + t[1], a[2] + t[2], a[3] + t[3]]);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} chaotic games on {workers} threads: {finished} won, {freezes} freezes, {intents} intents, {events} events \
         in {secs:.1} s ({:.2} games/s, {:.0} intents/s)",
        count as f64 / secs,
        intents as f64 / secs
    );
    finished
}

#[test]
fn chaotic_games_converge() {
    let finished = run_games(20, CAP_MS);
    // The end of a game must be exercised under chaos, not only its middle.
    assert!(finished >= 15, "only {finished} of 20 chaotic games reached a result");
}

/// The map-tile variant under chaos (D42–D44): rifts, gravity arrows and
/// kept helm dice replicate like everything else.
#[test]
fn chaotic_games_on_tile_maps_converge() {
    for map in duel_core::map::builtin_maps().into_iter().filter(|m| m.is_tiled()) {
        for seed in 0..2 {
            let config = GameConfig { map: map.clone(), preplaced: None, ..GameConfig::duel() };
            let o = chaotic_game_on(seed, CAP_MS, config);
            assert!(o.converged, "{} seed {seed}: a replica did not reach the host's hash", map.name);
            assert!(o.events > 100, "{} seed {seed}: the game was played", map.name);
        }
    }
}

/// The long run: `cargo test -p duel-net --release --test chaos -- --ignored --nocapture`.
/// `DUEL_GAMES` overrides the count.
#[test]
#[ignore]
fn ten_thousand_chaotic_games_converge() {
    let count = std::env::var("DUEL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    run_games(count, CAP_MS);
}
