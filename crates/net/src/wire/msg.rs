//! The messages, named by direction as matchbox does (`PeerMsg` goes up to
//! the host, `HostMsg` comes down). Closed enums with struct variants: the
//! whole protocol is readable in this one file.

use duel_core::config::Preplaced;
use duel_core::map::MapSpec;
use duel_core::{Event, Game, HostAction, Intent, Layout, Mode, Ruleset, SeatId, SeatSpec};
use serde::{Deserialize, Serialize};

use super::{Ballot, BotLevel, HostRefusal, RoomView};
use crate::chain::SignedHead;
use crate::fair::{Cause, ChainCommit, KeyId, Secret};
use crate::hash::Hash32;
use crate::ids::{CommandId, Epoch, PeerId, PlayerNo, PlayerToken, Seq};
use crate::seat_key::{SeatPublic, SeatSig};

/// Peer → host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PeerMsg {
    /// The handshake, sent on every (re)connect until a `Welcome` arrives.
    /// The protocol version is in every datagram's header; `build` is the
    /// app's build id, which must match the host's (rules code must agree
    /// byte for byte or the replicas' hashes drift).
    /// `key` is the public half of the device's seat key (see
    /// [`crate::seat_key`]); the host lists it in the room view. A player is
    /// its token and that key: it comes back only with the key it joined
    /// with (a device that lost its key joins as a new player), a key is one
    /// player, and a connection speaks for the one player it said `Hello` as
    /// first (issue 43). `chain` commits the device's command
    /// nonces from its first unanswered command on (see
    /// [`crate::fair::NonceChain`]); the host publishes it in the room view.
    Hello { player: PlayerToken, name: String, build: String, key: SeatPublic, chain: ChainCommit },
    /// One command of this player's ordered, deduplicated stream. `nonce`
    /// is the link of the player's committed chain for `id` and enters the
    /// roll of any dice the command causes: one command, one set of dice,
    /// fixed before the host sees it (the host refuses any other nonce).
    /// `sig`: the device's seat key over the room, the player, `id` and
    /// `command` (see [`crate::command_sig`]): nobody relaying the link can
    /// alter a command or make one up in the player's name (issue 43).
    Command { id: CommandId, command: Command, nonce: Hash32, sig: SeatSig },
    /// Heartbeat; answered by `Pong`, which also carries the host's head.
    Ping { nonce: u64 },
    /// "I am missing events from `from` on" (a gap, or `Pong` showed a longer log).
    Resend { from: Seq },
    /// "Send me a snapshot" (a hash mismatch, or no game yet after the start).
    SnapshotPlease,
    /// "Send me the room view" (`Pong` showed a newer version).
    RoomPlease,
    /// Leaving on purpose: the seats stay reserved, the player shows as away.
    Bye,
    /// The answer to the host's `Probe`, sent the moment it arrives: the
    /// host times the round trip itself (the speed bump, issue 31).
    Echo { nonce: u64 },
    /// "Prove you host this room": a newcomer whose room link pins the
    /// owner's key sends this before its `Hello`, and says `Hello` (its
    /// token) only to a host whose `Proof` signs this fresh `challenge` with
    /// the pinned key (see [`crate::pin`]). Any connection may knock.
    Knock { challenge: Hash32 },
}

/// What a player asks the host to do. Every command gets exactly one
/// `Accepted` or `Rejected` answer carrying its id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// A game intent for one of the seats this player holds.
    Intent { seat: SeatId, intent: Intent },
    /// Take an open seat (a device may hold several). In a game, also a
    /// seat a bot plays: a bot seat, or one it covers for a departed player.
    Claim { seat: SeatId },
    /// Give a seat back; in a game it passes to a bot (every station stays crewed).
    Release { seat: SeatId },
    /// Change the game being set up (room owner; lobby only, but for the
    /// bots' levels and cover, which change no rule).
    Edit(LobbyEdit),
    /// Build the game from the lobby's config (room owner, lobby only).
    Start,
    /// Die Fighter: move a team's players between stations and ships (D20:
    /// while the team's Fighter is destroyed or during its own LAUNCH). The
    /// sender must hold one of the listed seats (the owner may move bot
    /// seats); every listed seat must crew that seat's team; the core checks
    /// the rest (`HostAction::Reseat`).
    Reseat { seats: Vec<(SeatId, SeatSpec)> },
    /// The name every peer sees for the sender (any time: a guest who came
    /// by link names itself in the lobby). Control characters are dropped and
    /// it is cut to `MAX_NAME`; an empty name is "Cadet".
    Rename { name: String },
    /// Commits the device's next nonce chain: `tip` covers the commands from
    /// this one's id + 1 on. Sent on the last link of the chain in use, so
    /// the new commitment is in the room view before any command uses it.
    /// `sig`: the device's seat key's signature of `(id + 1, tip)` (see
    /// [`ChainCommit`]), so no host can commit a chain in its name.
    Chain { tip: Hash32, sig: SeatSig },
}

/// One change to the lobby's `GameConfig` or seat table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LobbyEdit {
    /// Ruleset and house-rule toggles.
    Ruleset(Ruleset),
    /// Ship layout; seats reset to one whole-ship seat per ship.
    Layout(Layout),
    /// The seat table; every claim and bot flag is cleared.
    Seats(Vec<SeatSpec>),
    /// The map.
    Map(MapSpec),
    /// Preplaced tokens (`None`: teams place them in a set-up phase).
    Preplaced(Option<Preplaced>),
    /// Mark a seat as driven by a bot (run by the owner's app through the same command path).
    Bot { seat: SeatId, bot: bool },
    /// How well the bot in `seat` plays (also mid-game: it changes no rule).
    Level { seat: SeatId, level: BotLevel },
    /// Whether, and how well, bots cover a departed player's seats (also mid-game).
    Cover(Option<BotLevel>),
    /// Which game the room plays; the seats reset to that game's (R23: one per player).
    Mode(Mode),
}

/// Host → peer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HostMsg {
    /// Admitted. `next_command` is the id the host expects next from this
    /// player, so a reloaded tab continues the sequence instead of reusing ids.
    /// `commits` are the host's commitments to the dice keys in use and next
    /// (see [`crate::fair`]), known before this player sends any nonce.
    Welcome { build: String, you: PlayerNo, next_command: CommandId, commits: Vec<(KeyId, Hash32)> },
    /// The connection is refused (version, build, full room, not joined, malformed).
    Refused { reason: HostRefusal },
    /// The room: who is here, who holds which seat, the config.
    Room(Box<RoomView>),
    /// A checkpoint of the game plus the events after it.
    Sync(Box<Snapshot>),
    /// Events `from ..` in log order; `hash` is the state hash after the
    /// last of them, present periodically and on every resend's last batch.
    /// `marks` say what caused each batch among them (see [`Mark`]).
    /// `signed`: the host's signed chain head after the last of them, on
    /// every message that ends at the host's head (see [`crate::chain`]).
    Events { from: Seq, events: Vec<Event>, hash: Option<u64>, marks: Vec<Mark>, signed: Option<SignedHead> },
    /// The command was carried out; the log's head was `at` after it. A
    /// replica counts it done only once its copy reaches `at`: if the host
    /// dies first, the command is sent again to its successor, which runs it
    /// unless some copy kept its events (so an accepted intent is never lost).
    Accepted { id: CommandId, at: Seq },
    /// The command was refused; nothing changed.
    Rejected { id: CommandId, reason: HostRefusal },
    /// Heartbeat answer with the host's head, its hash and the room version,
    /// so a replica that lost the last message notices it; `signed`, the
    /// host's signed chain head at `head`.
    Pong { nonce: u64, head: Seq, hash: Option<u64>, room: u32, signed: Option<SignedHead> },
    /// "Echo this at once": how the host measures each player's one-way
    /// latency for the speed bump (issue 31). About once a second.
    Probe { nonce: u64 },
    /// The answer to a `Knock`: the host's seat key, its signature of the
    /// knock's challenge and the host's epoch, and the elections that made
    /// it host since the owner's room (empty from the owner; see [`crate::pin`]).
    Proof { key: SeatPublic, sig: SeatSig, lineage: super::Lineage },
    /// The host's seat key over `(epoch, view)` for the room view of
    /// `version` it just sent: what a successor shows a pinned newcomer as
    /// the room its election was won in (see [`super::SignedRoom`]).
    RoomSig { version: u32, sig: SeatSig },
}

/// A game checkpoint at `seq` and the events after it up to the host's head.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub seq: Seq,
    pub game: Game,
    pub tail: Vec<Event>,
    /// The state hash after the tail.
    pub hash: u64,
    /// What caused each batch of the tail.
    pub marks: Vec<Mark>,
    /// The log's chain value at `seq` (see [`crate::chain`]): the copy
    /// continues the host's chain from it.
    pub chain: Hash32,
    /// The host's signed chain head after the tail.
    pub signed: Option<SignedHead>,
}

/// What caused the batch of events starting at `at`: replicated with the
/// events so that a successor host knows which commands ran (none runs
/// twice) and every replica can re-derive the batch's dice once the key's
/// secret is revealed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    /// The batch's first event.
    pub at: Seq,
    /// The key its dice were drawn with.
    pub key: KeyId,
    /// The nonce of the command that caused it (its chain link); zero for
    /// the host's own actions, whose dice `step` makes their own.
    pub nonce: Hash32,
    /// The player command that caused it, if any.
    pub by: Option<(PlayerNo, CommandId)>,
    pub act: Act,
    /// Set on the batch after which the host changed keys.
    pub seal: Option<Seal>,
    /// A host action's number under `key` (0, 1, 2, … in log order; the
    /// audit checks that none is skipped); 0 for a player's command.
    pub step: u32,
    /// The player's signature of the command that caused the batch (`by`),
    /// as the host checked it: every replica checks it again against the
    /// key its room view lists for that player (see [`crate::command_sig`]).
    /// `None` for a host action.
    pub sig: Option<SeatSig>,
}

impl Mark {
    /// A mark without a seal.
    pub fn new(at: Seq, key: KeyId, nonce: Hash32, by: Option<(PlayerNo, CommandId)>, act: Act) -> Mark {
        Mark { at, key, nonce, by, act, seal: None, step: 0, sig: None }
    }

    /// What the batch's dice were drawn for.
    pub fn cause(&self) -> Cause {
        match self.by {
            Some((player, id)) => Cause::Player { player, id },
            None => Cause::Host { step: self.step },
        }
    }

    /// Whether the batch is numbered among the host's own under its key
    /// (`step`): a host action, or a command of `crew`, the player of the
    /// device that hosts the key's epoch (see [`crate::fair::crew_of`]).
    pub fn numbered(&self, crew: Option<PlayerNo>) -> bool {
        match self.by {
            None => true,
            Some((player, _)) => Some(player) == crew,
        }
    }

    /// What the batch's dice are drawn from, the cause and the nonce: the
    /// host's own crew rolls as the host does, by its number under the key,
    /// never by its command's id or nonce (the host knows both, and could
    /// preview each id's dice and burn the ids it dislikes).
    pub fn dice_inputs(&self, crew: Option<PlayerNo>) -> (Cause, Hash32) {
        match self.by {
            Some((player, id)) if Some(player) != crew => (Cause::Player { player, id }, self.nonce),
            _ => (Cause::Host { step: self.step }, [0; 32]),
        }
    }
}

/// A batch's cause, enough to carry it out again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    Play { seat: SeatId, intent: Intent },
    Host(HostAction),
}

/// A key change: the secret of `revealed` is now public, and the host is
/// committed to the key after the next one (so a commitment is always
/// public before any nonce that key will meet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    pub revealed: KeyId,
    pub secret: Secret,
    pub next: KeyId,
    pub commit: Hash32,
}

/// A host message with the epoch of the host that sent it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stamped {
    pub epoch: Epoch,
    pub msg: HostMsg,
}

/// Peer ↔ peer, only while electing a successor to a silent host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MeshMsg {
    /// "The host is silent: elect me for `epoch`." `sig`: the candidate's
    /// seat key over `(epoch, candidate)`.
    Poll { epoch: Epoch, candidate: PlayerNo, sig: SeatSig },
    /// The answer to a poll, signed by the voter, with where its copy stands.
    Vote { ballot: Ballot },
    /// "Send me your events from `from` on" (the candidate adopting the longest copy).
    Fetch { epoch: Epoch, from: Seq },
    /// Events and their marks from a peer's copy, in answer to `Fetch`.
    Batch { from: Seq, events: Vec<Event>, marks: Vec<Mark> },
    /// "`host`, at transport id `peer`, won `epoch`": follow it. Sent by
    /// the new host, and repeated by any replica to a host of an older epoch
    /// that still talks to it. `votes` is the certificate: the granted
    /// ballots, the winner's own among them, each signed by its voter; `of`
    /// is the number of players the winner counted its majority of; `sig`
    /// is the winner's seat key over `(epoch, host, peer)`, so nobody who
    /// relays the certificate can send its followers to another address.
    Elected { epoch: Epoch, host: PlayerNo, peer: PeerId, votes: Vec<Ballot>, of: u16, sig: SeatSig },
    /// The answer of a host that is alive to a poll: nobody needs electing.
    Hosting { epoch: Epoch },
}

/// Where a replica's copy stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopyState {
    pub epoch: Epoch,
    pub head: Seq,
    pub hash: Option<u64>,
    /// The latest head of the host's chain this copy reached and verified:
    /// how far a candidate may adopt this copy (see [`crate::chain`]).
    pub signed: Option<SignedHead>,
}
