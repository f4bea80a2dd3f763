//! Thunderstruck pilots: how long a decision takes (it runs in the owner's
//! tab, on a phone too) and whole duels per second.
//!
//! ```text
//! cargo bench -p duel-bots --bench thunderstruck
//! ```
//! - `ts-plan/{hard,easy}/{2,3}`: a round's plan (rerolls and placement) at the start.
//! - `ts-act/hard/{2,3}`: an Action Phase decision with four dice a ship and two cubes.
//! - `ts-game/hard-vs-hard`: a whole two-player duel with the commit/reveal protocol.

use criterion::{criterion_group, criterion_main, Criterion};
use duel_bots::thunderstruck::{play_game, Level, Pilot};
use duel_core::thunderstruck::{
    Arrangement, Config, ConsoleSpace, Facing, Game, HostAction, Intent, Player, Secret, ShipSetup,
};
use duel_core::FixedDice;

/// A duel after round 1's beacon, every seed committed.
fn rolled(players: u8) -> (Game, Secret) {
    let mut g = Game::new(Config { players, rounds: 12, first: Player(0) }).expect("config");
    let seed = Secret([3; 32]);
    for p in 0..players {
        let s = Secret([p + 3; 32]);
        g.play(Player(p), &Intent::CommitSeed { seed: s.digest() }).expect("commit");
    }
    g.host(HostAction::Beacon, &mut FixedDice::cycling(&[4, 2, 6])).expect("beacon");
    (g, seed)
}

/// Mid-round: every ship with four dice and two cubes, Red to act.
fn mid_round(players: u8) -> Game {
    let dice = [
        (ConsoleSpace::BoostA, 3),
        (ConsoleSpace::ManoeuvreA, 4),
        (ConsoleSpace::FireA, 5),
        (ConsoleSpace::PowerA, 2),
    ];
    let ship = |at: u8, facing| ShipSetup { dice: dice.to_vec(), cubes: 2, ..ShipSetup::at(at, facing) };
    let ships = if players == 3 {
        vec![ship(0, Facing::Up), ship(6, Facing::Up), ship(12, Facing::Up)]
    } else {
        vec![ship(2, Facing::Up), ship(8, Facing::Down)]
    };
    Game::arranged(
        Config { players, rounds: 12, first: Player(0) },
        &Arrangement { ships, round: 1, turn: Player(0) },
    )
    .expect("position")
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("ts-plan");
    for (level, name) in [(Level::Hard, "hard"), (Level::Easy, "easy")] {
        for players in [2u8, 3] {
            let (game, seed) = rolled(players);
            group.bench_function(format!("{name}/{players}"), |b| {
                let mut pilot = Pilot::new(level, Player(0), 7);
                b.iter(|| pilot.plan(&game, &|k| game.roll(Player(0), &seed, k).unwrap_or_default()))
            });
        }
    }
    group.finish();
    let mut group = c.benchmark_group("ts-act");
    for players in [2u8, 3] {
        let game = mid_round(players);
        group.bench_function(format!("hard/{players}"), |b| {
            let mut pilot = Pilot::new(Level::Hard, Player(0), 7);
            b.iter(|| pilot.act(&game))
        });
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("ts-game");
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("hard-vs-hard", |b| {
        b.iter(|| {
            seed += 1;
            play_game(Config::default(), &[Level::Hard, Level::Hard], seed).expect("game")
        })
    });
    group.finish();
}

criterion_group!(benches, decisions, games);
criterion_main!(benches);
