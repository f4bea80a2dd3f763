//! The registry's guarantee, checked: unit cases, then thousands of rooms whose
//! peers join and leave concurrently in random interleavings.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use matchbox_protocol::JsonPeerEvent;
use serde_json::json;
use serde_json::value::RawValue;
use uuid::Uuid;

use super::*;
use crate::outbox::{OutboxReader, Outgoing};

fn room(id: &str) -> RoomId {
    RoomId::parse(id).unwrap()
}

fn new_peer() -> (PeerId, Outbox, OutboxReader) {
    let (outbox, reader) = Outbox::new(1 << 30);
    (PeerId(Uuid::new_v4()), outbox, reader)
}

fn raw(json: &str) -> Box<RawValue> {
    RawValue::from_string(json.to_owned()).unwrap()
}

/// Every event queued so far, decoded.
fn drain(reader: &mut OutboxReader) -> Vec<JsonPeerEvent> {
    let mut events = Vec::new();
    while let Some(Some(Outgoing::Text(text))) = reader.try_next() {
        events.push(text.as_str().parse().unwrap());
    }
    events
}

#[test]
fn the_earlier_peer_is_told_of_the_newcomer_and_of_its_departure() {
    let registry = Registry::new(10, 4);
    let (a, a_out, mut a_in) = new_peer();
    let (b, b_out, mut b_in) = new_peer();
    let a_seat = registry.join(room("r"), a, a_out).unwrap();
    let b_seat = registry.join(room("r"), b, b_out).unwrap();
    assert!(a_seat.joined_at() < b_seat.joined_at());
    assert_eq!(drain(&mut a_in), vec![JsonPeerEvent::NewPeer(b)]);
    assert_eq!(drain(&mut b_in), vec![]);
    assert_eq!(registry.counts(), (1, 2));
    drop(b_seat);
    assert_eq!(drain(&mut a_in), vec![JsonPeerEvent::PeerLeft(b)]);
    a_seat.leave();
    assert_eq!(registry.counts(), (0, 0));
}

#[test]
fn signals_reach_only_the_same_room() {
    let registry = Registry::new(10, 4);
    let (a, a_out, mut a_in) = new_peer();
    let (b, b_out, _b_in) = new_peer();
    let (c, c_out, _c_in) = new_peer();
    let _a = registry.join(room("one"), a, a_out).unwrap();
    let b_seat = registry.join(room("one"), b, b_out).unwrap();
    let c_seat = registry.join(room("two"), c, c_out).unwrap();
    drain(&mut a_in);
    b_seat.relay(a, &raw(r#"{"Offer":"sdp"}"#)).unwrap();
    assert_eq!(drain(&mut a_in), vec![JsonPeerEvent::Signal { sender: b, data: json!({"Offer": "sdp"}) }]);
    assert_eq!(c_seat.relay(a, &raw(r#""sneaky""#)), Err(RelayError::NoSuchPeer));
    assert_eq!(drain(&mut a_in), vec![]);
}

#[test]
fn caps_refuse_and_free_with_the_last_peer() {
    let registry = Registry::new(1, 2);
    let (a, a_out, _a_in) = new_peer();
    let (b, b_out, _b_in) = new_peer();
    let (c, c_out, _c_in) = new_peer();
    let a_seat = registry.join(room("r"), a, a_out).unwrap();
    let b_seat = registry.join(room("r"), b, b_out).unwrap();
    let full = registry.join(room("r"), c, c_out.clone()).unwrap_err();
    assert_eq!(full, SignalRefusal::RoomFull { max: 2 });
    let too_many = registry.join(room("other"), c, c_out.clone()).unwrap_err();
    assert_eq!(too_many, SignalRefusal::TooManyRooms { max: 1 });
    drop(a_seat);
    drop(b_seat);
    assert_eq!(registry.counts(), (0, 0));
    assert!(registry.join(room("other"), c, c_out).is_ok());
}

/// A tiny deterministic generator for the interleavings (the scheduler adds its own).
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: u64) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % sides
    }

    async fn dawdle(&mut self) {
        match self.roll(8) {
            0 => tokio::time::sleep(Duration::from_micros(self.roll(500))).await,
            n => {
                for _ in 0..n {
                    tokio::task::yield_now().await;
                }
            }
        }
    }
}

/// One stay of one peer in one room.
struct Visit {
    room: usize,
    id: PeerId,
    joined_at: u64,
    left_at: u64,
    inbox: Vec<JsonPeerEvent>,
}

const ROOMS: usize = 2_000;
const SEATS: usize = 8;
const STAYS: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_pair_is_introduced_exactly_once_whatever_the_interleaving() {
    let registry = Registry::new(ROOMS, SEATS);
    let mut tasks = Vec::new();
    for r in 0..ROOMS {
        // The first stays of a room's seats start together, like guests who scan
        // the QR code at once or a room reconnecting after a server restart.
        let together = Arc::new(tokio::sync::Barrier::new(SEATS));
        for seat in 0..SEATS {
            let registry = registry.clone();
            let together = together.clone();
            tasks.push(tokio::spawn(async move {
                let mut dice = Dice((r * SEATS + seat) as u64);
                let name = room(&format!("room-{r}"));
                let mut visits = Vec::new();
                for stay in 0..STAYS {
                    if stay == 0 {
                        together.wait().await;
                    } else {
                        dice.dawdle().await;
                    }
                    let (id, outbox, reader) = new_peer();
                    let seat = registry.join(name.clone(), id, outbox).unwrap();
                    let joined_at = seat.joined_at();
                    dice.dawdle().await;
                    let left_at = seat.leave();
                    visits.push((Visit { room: r, id, joined_at, left_at, inbox: Vec::new() }, reader));
                }
                visits
            }));
        }
    }
    let mut by_room: Vec<Vec<Visit>> = (0..ROOMS).map(|_| Vec::new()).collect();
    for task in tasks {
        for (mut visit, mut reader) in task.await.unwrap() {
            visit.inbox = drain(&mut reader);
            by_room[visit.room].push(visit);
        }
    }

    assert_eq!(registry.counts(), (0, 0), "rooms or peers left behind");
    for shard in registry.inner.shards.iter() {
        assert!(shard.lock().unwrap().is_empty(), "an empty room was kept");
    }
    let mut pairs_met = 0usize;
    for visits in &by_room {
        pairs_met += check_room(visits);
    }
    // With SEATS peers starting together, most rooms meet many pairs: a sanity
    // check that the test exercised overlap at all.
    assert!(pairs_met > ROOMS * SEATS, "only {pairs_met} overlapping pairs");
}

/// Checks one room's visits against the guarantee; returns the overlapping pairs.
fn check_room(visits: &[Visit]) -> usize {
    let mut met = 0;
    for a in visits {
        // What `a` heard about each other peer, in order.
        let mut heard: HashMap<PeerId, Vec<&'static str>> = HashMap::new();
        for event in &a.inbox {
            match event {
                JsonPeerEvent::NewPeer(id) => heard.entry(*id).or_default().push("new"),
                JsonPeerEvent::PeerLeft(id) => heard.entry(*id).or_default().push("left"),
                other => panic!("unexpected event {other:?}"),
            }
        }
        for b in visits.iter().filter(|b| b.id != a.id) {
            let present_at_b_join = a.joined_at < b.joined_at && b.joined_at < a.left_at;
            let present_at_b_leave = a.joined_at < b.left_at && b.left_at < a.left_at;
            let mut expected = Vec::new();
            if present_at_b_join {
                expected.push("new");
                met += 1;
            }
            if present_at_b_leave {
                expected.push("left");
            }
            let got = heard.get(&b.id).cloned().unwrap_or_default();
            assert_eq!(
                got, expected,
                "room {}: peer {} (stay {}..{}) about peer {} (stay {}..{})",
                a.room, a.id, a.joined_at, a.left_at, b.id, b.joined_at, b.left_at
            );
        }
    }
    met
}
