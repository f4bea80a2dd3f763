//! The replica around a change of host: the epoch it follows, where its
//! copy stands, the events it serves a candidate, and following the winner.

use std::collections::BTreeSet;

use duel_core::{Event, Game};

use super::{AuditReport, Link, Notice, Replica};
use crate::chain::{self, Hosts, SignedHead};
use crate::ids::{Epoch, PlayerNo, Seq};
use crate::wire::{Ballot, CopyState, Mark};

impl Replica {
    /// This player's number in the room, even while joining a new host again
    /// (an election counts on it: the number never changes in a room).
    pub fn known_as(&self) -> Option<PlayerNo> {
        self.me().or(self.known_as)
    }

    /// The transport reports the host gone: count it silent for `silence_ms` already.
    pub fn host_gone(&mut self, now_ms: u64, silence_ms: u64) {
        if let Some(t) = &mut self.last_heard {
            *t = (*t).min(now_ms.saturating_sub(silence_ms));
        }
    }

    /// The epoch of the host this replica follows.
    pub fn epoch(&self) -> Epoch {
        self.epoch
    }

    /// What the dice audit has found.
    pub fn audit(&self) -> AuditReport {
        self.audit.report
    }

    /// The players this device's audit found bending or hiding the dice
    /// while they hosted (any finding but a departed host's unshown key,
    /// against the host that delivered the batch): this device does not
    /// vote for them, nor wait for them to stand, in any later election.
    pub fn failed_audit(&self) -> &BTreeSet<PlayerNo> {
        self.audit.failed()
    }

    /// Where this copy stands (an election compares copies by it).
    pub fn copy_state(&self) -> CopyState {
        let signed = self.signed_head();
        CopyState { epoch: self.epoch, head: self.head(), hash: self.game().map(Game::state_hash), signed }
    }

    /// The latest head of the host's chain this copy reached and verified:
    /// the newest one reached, if its signature holds (checked here, on
    /// demand), else the last one checked before.
    pub fn signed_head(&self) -> Option<SignedHead> {
        let sync = self.sync.as_ref()?;
        sync.unchecked.filter(|h| self.proves(h)).or(sync.signed)
    }

    /// Which key hosts which epoch, as far as this device can prove it.
    pub fn hosts(&self) -> &Hosts {
        &self.hosts
    }

    /// Whether `head` is history: signed by the host installed for its
    /// epoch (see [`Hosts`]). A head of an epoch this device never followed
    /// proves nothing, whoever signed it.
    pub fn proves(&self, head: &SignedHead) -> bool {
        head.signed_by_host(&self.hosts, &self.room_digest())
    }

    /// Installs the host of the epoch this replica joined without an
    /// election (the room's creator in round 0, or the host it found when
    /// it opened the room) from the first room view of that epoch: views
    /// come only from the host this replica follows. An epoch it followed
    /// keeps the host its certificate installed.
    pub(super) fn pin_host(&mut self) {
        if self.hosts.key_of(self.epoch).is_some() {
            return;
        }
        let Some(room) = &self.room else { return };
        let host = if self.epoch.round() == 0 { room.host } else { Some(self.epoch.candidate()) };
        if let Some(p) = host.and_then(|h| room.player(h)) {
            self.hosts.install(self.epoch, p.no, p.key);
        }
    }

    /// Keeps `head` as the copy's latest signed head if the copy stands
    /// exactly there and it is of the epoch this replica follows (a host
    /// speaks for its own epoch only). Its signature is checked when an
    /// election asks ([`Replica::signed_head`]): a head whose signature does
    /// not hold (a host that signs garbage) is then simply not offered.
    pub(super) fn vouched(&mut self, head: SignedHead) {
        let Some(sync) = &mut self.sync else { return };
        if head.epoch == self.epoch && sync.reaches(&head) {
            sync.unchecked = Some(head);
        }
    }

    /// The events `from..=to` this copy holds, with their sequence numbers
    /// (what the UI narrates after `Notice::Applied`).
    pub fn events(&self, from: Seq, to: Seq) -> Vec<(u64, Event)> {
        let count = to.0.saturating_add(1).saturating_sub(from.0) as usize;
        let (events, _) = self.events_from(from, count);
        events.into_iter().enumerate().map(|(i, e)| (from.0 + i as u64, e)).collect()
    }

    /// Events from `from` (at most `max`) with their marks, for a peer's fetch.
    pub fn events_from(&self, from: Seq, max: usize) -> (Vec<Event>, Vec<Mark>) {
        self.sync.as_ref().map(|s| s.events_from(from, max)).unwrap_or_default()
    }

    /// Adds events fetched from a peer's longer copy (a candidate adopting
    /// the longest signed copy), only if they carry this copy's chain from
    /// its head exactly to `head`, whose signature the caller checked
    /// against the key of the host of its epoch: nothing else is history.
    /// Returns how many were applied (0: refused, nothing changed).
    pub fn adopt(&mut self, from: Seq, events: Vec<Event>, marks: Vec<Mark>, head: &SignedHead) -> u64 {
        let Some(sync) = &mut self.sync else { return 0 };
        // Checked: a peer chose `from` and the count.
        let Some(after) = from.plus(events.len()).filter(|_| from.0 > 0) else {
            self.refused += 1;
            return 0;
        };
        let continues = from == sync.head.next() && !sync.desynced;
        if !continues || after != head.seq.next() || chain::extend(sync.chain, &events) != head.chain {
            return 0;
        }
        // Marks are not in the chain: a voter that stripped or changed a
        // command's signature would have this device serve what every
        // replica refuses (issue 43, point 10). Passed over like a bad chain.
        if self.check_marks(&marks).is_err() {
            return 0;
        }
        let Some(sync) = &mut self.sync else { return 0 };
        let before = sync.head;
        let offered = sync.offer(from, events, None, marks, Some(*head));
        let (applied, after) = (offered.applied, sync.head);
        if offered.refused {
            self.refused += 1;
        }
        if offered.signed.is_some() {
            sync.signed = offered.signed;
        }
        if applied > 0 {
            // Served by a voter, not by a host in charge: a finding here blames no one.
            self.audit.delivered(before.next(), None);
            self.notice(Notice::Applied { from: before.next(), to: after });
            self.audit_now();
            self.confirm();
        }
        applied
    }

    /// The term `epoch` (elected with the certificate `votes`) inherited the
    /// room's history up to the longest copy among its votes: a voter's
    /// signed head (the most a candidate adopts from it), and the
    /// candidate's own copy. The audit judges the new host's keys after that
    /// point, and blames it for nothing before (see
    /// `replica/audit/terms.rs`). A vote claiming more than it had only
    /// moves that point later (it never makes an honest host's batch look
    /// out of its term), so its head is taken as claimed. Call it before
    /// [`Replica::follow`].
    pub fn term_began(&mut self, epoch: Epoch, votes: &[Ballot]) {
        let reach = |b: &Ballot| {
            let signed = b.vote.state.signed.map(|h| h.seq);
            let own = (b.vote.voter == epoch.candidate()).then_some(b.vote.state.head);
            signed.max(own)
        };
        if let Some(start) = votes.iter().filter(|b| b.vote.granted).filter_map(reach).max() {
            self.audit.term_began(epoch, start);
        }
    }

    /// Follows the host elected for `epoch`: everything it said before is
    /// old news, and this replica joins it (`Hello`, then its commands again).
    /// `host` (its key as this view lists it) is installed as the epoch's
    /// host: call this only for an election whose certificate was checked
    /// (or won). A lower or equal epoch changes nothing.
    pub fn follow(&mut self, now_ms: u64, epoch: Epoch, host: Option<PlayerNo>) -> Vec<Vec<u8>> {
        if epoch <= self.epoch {
            return Vec::new();
        }
        // The key its certificate was checked against (this view's) hosts it:
        // only that key's heads are this epoch's history.
        if let Some(p) = host.and_then(|h| self.room.as_ref()?.player(h)) {
            self.hosts.install(epoch, p.no, p.key);
        }
        self.epoch = epoch;
        self.last_heard = Some(now_ms);
        self.asked_resend = None;
        self.asked_snapshot = None;
        self.asked_room = None;
        self.early_room = None;
        self.early_sync = None;
        if let Some(sync) = &mut self.sync {
            sync.drop_ahead();
        }
        // An acceptance whose events never reached us is void with its host:
        // the command goes to the successor again (still pending).
        self.waiting.clear();
        self.notice(Notice::NewHost { epoch, host });
        self.audit_now();
        match self.link {
            Link::Refused(_) => Vec::new(),
            _ => self.connect(now_ms),
        }
    }
}
