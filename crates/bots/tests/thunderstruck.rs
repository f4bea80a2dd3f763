//! Thunderstruck Duel pilots: every intent they choose is one the rules
//! list, every duel they fly ends, and Hard is clearly stronger than the
//! random-legal baseline. The 1,000-game figures are `ts-sim`'s
//! (docs/BOTS.md, "Thunderstruck Duel").

use duel_bots::sim::ChaChaDice;
use duel_bots::thunderstruck::{play_game, run_series, Level, Pilot};
use duel_core::thunderstruck::{Config, Game, HostAction, Intent, Phase, Planning, Player, Secret};

fn seed_for(game: u64, p: Player, round: u8) -> Secret {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&game.to_le_bytes());
    bytes[8] = p.0;
    bytes[9] = round;
    Secret(bytes)
}

/// Flies one duel step by step, checking every pilot choice against the
/// rules' own lists and the invariants after every step. Returns the winner.
fn checked_duel(config: Config, levels: &[Level], seed: u64) -> Option<Player> {
    let mut game = Game::new(config).expect("valid config");
    let mut pilots: Vec<Pilot> = game.players().zip(levels).map(|(p, l)| Pilot::new(*l, p, seed)).collect();
    let mut beacon = ChaChaDice::new(seed);
    for _ in 0..1_000 {
        match game.phase().clone() {
            Phase::Over { winner } => return winner,
            Phase::Planning { .. } => {
                let round = game.round();
                let living: Vec<Player> = game.living().collect();
                for p in &living {
                    if game.ship(*p).expect("ship").planning == Planning::Unseeded {
                        let digest = seed_for(seed, *p, round).digest();
                        game.play(*p, &Intent::CommitSeed { seed: digest }).expect("commit");
                    }
                }
                game.host(HostAction::Beacon, &mut beacon).expect("beacon");
                let table = game.clone();
                let mut plans = Vec::new();
                for p in &living {
                    let secret = seed_for(seed, *p, round);
                    let roll = |k: u8| table.roll(*p, &secret, k).expect("beacon drawn");
                    let (rerolls, placement) = pilots[usize::from(p.0)].plan(&table, &roll);
                    let cubes = table.ship(*p).expect("ship").console.cubes();
                    assert!(rerolls <= cubes, "{rerolls} rerolls with {cubes} cubes");
                    let console = &table.ship(*p).expect("ship").console;
                    assert_eq!(
                        placement.check(&roll(rerolls), console),
                        Ok(()),
                        "{:?}",
                        levels[usize::from(p.0)]
                    );
                    plans.push((*p, secret, rerolls, placement));
                }
                for (p, secret, rerolls, placement) in &plans {
                    game.play(*p, &Intent::SealPlan { plan: secret.seal(*rerolls, placement) })
                        .expect("seal");
                }
                for (p, secret, rerolls, placement) in plans {
                    let next = seed_for(seed, p, round + 1).digest();
                    game.play(p, &Intent::Reveal { seed: secret, rerolls, placement, next }).expect("reveal");
                }
            }
            Phase::Action { .. } => {
                let waiting = game.waiting_on();
                for p in game.players() {
                    if !waiting.contains(&p) {
                        assert_eq!(pilots[usize::from(p.0)].act(&game), None, "{p:?} acted out of turn");
                    }
                }
                let p = waiting[0];
                let intent = pilots[usize::from(p.0)].act(&game).expect("a pilot always has an answer");
                assert!(game.legal_intents(p).contains(&intent), "{intent:?} is not listed as legal");
                game.play(p, &intent).expect("legal intents are played");
            }
        }
        game.check_invariants().expect("invariants hold");
    }
    panic!("duel {seed} did not finish in 1,000 steps");
}

#[test]
fn every_level_plays_legally_and_finishes_two_and_three_players() {
    let mut seed = 0;
    for players in [2u8, 3] {
        for rounds in [6u8, 12] {
            for a in Level::ALL {
                for b in Level::ALL {
                    for _ in 0..2 {
                        seed += 1;
                        let levels: Vec<Level> = (0..players).map(|i| if i == 0 { a } else { b }).collect();
                        let config =
                            Config { players, rounds, first: Player((seed % u64::from(players)) as u8) };
                        checked_duel(config, &levels, seed);
                    }
                }
            }
        }
    }
}

#[test]
fn random_pilots_finish_many_seeds() {
    for seed in 0..40 {
        let players = 2 + (seed % 2) as u8;
        let rounds = if seed % 4 < 2 { 6 } else { 12 };
        let config = Config { players, rounds, first: Player(0) };
        let rec = play_game(config, &vec![Level::Random; usize::from(players)], seed).expect("valid");
        assert!(rec.winner.is_some(), "seed {seed} unfinished");
        assert_eq!(rec.refused, 0);
        assert!(rec.rounds <= rounds);
    }
}

#[test]
fn the_simulator_replays_a_duel_from_its_seed() {
    let config = Config { players: 3, rounds: 6, first: Player(1) };
    let levels = [Level::Hard, Level::Easy, Level::Random];
    let a = play_game(config, &levels, 77).expect("valid");
    assert_eq!(a, play_game(config, &levels, 77).expect("valid"));
    assert!(play_game(config, &levels[..2], 77).is_err(), "one level per player");
}

#[test]
fn hard_beats_a_random_legal_pilot_in_most_of_100_duels() {
    let t = run_series(2, 12, Level::Hard, Level::Random, 100, 1).expect("valid");
    println!("{t}");
    assert_eq!(t.refused, 0);
    assert_eq!(t.unfinished, 0);
    assert!(t.a_wins >= 85, "hard won only {} of {}", t.a_wins, t.games);
}

#[test]
fn hard_beats_easy_more_often_than_not() {
    let t = run_series(2, 12, Level::Hard, Level::Easy, 40, 1).expect("valid");
    println!("{t}");
    assert!(t.a_wins > t.b_wins, "hard {} easy {}", t.a_wins, t.b_wins);
}
