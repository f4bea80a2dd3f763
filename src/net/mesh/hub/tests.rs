//! The hub's rules, with real Chromium SDPs (duel-net's fixtures) and
//! peers that lie.

use super::*;

const OFFER: &str = include_str!("../../../../crates/net/src/pairing/fixtures/mdns_offer.sdp");
const ANSWER: &str = include_str!("../../../../crates/net/src/pairing/fixtures/mdns_answer.sdp");
const ROOM: &str = "k3m9x7p2q8r4t6v1w5y0";
const HOST: PeerId = PeerId(0x11);

fn events(hub: &mut Hub) -> Vec<Event> {
    std::iter::from_fn(|| hub.next_event()).collect()
}

fn shown(hub: &Hub) -> String {
    match hub.showing() {
        Some(Showing::Offer(t) | Showing::Answer(t)) => t.clone(),
        other => panic!("no code shown: {other:?}"),
    }
}

/// A host and a guest paired by camera, linked; returns (host, guest, guest id).
fn paired() -> (Hub, Hub, PeerId) {
    let mut host = Hub::serverless(ROOM, HOST);
    assert_eq!(events(&mut host), [Event::IdAssigned(HOST)]);
    let guest_id = host.invite().expect("invites");
    assert_eq!(events(&mut host), [Event::NewPeer(guest_id)]);
    assert_eq!(host.showing(), Some(&Showing::Making));
    assert_eq!(host.request(guest_id, Signal::Offer(OFFER.into())), Route::Shown);
    let offer = PairingCode::decode(&shown(&host)).expect("the invitation decodes");
    let mut guest = Hub::answering(&offer).expect("an offer");
    let got = events(&mut guest);
    assert_eq!(got[0], Event::IdAssigned(guest_id), "the guest takes the name the host gave it");
    assert!(matches!(&got[1], Event::Signal { from, signal: Signal::Offer(_) } if *from == HOST));
    assert_eq!(guest.request(HOST, Signal::Answer(ANSWER.into())), Route::Shown);
    host.scanned_answer(&shown(&guest)).expect("the answer links");
    let got = events(&mut host);
    assert!(matches!(&got[..], [Event::Signal { from, signal: Signal::Answer(_) }] if *from == guest_id));
    host.linked(guest_id);
    guest.linked(HOST);
    assert_eq!(guest.showing(), None, "the answer goes once linked");
    (host, guest, guest_id)
}

#[test]
fn a_host_and_a_guest_pair_by_each_others_codes() {
    let (mut host, _, _) = paired();
    // The first guest has nobody to be introduced to.
    assert!(host.take_outbox().is_empty());
}

#[test]
fn the_sdp_a_code_carries_holds_every_candidate_so_trickled_ones_are_dropped() {
    let mut host = Hub::serverless(ROOM, HOST);
    let guest = host.invite().expect("invites");
    assert_eq!(host.request(guest, Signal::Candidate("null".into())), Route::Dropped);
    assert_eq!(host.request(PeerId(99), Signal::Offer(OFFER.into())), Route::Server, "not the hub's");
}

#[test]
fn a_scanned_code_that_links_nothing_says_why_and_changes_nothing() {
    let (mut host, _, guest_id) = paired();
    let invitation = {
        host.invite().expect("invites");
        let guest = host.invites.keys().copied().find(|g| *g != guest_id).expect("second");
        host.request(guest, Signal::Offer(OFFER.into()));
        shown(&host)
    };
    let before = format!("{host:?}");
    assert_eq!(host.scanned_answer(&invitation), Err(PairError::NotAnAnswer));
    assert_eq!(host.scanned_answer("https://example.com"), Err(PairError::Code(CodeError::Foreign)));
    let answer_from = |room: &str, peer: PeerId| {
        let description = parse_sdp(ANSWER).expect("parses");
        PairingCode { kind: Kind::Answer, peer, invite: 0, room: room.into(), description }
            .encode()
            .expect("encodes")
    };
    assert_eq!(host.scanned_answer(&answer_from("other", guest_id)), Err(PairError::OtherRoom));
    assert_eq!(host.scanned_answer(&answer_from(ROOM, PeerId(5))), Err(PairError::NotInvited));
    assert_eq!(host.scanned_answer(&answer_from(ROOM, guest_id)), Err(PairError::Answered));
    assert_eq!(format!("{host:?}"), before, "a refused code changes nothing");
    assert!(PairError::OtherRoom.to_string().ends_with('.'));
}

#[test]
fn a_guest_never_answers_an_answer() {
    let description = parse_sdp(ANSWER).expect("parses");
    let answer = PairingCode { kind: Kind::Answer, peer: HOST, invite: 0, room: ROOM.into(), description };
    assert_eq!(Hub::answering(&answer).err(), Some(PairError::NotAnOffer));
}

#[test]
fn invitations_are_bounded() {
    let mut host = Hub::serverless(ROOM, HOST);
    for _ in 0..MAX_INVITES {
        host.invite().expect("invites");
    }
    assert_eq!(host.invite(), Err(PairError::TooManyInvites));
    assert_eq!(Hub::beside_server(ROOM).invite(), Err(PairError::NotReady), "no name yet");
    // An answered invitation no longer counts: a table that re-pairs after reloads goes on.
    let (mut host, _, _) = paired();
    for _ in 0..MAX_INVITES {
        host.invite().expect("invites");
    }
    assert_eq!(host.invite(), Err(PairError::TooManyInvites));
}

/// The third device scans the host alone; the host introduces it to the
/// first guest and forwards their handshake both ways.
#[test]
fn the_host_introduces_a_third_device_and_forwards_their_signals() {
    let (mut host, mut first, first_id) = paired();
    let third_id = host.invite().expect("invites");
    events(&mut host);
    host.request(third_id, Signal::Offer(OFFER.into()));
    let mut third = Hub::answering(&PairingCode::decode(&shown(&host)).expect("decodes")).expect("offer");
    events(&mut third);
    third.request(HOST, Signal::Answer(ANSWER.into()));
    host.scanned_answer(&shown(&third)).expect("links");
    host.linked(third_id);
    third.linked(HOST);

    // The host tells the first guest, which offers to the newcomer through the host.
    let out = host.take_outbox();
    assert_eq!(out, [(first_id, Relay::Introduce { peer: third_id })]);
    first.relay_in(HOST, &wire::encode(&out[0].1));
    assert_eq!(events(&mut first), [Event::NewPeer(third_id)]);
    assert_eq!(first.request(third_id, Signal::Offer("offer sdp".into())), Route::Relayed);
    let (to, message) = first.take_outbox().pop().expect("a forward");
    assert_eq!(to, HOST);
    host.relay_in(first_id, &wire::encode(&message));
    let (to, message) = host.take_outbox().pop().expect("forwarded");
    assert_eq!(to, third_id);
    third.relay_in(HOST, &wire::encode(&message));
    assert_eq!(
        events(&mut third),
        [Event::Signal { from: first_id, signal: Signal::Offer("offer sdp".into()) }]
    );
    // And the answer back the same way.
    assert_eq!(third.request(first_id, Signal::Answer("answer sdp".into())), Route::Relayed);
    let (_, message) = third.take_outbox().pop().expect("a forward");
    host.relay_in(third_id, &wire::encode(&message));
    let (to, message) = host.take_outbox().pop().expect("forwarded");
    assert_eq!(to, first_id);
    first.relay_in(HOST, &wire::encode(&message));
    assert_eq!(
        events(&mut first),
        [Event::Signal { from: third_id, signal: Signal::Answer("answer sdp".into()) }]
    );
    assert_eq!(host.refused() + first.refused() + third.refused(), 0);
}

#[test]
fn relay_messages_from_liars_are_refused_counted_and_change_nothing() {
    let (mut host, _, guest_id) = paired();
    let stranger = PeerId(0xbad);
    let before = format!("{:?}", (&host.routes, &host.events, &host.outbox));
    // Not linked: not heard.
    host.relay_in(stranger, &wire::encode(&Relay::Introduce { peer: PeerId(3) }));
    // Forward to a peer that is not linked, or back to the sender.
    host.relay_in(
        guest_id,
        &wire::encode(&Relay::Forward { to: stranger, signal: Signal::Offer("x".into()) }),
    );
    host.relay_in(
        guest_id,
        &wire::encode(&Relay::Forward { to: guest_id, signal: Signal::Offer("x".into()) }),
    );
    // A signal "from" this very device, or from the introducer itself.
    host.relay_in(
        guest_id,
        &wire::encode(&Relay::Forwarded { from: HOST, signal: Signal::Offer("x".into()) }),
    );
    host.relay_in(
        guest_id,
        &wire::encode(&Relay::Forwarded { from: guest_id, signal: Signal::Offer("x".into()) }),
    );
    host.relay_in(guest_id, &wire::encode(&Relay::Introduce { peer: HOST }));
    // Garbage.
    host.relay_in(guest_id, &[9, 9, 9]);
    assert_eq!(host.refused(), 7);
    assert_eq!(format!("{:?}", (&host.routes, &host.events, &host.outbox)), before);
}

#[test]
fn a_route_is_never_taken_over_and_routes_are_bounded() {
    let (mut host, _, a) = paired();
    let b = PeerId(0xb);
    host.linked(b);
    let far = PeerId(0xfa);
    host.relay_in(a, &wire::encode(&Relay::Forwarded { from: far, signal: Signal::Offer("x".into()) }));
    assert_eq!(host.routes.get(&far), Some(&a));
    host.relay_in(b, &wire::encode(&Relay::Forwarded { from: far, signal: Signal::Answer("y".into()) }));
    assert_eq!(host.refused(), 1, "b cannot speak for a peer that a routes");
    assert_eq!(host.routes.get(&far), Some(&a));
    for n in 0..MAX_ROUTES as u128 {
        host.relay_in(a, &wire::encode(&Relay::Introduce { peer: PeerId(0x1000 + n) }));
    }
    assert_eq!(host.routes.len(), MAX_ROUTES);
    assert_eq!(host.refused(), 2, "the one past the bound");
    // When a goes, so do its routes.
    host.unlinked(a);
    assert!(host.routes.is_empty());
}

#[test]
fn a_new_socket_forgets_the_last_ones_peers_but_not_the_count() {
    let (mut host, _, guest) = paired();
    host.relay_in(PeerId(1), &[0]);
    host.socket_started();
    assert!(host.linked.is_empty() && host.invites.is_empty() && host.me.is_none());
    assert_eq!(host.refused(), 1);
    assert_eq!(host.room, ROOM);
    let _ = guest;
}

/// Issue 45: a host that left mid-introduction leaves a device linked to
/// some peers only. The new host introduces every two linked peers once,
/// one way; a peer already linked to the other takes it as old news, one
/// that is not offers to it through the new host.
#[test]
fn a_new_host_introduces_every_two_linked_peers_once_one_way() {
    let (a, b, c) = (PeerId(0x21), PeerId(0x22), PeerId(0x23));
    let mut host = Hub::serverless(ROOM, HOST);
    for p in [a, b, c] {
        host.linked(p);
    }
    assert!(host.take_outbox().is_empty(), "nobody came by camera to this device");
    host.introduce_all();
    let introduce = |peer| Relay::Introduce { peer };
    assert_eq!(host.take_outbox(), [(a, introduce(b)), (a, introduce(c)), (b, introduce(c))]);
    let mut first = Hub::serverless(ROOM, a);
    events(&mut first);
    first.linked(HOST);
    first.linked(b);
    first.relay_in(HOST, &wire::encode(&introduce(b)));
    assert!(events(&mut first).is_empty(), "already linked: old news");
    first.relay_in(HOST, &wire::encode(&introduce(c)));
    assert_eq!(events(&mut first), [Event::NewPeer(c)]);
    assert_eq!(first.request(c, Signal::Offer(OFFER.into())), Route::Relayed, "offered through the new host");
    assert_eq!(first.refused(), 0);
}
