//! Two teams shout "Fire!" at the same moment: the host's arrival order
//! decides. Exactly one freeze wins; the other is queued (rulebook, R20,
//! R28) or refused (McGuire house rule), identically on every replica.
#![allow(clippy::unwrap_used)]

mod common;

use common::load_both_ships;
use common::Sim;
use duel_core::{Event, GameConfig, SeatId, ShipId};
use duel_net::Conditions;

/// Both fire in the same instant, `first` a hair earlier. Returns the log
/// from the volley on.
fn volley(seed: u64, no_queued_freezes: bool, first: usize, network: Conditions) -> (Sim, Vec<Event>) {
    let mut config = GameConfig::quick_duel(seed);
    config.ruleset.house.no_queued_freezes = no_queued_freezes;
    let mut sim = Sim::new(seed, config, 3, Conditions::PERFECT);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![]]);
    let fires = load_both_ships(&mut sim);
    sim.net.set_conditions(network);
    let mark = sim.log().len();
    sim.stats = Default::default();
    let now = sim.now;
    for who in [first, 1 - first] {
        sim.peers[who].submit(now, SeatId(who as u8), fires[who].clone()).unwrap();
    }
    sim.run_for(200);
    let tail = sim.log()[mark..].to_vec();
    (sim, tail)
}

fn declared(log: &[Event]) -> Vec<ShipId> {
    log.iter()
        .filter_map(|e| match e {
            Event::FreezeDeclared { declared } => Some(declared.ship),
            _ => None,
        })
        .collect()
}

fn queued(log: &[Event]) -> Vec<ShipId> {
    log.iter()
        .filter_map(|e| match e {
            Event::FreezeQueued { declared } => Some(declared.ship),
            _ => None,
        })
        .collect()
}

fn check_everyone_agrees(sim: &mut Sim) {
    assert!(sim.settle(), "replicas did not converge");
    let host = sim.host_game().clone();
    for p in &sim.peers {
        assert_eq!(p.replica.game(), Some(&host), "a replica differs from the host");
    }
}

#[test]
fn rulebook_first_fire_wins_and_the_other_team_queues() {
    for first in [0, 1] {
        let (mut sim, log) = volley(11, false, first, Conditions::PERFECT);
        let winner = ShipId(first as u8);
        let loser = ShipId(1 - first as u8);
        assert_eq!(declared(&log).first(), Some(&winner), "the first shout freezes the game");
        assert_eq!(queued(&log), vec![loser], "the other team's Fire is queued");
        assert_eq!(sim.stats.rejected, 0, "nothing refused: {:?}", sim.stats.reasons);
        // Still frozen: the queued Fire has not run yet (the review pause is 2.5 s).
        for p in &sim.peers {
            let f = p.replica.game().unwrap().freeze().unwrap();
            assert_eq!(f.declared.ship, winner);
            assert_eq!(f.queued.iter().map(|d| d.ship).collect::<Vec<_>>(), vec![loser]);
        }
        check_everyone_agrees(&mut sim);
        // After the review the queued freeze starts (or is cancelled if no longer possible, R28).
        sim.run_for(10_000);
        let all = sim.log().to_vec();
        let loser_started = declared(&all).contains(&loser)
            || all
                .iter()
                .any(|e| matches!(e, Event::FreezeCancelled { declared, .. } if declared.ship == loser));
        assert!(loser_started, "the queued freeze ran or was cancelled after the first");
        check_everyone_agrees(&mut sim);
    }
}

#[test]
fn mcguire_first_fire_wins_and_the_other_is_refused() {
    for first in [0, 1] {
        let (mut sim, log) = volley(11, true, first, Conditions::PERFECT);
        assert_eq!(declared(&log), vec![ShipId(first as u8)], "exactly one freeze");
        assert!(queued(&log).is_empty());
        assert_eq!(sim.stats.rejected, 1, "{:?}", sim.stats.reasons);
        let reason = sim.stats.reasons.keys().next().unwrap().clone();
        assert!(reason.contains("no freeze may be declared during a freeze"), "{reason}");
        check_everyone_agrees(&mut sim);
    }
}

#[test]
fn on_a_chaotic_network_whoever_arrives_first_wins_everywhere() {
    for (seed, no_queued_freezes) in [(3, false), (4, true), (5, false), (6, true)] {
        let (mut sim, _) = volley(seed, no_queued_freezes, (seed % 2) as usize, Conditions::CHAOTIC);
        assert!(sim.settle(), "seed {seed}: no convergence");
        let log = sim.log().to_vec();
        let first = declared(&log)[0];
        let loser = ShipId(1 - first.0);
        if no_queued_freezes {
            assert!(queued(&log).is_empty());
            assert_eq!(sim.stats.rejected, 1, "the later Fire is refused: {:?}", sim.stats.reasons);
        } else {
            assert_eq!(queued(&log), vec![loser], "the later Fire is queued");
        }
        check_everyone_agrees(&mut sim);
    }
}
