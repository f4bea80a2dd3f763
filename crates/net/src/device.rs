//! One device in a room: its replica, the host when it hosts, and its part
//! in host succession, bound to a transport. The device routes datagrams
//! by kind (host → replica, peer → host, mesh → succession), hands its own
//! replica's commands to its own host in-process, and carries out the
//! succession's decisions: become the host of a new epoch from the
//! replica's copy, or step down and follow the elected one.
//!
//! The app runs one per tab; the tests run several on the in-memory network.

use crate::host::{Host, HostConfig};
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::succession::{Forgery, Standing, Succession, SuccessionTiming};
use crate::transport::{ConnectionEvent, Transport};
use crate::wire::{decode_mesh, kind_of, Kind};

#[cfg(feature = "test-support")]
mod adversary;
mod decide;

/// Local hand-offs per pump at most (a guard: each hop is one message).
const LOCAL_HOPS: usize = 64;

/// What changed in the room's hosting during a pump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handover {
    /// This device now hosts the room (it won the election for `epoch`).
    Hosting { epoch: Epoch },
    /// `host` now hosts the room at `epoch` (this device stepped down if it hosted).
    Following { epoch: Epoch, host: PlayerNo },
}

/// A device: replica, maybe host, succession, transport.
#[derive(Debug)]
pub struct Device<T> {
    pub replica: Replica,
    pub host: Option<Host>,
    pub succession: Succession,
    pub transport: T,
    /// This device's transport id.
    pub me: PeerId,
    /// The host's transport id (`me` when hosting).
    pub host_peer: PeerId,
    /// Seeds the dice secrets of a host this device becomes (from the app's crypto RNG).
    seed: u64,
    handovers: Vec<Handover>,
}

impl<T: Transport> Device<T> {
    /// The room's creator: hosts epoch 0.
    pub fn create(
        config: HostConfig,
        replica: Replica,
        transport: T,
        me: PeerId,
        timing: SuccessionTiming,
    ) -> Device<T> {
        let seed = config.seed.rotate_left(17) ^ 0xA5A5;
        Device::hosting(Host::new(config), replica, transport, me, timing, seed)
    }

    /// A device hosting `host` (a new room, or one restored from its save).
    pub fn hosting(
        host: Host,
        replica: Replica,
        transport: T,
        me: PeerId,
        timing: SuccessionTiming,
        seed: u64,
    ) -> Device<T> {
        let epoch = host.epoch();
        let mut host = host;
        // The host vouches for its log with its player's key (the room view lists it).
        host.sign_heads_with(replica.seat_key().clone());
        // A host restored from its save tells again of the election it won (issue 45),
        // and its replica knows the hosts that election's chain proves.
        host.reannounce(replica.seat_key(), me);
        let elected = host.elected_msg();
        let mut d = Device::join(replica, transport, me, me, timing, seed);
        d.replica.hosted_with(host.lineage());
        d.host = Some(host);
        d.succession.hosting(epoch, elected);
        let hello = d.replica.connect(0);
        d.deliver(0, hello);
        d
    }

    /// This hosting device's room was restored from its save (a reloaded
    /// host tab): for the silence bound after its first pump it follows a
    /// valid election of a later epoch, which began while it was gone (see
    /// [`Succession::restored`]).
    #[must_use]
    pub fn restored(mut self) -> Device<T> {
        self.succession.restored();
        self
    }

    /// This device's transport id changed (the socket got its id, or was
    /// rebuilt): a hosting device's own replica joins again under it. Every
    /// link it had closed at its own end: until it hears a guest again, a
    /// valid election that moved the room on without it is followed (see
    /// [`Succession::links_dropped`]).
    pub fn rebind(&mut self, now: u64, me: PeerId) {
        if me == self.me {
            return;
        }
        self.me = me;
        self.succession.links_dropped();
        if let Some(h) = &mut self.host {
            h.rehome(me);
            self.succession.hosting(h.epoch(), h.elected_msg());
            self.host_peer = me;
            let hello = self.replica.connect(now);
            self.deliver(now, hello);
        }
    }

    /// A guest of the host at `host_peer`. `seed` seeds the secrets of a
    /// host this device may become.
    pub fn join(
        replica: Replica,
        transport: T,
        me: PeerId,
        host_peer: PeerId,
        timing: SuccessionTiming,
        seed: u64,
    ) -> Device<T> {
        Device {
            replica,
            host: None,
            succession: Succession::new(timing),
            transport,
            me,
            host_peer,
            seed,
            handovers: Vec::new(),
        }
    }

    /// Sends a game intent for `seat` (checked against the local copy first).
    ///
    /// # Errors
    /// See [`Replica::submit`].
    pub fn submit(
        &mut self,
        now: u64,
        seat: duel_core::SeatId,
        intent: duel_core::Intent,
    ) -> Result<crate::ids::CommandId, crate::replica::SubmitError> {
        let s = self.replica.submit(now, seat, intent)?;
        self.deliver(now, s.datagrams);
        Ok(s.id)
    }

    /// Sends any command.
    ///
    /// # Errors
    /// See [`Replica::command`].
    pub fn command(
        &mut self,
        now: u64,
        command: crate::wire::Command,
    ) -> Result<crate::ids::CommandId, crate::replica::SubmitError> {
        let s = self.replica.command(now, command)?;
        self.deliver(now, s.datagrams);
        Ok(s.id)
    }

    /// Whether this device hosts the room.
    pub fn is_host(&self) -> bool {
        self.host.is_some()
    }

    /// Where an election stands, for the UI ("host left — waiting for 2 of 3").
    pub fn standing(&self) -> Standing {
        self.succession.standing()
    }

    /// Election messages this device refused (forged, unsigned, unasked
    /// for) and the kind of the last: none changed anything, but the app
    /// may tell the players "a peer sent a forged election".
    pub fn refused_elections(&self) -> (u64, Option<Forgery>) {
        (self.succession.refused(), self.succession.last_refused())
    }

    /// The kinds of election message refused since the last call, each once
    /// (what the app tells the players; see [`Succession::drain_refused`]).
    pub fn drain_refused_elections(&mut self) -> Vec<Forgery> {
        self.succession.drain_refused()
    }

    /// Another device that hosts this room beside this one: both screens
    /// say so and offer the players the other's table (issue 43).
    pub fn rival(&self) -> Option<crate::succession::Rival> {
        self.succession.rival()
    }

    /// The player chose the rival's table ([`Device::rival`]): this device
    /// follows it, or, hosting the later epoch, votes for it and follows
    /// once it wins (a pump or two later).
    pub fn follow_rival(&mut self, now: u64) {
        if let Some(d) = self.succession.follow_rival(now, &self.replica) {
            self.decide(now, d);
        }
    }

    /// Hosting changes since the last call.
    pub fn drain_handovers(&mut self) -> Vec<Handover> {
        std::mem::take(&mut self.handovers)
    }

    /// Connection events, datagrams, the local hand-offs, then every clock.
    pub fn pump(&mut self, now: u64) -> usize {
        for event in self.transport.connection_events() {
            match event {
                ConnectionEvent::Disconnected(peer) => {
                    if let Some(h) = &mut self.host {
                        let out = h.disconnected(peer);
                        self.send_host(now, out);
                    } else if peer == self.host_peer {
                        self.succession.host_lost(now, &mut self.replica);
                    }
                }
                ConnectionEvent::Connected(peer) => {
                    if peer == self.host_peer && self.host.is_none() {
                        let out = self.replica.connect(now);
                        self.deliver(now, out);
                    }
                    if let Some(h) = &self.host {
                        // Say who we are: if the room moved on while this host was
                        // away (a laptop reopened), the newcomer tells it so.
                        if let Ok(d) =
                            crate::wire::encode_mesh(&crate::wire::MeshMsg::Hosting { epoch: h.epoch() })
                        {
                            self.transport.send(peer, d);
                        }
                    }
                }
            }
        }
        let received = self.transport.receive();
        let n = received.len();
        for (from, datagram) in received {
            self.route(now, from, &datagram);
        }
        let out = self.replica.tick(now);
        self.deliver(now, out);
        if let Some(h) = &mut self.host {
            let out = h.tick(now);
            self.send_host(now, out);
        }
        let hosting = self.host.is_some();
        let (out, decision) = self.succession.tick(now, &mut self.replica, hosting);
        self.send_mesh(out);
        if let Some(d) = decision {
            self.decide(now, d);
        }
        n
    }

    fn route(&mut self, now: u64, from: PeerId, datagram: &[u8]) {
        match kind_of(datagram) {
            Some(Kind::Host) => {
                if from == self.host_peer && self.host.is_none() {
                    let out = self.replica.handle(now, datagram);
                    self.deliver(now, out);
                } else if let Some(hint) = self.succession.hint_stale(now, from) {
                    // A host we do not follow (a stale one, back from the dead): tell it who hosts.
                    self.transport.send(from, hint);
                }
            }
            Some(Kind::Peer) => {
                if let Some(h) = &mut self.host {
                    let out = h.handle(now, from, datagram);
                    self.send_host(now, out);
                    // That guest still hears this host: a live host keeps its room.
                    if from != self.me {
                        self.succession.heard_guest(now, from);
                    }
                }
            }
            Some(Kind::Mesh) => {
                let Ok(msg) = decode_mesh(datagram) else { return };
                let hosting = self.host.as_ref().map(Host::epoch);
                let (out, decision) = self.succession.handle(now, from, msg, &mut self.replica, hosting);
                self.send_mesh(out);
                if let Some(d) = decision {
                    self.decide(now, d);
                }
            }
            None => {}
        }
    }

    /// The replica's datagrams for the host: in-process when this device hosts.
    fn deliver(&mut self, now: u64, datagrams: Vec<Vec<u8>>) {
        if self.host.is_none() {
            for d in datagrams {
                self.transport.send(self.host_peer, d);
            }
            return;
        }
        let mut queue = datagrams;
        for _ in 0..LOCAL_HOPS {
            if queue.is_empty() {
                return;
            }
            let Some(h) = &mut self.host else { return };
            let mut back = Vec::new();
            for d in queue {
                for o in h.handle(now, self.me, &d) {
                    if o.to == self.me {
                        back.push(o.datagram);
                    } else {
                        self.transport.send(o.to, o.datagram);
                    }
                }
            }
            queue = Vec::new();
            for d in back {
                queue.extend(self.replica.handle(now, &d));
            }
        }
    }

    /// The host's datagrams: to peers over the transport, to our own replica in-process.
    fn send_host(&mut self, now: u64, out: Vec<crate::host::Outbound>) {
        let mut mine = Vec::new();
        for o in out {
            if o.to == self.me {
                mine.push(o.datagram);
            } else {
                self.transport.send(o.to, o.datagram);
            }
        }
        for d in mine {
            let replies = self.replica.handle(now, &d);
            self.deliver(now, replies);
        }
    }

    fn send_mesh(&mut self, out: Vec<(PeerId, Vec<u8>)>) {
        for (to, d) in out {
            self.transport.send(to, d);
        }
    }
}
