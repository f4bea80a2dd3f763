//! Commands signed end to end (issue 43, point 10). The host runs a
//! player's command only if the seat key its roster binds to that player
//! signed it, keeps the signature until the command runs, and puts it on
//! the mark of the batch the command caused, so every replica checks it
//! again. A command that does not carry its player's signature (altered or
//! made up by a device relaying the link) is refused at the door: nothing
//! runs, its id is not spent (the real command, resent, still runs), the
//! refusal is counted and its sender is told.

use std::collections::BTreeMap;

use super::{Host, Stage};
use crate::command_sig::command_signed_by;
use crate::fair::room_digest;
use crate::ids::{CommandId, PeerId, PlayerNo, Seq};
use crate::seat_key::SeatSig;
use crate::wire::{Command, HostMsg, HostRefusal};

/// The signatures of commands offered and not yet run, and the count of
/// commands refused for want of one.
#[derive(Debug, Default)]
pub(crate) struct CommandSigs {
    /// At most the book's window of early ids and the speed bump's held
    /// freezes per player: an entry goes when its command runs or is refused.
    kept: BTreeMap<(PlayerNo, CommandId), SeatSig>,
    refused: u64,
}

impl Host {
    /// Whether `sig` is the signature of `player`'s key over its command
    /// `id`. If not, the command is refused (told to `from`, counted) and
    /// nothing else changes.
    pub(super) fn command_signed(
        &mut self,
        from: PeerId,
        (player, id): (PlayerNo, CommandId),
        command: &Command,
        sig: &SeatSig,
    ) -> bool {
        let room = room_digest(&self.settings.room);
        let key = self.roster.players.get(&player).map(|p| p.key);
        if key.is_some_and(|k| command_signed_by(&k, &room, (player, id), command, sig)) {
            return true;
        }
        self.heads.commands.refused = self.heads.commands.refused.saturating_add(1);
        self.out.send(from, &HostMsg::Refused { reason: HostRefusal::UnsignedCommand(id) });
        false
    }

    /// Keeps the signature of a command the book will run (now or once the
    /// ids before it arrive); the first one kept for an id stands, as the
    /// book keeps the first command.
    pub(super) fn keep_sig(&mut self, player: PlayerNo, id: CommandId, sig: SeatSig) {
        self.heads.commands.kept.entry((player, id)).or_insert(sig);
    }

    /// The command ran or was refused: its signature is on its mark, or not needed.
    pub(super) fn drop_sig(&mut self, player: PlayerNo, id: CommandId) {
        self.heads.commands.kept.remove(&(player, id));
    }

    /// Puts the kept signatures on the marks of the batches from `from` on
    /// (a player's command's, just appended to the log).
    pub(super) fn sign_marks(&mut self, from: Seq) {
        let Stage::Playing(m) = &mut self.stage else { return };
        let start = m.marks.partition_point(|k| k.at < from);
        for mark in m.marks.iter_mut().skip(start).filter(|k| k.sig.is_none()) {
            if let Some(by) = mark.by {
                mark.sig = self.heads.commands.kept.get(&by).copied();
            }
        }
    }

    /// Commands refused because their player's seat key did not sign them
    /// (issue 43, point 10): each changed nothing.
    pub fn refused_commands(&self) -> u64 {
        self.heads.commands.refused
    }

    /// Whether the host signs its head on every batch: whenever another
    /// player is listed (every replica of such a room checks it), not alone
    /// in practice, where only this device's own replica listens.
    pub(super) fn signs_batches(&self) -> bool {
        self.roster.players.len() > 1 || self.roster.peers().len() > 1
    }
}
