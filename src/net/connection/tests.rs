//! The connection state machine, scenario by scenario on a fake clock.

use super::timers::*;
use super::*;
use ConnectionEvent::{Connected, Disconnected};

type L = Connection<u8>;

fn up(role: Role) -> L {
    let mut l = L::new(role, 0);
    assert_eq!(l.tick(0), Decision::Start);
    l.socket_started(0);
    l.id_assigned(10);
    l
}

fn meet(l: &mut L, now: u64, remote: u8, role: Role) -> PeerId {
    let local = PeerId(u128::from(remote) + 100);
    l.peer_connected(now, remote, local);
    l.beacon(now, remote, local, role);
    local
}

#[test]
fn a_host_is_connected_once_the_server_knows_it() {
    let mut l = L::new(Role::Host, 0);
    assert_eq!(l.state(), &ConnState::Connecting);
    assert_eq!(l.tick(0), Decision::Start);
    l.socket_started(0);
    assert_eq!(l.tick(100), Decision::Keep);
    assert_eq!(l.state(), &ConnState::Connecting);
    l.id_assigned(200);
    assert_eq!(l.state(), &ConnState::Connected);
    assert_eq!(l.host(), None);
    assert_eq!(l.tick(60_000), Decision::Keep, "a host waits for guests forever");
}

#[test]
fn a_guest_links_to_the_peer_that_says_host() {
    let mut l = up(Role::Guest);
    assert_eq!(l.state(), &ConnState::Connecting);
    let other = meet(&mut l, 20, 1, Role::Guest);
    assert_eq!(l.host(), None);
    l.peer_connected(30, 2, PeerId(102));
    assert_eq!(l.host(), None, "no beacon yet");
    assert_eq!(l.take_events(), vec![Connected(other)]);
    l.beacon(40, 2, PeerId(102), Role::Host);
    assert_eq!(l.host(), Some(PeerId(102)));
    assert_eq!(l.state(), &ConnState::Connected);
    assert_eq!(l.take_events(), vec![Connected(PeerId(102))]);
    assert_eq!(l.remote(PeerId(102)), Some(2));
}

#[test]
fn a_beacon_may_arrive_before_the_connection_report() {
    let mut l = up(Role::Guest);
    l.beacon(20, 9, PeerId(109), Role::Host);
    assert_eq!(l.host(), Some(PeerId(109)));
    l.peer_connected(21, 9, PeerId(109));
    assert_eq!(l.take_events(), vec![Connected(PeerId(109))], "announced once");
    assert_eq!(l.remote(PeerId(109)), Some(9));
}

#[test]
fn a_guest_whose_host_leaves_shows_host_away_and_retries() {
    let mut l = up(Role::Guest);
    let host = meet(&mut l, 20, 1, Role::Host);
    l.take_events();
    l.peer_disconnected(1_000, 1);
    assert_eq!(l.take_events(), vec![Disconnected(host)]);
    assert_eq!(l.host(), None);
    assert_eq!(l.state(), &ConnState::HostAway);
    assert_eq!(l.remote(host), None, "a gone peer is not addressable");
    assert_eq!(l.tick(1_000 + host_retry_ms(0) - 1), Decision::Keep);
    assert_eq!(l.tick(1_000 + host_retry_ms(0)), Decision::Rebuild);
    l.socket_dropped(4_000);
    assert_eq!(l.state(), &ConnState::HostAway, "no flicker while rebuilding");
    assert_eq!(l.tick(4_000), Decision::Start);
    l.socket_started(4_000);
    l.id_assigned(4_100);
    assert_eq!(l.state(), &ConnState::HostAway);
    // Backs off: the second retry waits longer.
    assert_eq!(l.tick(4_000 + host_retry_ms(1) - 1), Decision::Keep);
    assert_eq!(l.tick(4_000 + host_retry_ms(1)), Decision::Rebuild);
    l.socket_dropped(10_000);
    l.tick(10_000);
    l.socket_started(10_000);
    l.id_assigned(10_050);
    // The host's reloaded tab comes back under a new id.
    let back = meet(&mut l, 11_000, 7, Role::Host);
    assert_eq!(l.host(), Some(back));
    assert_eq!(l.state(), &ConnState::Connected);
    assert_eq!(l.tick(60_000), Decision::Keep);
}

#[test]
fn a_guest_keeps_its_socket_while_the_others_may_elect() {
    let mut l = up(Role::Guest);
    meet(&mut l, 20, 1, Role::Host);
    let other = meet(&mut l, 20, 2, Role::Guest);
    l.peer_disconnected(1_000, 1);
    assert_eq!(l.state(), &ConnState::HostAway);
    assert_eq!(
        l.tick(1_000 + host_retry_ms(0)),
        Decision::Keep,
        "a rebuild would change our id mid-election"
    );
    assert_eq!(l.tick(1_000 + ELECTION_GRACE_MS - 1), Decision::Keep);
    assert_eq!(l.remote(other), Some(2));
    // Nobody took over in the grace: handshake anew, as a guest alone would have long ago.
    assert_eq!(l.tick(1_000 + ELECTION_GRACE_MS), Decision::Rebuild);
    // The last other player gone, the plain back-off applies again.
    let mut l = up(Role::Guest);
    meet(&mut l, 20, 1, Role::Host);
    meet(&mut l, 20, 2, Role::Guest);
    l.peer_disconnected(1_000, 1);
    l.peer_disconnected(1_500, 2);
    assert_eq!(l.tick(1_000 + host_retry_ms(0)), Decision::Rebuild);
}

#[test]
fn a_silent_host_with_others_linked_is_dropped_without_a_rebuild() {
    let mut l = up(Role::Guest);
    let host = meet(&mut l, 20, 1, Role::Host);
    meet(&mut l, 20, 2, Role::Guest);
    l.sent_to(1_000, host);
    assert_eq!(l.tick(1_000 + HOST_SILENT_MS), Decision::Keep);
    assert_eq!(l.host(), None);
    assert_eq!(l.state(), &ConnState::HostAway);
    assert_eq!(l.tick(1_000 + HOST_SILENT_MS + ELECTION_GRACE_MS), Decision::Rebuild);
}

#[test]
fn a_guest_that_never_finds_a_host_says_so() {
    let mut l = up(Role::Guest);
    assert_eq!(l.tick(10 + HOST_WAIT_MS - 1), Decision::Keep);
    assert_eq!(l.state(), &ConnState::Connecting);
    l.tick(10 + HOST_WAIT_MS);
    assert_eq!(l.state(), &ConnState::HostAway);
}

#[test]
fn a_second_host_tab_takes_over_when_the_first_goes() {
    let mut l = up(Role::Guest);
    let first = meet(&mut l, 20, 1, Role::Host);
    let second = meet(&mut l, 30, 2, Role::Host);
    assert_eq!(l.host(), Some(first), "the first host stays while connected");
    l.peer_disconnected(40, 1);
    assert_eq!(l.host(), Some(second));
    assert_eq!(l.state(), &ConnState::Connected);
}

#[test]
fn unreachable_signalling_backs_off_then_fails_readably() {
    let mut l = L::new(Role::Guest, 0);
    let mut now = 0;
    for attempt in 0..FAILURES_BEFORE_FAILED {
        assert_eq!(l.tick(now), Decision::Start, "attempt {attempt}");
        l.socket_started(now);
        l.socket_ended(now + 5);
        assert_eq!(l.tick(now + 5), Decision::Keep);
        now += 5 + retry_delay_ms(attempt + 1);
    }
    match l.state() {
        ConnState::Failed(why) => assert!(why.contains("cannot reach the room's server"), "{why}"),
        s => panic!("{s:?}"),
    }
    assert_eq!(l.tick(now), Decision::Start, "still retrying");
    l.socket_started(now);
    l.id_assigned(now + 1);
    assert_eq!(l.state(), &ConnState::Connecting, "recovered; waiting for the host");
    assert!(retry_delay_ms(100) <= 8_000);
}

#[test]
fn a_silent_server_is_given_up_on() {
    let mut l = L::new(Role::Host, 0);
    l.tick(0);
    l.socket_started(0);
    assert_eq!(l.tick(START_TIMEOUT_MS), Decision::Rebuild);
    l.socket_dropped(START_TIMEOUT_MS);
    assert_eq!(l.tick(START_TIMEOUT_MS), Decision::Start);
}

#[test]
fn lost_signalling_keeps_live_peers_and_probes_for_the_server() {
    let mut l = up(Role::Host);
    let guest = meet(&mut l, 20, 1, Role::Guest);
    l.take_events();
    l.signalling_lost(1_000);
    assert_eq!(l.state(), &ConnState::Reconnecting);
    assert_eq!(l.remote(guest), Some(1), "the guest is still reachable");
    assert_eq!(l.tick(1_500), Decision::Keep);
    assert_eq!(l.tick(1_000 + PROBE_EVERY_MS), Decision::Probe);
    assert_eq!(l.tick(1_000 + PROBE_EVERY_MS + 1), Decision::Keep);
    l.server_back();
    assert_eq!(l.tick(4_000), Decision::Rebuild);
    l.socket_dropped(4_000);
    assert_eq!(l.take_events(), vec![Disconnected(guest)]);
    assert_eq!(l.state(), &ConnState::Reconnecting);
    assert_eq!(l.tick(4_000), Decision::Start);
}

#[test]
fn a_guest_linked_to_its_host_plays_on_without_signalling() {
    let mut l = up(Role::Guest);
    meet(&mut l, 20, 1, Role::Host);
    l.signalling_lost(100);
    assert_eq!(l.state(), &ConnState::Connected);
    // The host leaves too: nothing left to keep; rebuild.
    l.peer_disconnected(200, 1);
    assert_eq!(l.tick(300), Decision::Rebuild);
}

#[test]
fn an_ended_socket_reports_every_peer_gone() {
    let mut l = up(Role::Host);
    let a = meet(&mut l, 20, 1, Role::Guest);
    let b = meet(&mut l, 20, 2, Role::Guest);
    l.take_events();
    l.socket_ended(500);
    let mut gone = l.take_events();
    gone.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(gone, vec![Disconnected(a), Disconnected(b)]);
    assert_eq!(l.state(), &ConnState::Reconnecting);
    assert_eq!(l.tick(500 + retry_delay_ms(0)), Decision::Start);
}

#[test]
fn a_silent_host_is_dropped_and_the_socket_rebuilt() {
    let mut l = up(Role::Guest);
    let host = meet(&mut l, 20, 1, Role::Host);
    l.take_events();
    // Answered traffic keeps the link.
    for t in (100..20_000).step_by(1_000) {
        l.sent_to(t, host);
        assert!(l.heard_from(host));
        assert_eq!(l.tick(t + 10), Decision::Keep);
    }
    // A long quiet spell with nothing sent is not silence (a throttled tab).
    assert_eq!(l.tick(60_000), Decision::Keep);
    assert_eq!(l.host(), Some(host));
    // Unanswered sends are.
    l.sent_to(60_000, host);
    l.sent_to(61_000, host);
    assert_eq!(l.tick(60_000 + HOST_SILENT_MS - 1), Decision::Keep);
    assert_eq!(l.tick(60_000 + HOST_SILENT_MS), Decision::Rebuild);
    assert_eq!(l.host(), None);
    assert_eq!(l.remote(host), None);
    assert_eq!(l.take_events(), vec![Disconnected(host)]);
    assert_eq!(l.state(), &ConnState::HostAway);
}

#[test]
fn a_guest_hears_every_peer_so_the_room_can_elect_a_successor() {
    let mut g = up(Role::Guest);
    let host = meet(&mut g, 20, 1, Role::Host);
    let other = meet(&mut g, 20, 2, Role::Guest);
    g.sent_to(100, host);
    assert!(g.heard_from(other), "election messages come from other guests");
    assert_eq!(g.tick(100 + HOST_SILENT_MS - 1), Decision::Keep);
    assert!(g.heard_from(host), "the host's answer ends the wait");
    assert_eq!(g.tick(100 + HOST_SILENT_MS * 2), Decision::Keep);
    let mut h = up(Role::Host);
    assert!(h.heard_from(PeerId(7)), "a host hears everyone, even before their beacon");
}

#[test]
fn linked_counts_the_peers_whose_beacon_arrived_until_they_go() {
    let mut g = up(Role::Guest);
    assert_eq!(g.linked(), 0);
    g.peer_connected(20, 1, PeerId(101));
    assert_eq!(g.linked(), 0, "a data channel alone is not yet a peer of the room");
    g.beacon(25, 1, PeerId(101), Role::Host);
    meet(&mut g, 30, 2, Role::Guest);
    assert_eq!(g.linked(), 2);
    g.peer_disconnected(40, 2);
    assert_eq!(g.linked(), 1);
    g.socket_ended(50);
    assert_eq!(g.linked(), 0);
}

#[test]
fn an_election_switches_the_role_and_sends_the_beacon_again() {
    let mut g = up(Role::Guest);
    let host = meet(&mut g, 20, 1, Role::Host);
    let other = meet(&mut g, 20, 2, Role::Guest);
    assert_eq!(g.host(), Some(host));
    assert!(!g.take_beacon_due());
    // This guest won the election: it hosts, and every peer must hear so.
    g.set_role(Role::Host, None);
    assert_eq!((g.role(), g.host()), (Role::Host, None));
    assert!(g.take_beacon_due() && !g.take_beacon_due(), "once");
    assert_eq!(g.state(), &ConnState::Connected);
    // A later election elsewhere: it steps down and follows the winner.
    g.set_role(Role::Guest, Some(other));
    assert_eq!((g.role(), g.host()), (Role::Guest, Some(other)));
    assert!(g.take_beacon_due());
    assert_eq!(g.remotes().len(), 2);
    // The winner is not on this socket (its own socket was rebuilt): wait for its beacon.
    g.set_role(Role::Guest, Some(PeerId(999)));
    assert_eq!(g.host(), None);
    let rebuilt = meet(&mut g, 30, 3, Role::Host);
    assert_eq!(g.host(), Some(rebuilt), "its beacon links us");
    // And a host that steps down says so by its beacon: we stop treating it as host
    // (a peer whose last beacon said "host" is taken instead).
    g.beacon(40, 3u8, rebuilt, Role::Guest);
    assert_eq!(g.host(), Some(host));
}

#[test]
fn traffic_to_other_peers_is_not_watched() {
    let mut l = up(Role::Guest);
    meet(&mut l, 20, 1, Role::Host);
    let other = meet(&mut l, 20, 2, Role::Guest);
    l.sent_to(100, other);
    assert_eq!(l.tick(100 + HOST_SILENT_MS * 2), Decision::Keep);
}

#[test]
fn a_bad_room_fails_for_good() {
    let mut l = L::failed(Role::Guest, "that is not a valid room id");
    assert_eq!(l.state(), &ConnState::Failed(String::from("that is not a valid room id")));
    l.server_back();
    assert_eq!(l.tick(1_000_000), Decision::Keep);
}

#[test]
fn a_full_room_is_told_in_the_servers_words_and_retries() {
    let mut l = L::new(Role::Guest, 0);
    assert_eq!(l.tick(0), Decision::Start);
    l.socket_started(0);
    l.signalling_closed(50, 4403, "this room is full (16 players); ask the host for a new room");
    assert_eq!(
        l.state(),
        &ConnState::Failed(
            "the server says: this room is full (16 players); ask the host for a new room (still trying)"
                .into()
        )
    );
    l.socket_ended(60);
    assert_eq!(l.tick(60 + retry_delay_ms(4)), Decision::Start, "a full room may empty: retry");
    l.socket_started(3_000);
    l.id_assigned(3_010);
    assert_eq!(l.state(), &ConnState::Connecting, "through: the refusal is gone, now waiting for the host");
}

#[test]
fn a_malformed_room_link_fails_for_good() {
    let mut l = L::new(Role::Host, 0);
    assert_eq!(l.tick(0), Decision::Start);
    l.socket_started(0);
    l.signalling_closed(10, 4400, "");
    assert_eq!(l.state(), &ConnState::Failed("the server refused this room link as malformed".into()));
    l.socket_ended(20);
    assert_eq!(l.tick(600_000), Decision::Keep, "never retried");
}

#[test]
fn every_server_refusal_has_words_and_ordinary_closes_are_not_refusals() {
    for code in [4400, 4403, 4429, 4430, 4503, 4504, 1009] {
        let refusal = server_refusal(code, "").expect("a refusal");
        assert!(!refusal.words.is_empty());
        assert_eq!(refusal.retry, code != 4400);
    }
    for code in [1000, 1001, 1006, 4408, 4507] {
        assert_eq!(server_refusal(code, "whatever"), None, "{code}");
    }
    let mut l = up(Role::Host);
    l.signalling_closed(100, 4408, "no message for 120s; closed as idle");
    assert_eq!(l.state(), &ConnState::Reconnecting, "idle is an ordinary loss");
}
