//! Issue 31, "an audit that speaks": a host that keeps the dice audit from
//! checking its rolls is named, with the reason, within the audit's bound
//! (two checkpoints and 64 events; the test rooms seal every 64 events, so
//! 192), on every replica. An honest host never is.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::Mesh;
use duel_core::{GameConfig, SeatId};
use duel_net::host::Cheat;
use duel_net::{AuditFinding, Conditions, Finding, Notice, Seq};

/// The audit's bound in the test rooms (`checkpoint_every` 64): 2 × 64 + 64 events.
const BOUND: u64 = 192;

fn room(seed: u64, conditions: Conditions) -> Mesh {
    let seats = [vec![SeatId(0)], vec![SeatId(1)], vec![]];
    Mesh::started(seed, GameConfig::quick_duel(seed), &seats, conditions)
}

/// Plays honestly a while, then lets the host cheat until its log is a bound
/// and a checkpoint further on: what each other replica found, and where the cheat began.
fn caught(seed: u64, cheat: Cheat) -> (Vec<Option<Finding>>, Seq) {
    let mut m = room(seed, Conditions::PERFECT);
    m.play(3_000, 400);
    assert!(m.settle());
    for i in 1..3 {
        assert_eq!(m.dev(i).replica.audit().withheld, None, "an honest host is not named");
    }
    let began = m.dev(0).host.as_ref().unwrap().head();
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(cheat);
    let far = began.0 + BOUND + 64;
    let end = m.now + 600_000;
    while m.now < end && m.dev(0).host.as_ref().unwrap().head().0 < far && !over(&m) {
        m.random_intents(400);
        m.step();
    }
    // A game that ended early: the last key is due within `REVEAL_MS`.
    m.run_for(duel_net::replica::REVEAL_MS + 2_000);
    let found = (1..3).map(|i| m.dev(i).replica.audit().withheld).collect();
    (found, began)
}

fn over(m: &Mesh) -> bool {
    m.host_game().outcome().is_some()
}

fn assert_named(seed: u64, cheat: Cheat, why: AuditFinding) {
    let (found, began) = caught(seed, cheat);
    for (i, f) in found.iter().enumerate() {
        let f = f.unwrap_or_else(|| panic!("replica {} named the host ({cheat:?})", i + 1));
        assert_eq!(f.why, why, "replica {}: {f}", i + 1);
        // (Events the host stopped confirming began at its last hash, up to a batch before.)
        assert!(f.since.0 + 16 > began.0, "the finding is about the cheat, not before it: {f}");
        assert!(!f.to_string().is_empty());
    }
}

#[test]
fn a_host_that_sends_no_marks_is_named() {
    assert_named(11, Cheat::OmitMarks, AuditFinding::NoMark);
}

#[test]
fn a_host_that_strips_its_seals_is_named() {
    assert_named(12, Cheat::StripSeals, AuditFinding::SealMissing);
}

#[test]
fn a_host_that_stops_sending_state_hashes_is_named() {
    assert_named(13, Cheat::NoHashes, AuditFinding::NoStateHash);
}

#[test]
fn a_host_that_rolls_with_a_key_it_never_committed_to_is_named() {
    assert_named(14, Cheat::UncommittedKey, AuditFinding::KeyNeverCommitted);
}

#[test]
fn the_finding_reaches_the_player_as_a_notice_in_words() {
    let mut m = room(15, Conditions::PERFECT);
    m.play(2_000, 400);
    assert!(m.settle());
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::StripSeals);
    let mut said = Vec::new();
    let end = m.now + 300_000;
    while m.now < end && said.is_empty() && !over(&m) {
        m.random_intents(400);
        m.now += common::STEP;
        m.net.set_time(m.now);
        let now = m.now;
        for d in m.devices.iter_mut().flatten() {
            d.pump(now);
            for n in d.replica.drain_notices() {
                if let Notice::DiceUnchecked(f) = n {
                    said.push(f.to_string());
                }
            }
        }
    }
    assert!(said.iter().any(|s| s.contains("did not change its key where the rules say")), "{said:?}");
}

#[test]
fn an_honest_host_on_a_chaotic_network_is_never_named() {
    let mut m = room(16, Conditions::CHAOTIC);
    m.play(60_000, 400);
    assert!(m.settle());
    m.run_for(duel_net::replica::REVEAL_MS + 2_000);
    for d in m.alive() {
        let a = d.replica.audit();
        assert_eq!((a.withheld, a.tampered), (None, None), "{a:?}");
        assert!(a.checked > 20, "{a:?}");
    }
}

#[test]
fn a_host_that_shows_commands_with_nonces_of_its_own_is_named() {
    let (found, began) = caught(17, Cheat::ForgeNonces);
    for (i, f) in found.iter().enumerate() {
        let f = f.unwrap_or_else(|| panic!("replica {} named the host", i + 1));
        assert!(matches!(f.why, AuditFinding::NonceNotCommitted { .. }), "replica {}: {f}", i + 1);
        assert!(f.since > began, "{f}");
        assert!(f.to_string().contains("never committed to"), "{f}");
    }
}
