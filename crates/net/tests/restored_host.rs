//! A room of two whose host tab reloads (issue 43, "the host's tab closing
//! still hands the room to the guest", and the browser's rooms.test.js): the
//! guest stands when the tab closes, and the tab, restored from its save,
//! comes back under a new id while the guest's campaign may still run. The
//! guest's app links it to the restored host as soon as its beacon is heard
//! (the test plays that part: `host_peer`), so each may hear the other at any
//! moment of the other's election. Whatever the order, one room: the guest
//! drops its campaign once its host speaks again, and a restored host follows
//! an election that ends within the silence bound of its waking, even though
//! it heard the guest's hello a moment before.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{room_of_two, Mesh};
use duel_net::Standing;

/// The host's tab closes; `delay_ms` after the guest stands, it is back from
/// its save and the guest links to it `link_ms` later.
fn reload_during_the_election(seed: u64, delay_ms: u64, link_ms: u64) -> Mesh {
    let mut m = room_of_two(seed);
    m.play(1_000, 300);
    assert!(m.settle());
    let saved = m.dev(0).host.as_ref().unwrap().save();
    m.kill(0);
    let standing = |m: &Mesh| !matches!(m.dev(1).standing(), Standing::Quiet) || m.dev(1).is_host();
    assert!(m.run_until(3_000, standing), "the guest stands: {}", m.describe());
    m.run_for(delay_ms);
    m.reopen(0, Some(&saved));
    m.run_for(link_ms);
    let restored = m.ids[0];
    m.devices[1].as_mut().unwrap().host_peer = restored;
    m
}

#[test]
fn a_reloaded_host_and_its_guest_are_one_room_whatever_the_order() {
    let mut outcomes = std::collections::BTreeSet::new();
    for delay_ms in (0..=200).step_by(10) {
        for link_ms in [0, 10, 30] {
            let mut m = reload_during_the_election(500 + delay_ms, delay_ms, link_ms);
            assert!(m.settle(), "delay {delay_ms} ms, link {link_ms} ms: one room\n{}", m.describe());
            let hosts = m.hosts();
            assert_eq!(hosts.len(), 1, "delay {delay_ms} ms, link {link_ms} ms: {}", m.describe());
            for d in m.devices.iter_mut().flatten() {
                assert!(d.rival().is_none(), "nobody is told of two tables");
                // Nor of a forgery: a host back under a new id is no false claim.
                let told = d.drain_refused_elections();
                assert!(told.is_empty(), "delay {delay_ms} ms, link {link_ms} ms: told {told:?}");
            }
            outcomes.insert(hosts[0]);
            m.play(1_000, 300);
            assert!(m.settle(), "delay {delay_ms} ms, link {link_ms} ms: play goes on: {}", m.describe());
        }
    }
    // Both ways happen over these timings: the guest keeps the room it won,
    // or the restored host keeps its own.
    assert_eq!(outcomes.len(), 2, "hosts seen: {outcomes:?}");
}
