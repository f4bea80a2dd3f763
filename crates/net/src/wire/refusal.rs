//! Why the host said no. One enum for connection refusals and command
//! rejections alike, so the UI has one place to turn a reason into text; the
//! `Display` is meant to be shown to the player as is.

use duel_core::{RuleError, SeatId};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ids::CommandId;

/// A reason the host refused a connection or rejected a command.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum HostRefusal {
    /// The datagram header names another protocol version.
    #[error("this room runs protocol version {host} but your app speaks {peer}: reload the page")]
    Version { host: u16, peer: u16 },
    /// Another build of the app: the rules code could differ.
    #[error("this room runs app build {host:?} but yours is {peer:?}: reload the page")]
    Build { host: String, peer: String },
    #[error("the room is full ({capacity} players)")]
    RoomFull { capacity: u16 },
    /// Bytes that do not decode to a message.
    #[error("malformed message: {0}")]
    Malformed(String),
    #[error("message of {len} bytes is over the {max}-byte limit")]
    Oversized { len: u32, max: u32 },
    /// Anything but `Hello` before the host admitted this connection.
    #[error("say Hello first: this connection has not joined the room")]
    NotJoined,
    /// Another connection now speaks for this player (a second tab, or a reconnect).
    #[error("this player joined again from another connection")]
    Replaced,
    #[error("only the room's host may change the game settings")]
    NotOwner,
    #[error("the game has already started")]
    Started,
    #[error("the game has not started yet")]
    NotStarted,
    #[error("there is no seat {}", .0.0)]
    NoSuchSeat(SeatId),
    #[error("seat {} is taken", .0.0)]
    SeatTaken(SeatId),
    #[error("seat {} is played by a bot", .0.0)]
    BotSeat(SeatId),
    /// The command names a seat this player does not hold.
    #[error("you do not hold seat {}", .0.0)]
    NotYourSeat(SeatId),
    /// `Start` with a config the rules core refuses.
    #[error("the game cannot start: {0}")]
    Setup(String),
    /// The rules refuse the intent.
    #[error("{0}")]
    Rule(RuleError),
    /// A command id far ahead of the ones the host has seen from this player.
    #[error("command {} is out of sequence (expected {})", got.0, expected.0)]
    OutOfSequence { got: CommandId, expected: CommandId },
    /// A duplicate of a command handled so long ago its outcome is forgotten.
    #[error("command {} was already handled", .0.0)]
    AlreadyHandled(CommandId),
    /// Mid-game, a player of one side may not take a seat of the other
    /// (issue 30: one side per player once the battle is on).
    #[error("seat {} is on the other side: hand your own seats to a bot first", .0.0)]
    OtherSide(SeatId),
    /// The command's nonce is not the link its device committed to for it
    /// (issue 31: one command, one possible set of dice).
    #[error("command {} does not carry the nonce its device committed to", .0.0)]
    ForgedNonce(CommandId),
    /// A nonce-chain commitment (in a `Hello` or a `Command::Chain`) not
    /// signed with the seat key the device joined with: nobody, the host
    /// included, may commit a chain in a player's name (issue 31).
    #[error("your device's dice commitment is not signed with its seat key: reload the page")]
    UnsignedChain,
    /// A `Hello` for a second player on a connection that already said
    /// `Hello` as another (issue 43: one connection cannot mint players).
    #[error("this connection already speaks for another player: one device plays as one player")]
    OtherPlayer,
    /// A known player's token with a seat key other than the one it joined
    /// with (issue 43: a token alone never hands anyone a player).
    #[error(
        "your player is in this room under another device's seat key, which a token alone cannot \
         replace: this device can join only as a new player"
    )]
    SeatKeyChanged,
    /// A new player with a seat key another player of the room joined with
    /// (issue 43: one key, one player, one vote).
    #[error(
        "another player in this room joined with your device's seat key: one device plays as one player"
    )]
    SeatKeyInUse,
    /// A command whose signature is not its player's seat key's over the
    /// room, the player, its id and its bytes (issue 43, point 10): a
    /// device relaying the player's link altered or made it up. Nothing ran
    /// and the id is not spent: the real command, resent, still runs.
    #[error(
        "the host refused command {} in your name: it did not carry your device's signature \
         (a device relaying your link may have altered it); your own command is sent again",
        .0.0
    )]
    UnsignedCommand(CommandId),
}
