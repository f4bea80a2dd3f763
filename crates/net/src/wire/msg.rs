//! The messages, named by direction as matchbox does (`PeerMsg` goes up to
//! the host, `HostMsg` comes down). Closed enums with struct variants: the
//! whole protocol is readable in this one file.

use duel_core::config::Preplaced;
use duel_core::map::MapSpec;
use duel_core::{Event, Game, GameConfig, Intent, Layout, Ruleset, SeatId, SeatSpec};
use serde::{Deserialize, Serialize};

use super::Refusal;
use crate::ids::{CommandId, PlayerNo, PlayerToken, Seq};

/// Peer → host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PeerMsg {
    /// The handshake, sent on every (re)connect until a `Welcome` arrives.
    /// The protocol version is in every datagram's header; `build` is the
    /// app's build id, which must match the host's (rules code must agree
    /// byte for byte or the replicas' hashes drift).
    Hello { player: PlayerToken, name: String, build: String },
    /// One command of this player's ordered, deduplicated stream.
    Command { id: CommandId, command: Command },
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
}

/// What a player asks the host to do. Every command gets exactly one
/// `Accepted` or `Rejected` answer carrying its id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// A game intent for one of the seats this player holds.
    Intent { seat: SeatId, intent: Intent },
    /// Take an open seat (a device may hold several).
    Claim { seat: SeatId },
    /// Give a seat back (in the game it shows as away until someone claims it).
    Release { seat: SeatId },
    /// Change the game being set up (room owner, lobby only).
    Edit(LobbyEdit),
    /// Build the game from the lobby's config (room owner, lobby only).
    Start,
    /// Die Fighter: move a team's players between stations and ships (D20:
    /// while the team's Fighter is destroyed or during its own LAUNCH). The
    /// sender must hold one of the listed seats (the owner may move bot
    /// seats); every listed seat must crew that seat's team; the core checks
    /// the rest (`HostAction::Reseat`).
    Reseat { seats: Vec<(SeatId, SeatSpec)> },
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
}

/// Host → peer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HostMsg {
    /// Admitted. `next_command` is the id the host expects next from this
    /// player, so a reloaded tab continues the sequence instead of reusing ids.
    Welcome { build: String, you: PlayerNo, next_command: CommandId },
    /// The connection is refused (version, build, full room, not joined, malformed).
    Refused { reason: Refusal },
    /// The room: who is here, who holds which seat, the config.
    Room(RoomView),
    /// A checkpoint of the game plus the events after it.
    Sync(Box<Snapshot>),
    /// Events `from ..` in log order; `hash` is the state hash after the
    /// last of them, present periodically and on every resend's last batch.
    Events { from: Seq, events: Vec<Event>, hash: Option<u64> },
    /// The command was carried out.
    Accepted { id: CommandId },
    /// The command was refused; nothing changed.
    Rejected { id: CommandId, reason: Refusal },
    /// Heartbeat answer with the host's head, its hash and the room version,
    /// so a replica that lost the last message notices it.
    Pong { nonce: u64, head: Seq, hash: Option<u64>, room: u32 },
}

/// A game checkpoint at `seq` and the events after it up to the host's head.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub seq: Seq,
    pub game: Game,
    pub tail: Vec<Event>,
    /// The state hash after the tail.
    pub hash: u64,
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatHolder {
    Open,
    Player(PlayerNo),
    /// Driven by a bot in the room owner's app.
    Bot,
}

/// A player as everyone sees it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub no: PlayerNo,
    pub name: String,
    pub connected: bool,
    pub away: bool,
}

/// The room as everyone sees it. Sent whole on every change (it is small);
/// `version` lets a replica drop a stale copy that arrives late.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomView {
    pub version: u32,
    pub owner: Option<PlayerNo>,
    pub started: bool,
    /// The config being edited, or the one the game was built from.
    pub config: GameConfig,
    /// Parallel to `config.seats`.
    pub seats: Vec<SeatHolder>,
    pub players: Vec<PlayerView>,
}

impl RoomView {
    /// Seats `player` holds.
    pub fn seats_of(&self, player: PlayerNo) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Player(player))
    }

    /// Seats marked bot-driven: the owner's app drives them through the command path.
    pub fn bot_seats(&self) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Bot)
    }

    /// Seats nobody holds.
    pub fn open_seats(&self) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Open)
    }

    /// A player's public entry.
    pub fn player(&self, no: PlayerNo) -> Option<&PlayerView> {
        self.players.iter().find(|p| p.no == no)
    }

    fn held_by(&self, want: impl Fn(SeatHolder) -> bool) -> Vec<SeatId> {
        let seat = |i: usize| SeatId(u8::try_from(i).unwrap_or(u8::MAX));
        self.seats.iter().enumerate().filter(|(_, h)| want(**h)).map(|(i, _)| seat(i)).collect()
    }
}
