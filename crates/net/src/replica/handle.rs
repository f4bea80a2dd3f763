//! The replica's side of the protocol: host messages in, requests out.

use super::sync::GameSync;
use super::{Link, Notice, Replica};
use crate::ids::{CommandId, PlayerNo, Seq};
use crate::wire::{HostMsg, HostRefusal, PeerMsg, RoomView, Snapshot};

impl Replica {
    /// Handles one datagram from the host. Bytes that do not decode are
    /// dropped (they change nothing); the host is the only sender.
    pub fn handle(&mut self, now_ms: u64, datagram: &[u8]) -> Vec<Vec<u8>> {
        self.audit.clock(now_ms);
        let stamped = match self.decoder.decode(datagram) {
            Ok(Some(msg)) => msg,
            Ok(None) => return Vec::new(),
            Err(crate::wire::WireError::Version { ours, theirs }) => {
                // The host speaks another protocol: it can't understand us either.
                let reason = HostRefusal::Version { host: theirs, peer: ours };
                self.link = Link::Refused(reason.clone());
                self.notice(Notice::Refused(reason));
                return Vec::new();
            }
            Err(_) => {
                self.refused += 1;
                return Vec::new();
            }
        };
        // A pinned newcomer hears nothing but the proof it asked for (attack 8).
        if let Link::Knocking { challenge, .. } = self.link {
            return self.knock_answered(now_ms, &challenge, stamped);
        }
        // Only the host of our epoch speaks: a stale host (older epoch) is
        // ignored, and a newer one only after its election (`follow`).
        // A tab that never joined trusts the host it found, whatever its epoch
        // (it opened the link after an election), unless its link pinned the
        // room's owner: then only the epoch the host proved.
        let unpinned = self.cfg.pin.is_none();
        if stamped.epoch > self.epoch && unpinned && self.me().is_none() && self.sync.is_none() {
            self.epoch = stamped.epoch;
        }
        if stamped.epoch != self.epoch {
            return Vec::new();
        }
        let msg = stamped.msg;
        self.last_heard = Some(now_ms);
        let mut out = Vec::new();
        match msg {
            HostMsg::Welcome { build: _, you, next_command, commits } => {
                for (key, commit) in commits {
                    self.audit.commit(key, commit);
                }
                self.welcome(now_ms, you, next_command, &mut out)
            }
            HostMsg::Refused { reason } => self.refused_by_host(now_ms, reason, &mut out),
            HostMsg::Room(view) => self.room_view(*view),
            HostMsg::Sync(snapshot) => self.snapshot(*snapshot),
            HostMsg::Events { from, events, hash, marks, signed } => {
                // A batch numbered past any game is refused as such below (`offer`).
                let end = from.plus(events.len()).filter(|_| from.0 > 0).map(|after| Seq(after.0 - 1));
                // One this copy already holds (a duplicate, a resend's overlap) is
                // ignored below: no signature to check.
                let end = end.filter(|end| *end > self.head());
                let checked = end.map(|end| self.check_batch(from, end, &marks, signed.as_ref()));
                if let Some(Err(why)) = checked {
                    self.tampered(why);
                } else if let Some(sync) = &mut self.sync {
                    let before = sync.head;
                    let offered = sync.offer(from, events, hash, marks, signed);
                    let after = sync.head;
                    if offered.refused {
                        self.refused += 1;
                    }
                    if let Some(from) = offered.altered {
                        self.tampered(super::Tampered::AlteredBatch { from });
                    }
                    if offered.applied > 0 {
                        // Only our epoch's host speaks (above): it answers for these.
                        self.audit.delivered(before.next(), Some(self.epoch));
                        self.notice(Notice::Applied { from: before.next(), to: after });
                        self.audit_now();
                    }
                    if offered.mismatch {
                        self.notice(Notice::Desync { head: after });
                    }
                    if let Some(at) = offered.forged {
                        self.notice(Notice::PlanForged { at });
                    }
                    if let Some(h) = offered.signed {
                        self.vouched(h);
                    }
                }
            }
            HostMsg::Accepted { id, at } => {
                // Only for a command still unanswered: `waiting` stays as small as
                // `pending`, whatever ids the host makes up.
                if self.pending.has(id) && !self.waiting.iter().any(|(_, w)| *w == id) {
                    self.waiting.push((at, id));
                }
            }
            // A successor host knows a command ran but not how it went: the
            // old host answered it already, so there is nothing to tell.
            HostMsg::Rejected { id, reason: HostRefusal::AlreadyHandled(_) } => {
                self.pending.answered(id);
            }
            HostMsg::Rejected { id, reason } => {
                let command = self.pending.answered(id);
                self.notice(Notice::Rejected { id, command, reason });
            }
            HostMsg::Pong { nonce: _, head, hash, room, signed } => {
                if let Some(h) = signed.filter(|h| h.seq == head) {
                    self.vouched(h);
                }
                if self.room.as_ref().is_none_or(|r| r.version < room) {
                    self.asked_room = None;
                    self.ask(now_ms, &mut out, Ask::Room);
                }
                if let Some(sync) = &mut self.sync {
                    let same = hash.map(|h| h == sync.game.state_hash());
                    if head == sync.head && same == Some(false) && !sync.desynced {
                        sync.desynced = true;
                        let at = sync.head;
                        self.notice(Notice::Desync { head: at });
                    } else if head == sync.head && same == Some(true) && !sync.desynced {
                        sync.confirmed = head;
                        self.audit_now();
                    }
                }
                if self.head() < head {
                    self.ask(now_ms, &mut out, Ask::Resend);
                }
            }
            // At once: any wait here would count as distance (the speed bump, issue 31).
            HostMsg::Probe { nonce } => out.push(PeerMsg::Echo { nonce }),
            // Asked for only while knocking (above): a late one changes nothing.
            HostMsg::Proof { .. } => {}
            HostMsg::RoomSig { version, sig } => self.room_sig(version, sig),
        }
        self.confirm();
        self.requests(now_ms, &mut out);
        self.encode(&out)
    }

    /// Commands accepted whose events this copy now holds are done.
    pub(super) fn confirm(&mut self) {
        if self.waiting.is_empty() {
            return;
        }
        let head = self.head();
        let started = self.sync.is_some();
        let (done, wait): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.waiting).into_iter().partition(|(at, _)| !started || *at <= head);
        self.waiting = wait;
        for (_, id) in done {
            if self.pending.answered(id).is_some() {
                self.notice(Notice::Accepted { id });
            }
        }
    }

    /// Advances the clock: Hello retries, heartbeats, command resends, and
    /// repeated requests for whatever is still missing.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Vec<u8>> {
        // The audit's bound after the game's end is in time: the clock moves it.
        self.audit.clock(now_ms);
        self.audit_now();
        let mut out = Vec::new();
        let retry = self.cfg.timing.retry_ms;
        match self.link {
            Link::Refused(_) => {}
            Link::Knocking { at, challenge } => self.knock_again(now_ms, at, challenge, &mut out),
            Link::Joining { hello_at } => {
                if hello_at.is_none_or(|t| now_ms.saturating_sub(t) >= retry) {
                    self.link = Link::Joining { hello_at: Some(now_ms) };
                    out.push(self.hello());
                }
            }
            Link::Joined { .. } => {
                // A heartbeat went unanswered: ask four times as often until
                // the host is heard, so a lost datagram or two on a bad
                // network never adds up to the silence that elects a
                // successor (issue 43), while a host that is gone still is.
                let ping = self.cfg.timing.ping_ms;
                let missed = self.last_heard.is_some_and(|t| now_ms.saturating_sub(t) >= ping);
                let every = if missed { ping / 4 } else { ping };
                if self.last_ping.is_none_or(|t| now_ms.saturating_sub(t) >= every) {
                    self.last_ping = Some(now_ms);
                    self.nonce = self.nonce.wrapping_add(1);
                    out.push(PeerMsg::Ping { nonce: self.nonce });
                }
                for (id, command) in self.pending.due(now_ms, retry) {
                    out.push(self.command_msg(id, command));
                }
                self.requests(now_ms, &mut out);
            }
        }
        self.encode(&out)
    }

    fn welcome(&mut self, now: u64, you: PlayerNo, next: CommandId, out: &mut Vec<PeerMsg>) {
        let first = !matches!(self.link, Link::Joined { you: y } if y == you);
        if first {
            // The host expects ids our chains do not cover (a reload far into
            // the game, a host restored from an older save): commit a fresh
            // chain from there, and join only once the host has it.
            let renumbered = self.pending.continue_from(next);
            if renumbered || !self.nonces.cover(self.pending.low()) {
                self.nonces.rechain(self.pending.low(), &mut self.pending);
                self.link = Link::Joining { hello_at: Some(now) };
                out.push(self.hello());
                return;
            }
        }
        self.link = Link::Joined { you };
        self.known_as = Some(you);
        if first {
            self.trust_next_sync = true;
            self.trust_next_room = true;
            if let Some(early) = self.early_room.take() {
                self.room_view(early);
            }
            if let Some(early) = self.early_sync.take() {
                self.snapshot(early);
            }
            for (id, command) in self.pending.all(now) {
                out.push(self.command_msg(id, command));
            }
            self.notice(Notice::Joined { you });
        }
    }

    fn refused_by_host(&mut self, now: u64, reason: HostRefusal, out: &mut Vec<PeerMsg>) {
        match reason {
            // The host does not know this connection (it restarted): join again.
            HostRefusal::NotJoined => {
                if !matches!(self.link, Link::Refused(_)) {
                    self.link = Link::Joining { hello_at: Some(now) };
                    out.push(self.hello());
                }
            }
            HostRefusal::Version { .. }
            | HostRefusal::Build { .. }
            | HostRefusal::RoomFull { .. }
            | HostRefusal::Replaced
            // Saying it again changes nothing (issue 43): the player reads why.
            | HostRefusal::OtherPlayer
            | HostRefusal::SeatKeyChanged
            | HostRefusal::SeatKeyInUse => {
                self.link = Link::Refused(reason.clone());
                self.notice(Notice::Refused(reason));
            }
            // Not ours: the command was altered or made up on the way (issue 43, point 10).
            HostRefusal::UnsignedCommand(id) => self.notice(Notice::Tampered(super::Tampered::CommandRefused(id))),
            other => self.notice(Notice::Refused(other)),
        }
    }

    fn room_view(&mut self, view: RoomView) {
        if matches!(self.link, Link::Joining { .. }) {
            // Overtook the Welcome, like an early snapshot: kept for it.
            self.early_room = Some(view);
            return;
        }
        // Late copies are dropped by version; the first view after `Welcome`
        // is taken whatever its number (a restored host counts from its save).
        let trusted = std::mem::take(&mut self.trust_next_room);
        if trusted || self.room.as_ref().is_none_or(|r| r.version < view.version) {
            // The view still counts (seats, peers); a chain in it its player never signed does not.
            let forged = self.audit.learn(&view, self.head(), self.epoch);
            self.refused = self.refused.saturating_add(forged);
            self.tell_audit();
            self.room = Some(view);
            self.pin_host();
            self.check_own_key();
            self.room_changed();
            self.notice(Notice::Room);
        }
    }

    fn snapshot(&mut self, snapshot: Snapshot) {
        if matches!(self.link, Link::Joining { .. }) {
            // The Sync that answers our Hello overtook the Welcome (the network
            // may reorder): keep it for the Welcome, which makes it trusted.
            self.early_sync = Some(snapshot);
            return;
        }
        let signed = snapshot.signed;
        let Some(mut fresh) = GameSync::from_snapshot(snapshot) else {
            self.refused += 1;
            return;
        };
        // Its commands signed by their players, and the host's signed head
        // where its tail ends, on the chain it carries (issue 43, point 10).
        let from = fresh.base.0.next();
        if let Err(why) = self.check_batch(from, fresh.head, &fresh.marks, signed.as_ref()) {
            return self.tampered(why);
        }
        if signed.is_some_and(|h| !fresh.reaches(&h)) && self.heads_required() {
            return self.tampered(super::Tampered::AlteredBatch { from });
        }
        let trusted = std::mem::take(&mut self.trust_next_sync);
        let take = match &self.sync {
            None => true,
            Some(old) => trusted || old.desynced || fresh.head >= old.head,
        };
        if !take {
            return;
        }
        // What this device already had keeps the host that delivered it first
        // (a successor re-serving it in a snapshot does not answer for it).
        let had = self.sync.as_ref().map_or(fresh.base.0, |old| old.head.max(fresh.base.0));
        if let Some(old) = self.sync.take() {
            fresh.keep_own_marks(&old);
            fresh.adopt_ahead(old);
        }
        let mut head = fresh.head;
        let drained = fresh.drain();
        if drained.applied > 0 {
            head = fresh.head;
        }
        let mismatch = drained.mismatch;
        self.audit.restart(&fresh);
        self.audit.delivered(had.next(), Some(self.epoch));
        self.sync = Some(fresh);
        if let Some(h) = signed {
            self.vouched(h);
        }
        self.audit_now();
        self.asked_snapshot = None;
        self.notice(Notice::Synced { head });
        if mismatch {
            self.notice(Notice::Desync { head });
        }
    }

    /// Asks for what is missing: a snapshot (desynced, or the game started
    /// without us having one) or the events behind a gap.
    fn requests(&mut self, now: u64, out: &mut Vec<PeerMsg>) {
        if !matches!(self.link, Link::Joined { .. }) {
            return;
        }
        let started = self.room.as_ref().is_some_and(|r| r.started);
        match &self.sync {
            None if started => self.ask(now, out, Ask::Snapshot),
            Some(s) if s.desynced => self.ask(now, out, Ask::Snapshot),
            Some(s) if s.has_gap() => self.ask(now, out, Ask::Resend),
            _ => {}
        }
    }

    fn ask(&mut self, now: u64, out: &mut Vec<PeerMsg>, what: Ask) {
        let retry = self.cfg.timing.retry_ms;
        let slot = match what {
            Ask::Resend => &mut self.asked_resend,
            Ask::Snapshot => &mut self.asked_snapshot,
            Ask::Room => &mut self.asked_room,
        };
        if slot.is_some_and(|t| now.saturating_sub(t) < retry) {
            return;
        }
        *slot = Some(now);
        out.push(match what {
            Ask::Resend => PeerMsg::Resend { from: self.head().next() },
            Ask::Snapshot => PeerMsg::SnapshotPlease,
            Ask::Room => PeerMsg::RoomPlease,
        });
    }
}

#[derive(Clone, Copy)]
enum Ask {
    Resend,
    Snapshot,
    Room,
}

#[cfg(test)]
mod tests;
