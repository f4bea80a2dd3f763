//! Commands sent but not yet answered. Each is resent until the host
//! answers (`Accepted` or `Rejected`), and all of them again after a
//! reconnect; the host runs each id once, so resending is always safe.

use std::collections::VecDeque;

use crate::ids::CommandId;
use crate::wire::Command;

/// Most unanswered commands a replica keeps (a UI clicking into a dead link).
pub const MAX_PENDING: usize = 256;

#[derive(Clone, Debug)]
struct Outstanding {
    id: CommandId,
    command: Command,
    sent_at: u64,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Pending {
    next: u32,
    queue: VecDeque<Outstanding>,
}

impl Pending {
    /// Numbers a new command; `None` when too many are unanswered.
    pub(crate) fn push(&mut self, command: Command, now: u64) -> Option<CommandId> {
        if self.queue.len() >= MAX_PENDING {
            return None;
        }
        let id = CommandId(self.next);
        self.next = self.next.wrapping_add(1);
        self.queue.push_back(Outstanding { id, command, sent_at: now });
        Some(id)
    }

    /// The id the next command gets.
    pub(crate) fn next_id(&self) -> CommandId {
        CommandId(self.next)
    }

    /// Room for `n` more commands.
    pub(crate) fn has_room(&self, n: usize) -> bool {
        self.queue.len().saturating_add(n) <= MAX_PENDING
    }

    /// The first id still to be answered (or the next one, when none waits):
    /// where the nonce chain a `Hello` commits must begin to cover.
    pub(crate) fn low(&self) -> CommandId {
        self.queue.front().map_or(CommandId(self.next), |o| o.id)
    }

    /// The chain renewals waiting (tip and signature), by the id that carries each.
    pub(crate) fn renewals_mut(
        &mut self,
    ) -> impl Iterator<Item = (CommandId, &mut crate::hash::Hash32, &mut crate::seat_key::SeatSig)> {
        self.queue.iter_mut().filter_map(|o| match &mut o.command {
            Command::Chain { tip, sig } => Some((o.id, tip, sig)),
            _ => None,
        })
    }

    /// Whether `id` was sent and is not answered yet.
    pub(crate) fn has(&self, id: CommandId) -> bool {
        self.queue.iter().any(|o| o.id == id)
    }

    /// The host answered `id`: forget it, returning the command.
    pub(crate) fn answered(&mut self, id: CommandId) -> Option<Command> {
        let i = self.queue.iter().position(|o| o.id == id)?;
        self.queue.remove(i).map(|o| o.command)
    }

    /// The host expects `next` from this player (`Welcome`). Ids below the
    /// first unanswered one were run by the host, so normally `next` is at
    /// least that id; then nothing changes, except that an id counter lost
    /// to a page reload jumps forward. A host restored from an older save
    /// may expect less: the unanswered commands are renumbered from `next`,
    /// which that host has never seen, so none is held back forever.
    /// Returns whether the waiting commands were renumbered.
    pub(crate) fn continue_from(&mut self, next: CommandId) -> bool {
        let first = self.queue.front().map_or(self.next, |o| o.id.0);
        if next.0 < first {
            for (i, o) in self.queue.iter_mut().enumerate() {
                o.id = CommandId(next.0.wrapping_add(i as u32));
            }
            self.next = next.0.wrapping_add(self.queue.len() as u32);
            !self.queue.is_empty()
        } else {
            self.next = self.next.max(next.0);
            false
        }
    }

    /// Commands unanswered for `retry_ms`, stamped as sent again now.
    pub(crate) fn due(&mut self, now: u64, retry_ms: u64) -> Vec<(CommandId, Command)> {
        self.queue
            .iter_mut()
            .filter(|o| now.saturating_sub(o.sent_at) >= retry_ms)
            .map(|o| {
                o.sent_at = now;
                (o.id, o.command.clone())
            })
            .collect()
    }

    /// Every unanswered command, in order (after a reconnect).
    pub(crate) fn all(&mut self, now: u64) -> Vec<(CommandId, Command)> {
        self.due(now, 0)
    }

    pub(crate) fn len(&self) -> usize {
        self.queue.len()
    }
}
