//! Issue 43, attack 3: history only from its host. A guest's vote carries a
//! head it signed itself, for a round of its own far ahead: the candidate
//! must not take it for the host's word (only the host a certificate, or
//! the room's genesis, installed for an epoch signs that epoch's heads), nor
//! spend the election fetching it. And a voter that does claim a head its
//! host really signed, but serves it one event at a time, holds the
//! election for a bounded time only: then the candidate goes on without it.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{settled_officers, Mesh};
use duel_core::{Event, SeatId, ShipId};
use duel_net::chain::{self, SignedHead};
use duel_net::wire::{decode_mesh, encode_mesh, Ballot, CopyState, Vote};
use duel_net::{
    Epoch, Forgery, MemoryEndpoint, MeshMsg, PlayerNo, Replica, SeatKey, Seq, SuccessionTiming, Transport,
};

/// The adversary: a guest that is not the first successor (device 1).
const FORGER: usize = 3;
/// The honest devices that live through the host's death.
const HONEST: [usize; 3] = [1, 2, 4];

fn settled(seed: u64) -> Mesh {
    settled_officers(seed)
}

/// The adversary's own client: its key, number, wire and copy, driven by
/// hand through duel-net's public API.
struct Adversary {
    key: SeatKey,
    me: PlayerNo,
    room: [u8; 32],
    wire: MemoryEndpoint,
    copy: Replica,
}

fn take_over(m: &mut Mesh) -> Adversary {
    let wire = m.net.endpoint(m.ids[FORGER]);
    let copy = m.devices[FORGER].take().unwrap().replica;
    Adversary { key: copy.seat_key().clone(), me: copy.me().unwrap(), room: copy.room_digest(), wire, copy }
}

/// How the adversary answers one fetch for the events from `from`, the
/// `nth` time that range was asked for: the events to send, or none (yet).
type Serve<'a> = &'a dyn Fn(&Adversary, Seq, u32) -> Option<Vec<Event>>;

impl Adversary {
    /// Grants every poll with a ballot claiming `head`, and answers fetches
    /// with `serve`. Returns how many fetches it answered.
    fn answer(&mut self, head: SignedHead, asked: &mut Vec<Seq>, serve: Serve<'_>) -> usize {
        let mut served = 0;
        for (from, d) in self.wire.receive() {
            match decode_mesh(&d) {
                Ok(MeshMsg::Poll { epoch, candidate, .. }) => {
                    let state =
                        CopyState { epoch: head.epoch, head: head.seq, hash: None, signed: Some(head) };
                    let vote = Vote { epoch, candidate, voter: self.me, granted: true, state };
                    let ballot = Ballot::sign(vote, &self.key, &self.room);
                    self.wire.send(from, encode_mesh(&MeshMsg::Vote { ballot }).unwrap());
                }
                Ok(MeshMsg::Fetch { from: seq, .. }) => {
                    asked.push(seq);
                    let nth = asked.iter().filter(|s| **s == seq).count() as u32;
                    if let Some(events) = serve(self, seq, nth) {
                        let batch = MeshMsg::Batch { from: seq, events, marks: vec![] };
                        self.wire.send(from, encode_mesh(&batch).unwrap());
                        served += 1;
                    }
                }
                _ => {}
            }
        }
        served
    }
}

/// Kills the host and runs the room, the adversary answering, until one
/// host remains (or `limit_ms` pass): the simulated time it took and the
/// fetches answered.
fn elect(m: &mut Mesh, a: &mut Adversary, head: SignedHead, limit_ms: u64, serve: Serve<'_>) -> (u64, usize) {
    m.kill(0);
    let start = m.now;
    let mut asked = Vec::new();
    let mut served = 0;
    while m.hosts().len() != 1 && m.now - start < limit_ms {
        served += a.answer(head, &mut asked, serve);
        m.step();
    }
    (m.now - start, served)
}

/// Events that end the game in the adversary's favour.
fn the_end() -> Vec<Event> {
    vec![Event::ShipDestroyed { ship: ShipId(0) }, Event::GameOver { winner: None }]
}

/// No honest copy holds a game over.
fn nobody_holds_the_end(m: &Mesh) {
    for i in HONEST {
        let copy = &m.dev(i).replica;
        assert!(copy.game().is_some_and(|g| g.outcome().is_none()), "device {i} adopted the forged end");
        let (_, _, log) = copy.history().unwrap();
        assert!(!log.iter().any(|e| matches!(e, Event::GameOver { .. })), "device {i} holds a GameOver");
    }
}

/// A head the adversary signs itself for `round` (its own epoch in it),
/// `ahead` events past everyone's head, over a chain ending in the game's end.
fn own_head(a: &Adversary, head: Seq, round: u16, ahead: u64) -> SignedHead {
    let filler = (ahead - 2) as usize;
    let mut events = vec![Event::SeatAway { seat: SeatId(3), away: true }; filler];
    events.extend(the_end());
    let real = a.copy.signed_head().unwrap();
    let chain = chain::extend(real.chain, &events);
    SignedHead::sign(&a.key, &a.room, Epoch::at(round, a.me), Seq(head.0 + ahead), chain)
}

#[test]
fn attack3_a_head_signed_by_a_voter_for_its_own_round_is_not_history() {
    let mut m = settled(431);
    let mut a = take_over(&mut m);
    let head = m.dev(1).replica.head();
    assert_eq!(a.copy.head(), head, "everyone has every event");
    // Its own round 500, two events on: the ship destroyed, the game over.
    let forged = own_head(&a, head, 500, 2);
    let serve: Serve<'_> = &|_, _, _| Some(the_end());
    let (took, served) = elect(&mut m, &mut a, forged, 60_000, serve);
    println!("the election took {took} ms");
    assert_eq!(m.hosts(), vec![1], "the heir hosts after {took} ms: {}", m.describe());
    assert!(m.settle(), "{}", m.describe());
    nobody_holds_the_end(&m);
    assert_eq!(served, 0, "a head nobody installed a host for is not fetched at all");
    assert_eq!(m.epoch().round(), 1, "and the vote still counted in an honest round");
    let (count, last) = m.dev(1).refused_elections();
    assert!(count > 0, "the claim is counted");
    assert_eq!(last, Some(Forgery::UnsignedHistory));
}

#[test]
fn attack3_a_voter_serving_one_event_per_fetch_cannot_stall_an_election() {
    let mut m = settled(432);
    let mut a = take_over(&mut m);
    let head = m.dev(1).replica.head();
    // 60,000 events ahead, in a round of its own, served one per fetch.
    let forged = own_head(&a, head, 500, 60_000);
    let serve: Serve<'_> = &|_, _, _| Some(vec![Event::SeatAway { seat: SeatId(3), away: true }]);
    let (took, _) = elect(&mut m, &mut a, forged, 60_000, serve);
    println!("the election took {took} ms");
    // Silence (2 s), the poll and the votes' grace: the election bound of a room with no adversary.
    let bound = SuccessionTiming::default().silence_ms + 1_000;
    assert!(took <= bound, "the election took {took} ms (bound {bound} ms): {}", m.describe());
    assert_eq!(m.hosts(), vec![1]);
    assert!(m.settle(), "{}", m.describe());
    nobody_holds_the_end(&m);
}

/// Only the adversary hears the host's last events, at least `n` of them:
/// every other device's link to the host goes quiet meanwhile (well inside
/// the silence after which anyone stands).
fn adversary_alone_hears(m: &mut Mesh, n: u64) {
    let heir_head = m.dev(1).replica.head();
    m.partition(&[0], &HONEST);
    for _ in 0..120 {
        if m.dev(FORGER).replica.head().0 >= heir_head.0 + n {
            break;
        }
        m.random_intents_of(FORGER);
        m.random_intents_of(0);
        m.run_for(10);
    }
    assert!(m.dev(FORGER).replica.head().0 >= heir_head.0 + n, "{}", m.describe());
    assert_eq!(m.dev(1).replica.head(), heir_head, "the heir missed them");
}

#[test]
fn attack3_a_voter_trickling_its_real_signed_history_is_passed_over_after_the_catch_up_deadline() {
    let mut m = settled(433);
    adversary_alone_hears(&mut m, 20);
    let heir_head = m.dev(1).replica.head();
    let mut a = take_over(&mut m);
    let real = a.copy.signed_head().unwrap();
    assert!(real.seq.0 >= heir_head.0 + 20, "its real head, signed by the real host, is the longest");
    // One event per fetch, and only when the candidate is about to give the range up.
    let serve: Serve<'_> = &|a, from, nth| (nth == 4).then(|| a.copy.events_from(from, 1).0);
    let (took, served) = elect(&mut m, &mut a, real, 60_000, serve);
    assert!(served > 0, "the heir did fetch from the longest signed copy");
    println!("trickled {served} events; the election took {took} ms");
    let timing = SuccessionTiming::default();
    let bound = timing.silence_ms + timing.catch_up_ms + 1_000;
    assert!(took <= bound, "the election took {took} ms (bound {bound} ms): {}", m.describe());
    // The heir, or the next honest successor: a voter grants a candidate one
    // round at a time (attack 4), so an heir held up for the whole catch-up
    // may see its round close and the next successor win it. Never the
    // adversary, and never with the trickled copy.
    let hosts = m.hosts();
    assert!(hosts.len() == 1 && HONEST.contains(&hosts[0]), "one honest successor hosts: {hosts:?}");
    let host = m.dev(hosts[0]).host.as_ref().unwrap();
    assert!(host.head() < real.seq, "it went on without the trickled copy: {:?}", host.head());
    assert!(m.settle(), "{}", m.describe());
    nobody_holds_the_end(&m);
}

/// An honest voter may be ahead of the candidate (it followed an election
/// the candidate missed): its head is then not proof to the candidate until
/// the candidate knows who won, so a voter tells a candidate that polls it
/// the election it follows, certificate and all, before its vote.
#[test]
fn a_device_that_missed_an_election_learns_it_from_the_voters_it_polls_and_keeps_their_history() {
    let mut m = settled(434);
    // Device 2 never hears device 1, so it misses device 1's election.
    m.partition(&[1], &[2]);
    m.kill(0);
    assert!(m.run_until(10_000, |m| m.hosts() == vec![1]), "{}", m.describe());
    let won = m.epoch();
    m.play(1_500, 300);
    // Its host silent, device 2 polls the others, who still hear theirs: no vote, but the news.
    assert_eq!(m.dev(2).replica.epoch(), won, "device 2 follows the election it missed: {}", m.describe());
    assert_eq!(m.dev(2).replica.hosts().key_of(won), m.dev(1).replica.hosts().key_of(won));
    let head = m.dev(3).replica.signed_head().unwrap();
    assert!(head.epoch == won && head.seq > m.dev(2).replica.head(), "events device 2 lacks");
    m.kill(1);
    assert!(m.run_until(20_000, |m| m.hosts().len() == 1), "{}", m.describe());
    assert!(m.settle(), "{}", m.describe());
    assert!(m.dev(m.host()).host.as_ref().unwrap().head() >= head.seq, "{}", m.describe());
    for i in [2, 3, 4] {
        assert_eq!(m.dev(i).refused_elections(), (0, None), "device {i}: nothing honest is refused");
    }
}
