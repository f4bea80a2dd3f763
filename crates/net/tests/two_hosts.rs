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
