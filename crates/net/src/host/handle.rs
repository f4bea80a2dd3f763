//! Message dispatch: one datagram in, datagrams out. Every refusal goes
//! back to the sender with its reason; a datagram that cannot be used
//! changes nothing but the sender's presence clock.

mod hello;

use duel_core::SeatId;

use super::book::Offer;
use super::game::{Batch, Match};
use super::{Host, Outbound, Stage};
use crate::fair::{room_digest, ChainCommit};
use crate::hash::Hash32;
use crate::ids::{CommandId, PeerId, PlayerNo, Seq};
use crate::seat_key::SeatSig;
use crate::wire::{decode_peer, Command, HostMsg, HostRefusal, PeerMsg};

impl Host {
    /// Handles one datagram from `from` at time `now_ms`.
    pub fn handle(&mut self, now_ms: u64, from: PeerId, datagram: &[u8]) -> Vec<Outbound> {
        // Held freezes whose time has come met arbitration before this datagram did.
        self.release(now_ms);
        match decode_peer(datagram) {
            Err(e) => self.out.send(from, &HostMsg::Refused { reason: e.refusal() }),
            Ok(PeerMsg::Hello { player, name, build, key, chain }) => {
                self.hello(now_ms, from, (player, chain), (&name, key), build)
            }
            // Anyone may knock: a newcomer asks before it says who it is.
            Ok(PeerMsg::Knock { challenge }) => self.knock(from, &challenge),
            Ok(msg) => match self.roster.heard(from, now_ms) {
                None => self.out.send(from, &HostMsg::Refused { reason: HostRefusal::NotJoined }),
                Some((player, back)) => {
                    if back {
                        self.presence_changed(now_ms);
                    }
                    self.dispatch(now_ms, from, player, msg);
                }
            },
        }
        self.flush()
    }

    /// Advances the host's clock: held freezes (the speed bump), latency
    /// probes, presence, choice deadlines, the review pause. Call it at
    /// least every 20 ms: a held freeze is released by the first call at or
    /// after its time.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Outbound> {
        self.release(now_ms);
        self.probe_tick(now_ms);
        if self.roster.sweep(now_ms, self.settings.timing.away_after_ms) {
            self.presence_changed(now_ms);
        }
        if let Stage::Playing(m) = &mut self.stage {
            let batches = m.tick(&mut self.keys, now_ms);
            self.broadcast_batches(&batches);
        }
        self.announce_tick(now_ms);
        self.flush()
    }

    /// The transport lost `peer`: stop sending to it (presence follows from
    /// silence), and let the id speak for whoever says `Hello` on it next.
    pub fn disconnected(&mut self, peer: PeerId) -> Vec<Outbound> {
        if self.roster.player_of(peer).is_some() {
            self.room_dirty = true;
        }
        self.roster.closed(peer);
        self.flush()
    }

    fn flush(&mut self) -> Vec<Outbound> {
        self.publish_room();
        self.out.take()
    }

    /// Broadcasts the room view now if it changed (before anything queued after it).
    fn publish_room(&mut self) {
        if std::mem::take(&mut self.room_dirty) {
            self.room_version = self.room_version.wrapping_add(1);
            let peers = self.roster.peers();
            for msg in self.room_msgs() {
                self.out.send_all(&peers, &msg);
            }
        }
    }

    fn dispatch(&mut self, now: u64, from: PeerId, player: PlayerNo, msg: PeerMsg) {
        match msg {
            PeerMsg::Hello { .. } | PeerMsg::Knock { .. } => {}
            PeerMsg::Command { id, command, nonce, sig } => {
                // Only what the player's own key signed (issue 43, point 10).
                if self.command_signed(from, (player, id), &command, &sig) {
                    self.command(now, (player, id, sig), command, nonce);
                }
            }
            PeerMsg::Ping { nonce } => {
                // Signed once per head: a Pong at a head already sent costs no signature.
                let signed = self.signed_head();
                let (head, hash) = match &self.stage {
                    Stage::Playing(m) => (m.head(), m.shown_hash()),
                    Stage::Lobby(_) => (Default::default(), None),
                };
                self.out.send(from, &HostMsg::Pong { nonce, head, hash, room: self.room_version, signed });
            }
            PeerMsg::Resend { from: seq } => {
                let Stage::Playing(m) = &self.stage else { return };
                if seq <= m.base {
                    // A successor's log starts at its copy's snapshot: older events
                    // come as a snapshot instead.
                    if let Some(sync) = self.sync_msg() {
                        self.out.send(from, &sync);
                    }
                    return;
                }
                let head = self.signed_head();
                let Stage::Playing(m) = &self.stage else { return };
                // Each message ends at a head the host signs (the last at its
                // own head): a replica checks every one before applying it.
                for (mut msg, at, chain) in m.resend(seq) {
                    let signed = match head {
                        Some(h) if h.seq == at => Some(h),
                        _ => self.signed_at(at, chain),
                    };
                    if let HostMsg::Events { signed: s, .. } = &mut msg {
                        *s = signed;
                    }
                    self.out.send(from, &msg);
                }
            }
            PeerMsg::SnapshotPlease => {
                if let Some(sync) = self.sync_msg() {
                    self.out.send(from, &sync);
                }
            }
            PeerMsg::RoomPlease => {
                for msg in self.room_msgs() {
                    self.out.send(from, &msg);
                }
            }
            PeerMsg::Bye => {
                if self.roster.leave(from) {
                    self.presence_changed(now);
                }
                self.room_dirty = true;
            }
            PeerMsg::Echo { nonce } => self.echo(now, from, player, nonce),
        }
    }

    /// Offers a command to the player's book and runs what it releases, in
    /// order (a freeze declaration may wait out the speed bump first).
    fn command(&mut self, now: u64, signed: (PlayerNo, CommandId, SeatSig), command: Command, nonce: Hash32) {
        let (player, id, sig) = signed;
        let Some(p) = self.roster.get_mut(player) else { return };
        let to_run = match p.book.offer(id, command, nonce) {
            Offer::Run(run) => {
                self.keep_sig(player, id, sig);
                run
            }
            Offer::Held => return self.keep_sig(player, id, sig),
            // A resend of a command the speed bump holds: its answer comes when it runs.
            Offer::Duplicate(None) if self.bump.holds(player, id) => return,
            Offer::Duplicate(outcome) => {
                let outcome = outcome.unwrap_or(Err(HostRefusal::AlreadyHandled(id)));
                return self.answer(player, id, outcome);
            }
            Offer::TooFar { expected } => {
                return self.answer(player, id, Err(HostRefusal::OutOfSequence { got: id, expected }));
            }
        };
        for (id, command, nonce) in to_run {
            self.run_or_hold(now, player, id, command, nonce);
        }
    }

    /// Runs one command of `player`'s stream and answers it.
    pub(super) fn carry_out(
        &mut self,
        now: u64,
        player: PlayerNo,
        id: CommandId,
        command: Command,
        nonce: Hash32,
    ) {
        #[cfg(any(test, feature = "test-support"))]
        let nonce = self.grind(player, id, &command, nonce);
        // One command, one possible set of dice: its nonce is the link its
        // device committed to, or nothing happens.
        let bound = self.roster.get_mut(player).is_some_and(|p| p.check_nonce(id, &nonce));
        let outcome = if bound {
            self.run(now, (player, id, nonce), command).map(|()| self.head())
        } else {
            Err(HostRefusal::ForgedNonce(id))
        };
        if let Some(p) = self.roster.get_mut(player) {
            p.book.record(id, outcome.clone());
        }
        self.drop_sig(player, id);
        self.answer(player, id, outcome);
    }

    fn answer(&mut self, player: PlayerNo, id: CommandId, outcome: Result<Seq, HostRefusal>) {
        let Some(conn) = self.roster.conn_of(player) else { return };
        let msg = match outcome {
            Ok(at) => HostMsg::Accepted { id, at },
            Err(reason) => HostMsg::Rejected { id, reason },
        };
        self.out.send(conn, &msg);
    }

    fn run(
        &mut self,
        now: u64,
        cause: (PlayerNo, CommandId, Hash32),
        command: Command,
    ) -> Result<(), HostRefusal> {
        let player = cause.0;
        let is_owner = self.owner_no() == Some(player);
        match command {
            Command::Intent { seat, intent } => {
                if !matches!(self.stage, Stage::Playing(_)) {
                    return Err(HostRefusal::NotStarted);
                }
                let away = |p| self.covers(p);
                self.seats.may_act(seat, player, is_owner, away)?;
                let crew = self.crew();
                let Stage::Playing(m) = &mut self.stage else { return Err(HostRefusal::NotStarted) };
                let batch =
                    m.play(seat, &intent, cause, crew, &mut self.keys, now).map_err(HostRefusal::Rule)?;
                self.broadcast_batches(&[batch]);
            }
            Command::Claim { seat } => self.take_seat(seat, player, now)?,
            Command::Chain { tip, sig } => {
                let first = cause.1 .0.checked_add(1).map(CommandId);
                let first = first.ok_or(HostRefusal::OutOfSequence { got: cause.1, expected: cause.1 })?;
                let chain = ChainCommit { first, tip, sig };
                let room = room_digest(&self.settings.room);
                let p = self.roster.get_mut(player).ok_or(HostRefusal::NotJoined)?;
                if !chain.signed_by(&p.key, &room) {
                    return Err(HostRefusal::UnsignedChain);
                }
                self.room_dirty |= p.commit_chain(chain);
                // Public before any command using it is sequenced: sent now,
                // ahead of the events of the commands that follow in this call.
                self.publish_room();
            }
            Command::Rename { name } => {
                self.roster.rename(player, &name);
                self.room_dirty = true;
            }
            Command::Release { seat } => self.give_up_seat(seat, player, now)?,
            Command::Edit(edit) => {
                if !is_owner {
                    return Err(HostRefusal::NotOwner);
                }
                self.edit(edit, now)?;
            }
            Command::Reseat { seats } => self.reseat(seats, cause, is_owner, now)?,
            Command::Start => {
                let Stage::Lobby(lobby) = &self.stage else { return Err(HostRefusal::Started) };
                if !is_owner {
                    return Err(HostRefusal::NotOwner);
                }
                #[allow(unused_mut)]
                let mut m = Match::start(lobby, self.settings.timing)
                    .map_err(|e| HostRefusal::Setup(e.to_string()))?;
                #[cfg(any(test, feature = "test-support"))]
                {
                    m.cheat = self.cheat;
                }
                self.stage = Stage::Playing(Box::new(m));
                if let Some(sync) = self.sync_msg() {
                    self.out.send_all(&self.roster.peers(), &sync);
                }
                self.seats_changed(now);
            }
        }
        Ok(())
    }

    /// Sends `batches` (the last ones appended, in order) to every peer as
    /// one message ending at the head, with the commands' signatures on
    /// their marks and the host's signed head: one signature per call that
    /// changed the log, and every message a replica applies is signed.
    pub(super) fn broadcast_batches(&mut self, batches: &[Batch]) {
        let Some(first) = batches.iter().find(|b| b.count > 0) else { return };
        let from = first.from;
        self.sign_marks(from);
        let peers = self.roster.peers();
        // Alone (practice: only this device's own replica listens) nobody
        // checks or elects from these events: no signature to pay for.
        let signed = if self.signs_batches() { self.signed_head() } else { None };
        let Stage::Playing(m) = &self.stage else { return };
        let count = usize::try_from(m.head().0.saturating_sub(from.0.saturating_sub(1))).unwrap_or(0);
        let mut msg = m.events_msg(&Batch { from, count });
        if let HostMsg::Events { signed: s, .. } = &mut msg {
            *s = signed;
        }
        self.out.send_all(&peers, &msg);
    }

    /// Seats a player holds (for tests and the app's seat picker).
    pub fn seats_of(&self, player: PlayerNo) -> Vec<SeatId> {
        self.room().seats_of(player)
    }
}
