//! What a replica tells the app: the notices it drains, and why a command
//! was not even sent.

use duel_core::{RuleError, SeatId};
use thiserror::Error;

use super::Finding;
use crate::ids::{CommandId, Epoch, PlayerNo, Seq};
use crate::wire::{Command, HostRefusal};

/// Something the UI may want to show or react to. Drained with [`Replica::drain_notices`].
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Admitted to the room as player `you`.
    Joined { you: PlayerNo },
    /// The host refused the connection; see the reason (reload, room full, …).
    Refused(HostRefusal),
    /// The room view changed.
    Room,
    /// A game copy was (re)built from a snapshot.
    Synced { head: Seq },
    /// Events `from..=to` were applied.
    Applied { from: Seq, to: Seq },
    /// A command was carried out.
    Accepted { id: CommandId },
    /// A command was refused; nothing changed.
    Rejected { id: CommandId, command: Option<Command>, reason: HostRefusal },
    /// The copy disagreed with the host's hash; a snapshot was requested.
    Desync { head: Seq },
    /// Re-deriving the dice of the batch at `at` did not give the host's
    /// events: the host chose dice (or events) it had no right to. Told
    /// once for each host caught (`host`: the one that delivered the batch;
    /// `None`: events a voter served in an election, nobody in charge).
    DiceTampered { at: Seq, host: Option<PlayerNo> },
    /// Thunderstruck: the host's event `at` reveals a plan or dice its
    /// player never committed to (T10).
    PlanForged { at: Seq },
    /// A peer answered as the room's host but could not prove the key the
    /// room link names: it was not followed nor told who this player is
    /// (see [`crate::pin`]). The app looks for another peer that hosts.
    NotTheHost(crate::pin::NotTheHost),
    /// The replica now follows the host of `epoch` (after an election).
    NewHost { epoch: Epoch, host: Option<PlayerNo> },
    /// The dice audit cannot check the host's dice from `since` on, and says
    /// why (its `Display` is a sentence for every player) and whose dice they
    /// are: the host withheld what the check needs or tampered with its
    /// record, or (`HostGone`) a host that left never showed its last key.
    /// Told once for each host named, so a second cheating host is named too;
    /// [`Finding::accuses`] tells a warning from a caution.
    DiceUnchecked(Finding),
    /// A host message refused because its signatures do not vouch for it
    /// (a batch altered on its way, a command its player never signed), a
    /// command of ours the host refused unsigned, or the room view binding
    /// this player to another key (issue 43, point 10). Its `Display` is a
    /// sentence for the player.
    Tampered(super::Tampered),
}

/// Why a command was not even sent.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SubmitError {
    #[error("not connected to the room yet")]
    NotJoined,
    #[error("the game has not started")]
    NotStarted,
    #[error("you do not hold seat {}", .0.0)]
    NotYourSeat(SeatId),
    /// The local copy already says no (the host would too).
    #[error("{0}")]
    Rule(RuleError),
    #[error("too many commands are waiting for the host")]
    Busy,
    #[error("the command is too large to send")]
    TooLarge,
}
