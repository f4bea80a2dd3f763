//! Simulator invariants: bots only send intents the host accepts, in every
//! ruleset and crew size; games replay from their seed; every level finishes.

use duel_bots::sim::{play_game, play_game_observed, CrewSpec, Outcome, SimOptions, Step};
use duel_bots::{Difficulty, RandomStyle};
use duel_core::{HouseRules, Ruleset};

fn options(players: u8, mcguire: bool) -> SimOptions {
    let house = if mcguire { HouseRules::mcguire() } else { HouseRules::default() };
    SimOptions { players, ruleset: Ruleset { house, ..Ruleset::default() }, ..SimOptions::default() }
}

#[test]
fn bots_send_only_intents_the_host_accepts_in_every_set_up() {
    let levels = Difficulty::ALL.map(CrewSpec::Bot);
    let mut seed = 0;
    for players in 1..=4 {
        for mcguire in [false, true] {
            for (i, a) in levels.iter().enumerate() {
                let b = levels[(i + players as usize) % levels.len()];
                seed += 1;
                let rec = play_game(&options(players, mcguire), *a, b, seed).expect("valid set-up");
                assert_eq!(rec.refused, 0, "{players} players, McGuire {mcguire}, {a} v {b}: {rec:?}");
                assert_ne!(
                    rec.outcome,
                    Outcome::Unfinished,
                    "{players} players, McGuire {mcguire}, {a} v {b}"
                );
            }
        }
    }
}

#[test]
fn random_crews_also_play_only_legal_intents() {
    for style in [RandomStyle::Uniform, RandomStyle::Weighted] {
        let opts = SimOptions { max_ms: 10 * 60_000, ..SimOptions::default() };
        let rec =
            play_game(&opts, CrewSpec::Random(style), CrewSpec::Bot(Difficulty::Medium), 3).expect("valid");
        assert_eq!(rec.refused, 0, "{rec:?}");
    }
}

#[test]
fn a_game_replays_from_its_seed() {
    let hard = CrewSpec::Bot(Difficulty::Hard);
    let mut hashes = Vec::new();
    let a = play_game_observed(&SimOptions::default(), hard, hard, 11, &mut |g, _, step| {
        if matches!(step, Step::End) {
            hashes.push(g.state_hash());
        }
    })
    .expect("valid");
    let b = play_game_observed(&SimOptions::default(), hard, hard, 11, &mut |g, _, step| {
        if matches!(step, Step::End) {
            hashes.push(g.state_hash());
        }
    })
    .expect("valid");
    assert_eq!(a, b);
    assert_eq!(hashes[0], hashes[1]);
}

#[test]
fn each_action_waits_for_the_seats_reaction_time() {
    let hard = CrewSpec::Bot(Difficulty::Hard);
    let mut last = [None::<u64>; 2];
    let min = Difficulty::Hard.profile().reaction_ms;
    play_game_observed(&SimOptions::default(), hard, hard, 5, &mut |_, now, step| {
        if let Step::Played { seat, .. } = step {
            let i = usize::from(seat.0);
            if let Some(t) = last[i] {
                assert!(now - t >= min, "seat {i} acted at {t} and {now}");
            }
            last[i] = Some(now);
        }
    })
    .expect("valid");
}

#[test]
fn every_mission_plays_to_a_result_with_no_refused_intent() {
    let hard = CrewSpec::Bot(Difficulty::Hard);
    for mission in duel_core::Mission::ALL {
        for seed in 1..=2 {
            let opts = SimOptions { mission: Some(mission), max_ms: 60 * 60_000, ..SimOptions::default() };
            let rec = play_game(&opts, hard, hard, seed).expect("valid set-up");
            assert_eq!(rec.refused, 0, "mission {}, seed {seed}: {rec:?}", mission.index());
            assert_ne!(rec.outcome, Outcome::Unfinished, "mission {}, seed {seed}: {rec:?}", mission.index());
        }
    }
}
