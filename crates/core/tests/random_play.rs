//! Property tests: random legal play never panics, keeps the invariants, and
//! replaying the log (from scratch or from a snapshot) gives the same hash.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::*;
use proptest::prelude::*;
use support::*;

fn check_replay(seed: u64, config: GameConfig, max: u64) {
    let (game, log) = random_game(seed, config.clone(), max);
    // Replay from scratch.
    let mut replica = Game::new(config.clone()).unwrap();
    let cut = log.len() / 2;
    for (i, e) in log.iter().enumerate() {
        replica.apply(e);
        if i == cut {
            // Snapshot half-way, restore, continue from it.
            let bytes = postcard::to_allocvec(&replica).unwrap();
            assert!(bytes.len() < 16 * 1024, "snapshot is {} bytes", bytes.len());
            replica = postcard::from_bytes(&bytes).unwrap();
        }
    }
    assert_eq!(replica.state_hash(), game.state_hash(), "replay diverged (seed {seed})");
    assert_eq!(replica, game);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_invariants(seed in any::<u64>()) {
        let mut rng = TestRng::new(seed);
        let mut game = Game::new(GameConfig::quick_duel(seed)).unwrap();
        for _ in 0..1500 {
            if game.outcome().is_some() { break; }
            let Some(_) = random_step(&mut game, &mut rng) else { break };
            if let Err(broken) = invariants::check(&game) {
                panic!("seed {seed}: {broken}");
            }
        }
    }

    #[test]
    fn replay_from_scratch_or_snapshot_gives_the_same_hash(seed in any::<u64>()) {
        check_replay(seed, GameConfig::quick_duel(seed), 3000);
    }

    #[test]
    fn mcguire_rules_random_play_replays(seed in any::<u64>()) {
        let mut config = GameConfig::quick_duel(seed);
        config.ruleset.house = HouseRules::mcguire();
        check_replay(seed, config, 3000);
    }

    #[test]
    fn legal_intents_all_validate_and_apply_never_panics_on_their_events(seed in any::<u64>()) {
        let mut rng = TestRng::new(seed);
        let mut game = Game::new(GameConfig::duel()).unwrap();
        for _ in 0..300 {
            for seat in [SeatId(0), SeatId(1)] {
                for intent in game.legal_intents(seat) {
                    prop_assert!(game.validate(seat, &intent).is_ok());
                }
            }
            if random_step(&mut game, &mut rng).is_none() { break; }
        }
    }
}

fn mission_of(i: u64) -> Mission {
    Mission::ALL[(i % 3) as usize]
}

/// A mission game skipping set-up; every other seed with the "2 health" toggle.
fn mission_config(seed: u64) -> GameConfig {
    let mut config = GameConfig::quick_mission(mission_of(seed), seed);
    config.ruleset.fighters_start_with_two_health = seed % 2 == 1;
    config
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// Dice are conserved and every invariant holds in all three missions (R22).
    #[test]
    fn random_mission_play_keeps_invariants(seed in any::<u64>()) {
        let mut rng = TestRng::new(seed);
        let mut game = Game::new(mission_config(seed)).unwrap();
        for _ in 0..1500 {
            if game.outcome().is_some() { break; }
            let Some(_) = random_step(&mut game, &mut rng) else { break };
            if let Err(broken) = invariants::check(&game) {
                panic!("seed {seed} ({:?}): {broken}", mission_of(seed));
            }
        }
    }

    #[test]
    fn mission_replay_from_scratch_or_snapshot_gives_the_same_hash(seed in any::<u64>()) {
        check_replay(seed, mission_config(seed), 3000);
    }

    #[test]
    fn mcguire_missions_replay(seed in any::<u64>()) {
        let mut config = mission_config(seed);
        config.ruleset.house = HouseRules::mcguire();
        check_replay(seed, config, 3000);
    }
}

/// Random crews in the missions meet every Fighter rule: missiles hit,
/// bombing runs open and bombs drop, Fighters are destroyed and (mission 1)
/// relaunched, and missions 2 and 3 are played to a result.
#[test]
fn random_missions_reach_every_fighter_rule() {
    use event::{DamageCause, Event};
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..60u64 {
        let config = mission_config(seed);
        let (game, log) = random_game(seed, config, 40_000);
        let mut count = |what: &'static str| *seen.entry(what).or_default() += 1;
        for e in &log {
            match e {
                Event::Damaged { cause: DamageCause::Missile, .. } => count("missile damage"),
                Event::Damaged { cause: DamageCause::PulseBomb, .. } => count("bomb damage"),
                Event::Damaged { cause: DamageCause::Launch, .. } => count("launch paid with damage"),
                Event::BombRunBegun { .. } => count("bombing run"),
                Event::PulseBombRolled { .. } => count("bomb dropped"),
                Event::FighterLaunched { .. } => count("relaunch"),
                Event::CockpitDiePlaced { .. } => count("cockpit die placed"),
                Event::ShipDestroyed { ship } if game.ship(*ship).unwrap().class == ShipClass::Fighter => {
                    count("fighter destroyed")
                }
                Event::GameOver { .. } => {
                    count(["mission 1 over", "mission 2 over", "mission 3 over"][(seed % 3) as usize])
                }
                _ => {}
            }
        }
        // A destroyed Fighter never comes back outside mission 1.
        if mission_of(seed) != Mission::CarrierStrike {
            assert!(!log.iter().any(|e| matches!(e, Event::FighterLaunched { .. })), "seed {seed}");
        }
    }
    println!("{seen:?}");
    for what in [
        "missile damage",
        "bomb damage",
        "bombing run",
        "bomb dropped",
        "relaunch",
        "cockpit die placed",
        "fighter destroyed",
        // Mission 1 ends only with a Capital ship's fourth damage, which random
        // crews rarely reach: `fighters.rs` plays that ending as a scenario.
        "mission 2 over",
        "mission 3 over",
    ] {
        assert!(seen.get(what).copied().unwrap_or(0) > 0, "random missions never saw {what}: {seen:?}");
    }
}

#[test]
fn multi_ship_and_free_for_all_games_replay() {
    for (i, layout) in [Layout::TwoPerSide, Layout::FreeForAll].into_iter().enumerate() {
        let mut config = GameConfig::quick_duel(7 + i as u64);
        config.layout = layout;
        config.seats = (0..4).map(|s| SeatSpec::whole_ship(ShipId(s))).collect();
        check_replay(11 + i as u64, config, 4000);
    }
}

#[test]
fn random_games_fight_and_their_damage_adds_up() {
    let mut damage = 0;
    for seed in 0..8 {
        let (game, log) = random_game(seed, GameConfig::quick_duel(seed), 6_000);
        let hits: u8 = game.ships().iter().map(|s| s.hits).sum();
        let logged = log.iter().filter(|e| matches!(e, event::Event::Damaged { .. })).count();
        assert_eq!(usize::from(hits), logged, "seed {seed}: damage track disagrees with the log");
        damage += logged;
    }
    assert!(damage > 0, "random crews never damaged each other");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    /// Whatever a peer's bytes decode to, applying it never panics (STYLE: nothing
    /// from the network can panic us); the net layer also refuses such events first.
    #[test]
    fn apply_never_panics_on_any_decodable_event(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(event) = postcard::from_bytes::<Event>(&bytes) {
            let mut game = Game::new(GameConfig::quick_duel(1)).unwrap();
            game.apply(&event);
            let _ = game.state_hash();
        }
    }
}
