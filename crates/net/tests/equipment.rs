//! Experimental Equipment over the network (R22): the host deals the draft
//! from its own dice as soon as the game exists, the teams' picks and every
//! card's use go through it on a chaotic network, and every replica ends on
//! the host's hash.
#![allow(clippy::unwrap_used)]

mod common;

use common::Sim;
use duel_core::{Equipment, Event, GameConfig, Mission, Phase};
use duel_net::Conditions;

#[test]
fn the_host_deals_and_a_drafted_game_converges_on_a_chaotic_network() {
    let mut used = 0;
    for seed in 0..4u64 {
        let mut config = if seed.is_multiple_of(2) {
            GameConfig::quick_duel(seed)
        } else {
            GameConfig::quick_mission(Mission::CarrierStrike, seed)
        };
        config.ruleset.equipment = if seed < 2 { Equipment::Draft } else { Equipment::RandomTwoEach };
        let mut sim = Sim::one_per_seat(90 + seed, config, Conditions::CHAOTIC);
        assert!(sim.play_random(1_500, 600), "seed {seed}: a replica did not reach the host's hash");
        assert!(sim.log().iter().any(|e| matches!(e, Event::EquipmentDealt { .. })), "the host dealt");
        assert_eq!(sim.log().iter().filter(|e| matches!(e, Event::CardDrafted { .. })).count(), 4);
        assert!(!matches!(sim.host_game().phase(), Phase::Draft { .. }), "the draft ended");
        used += sim.log().iter().filter(|e| matches!(e, Event::CardUsed { .. })).count();
    }
    assert!(used > 0, "cards were used through the host");
}
