//! The transports a tab's replica speaks through, and the tap that lets the
//! UI narrate what the host decided.
//!
//! Hosting, the replica talks to the in-tab host over a loopback
//! [`MemoryEndpoint`]; as a guest it talks over the remote transport. Either
//! way its datagrams pass a [`Tap`], which reads the host's event batches so
//! the freeze overlay, sounds and the damage timeline can follow each event
//! (the replica itself only exposes the resulting `Game`).

use std::collections::BTreeMap;

use duel_core::Event;
use duel_net::wire::HostDecoder;
use duel_net::{ConnectionEvent, HostMsg, MemoryEndpoint, PeerId, Transport};

/// Most events the tap keeps before the replica applies them (a flood from a
/// misbehaving host must not grow memory without bound).
const MAX_HEARD: usize = 8192;

/// A remote transport with nobody on the other side: offline practice has
/// no peers, only the in-tab loopback.
#[derive(Clone, Copy, Debug, Default)]
pub struct Offline;

impl Transport for Offline {
    fn send(&mut self, _to: PeerId, _datagram: Vec<u8>) {}

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        Vec::new()
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        Vec::new()
    }
}

/// The replica's side of the tab: the loopback to an in-tab host, or the remote transport.
#[derive(Debug)]
pub enum Link<T> {
    Loopback(MemoryEndpoint),
    Remote(T),
}

impl<T: Transport> Transport for Link<T> {
    fn send(&mut self, to: PeerId, datagram: Vec<u8>) {
        match self {
            Link::Loopback(t) => t.send(to, datagram),
            Link::Remote(t) => t.send(to, datagram),
        }
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        match self {
            Link::Loopback(t) => t.receive(),
            Link::Remote(t) => t.receive(),
        }
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        match self {
            Link::Loopback(t) => t.connection_events(),
            Link::Remote(t) => t.connection_events(),
        }
    }
}

/// Passes datagrams through unchanged while decoding a copy of the host's
/// `Events` and `Sync` messages, keyed by sequence number. The session hands
/// an event to the UI only once the replica reports it applied (so nothing
/// is narrated that the game on screen does not show).
#[derive(Debug)]
pub struct Tap<T> {
    pub inner: T,
    decoder: HostDecoder,
    heard: BTreeMap<u64, Event>,
}

impl<T> Tap<T> {
    /// A tap around `inner`.
    pub fn new(inner: T) -> Tap<T> {
        Tap { inner, decoder: HostDecoder::default(), heard: BTreeMap::new() }
    }

    fn record(&mut self, msg: HostMsg) {
        match msg {
            HostMsg::Events { from, events, .. } => {
                for (i, e) in events.into_iter().enumerate() {
                    self.heard.entry(from.0 + i as u64).or_insert(e);
                }
            }
            HostMsg::Sync(snapshot) => {
                for (i, e) in snapshot.tail.into_iter().enumerate() {
                    self.heard.entry(snapshot.seq.0 + 1 + i as u64).or_insert(e);
                }
            }
            _ => {}
        }
        while self.heard.len() > MAX_HEARD {
            self.heard.pop_first();
        }
    }

    /// The events `from..=to` heard so far (any missing ones are skipped),
    /// forgetting everything up to `to`.
    pub fn take(&mut self, from: u64, to: u64) -> Vec<(u64, Event)> {
        let out = self.heard.range(from..=to).map(|(s, e)| (*s, e.clone())).collect();
        self.forget_upto(to);
        out
    }

    /// Forgets events up to and including `seq` (applied without narration, e.g. a snapshot).
    pub fn forget_upto(&mut self, seq: u64) {
        self.heard = self.heard.split_off(&(seq + 1));
    }
}

impl<T: Transport> Transport for Tap<T> {
    fn send(&mut self, to: PeerId, datagram: Vec<u8>) {
        self.inner.send(to, datagram);
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        let got = self.inner.receive();
        for (_, datagram) in &got {
            if let Ok(Some(stamped)) = self.decoder.decode(datagram) {
                self.record(stamped.msg);
            }
        }
        got
    }

    fn connection_events(&mut self) -> Vec<ConnectionEvent> {
        self.inner.connection_events()
    }
}
