//! Issue 31, "consider letting the room elect another host, excluding the
//! one that failed the audit": a host this device's audit caught bending or
//! hiding the dice gets no vote from this device, and is not waited for when
//! this device decides whether to stand, in any later election. A cheater
//! that leaves and comes back is not voted back in while honest players
//! can take the room.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::Mesh;
use duel_core::{GameConfig, SeatId};
use duel_net::host::Cheat;
use duel_net::{Conditions, PlayerNo};

/// Five devices: device 0 hosts and holds seat 0, device 1 seat 1, three watch.
fn room(seed: u64) -> Mesh {
    let seats = [vec![SeatId(0)], vec![SeatId(1)], vec![], vec![], vec![]];
    Mesh::started(seed, GameConfig::quick_duel(seed), &seats, Conditions::PERFECT)
}

/// The device that speaks for player `no`.
fn device_of(m: &Mesh, no: PlayerNo) -> Option<usize> {
    (0..m.devices.len()).find(|i| m.devices[*i].as_ref().is_some_and(|d| d.replica.known_as() == Some(no)))
}

/// Device 0's host strips its seals until every other replica's audit has
/// named it; then its tab closes and the room elects someone else.
fn caught_then_gone(seed: u64) -> (Mesh, PlayerNo) {
    let mut m = room(seed);
    m.play(3_000, 400);
    assert!(m.settle());
    let cheater = m.dev(0).replica.me().unwrap();
    for i in 1..5 {
        assert!(m.dev(i).replica.failed_audit().is_empty(), "an honest host fails no audit");
    }
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::StripSeals);
    let named = |m: &Mesh| (1..5).all(|i| m.dev(i).replica.failed_audit().contains(&cheater));
    let end = m.now + 300_000;
    while m.now < end && !named(&m) && m.host_game().outcome().is_none() {
        m.random_intents(400);
        m.step();
    }
    assert!(named(&m), "every replica's audit caught the host");
    m.kill(0);
    assert!(m.run_until(10_000, |m| m.hosts().len() == 1), "an honest successor takes over");
    assert!(m.settle());
    (m, cheater)
}

#[test]
fn a_host_caught_by_the_audit_is_not_voted_back_in_when_it_returns() {
    let (mut m, cheater) = caught_then_gone(31);
    // The cheater's tab opens again: it rejoins the room, in its seat.
    m.reopen(0, None);
    assert!(m.run_until(10_000, |m| m.dev(0).replica.me() == Some(cheater)), "the cheater is back");
    assert!(m.settle());
    let host = m.host();
    let view = m.dev(host).host.as_ref().unwrap().room().clone();
    // Seated players come first in the order: without the audit's word the
    // returning cheater would be the first to stand, and the first elected.
    assert_eq!(view.successors.first(), Some(&cheater), "{:?}", view.successors);
    let epoch = m.epoch();
    // Gone silent (a phone that locks): every device waits out the same silence.
    m.vanish(host);
    assert!(
        m.run_until(20_000, |m| m.hosts().len() == 1 && m.epoch() > epoch),
        "an honest successor takes over: {}",
        m.describe()
    );
    let new_host = m.host();
    assert_ne!(new_host, 0, "the cheater was voted back in");
    assert_eq!(m.epoch().candidate(), m.dev(new_host).replica.known_as().unwrap());
    // The game goes on under the honest host; the cheater hosts nothing.
    m.play(10_000, 300);
    assert!(m.settle(), "{}", m.describe());
    assert_eq!(m.hosts(), vec![new_host]);
    assert!(device_of(&m, cheater) == Some(0) && !m.dev(0).is_host());
}

#[test]
fn later_elections_neither_wait_for_the_cheater_nor_elect_it() {
    let (mut m, cheater) = caught_then_gone(32);
    m.reopen(0, None);
    assert!(m.run_until(10_000, |m| m.dev(0).replica.me() == Some(cheater)));
    assert!(m.settle());
    // Two more host deaths: each time an honest device takes the room, as
    // fast as if the cheater were not in the order (nobody that saw the cheat
    // waits out its turn). A device reopened in between saw nothing (the
    // audit is its memory, and history a successor re-served names nobody:
    // issue 43, attack 5), so when it is the next in the order after the
    // cheater, it grants the cheater's poll and stands a campaign's length later.
    let mut reopened: Vec<PlayerNo> = Vec::new();
    for _ in 0..2 {
        let host = m.host();
        let epoch = m.epoch();
        let order = m.dev(host).host.as_ref().unwrap().room().successors.clone();
        let hosting = m.dev(host).replica.me().unwrap();
        let next = order.iter().find(|p| **p != cheater && **p != hosting).copied();
        // A reopened device granted the cheater's poll: it stands a campaign's length after that
        // grant, not sooner (issue 45: standing one stagger after a grant split the vote it had
        // just given, and a half-introduced room was left with no host).
        let campaign = duel_net::SuccessionTiming::default().campaign_ms;
        let bound = 3_000 + if next.is_some_and(|p| reopened.contains(&p)) { campaign } else { 0 };
        let died = m.now;
        m.vanish(host);
        assert!(m.run_until(20_000, |m| m.hosts().len() == 1 && m.epoch() > epoch), "{}", m.describe());
        assert_ne!(m.host(), 0, "the cheater was elected");
        let took = m.now - died;
        assert!(
            took < bound,
            "the election took {took} ms (bound {bound}): it waited for the cheater's turn"
        );
        assert!(m.settle());
        reopened.push(hosting);
        m.reopen(host, None);
        assert!(m.run_until(10_000, |m| m.dev(host).replica.me().is_some()));
        assert!(m.settle());
    }
}
