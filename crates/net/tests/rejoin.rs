//! Losing and coming back: a peer dropped mid-game and mid-freeze, a peer
//! that reloads its page, a host tab that reloads from its save, a late
//! joiner whose snapshot needs chunking, and a replica that drifted.
#![allow(clippy::unwrap_used)]

mod common;

use common::{load_both_ships, Sim};
use duel_core::{Event, GameConfig, Intent, SeatId};
use duel_net::wire::encode_host;
use duel_net::{Conditions, HostMsg, PeerId, Seq};

fn duel(seed: u64, players: usize, network: Conditions) -> Sim {
    let mut sim = Sim::new(seed, GameConfig::quick_duel(seed), players, network);
    let mut seats = vec![vec![SeatId(0)], vec![SeatId(1)]];
    seats.resize(players, vec![]);
    sim.seat_and_start(&seats);
    sim
}

/// Ship 0 fires; returns once the host is frozen.
fn freeze(sim: &mut Sim) -> [Intent; 2] {
    let fires = load_both_ships(sim);
    let now = sim.now;
    sim.peers[0].submit(now, SeatId(0), fires[0].clone()).unwrap();
    assert!(sim.run_until(5_000, |s| s.host_game().freeze().is_some()), "no freeze");
    fires
}

fn away_events(log: &[Event], seat: SeatId) -> Vec<bool> {
    log.iter()
        .filter_map(|e| match e {
            Event::SeatAway { seat: s, away } if *s == seat => Some(*away),
            _ => None,
        })
        .collect()
}

#[test]
fn a_peer_dropped_mid_freeze_comes_back_with_nothing_lost() {
    let mut sim = duel(21, 3, Conditions::PERFECT);
    let fires = freeze(&mut sim);
    sim.net.set_conditions(Conditions::CHAOTIC);
    sim.drop_peer(1);
    // Shouted into a dead link: the Fire waits in the replica, unanswered.
    let now = sim.now;
    sim.peers[1].submit(now, SeatId(1), fires[1].clone()).unwrap();
    sim.run_for(8_000);
    assert_eq!(sim.peers[1].replica.pending(), 1);
    assert_eq!(away_events(sim.log(), SeatId(1)), vec![true], "silent for 5 s: away");
    assert!(sim.host_game().is_away(SeatId(1)));

    sim.reconnect(1, 1);
    let ok = sim.run_until(30_000, |s| s.all_idle() && s.converged());
    assert!(ok, "did not converge after the reconnect");
    assert_eq!(sim.peers[1].replica.pending(), 0, "the unanswered Fire was resent and answered");
    assert!(
        sim.log()
            .iter()
            .any(|e| matches!(e, Event::FreezeDeclared { declared } | Event::FreezeQueued { declared }
            if declared.ship.0 == 1)),
        "ship 1's Fire reached the host after the reconnect"
    );
    assert_eq!(sim.peers[1].replica.my_seats(), vec![SeatId(1)], "seat kept");
    assert_eq!(away_events(sim.log(), SeatId(1)), vec![true, false], "back from away");
    assert!(!sim.host_game().is_away(SeatId(1)));
}

#[test]
fn a_reloaded_peer_gets_snapshot_and_tail_and_its_seat_back() {
    let mut sim = duel(22, 3, Conditions::CHAOTIC);
    sim.play_random(400, 600);
    let before = sim.host.host.head();
    sim.reload(1, 1);
    assert!(sim.run_until(30_000, |s| s.peers[1].replica.game().is_some() && s.converged()));
    assert!(sim.peers[1].replica.head() >= before);
    assert_eq!(sim.peers[1].replica.my_seats(), vec![SeatId(1)]);
    // Its command ids continue where the host expects them: new intents are run, not taken for duplicates.
    let submitted = sim.submitted;
    assert!(sim.play_random(300, 600), "converged after more play");
    assert!(sim.submitted > submitted);
    assert_eq!(sim.stats.reasons.get("command 0 was already handled"), None);
    assert!(unnamed(&sim), "a reloaded tab's earlier commands are not taken for forged ones");
}

/// No replica's dice audit named the host (issue 31).
fn unnamed(sim: &Sim) -> bool {
    sim.peers.iter().all(|p| p.replica.audit().withheld.is_none() && p.replica.audit().tampered.is_none())
}

#[test]
fn a_reloaded_host_resumes_mid_freeze_from_its_save() {
    let mut sim = duel(23, 3, Conditions::PERFECT);
    freeze(&mut sim);
    sim.net.set_conditions(Conditions::CHAOTIC);
    let saved = sim.host.host.save();
    let log = sim.log().to_vec();
    let hash = sim.host_game().state_hash();
    sim.restart_host(&saved, PeerId(2_000));
    assert_eq!(sim.log(), &log[..], "the log is restored");
    assert_eq!(sim.host_game().state_hash(), hash);
    assert!(sim.host_game().freeze().is_some(), "still frozen");
    // The review clock was saved: the freeze ends and play goes on to the cap.
    assert!(sim.run_until(10_000, |s| s.host_game().freeze().is_none()), "the freeze resumed");
    assert!(sim.play_random(1_000, 600), "replicas converge on the restored host");
    assert!(sim.peers.iter().all(|p| p.replica.my_seats().len() <= 1));
    assert_eq!(sim.peers[0].replica.my_seats(), vec![SeatId(0)]);
    assert!(unnamed(&sim), "a restored host is honest");
}

#[test]
fn a_host_restored_from_an_older_save_is_still_the_authority() {
    let mut sim = duel(24, 2, Conditions::CHAOTIC);
    sim.play_random(200, 600);
    let saved = sim.host.host.save();
    let saved_head = sim.host.host.head();
    sim.play_random(200, 600);
    assert!(sim.peers[0].replica.head() > saved_head, "replicas are ahead of the save");
    sim.restart_host(&saved, PeerId(2_001));
    assert!(sim.run_until(30_000, |s| s.all_idle() && s.converged()), "replicas roll back to the host");
    assert!(sim.play_random(300, 600));
    assert!(unnamed(&sim), "an older save's host is honest too");
}

#[test]
fn a_late_joiner_gets_a_chunked_snapshot_over_a_lossy_network() {
    let seed = 25;
    let mut config = duel_net::HostConfig::new(common::BUILD, common::token(0), seed);
    config.lobby = GameConfig::quick_duel(seed);
    config.timing.checkpoint_every = 1_000_000; // the snapshot carries the whole log
    let mut sim = Sim::new(seed, GameConfig::quick_duel(seed), 2, Conditions::CHAOTIC);
    sim.host.host = common::signing(duel_net::Host::new(config), common::token(0));
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)]]);
    sim.play_random(5_000, 600);
    let snapshot = sim.host.host.snapshot_bytes().unwrap();
    assert!(snapshot.len() > 16 * 1024, "the snapshot needs chunks ({} bytes)", snapshot.len());
    sim.add_peer(2, 0);
    assert!(sim.run_until(60_000, |s| s.peers[2].replica.game().is_some() && s.converged()));
}

#[test]
fn a_replica_that_drifts_asks_for_a_snapshot_and_recovers() {
    let mut sim = duel(26, 2, Conditions::PERFECT);
    sim.play_random(100, 600);
    let head = sim.peers[1].replica.head();
    // A forged batch: an event the host never sent, with a hash that cannot match.
    let forged = HostMsg::Events {
        from: Seq(head.0 + 1),
        events: vec![Event::SeatAway { seat: SeatId(0), away: true }],
        hash: Some(0xBAD),
        marks: vec![],
        signed: None,
    };
    let now = sim.now;
    // The host signs every batch of a room of two (issue 43, point 10): one it
    // never signed is refused at once and changes nothing.
    let refused = sim.peers[1].replica.refused_messages();
    for datagram in encode_host(duel_net::Epoch(0), &forged, &mut 0).unwrap() {
        sim.peers[1].replica.handle(now, &datagram);
    }
    assert_eq!(sim.peers[1].replica.head(), head, "nothing of it was applied");
    assert_eq!(sim.peers[1].replica.refused_messages(), refused + 1);
    assert!(!sim.peers[1].replica.desynced());
    // A copy that drifts all the same (a heartbeat's hash disagrees at its head).
    let pong = HostMsg::Pong { nonce: 0, head, hash: Some(0xBAD), room: 0, signed: None };
    for datagram in encode_host(duel_net::Epoch(0), &pong, &mut 0).unwrap() {
        let out = sim.peers[1].replica.handle(now, &datagram);
        assert!(!out.is_empty(), "asks for a snapshot at once");
    }
    assert!(sim.peers[1].replica.desynced());
    assert!(sim.run_until(5_000, |s| !s.peers[1].replica.desynced() && s.converged()));
    assert_eq!(sim.stats.desyncs, 1);
}
