//! Issue 31, part E: history nobody can forge. A candidate adopts a voter's
//! events only if they carry its own copy's hash chain to a head the host
//! of that epoch signed; a voter that serves anything else is passed over
//! and counted (`Forgery::UnsignedHistory`), and the room goes on without
//! the forged events.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{settled_officers, Mesh};
use duel_core::{Event, ShipId};
use duel_net::chain::{self, SignedHead};
use duel_net::wire::{decode_mesh, encode_mesh, Ballot, CopyState, Vote};
use duel_net::{Epoch, Forgery, MemoryEndpoint, MeshMsg, PlayerNo, Replica, SeatKey, Transport};

/// The forger: a guest that is not the first successor (device 1).
const FORGER: usize = 3;
/// The honest devices that live through the host's death.
const HONEST: [usize; 3] = [1, 2, 4];

fn settled(seed: u64) -> Mesh {
    settled_officers(seed)
}

/// Only the forger hears the host's last events: the link from the host to
/// every other device goes quiet (no transport event) while the forger
/// plays, until the host has written at least two events more.
fn forger_alone_hears_the_last_events(m: &mut Mesh) {
    let heir_head = m.dev(1).replica.head();
    m.partition(&[0], &HONEST);
    // Well inside the silence after which anyone stands.
    for _ in 0..40 {
        if m.dev(FORGER).replica.head().0 >= heir_head.0 + 2 && m.dev(FORGER).replica.pending() == 0 {
            break;
        }
        m.random_intents_of(FORGER);
        m.run_for(20);
    }
    assert!(m.dev(FORGER).replica.head().0 >= heir_head.0 + 2, "{}", m.describe());
    assert_eq!(m.dev(1).replica.head(), heir_head, "the heir missed them");
    let signed = m.dev(FORGER).replica.signed_head().expect("the host signed the forger's head");
    assert_eq!(signed.seq, m.dev(FORGER).replica.head(), "every batch carries its signed head");
}

/// What the forger keeps when it takes its tab over: its key, number,
/// wire, copy (to serve real events from) and signed head.
struct Forger {
    key: SeatKey,
    me: PlayerNo,
    room: [u8; 32],
    wire: MemoryEndpoint,
    copy: Replica,
    head: SignedHead,
}

fn take_over(m: &mut Mesh) -> Forger {
    let wire = m.net.endpoint(m.ids[FORGER]);
    let d = m.devices[FORGER].take().unwrap();
    let copy = d.replica;
    Forger {
        key: copy.seat_key().clone(),
        me: copy.me().unwrap(),
        room: copy.room_digest(),
        head: copy.signed_head().unwrap(),
        copy,
        wire,
    }
}

impl Forger {
    /// Answers the candidate's polls with a granted vote claiming `head`,
    /// and its fetches with `serve(from)`. Returns the fetches answered.
    fn answer(&mut self, head: SignedHead, serve: &dyn Fn(&Forger, duel_net::Seq) -> Vec<Event>) -> usize {
        let mut served = 0;
        for (from, d) in self.wire.receive() {
            match decode_mesh(&d) {
                Ok(MeshMsg::Poll { epoch, candidate, .. }) => {
                    let state = CopyState { epoch: Epoch(0), head: head.seq, hash: None, signed: Some(head) };
                    let vote = Vote { epoch, candidate, voter: self.me, granted: true, state };
                    let ballot = Ballot::sign(vote, &self.key, &self.room);
                    self.wire.send(from, encode_mesh(&MeshMsg::Vote { ballot }).unwrap());
                }
                Ok(MeshMsg::Fetch { from: seq, .. }) => {
                    let batch = MeshMsg::Batch { from: seq, events: serve(self, seq), marks: vec![] };
                    self.wire.send(from, encode_mesh(&batch).unwrap());
                    served += 1;
                }
                _ => {}
            }
        }
        served
    }
}

/// Events that end the game in the forger's favour.
fn the_end() -> Vec<Event> {
    vec![Event::ShipDestroyed { ship: ShipId(0) }, Event::GameOver { winner: None }]
}

/// Runs the election with the forger answering, until one host remains.
fn elect(
    m: &mut Mesh,
    f: &mut Forger,
    head: SignedHead,
    serve: &dyn Fn(&Forger, duel_net::Seq) -> Vec<Event>,
) -> usize {
    m.kill(0);
    let mut served = 0;
    while m.hosts().len() != 1 && m.now < 60_000 {
        served += f.answer(head, serve);
        m.step();
    }
    assert!(m.settle(), "the election completes: {}", m.describe());
    assert_eq!(m.hosts(), vec![1], "{}", m.describe());
    served
}

/// The new host's events `from..=to`, with their sequence numbers.
fn host_events(m: &Mesh, from: duel_net::Seq, to: duel_net::Seq) -> Vec<(u64, Event)> {
    let host = m.dev(1).host.as_ref().unwrap();
    let log = host.log();
    let base = host.head().0 - log.len() as u64;
    (from.0..=to.0)
        .filter(|s| *s > base && *s <= host.head().0)
        .map(|s| (s, log[(s - base - 1) as usize].clone()))
        .collect()
}

fn refused(m: &Mesh, i: usize) -> (u64, Option<Forgery>) {
    m.dev(i).refused_elections()
}

/// No survivor's copy holds a game over or the forged events.
fn nobody_holds_the_end(m: &Mesh) {
    assert!(m.host_game().outcome().is_none(), "the forged game over was not adopted");
    for i in HONEST {
        let copy = &m.dev(i).replica;
        assert!(copy.game().is_some_and(|g| g.outcome().is_none()), "device {i}");
        let (_, _, log) = copy.history().unwrap();
        assert!(!log.iter().any(|e| matches!(e, Event::GameOver { .. })), "device {i} holds a GameOver");
    }
}

#[test]
fn a_voter_serving_made_up_events_for_a_real_signed_head_is_refused_and_passed_over() {
    let mut m = settled(321);
    forger_alone_hears_the_last_events(&mut m);
    let heir_head = m.dev(1).replica.head();
    let mut f = take_over(&mut m);
    assert!(f.head.seq > heir_head, "the forger's signed head is the longest");
    // It claims its real, host-signed head, and serves the game's end instead.
    let head = f.head;
    let served = elect(&mut m, &mut f, head, &|_, _| the_end());
    assert!(served > 0, "the heir fetched from the longest signed copy");
    nobody_holds_the_end(&m);
    let (count, last) = refused(&m, 1);
    assert!(count > 0, "the refusal is counted");
    assert_eq!(last, Some(Forgery::UnsignedHistory));
    assert_eq!(Forgery::UnsignedHistory.to_string(), "a peer served game events its host never signed");
    // What only the forger held went with the host that wrote it: the new host wrote its own.
    let real = f.copy.events(heir_head.next(), f.head.seq);
    assert_ne!(host_events(&m, heir_head.next(), f.head.seq), real);
}

#[test]
fn a_voter_serving_the_real_events_is_adopted_up_to_its_signed_head_only() {
    let mut m = settled(322);
    forger_alone_hears_the_last_events(&mut m);
    let heir_head = m.dev(1).replica.head();
    let mut f = take_over(&mut m);
    let head = f.head;
    let real = f.copy.events(heir_head.next(), head.seq);
    assert!(!real.is_empty());
    // The real events up to its signed head, then a made-up end past it in the same batch.
    let served = elect(&mut m, &mut f, head, &|f, from| {
        let (mut events, _) = f.copy.events_from(from, 128);
        events.extend(the_end());
        events
    });
    assert!(served > 0);
    nobody_holds_the_end(&m);
    let host = m.dev(1).host.as_ref().unwrap();
    assert!(host.head() >= head.seq, "the signed events were kept");
    let kept = host_events(&m, heir_head.next(), head.seq);
    assert_eq!(kept, real, "exactly the events the old host signed");
    for i in HONEST {
        let signed = m.dev(i).replica.signed_head().unwrap();
        let at = (signed.epoch, signed.seq);
        assert_eq!(at, (m.epoch(), host.head()), "device {i} holds the new host's signed head");
    }
    assert_eq!(refused(&m, 1), (0, None), "an honest copy with an unsigned tail is no forgery");
}

#[test]
fn a_head_signed_by_a_key_that_is_not_the_hosts_is_refused() {
    let mut m = settled(323);
    let mut f = take_over(&mut m);
    let head = m.dev(1).replica.head();
    assert_eq!(f.head.seq, head, "everyone has every event");
    // A head two events on, over the forged end's chain, signed with the forger's own key.
    let room = f.room;
    let chain = chain::extend(f.head.chain, &the_end());
    let forged = SignedHead::sign(&f.key, &room, Epoch(0), duel_net::Seq(head.0 + 2), chain);
    assert!(forged.seq > head);
    elect(&mut m, &mut f, forged, &|_, _| the_end());
    nobody_holds_the_end(&m);
    let after = host_events(&m, head.next(), forged.seq);
    assert!(!after.iter().any(|(_, e)| the_end().contains(e)), "nothing was adopted: {after:?}");
    let (count, last) = refused(&m, 1);
    assert!(count > 0, "the refusal is counted");
    assert_eq!(last, Some(Forgery::UnsignedHistory));
}

#[test]
fn honest_elections_one_after_another_refuse_nothing() {
    let mut m = settled(324);
    for round in 1..=2u16 {
        let host = m.host();
        // The first successor still alive (the dead old host stays listed, away).
        let room = m.dev(host).host.as_ref().unwrap().room();
        let heir = room
            .successors
            .iter()
            .find_map(|p| {
                (0..m.devices.len())
                    .find(|i| m.devices[*i].as_ref().is_some_and(|d| d.replica.me() == Some(*p)))
            })
            .unwrap();
        m.play(1_000, 300);
        m.kill(host);
        assert!(m.settle(), "round {round}: {}", m.describe());
        assert_eq!((m.host(), m.epoch().round()), (heir, round));
    }
    for (i, d) in m.devices.iter().enumerate() {
        if let Some(d) = d {
            assert_eq!(d.refused_elections(), (0, None), "device {i}: an honest room forges nothing");
            assert!(d.replica.signed_head().is_some_and(|h| h.epoch == m.epoch()), "device {i}");
        }
    }
}
