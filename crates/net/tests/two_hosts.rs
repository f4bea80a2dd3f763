//! Issue 43: a room of two after a mutual silence finds one host again.
//! Both tabs run while the links between them drop (the signalling server
//! restarts and each rebuilds its socket): the guest, hearing nothing,
//! hosts alone; the host, whose own links dropped, was alone too. When the
//! two meet again the host that was cut off follows the election it could
//! not have been part of, and the room is one again. A host whose own links
//! held never yields (attack 2): a guest can close its own link, not the
//! host's.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{room_of_two, Mesh};
use duel_net::{Epoch, Forgery};

/// Both devices' sockets are rebuilt; the guest hosts alone, and each side
/// plays on for a while before they meet again.
fn both_links_drop(seed: u64) -> Mesh {
    let mut m = room_of_two(seed);
    m.rebuild_socket(0);
    assert!(m.run_until(3_000, |m| m.hosts() == vec![0, 1]), "the guest hosts alone: {}", m.describe());
    m.rebuild_socket(1);
    m.play(2_000, 300);
    m
}

#[test]
fn a_room_of_two_whose_links_both_drop_is_one_room_again() {
    let mut m = both_links_drop(441);
    let elected = m.dev(1).host.as_ref().unwrap().epoch();
    assert!(elected > Epoch(0));
    m.relink(0, 1);
    assert!(m.settle(), "one host, one state: {}", m.describe());
    assert_eq!(m.hosts(), vec![1], "the host that was cut off follows: {}", m.describe());
    assert_eq!(m.epoch(), elected);
    let told = m.devices[0].as_mut().unwrap().drain_refused_elections();
    assert!(!told.contains(&Forgery::LiveHost), "nothing to warn of: {told:?}");
    m.play(2_000, 300);
    assert!(m.settle(), "the game goes on: {}", m.describe());
}

/// Only the guest's links drop (its own link closes, or its network fails):
/// the host was never cut off, so it keeps its room; the guest's election
/// is no reason to follow (the same as a guest that closes its link on
/// purpose to take the room). Both devices host, each knows the other does.
fn guest_cut_off_alone(seed: u64) -> Mesh {
    let mut m = room_of_two(seed);
    m.rebuild_socket(1);
    assert!(m.run_until(3_000, |m| m.hosts() == vec![0, 1]), "the guest hosts alone: {}", m.describe());
    m.relink(0, 1);
    m.run_for(5_000);
    m
}

#[test]
fn a_guest_whose_own_link_drops_cannot_take_a_room_of_two() {
    let mut m = guest_cut_off_alone(442);
    assert_eq!(m.hosts(), vec![0, 1], "the live host keeps its room: {}", m.describe());
    assert_eq!(m.dev(0).host.as_ref().unwrap().epoch(), Epoch(0));
    let told = m.devices[0].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&Forgery::LiveHost), "the host was told {told:?}");
    let told = m.devices[1].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&Forgery::TwoHosts), "the guest was told {told:?}");
    // Each screen names the other host.
    let (host, guest) = (m.dev(0).replica.me().unwrap(), m.dev(1).replica.me().unwrap());
    assert_eq!(m.dev(0).rival().map(|r| r.host), Some(guest));
    assert_eq!(m.dev(1).rival().map(|r| r.host), Some(host));
}

#[test]
fn two_hosts_the_older_host_s_player_chooses_the_other_table() {
    let mut m = guest_cut_off_alone(443);
    let elected = m.dev(1).host.as_ref().unwrap().epoch();
    let now = m.now;
    m.devices[0].as_mut().unwrap().follow_rival(now);
    assert!(m.settle(), "one room: {}", m.describe());
    assert_eq!(m.hosts(), vec![1]);
    assert_eq!(m.epoch(), elected);
    assert!(m.alive().all(|d| d.rival().is_none()), "nothing left to choose");
}

#[test]
fn two_hosts_the_newer_host_s_player_chooses_the_other_table() {
    let mut m = guest_cut_off_alone(444);
    let elected = m.dev(1).host.as_ref().unwrap().epoch();
    let now = m.now;
    m.devices[1].as_mut().unwrap().follow_rival(now);
    assert!(m.settle(), "one room: {}", m.describe());
    assert_eq!(m.hosts(), vec![0], "the older host hosts on: {}", m.describe());
    assert!(m.epoch() > elected, "in the round after the other's");
    assert!(m.alive().all(|d| d.rival().is_none()), "nothing left to choose");
    m.play(2_000, 300);
    assert!(m.settle(), "the game goes on: {}", m.describe());
}

/// The browser tests' adversary (`Device::elect_self`): a guest elects
/// itself with its own ballot while the host is live and hosts its own copy.
/// The host keeps its room; both devices name the other host; either
/// player's choice makes it one room again.
fn guest_elects_itself(seed: u64) -> Mesh {
    let mut m = room_of_two(seed);
    let now = m.now;
    assert_eq!(m.devices[1].as_mut().unwrap().elect_self(now), Some(1), "told the host");
    assert_eq!(m.hosts(), vec![0, 1], "the adversary hosts its own copy");
    m.run_for(5_000);
    m
}

#[test]
fn a_guest_that_elects_itself_leaves_the_live_host_hosting_and_both_are_told() {
    for (seed, chooser) in [(445, None), (446, Some(0)), (447, Some(1))] {
        let mut m = guest_elects_itself(seed);
        assert_eq!(m.hosts(), vec![0, 1], "the live host keeps its room: {}", m.describe());
        assert_eq!(m.dev(0).host.as_ref().unwrap().epoch(), Epoch(0));
        let told = m.devices[0].as_mut().unwrap().drain_refused_elections();
        assert!(told.contains(&Forgery::LiveHost), "the host was told {told:?}");
        let told = m.devices[1].as_mut().unwrap().drain_refused_elections();
        assert!(told.contains(&Forgery::TwoHosts), "the guest was told {told:?}");
        let (host, guest) = (m.dev(0).replica.me().unwrap(), m.dev(1).replica.me().unwrap());
        assert_eq!(m.dev(0).rival().map(|r| r.host), Some(guest));
        assert_eq!(m.dev(1).rival().map(|r| r.host), Some(host));
        let Some(i) = chooser else { continue };
        let now = m.now;
        m.devices[i].as_mut().unwrap().follow_rival(now);
        assert!(m.settle(), "one room: {}", m.describe());
        assert_eq!(m.hosts(), vec![1 - i], "the other table: {}", m.describe());
        assert!(m.alive().all(|d| d.rival().is_none()), "nothing left to choose");
        m.play(2_000, 300);
        assert!(m.settle(), "the game goes on: {}", m.describe());
    }
}
