//! The replica: one device's view of the room. It sends this player's
//! commands (each numbered, resent until answered), applies the host's
//! events strictly in order, asks for what it misses, and exposes the
//! current `Game` and room for the UI. No I/O: datagrams and the clock come
//! in, datagrams for the host go out.

mod audit;
mod config;
mod epoch;
mod handle;
mod heir;
mod knock;
mod lineage;
mod nonces;
mod notice;
mod pending;
mod signed;
mod sync;

pub use audit::{AuditFinding, AuditReport, Finding, REVEAL_MS};
#[cfg(any(test, feature = "test-support"))]
pub(crate) use config::test_seat_key;
pub use config::{ReplicaConfig, ReplicaTiming};
pub use heir::Heir;
pub use notice::{Notice, SubmitError};
pub use pending::MAX_PENDING;
pub use signed::Tampered;

use duel_core::{Event, Game, Intent, SeatId};

use crate::chain::Hosts;
use crate::fair::room_digest;
use crate::hash::Hash32;
use crate::ids::{CommandId, Epoch, PlayerNo, Seq};
use crate::seat_key::{SeatKey, SeatPublic};
use crate::wire::{encode_peer, Command, HostDecoder, HostRefusal, PeerMsg, RoomView, SeatHolder, Snapshot};
use audit::Audit;
use nonces::Nonces;
use pending::Pending;
use sync::GameSync;

#[derive(Clone, Debug, PartialEq)]
enum Link {
    /// Asking the host to prove the pinned key before saying Hello (see
    /// [`crate::pin`]); `at` is when the last knock went out.
    Knocking {
        at: u64,
        challenge: Hash32,
    },
    /// Saying Hello; `hello_at` is when the last one went out.
    Joining {
        hello_at: Option<u64>,
    },
    Joined {
        you: PlayerNo,
    },
    Refused(HostRefusal),
}

/// A command's id and the datagrams to send to the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Submitted {
    pub id: CommandId,
    pub datagrams: Vec<Vec<u8>>,
}

/// One device's replica. See the module docs.
#[derive(Debug)]
pub struct Replica {
    cfg: ReplicaConfig,
    decoder: HostDecoder,
    link: Link,
    room: Option<RoomView>,
    sync: Option<GameSync>,
    /// Adopt the next snapshot whatever its head (the one after `Welcome`:
    /// a host restored from an older save is still the authority).
    trust_next_sync: bool,
    trust_next_room: bool,
    /// A snapshot that arrived before the `Welcome` it follows.
    early_sync: Option<Snapshot>,
    /// A room view that arrived before the `Welcome` it follows.
    early_room: Option<RoomView>,
    pending: Pending,
    notices: Vec<Notice>,
    asked_resend: Option<u64>,
    asked_snapshot: Option<u64>,
    asked_room: Option<u64>,
    last_ping: Option<u64>,
    last_heard: Option<u64>,
    nonce: u64,
    /// The epoch of the host this replica follows.
    epoch: Epoch,
    nonces: Nonces,
    audit: Audit,
    /// Commands accepted whose events have not reached this copy yet.
    waiting: Vec<(Seq, CommandId)>,
    /// The player number the last `Welcome` gave.
    known_as: Option<PlayerNo>,
    /// Which key hosts which epoch (whose signed heads are history).
    hosts: Hosts,
    /// Host messages refused (see [`Replica::refused_messages`]).
    refused: u64,
    /// Knocks made (each challenge differs).
    knocks: u64,
    /// The key of the host that proved the pin on this connection.
    proven: Option<SeatPublic>,
    /// The host's signature of the room view, and the elections behind it.
    seals: lineage::Seals,
    /// The key the room view bound this player to that the player was told
    /// is not this device's (see [`Tampered::KeySwapped`]).
    told_key: Option<SeatPublic>,
}

/// Notices kept if the app never drains them.
const MAX_NOTICES: usize = 1024;

impl Replica {
    /// A replica that has not said Hello yet: call [`Replica::connect`].
    pub fn new(cfg: ReplicaConfig) -> Replica {
        Replica {
            decoder: HostDecoder::default(),
            link: Link::Joining { hello_at: None },
            room: None,
            sync: None,
            trust_next_sync: false,
            trust_next_room: false,
            early_sync: None,
            early_room: None,
            pending: Pending::default(),
            notices: Vec::new(),
            asked_resend: None,
            asked_snapshot: None,
            asked_room: None,
            last_ping: None,
            last_heard: None,
            nonce: 0,
            epoch: Epoch(0),
            nonces: Nonces::new(cfg.nonce_seed, cfg.seat_key.clone(), room_digest(&cfg.room)),
            audit: Audit::new(room_digest(&cfg.room)),
            waiting: Vec::new(),
            known_as: None,
            hosts: Hosts::default(),
            refused: 0,
            knocks: 0,
            proven: None,
            seals: lineage::Seals::default(),
            told_key: None,
            cfg,
        }
    }

    /// (Re)starts the handshake, e.g. after the transport reconnected to
    /// the host under a new peer id. The game copy and unanswered commands
    /// are kept; the commands are resent once the host welcomes us back.
    pub fn connect(&mut self, now_ms: u64) -> Vec<Vec<u8>> {
        self.decoder = HostDecoder::default();
        self.proven = None;
        if self.must_knock() {
            let msg = self.knock(now_ms);
            return self.encode(&[msg]);
        }
        self.link = Link::Joining { hello_at: Some(now_ms) };
        self.encode(&[self.hello()])
    }

    /// Sends a game intent for `seat`, after checking it against the local
    /// copy (the host checks again: the copy may be a moment behind).
    ///
    /// # Errors
    /// A [`SubmitError`] when the intent would surely be refused; nothing is sent.
    pub fn submit(&mut self, now_ms: u64, seat: SeatId, intent: Intent) -> Result<Submitted, SubmitError> {
        let you = self.me().ok_or(SubmitError::NotJoined)?;
        let game = self.game().ok_or(SubmitError::NotStarted)?;
        if !self.may_drive(you, seat) {
            return Err(SubmitError::NotYourSeat(seat));
        }
        game.validate(seat, &intent).map_err(SubmitError::Rule)?;
        self.command(now_ms, Command::Intent { seat, intent })
    }

    /// Sends any command (seat claims, lobby edits, start) without local checks.
    ///
    /// # Errors
    /// [`SubmitError::NotJoined`], [`SubmitError::Busy`] or [`SubmitError::TooLarge`].
    pub fn command(&mut self, now_ms: u64, command: Command) -> Result<Submitted, SubmitError> {
        if self.me().is_none() {
            return Err(SubmitError::NotJoined);
        }
        let sig = crate::seat_key::SeatSig([0xff; 32], [0xff; 32]);
        let msg = PeerMsg::Command { id: CommandId(0), command: command.clone(), nonce: [0xff; 32], sig };
        encode_peer(&msg).map_err(|_| SubmitError::TooLarge)?;
        if !self.pending.has_room(2) {
            return Err(SubmitError::Busy);
        }
        let mut msgs = Vec::new();
        // The chain in use ends here: its last link commits the next chain,
        // which the host publishes before it runs the command after it.
        if let Some(next) = self.nonces.renewal_at(self.pending.next_id()) {
            let renewal = Command::Chain { tip: next.tip, sig: next.sig };
            let id = self.pending.push(renewal.clone(), now_ms).ok_or(SubmitError::Busy)?;
            self.nonces.using(id);
            msgs.push(self.command_msg(id, renewal));
        }
        let id = self.pending.push(command.clone(), now_ms).ok_or(SubmitError::Busy)?;
        self.nonces.using(id);
        if let Command::Rename { name } = &command {
            // A later Hello (a reconnect, a new host) says the new name too.
            self.cfg.name.clone_from(name);
        }
        msgs.push(self.command_msg(id, command));
        Ok(Submitted { id, datagrams: self.encode(&msgs) })
    }

    /// Leaving on purpose: the host marks this player away at once.
    pub fn bye(&mut self) -> Vec<Vec<u8>> {
        self.encode(&[PeerMsg::Bye])
    }

    /// The current game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.sync.as_ref().map(|s| &s.game)
    }

    /// The position this copy began from (after `Seq` events) and every
    /// event applied since: what a recorded game keeps.
    pub fn history(&self) -> Option<(Seq, &Game, &[Event])> {
        self.sync.as_ref().map(|s| (s.base.0, &s.base.1, s.log.as_slice()))
    }

    /// The last event applied.
    pub fn head(&self) -> Seq {
        self.sync.as_ref().map(|s| s.head).unwrap_or_default()
    }

    /// The room view, once welcomed.
    pub fn room(&self) -> Option<&RoomView> {
        self.room.as_ref()
    }

    /// This player's number, once welcomed.
    pub fn me(&self) -> Option<PlayerNo> {
        match self.link {
            Link::Joined { you } => Some(you),
            _ => None,
        }
    }

    /// Why the host refused us, if it did.
    pub fn refused(&self) -> Option<&HostRefusal> {
        match &self.link {
            Link::Refused(r) => Some(r),
            _ => None,
        }
    }

    /// Seats this player holds.
    pub fn my_seats(&self) -> Vec<SeatId> {
        match (self.room(), self.me()) {
            (Some(room), Some(me)) => room.seats_of(me),
            _ => Vec::new(),
        }
    }

    /// Seats this app must drive with a bot (non-empty only for the room owner).
    pub fn bot_seats_to_drive(&self) -> Vec<SeatId> {
        match (self.room(), self.me()) {
            (Some(room), Some(me)) if room.owner == Some(me) => room.bot_seats(),
            _ => Vec::new(),
        }
    }

    /// Host messages (and fetched batches) refused as impossible: bytes that
    /// do not decode, a batch numbered from 0 or past [`Seq::LIMIT`], a
    /// snapshot that fails its own hash or runs past the limit. Each changed
    /// nothing but this count.
    pub fn refused_messages(&self) -> u64 {
        self.refused
    }

    /// Commands sent and not yet answered.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// Whether the copy is waiting for a snapshot after a hash mismatch.
    pub fn desynced(&self) -> bool {
        self.sync.as_ref().is_some_and(|s| s.desynced)
    }

    /// How long since anything came from the host (`None`: never).
    pub fn host_silent_for(&self, now_ms: u64) -> Option<u64> {
        self.last_heard.map(|t| now_ms.saturating_sub(t))
    }

    /// Re-derives what dice it can and tells what it found.
    pub(super) fn audit_now(&mut self) {
        let Some(sync) = &self.sync else { return };
        if let Some(me) = self.known_as {
            let nonces = &self.nonces;
            self.audit.own(sync, me, |id| nonces.sent(id));
        }
        self.audit.advance(sync, self.epoch);
        self.tell_audit();
    }

    /// The audit's findings, as notices: each host it names, once.
    pub(super) fn tell_audit(&mut self) {
        for told in self.audit.drain_told() {
            self.notice(match told {
                audit::Told::Tampered { at, host } => Notice::DiceTampered { at, host },
                audit::Told::Unchecked(f) => Notice::DiceUnchecked(f),
            });
        }
    }

    /// The nonce this device's chain gives command `id`: for tests that send
    /// a doctored command with the nonce its device would (feature `test-support`).
    #[cfg(any(test, feature = "test-support"))]
    pub fn nonce_for(&self, id: CommandId) -> crate::hash::Hash32 {
        self.nonces.link(id)
    }

    /// Takes the notices gathered since the last call.
    pub fn drain_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    fn may_drive(&self, you: PlayerNo, seat: SeatId) -> bool {
        let Some(room) = self.room() else { return false };
        match room.seats.get(usize::from(seat.0)) {
            Some(SeatHolder::Player(p)) if *p == you => true,
            // The owner drives the bots: bot seats, and the seats its bots cover.
            Some(_) => room.owner == Some(you) && room.bot_seats().contains(&seat),
            None => false,
        }
    }

    fn hello(&self) -> PeerMsg {
        PeerMsg::Hello {
            player: self.cfg.player,
            name: self.cfg.name.clone(),
            build: self.cfg.build.clone(),
            key: self.cfg.seat_key.public(),
            chain: self.nonces.commit_for(self.pending.low()),
        }
    }

    /// Command `id` as sent: with the link of this device's chain for it,
    /// and signed with its seat key as this player's (issue 43, point 10),
    /// so nobody relaying the link can alter it or make one up.
    fn command_msg(&self, id: CommandId, command: Command) -> PeerMsg {
        let player = self.known_as.unwrap_or(PlayerNo(0));
        let sig =
            crate::command_sig::sign_command(&self.cfg.seat_key, &self.room_digest(), player, id, &command);
        PeerMsg::Command { id, command, nonce: self.nonces.link(id), sig }
    }

    /// This device's seat key (it signs the device's election messages).
    pub fn seat_key(&self) -> &SeatKey {
        &self.cfg.seat_key
    }

    /// The digest of the room's name: what every signed statement is bound to.
    pub fn room_digest(&self) -> Hash32 {
        room_digest(&self.cfg.room)
    }

    fn notice(&mut self, n: Notice) {
        if self.notices.len() >= MAX_NOTICES {
            self.notices.remove(0);
        }
        self.notices.push(n);
    }

    fn encode(&self, msgs: &[PeerMsg]) -> Vec<Vec<u8>> {
        msgs.iter().filter_map(|m| encode_peer(m).ok()).collect()
    }
}
