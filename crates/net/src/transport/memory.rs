//! The in-memory network: every endpoint in one process, a virtual clock,
//! and injectable delay, loss, duplication and reordering, all drawn from a
//! seeded RNG so a failing chaos test replays exactly.
//!
//! With [`Conditions::PERFECT`] it is also the loopback the host's own
//! seats use in offline play. Shared through `Rc<RefCell<_>>`: the browser
//! is single-threaded and so are the tests.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, VecDeque};
use std::rc::Rc;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::{ConnectionEvent, Transport};
use crate::ids::PeerId;

/// How a link misbehaves. Probabilities are in permille (integers, no floats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conditions {
    /// Each datagram takes a delay drawn uniformly from `min_delay_ms..=max_delay_ms`.
    pub min_delay_ms: u64,
    pub max_delay_ms: u64,
    /// Chance a datagram is dropped.
    pub loss_permille: u16,
    /// Chance a datagram is delivered twice (the copy with its own delay).
    pub duplicate_permille: u16,
    /// Chance a datagram is held back by an extra `max_delay_ms`, overtaken by later ones.
    pub reorder_permille: u16,
}

impl Conditions {
    /// Instant, lossless, in order.
    pub const PERFECT: Conditions = Conditions {
        min_delay_ms: 0,
        max_delay_ms: 0,
        loss_permille: 0,
        duplicate_permille: 0,
        reorder_permille: 0,
    };

    /// A bad network: up to 60 ms jitter, 5 % loss, 3 % duplicates, 10 % reordered.
    pub const CHAOTIC: Conditions = Conditions {
        min_delay_ms: 1,
        max_delay_ms: 60,
        loss_permille: 50,
        duplicate_permille: 30,
        reorder_permille: 100,
    };
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct InFlight {
    at: u64,
    order: u64,
    from: PeerId,
    to: PeerId,
    bytes: Vec<u8>,
}

#[derive(Debug)]
struct NetState {
    now: u64,
    rng: ChaCha8Rng,
    default: Conditions,
    links: BTreeMap<(PeerId, PeerId), Conditions>,
    connected: BTreeSet<(PeerId, PeerId)>,
    flying: BinaryHeap<Reverse<InFlight>>,
    order: u64,
    inbox: BTreeMap<PeerId, VecDeque<(PeerId, Vec<u8>)>>,
    events: BTreeMap<PeerId, VecDeque<ConnectionEvent>>,
    sent: u64,
    dropped: u64,
    /// Every datagram sent since `tap` (tests read what is on the wire).
    tapped: Option<Vec<Vec<u8>>>,
}

impl NetState {
    fn chance(&mut self, permille: u16) -> bool {
        permille > 0 && self.rng.next_u32() % 1000 < u32::from(permille)
    }

    fn delay(&mut self, c: &Conditions) -> u64 {
        let span = c.max_delay_ms.saturating_sub(c.min_delay_ms);
        let mut d = c.min_delay_ms + if span == 0 { 0 } else { self.rng.next_u64() % (span + 1) };
        if self.chance(c.reorder_permille) {
            d += c.max_delay_ms.max(1);
        }
        d
    }

    fn push(&mut self, from: PeerId, to: PeerId, bytes: Vec<u8>, delay: u64) {
        self.order += 1;
        let flight = InFlight { at: self.now + delay, order: self.order, from, to, bytes };
        self.flying.push(Reverse(flight));
    }

    fn deliver_due(&mut self) {
        while self.flying.peek().is_some_and(|Reverse(f)| f.at <= self.now) {
            let Some(Reverse(f)) = self.flying.pop() else { break };
            if self.connected.contains(&(f.from, f.to)) {
                self.inbox.entry(f.to).or_default().push_back((f.from, f.bytes));
            } else {
                self.dropped += 1;
            }
        }
    }
}

/// A simulated network shared by its endpoints.
#[derive(Clone, Debug)]
pub struct MemoryNet(Rc<RefCell<NetState>>);

impl MemoryNet {
    /// A network whose randomness comes from `seed`, with perfect links.
    pub fn new(seed: u64) -> MemoryNet {
        MemoryNet(Rc::new(RefCell::new(NetState {
            now: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            default: Conditions::PERFECT,
            links: BTreeMap::new(),
            connected: BTreeSet::new(),
            flying: BinaryHeap::new(),
            order: 0,
            inbox: BTreeMap::new(),
            events: BTreeMap::new(),
            sent: 0,
            dropped: 0,
            tapped: None,
        })))
    }

    /// Conditions for every link without its own.
    pub fn set_conditions(&self, conditions: Conditions) {
        self.0.borrow_mut().default = conditions;
    }

    /// Conditions for datagrams from `from` to `to` only.
    pub fn set_link(&self, from: PeerId, to: PeerId, conditions: Conditions) {
        self.0.borrow_mut().links.insert((from, to), conditions);
    }

    /// An endpoint with transport id `id`.
    pub fn endpoint(&self, id: PeerId) -> MemoryEndpoint {
        MemoryEndpoint { net: self.clone(), id }
    }

    /// Connects two endpoints; each gets a `Connected` event.
    pub fn connect(&self, a: PeerId, b: PeerId) {
        let mut s = self.0.borrow_mut();
        if s.connected.insert((a, b)) {
            s.connected.insert((b, a));
            s.events.entry(a).or_default().push_back(ConnectionEvent::Connected(b));
            s.events.entry(b).or_default().push_back(ConnectionEvent::Connected(a));
        }
    }

    /// Cuts a connection; datagrams in flight on it are lost.
    pub fn disconnect(&self, a: PeerId, b: PeerId) {
        let mut s = self.0.borrow_mut();
        if s.connected.remove(&(a, b)) {
            s.connected.remove(&(b, a));
            s.events.entry(a).or_default().push_back(ConnectionEvent::Disconnected(b));
            s.events.entry(b).or_default().push_back(ConnectionEvent::Disconnected(a));
        }
    }

    /// Moves the clock to `now_ms` and delivers what has arrived by then.
    pub fn set_time(&self, now_ms: u64) {
        let mut s = self.0.borrow_mut();
        s.now = s.now.max(now_ms);
        s.deliver_due();
    }

    /// The network's clock.
    pub fn now(&self) -> u64 {
        self.0.borrow().now
    }

    /// Datagrams still travelling.
    pub fn in_flight(&self) -> usize {
        self.0.borrow().flying.len()
    }

    /// Starts recording every datagram sent from now on (a wiretap for tests).
    pub fn tap(&self) {
        self.0.borrow_mut().tapped = Some(Vec::new());
    }

    /// The datagrams recorded since [`MemoryNet::tap`], in sending order.
    pub fn tapped(&self) -> Vec<Vec<u8>> {
        self.0.borrow().tapped.clone().unwrap_or_default()
    }

    /// (datagrams sent, datagrams dropped by loss or a closed link).
    pub fn stats(&self) -> (u64, u64) {
        let s = self.0.borrow();
        (s.sent, s.dropped)
    }
}

/// One peer's handle on a [`MemoryNet`].
#[derive(Clone, Debug)]
pub struct MemoryEndpoint {
    net: MemoryNet,
    id: PeerId,
}

impl MemoryEndpoint {
    /// This endpoint's transport id.
    pub fn id(&self) -> PeerId {
        self.id
    }
}

impl Transport for MemoryEndpoint {
    fn send(&mut self, to: PeerId, datagram: Vec<u8>) {
        let mut s = self.net.0.borrow_mut();
        s.sent += 1;
        if let Some(tap) = s.tapped.as_mut() {
            tap.push(datagram.clone());
        }
        let c = s.links.get(&(self.id, to)).copied().unwrap_or(s.default);
        if s.chance(c.loss_permille) {
            s.dropped += 1;
            return;
        }
        if s.chance(c.duplicate_permille) {
            let d = s.delay(&c);
            s.push(self.id, to, datagram.clone(), d);
        }
        let d = s.delay(&c);
        s.push(self.id, to, datagram, d);
        s.deliver_due();
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        let mut s = self.net.0.borrow_mut();
        s.deliver_due();
        s.inbox.get_mut(&self.id).map(|q| q.drain(..).collect()).unwrap_or_default()
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        let mut s = self.net.0.borrow_mut();
        s.events.get_mut(&self.id).map(|q| q.drain(..).collect()).unwrap_or_default()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn perfect_links_deliver_in_order_and_closed_links_drop() {
        let net = MemoryNet::new(1);
        let (a, b) = (PeerId(1), PeerId(2));
        let (mut ea, mut eb) = (net.endpoint(a), net.endpoint(b));
        ea.send(b, vec![0]);
        assert!(eb.receive().is_empty(), "not connected yet");
        net.connect(a, b);
        assert_eq!(eb.connection_events(), vec![ConnectionEvent::Connected(a)]);
        for i in 1..=3 {
            ea.send(b, vec![i]);
        }
        let got: Vec<u8> = eb.receive().into_iter().map(|(_, v)| v[0]).collect();
        assert_eq!(got, vec![1, 2, 3]);
    }

    #[test]
    fn chaos_loses_duplicates_and_reorders() {
        let net = MemoryNet::new(7);
        net.set_conditions(Conditions::CHAOTIC);
        let (a, b) = (PeerId(1), PeerId(2));
        let (mut ea, mut eb) = (net.endpoint(a), net.endpoint(b));
        net.connect(a, b);
        for i in 0..1000u32 {
            ea.send(b, i.to_le_bytes().to_vec());
        }
        net.set_time(10_000);
        let got: Vec<u32> =
            eb.receive().into_iter().map(|(_, v)| u32::from_le_bytes(v.try_into().unwrap())).collect();
        let unique: BTreeSet<u32> = got.iter().copied().collect();
        assert!(unique.len() < 1000, "some were lost");
        assert!(got.len() > unique.len(), "some were duplicated");
        assert!(got.windows(2).any(|w| w[0] > w[1]), "some were reordered");
    }
}
