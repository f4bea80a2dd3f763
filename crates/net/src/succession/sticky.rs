//! Leader stickiness (issue 43, after Raft's pre-vote and check-quorum): a
//! device that still hears its host follows no election that deposes it.
//!
//! A guest measures its host's silence (the replica's, capped by how long
//! this device has been awake); an election that arrives while the host is
//! still heard is held, and followed only if the host falls silent for the
//! whole bound soon after (the voters that elected it noticed a moment
//! earlier), else dropped and counted. A host is live while it hears a
//! majority of the room's keys (itself among them; in a room of two, itself
//! alone): a live host never yields. One that was away (a tab restored from
//! its save, a laptop that slept: no pump for the silence bound) or cut off
//! (its own links all dropped: its socket was rebuilt) and has heard nobody
//! since follows the room that moved on without it: nobody can have heard
//! it, so the others were entitled to elect without it (a room of two after
//! a mutual silence, issue 43; see docs/PROTOCOL.md, "Two hosts").

use std::collections::{BTreeMap, BTreeSet};

use super::{Decision, Forgery, Rival, Succession};
use crate::certificate::{self, Claim};
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::seat_key::SeatPublic;
use crate::wire::RoomView;

/// Whom a device hears, and whether it was away.
#[derive(Debug, Default)]
pub(super) struct Presence {
    /// When each guest last sent this device, hosting, a message of the game.
    heard: BTreeMap<PeerId, u64>,
    last_tick: Option<u64>,
    /// When this device last woke: its first pump, or one after a gap of
    /// the silence bound (a tab frozen in the background, a laptop asleep).
    woke_at: u64,
    /// Woke, or was cut off, and has heard nobody of the room since.
    away: bool,
    /// A host restored from its save: its first wake, like a later one,
    /// opens the window below (a new room's first pump does not).
    restored: bool,
    /// Until when a host that woke follows a valid later election even
    /// though it hears a guest: an election that ends within the silence
    /// bound of its waking began while it was gone (the guest it hears may
    /// have linked to it a moment before its own campaign ended).
    yields_until: u64,
}

/// An election held until the host falls silent.
#[derive(Debug)]
pub(super) struct Held {
    epoch: Epoch,
    host: PlayerNo,
    peer: PeerId,
    announcement: Option<Vec<u8>>,
    at: u64,
}

impl Presence {
    /// Every pump: notices a gap (the device was not running) and forgets
    /// guests not heard within the bound. `hears_host`: a guest whose host
    /// spoke within the bound is back in its room.
    pub(super) fn tick(&mut self, now: u64, silence_ms: u64, hears_host: bool) {
        if self.last_tick.is_none_or(|t| now.saturating_sub(t) >= silence_ms) {
            self.woke_at = now;
            self.away = true;
            if self.last_tick.is_some() || self.restored {
                self.yields_until = now.saturating_add(silence_ms);
            }
        }
        self.last_tick = Some(now);
        self.heard.retain(|_, t| now.saturating_sub(*t) < silence_ms);
        if hears_host {
            self.away = false;
        }
    }

    /// This device's own links all dropped (its socket was rebuilt: the
    /// transport closed every peer connection at its end). Something no
    /// peer can cause, unlike a guest going quiet or closing its own link:
    /// until it hears a guest again, it holds its room no more than a
    /// device that was away.
    pub(super) fn cut_off(&mut self) {
        self.away = true;
    }

    pub(super) fn guest_heard(&mut self, now: u64, from: PeerId) {
        self.heard.insert(from, now);
        self.away = false;
    }

    /// How long this device has been awake (a host silent "for a minute" to
    /// a tab that just woke may only be a host whose words are still on
    /// their way: it gets the whole bound again).
    pub(super) fn awake_for(&self, now: u64) -> u64 {
        now.saturating_sub(self.woke_at)
    }

    /// Whether this device, hosting, still holds its room: not away, and the
    /// keys it heard within the bound (its own `me` among them) a majority
    /// of `electorate`.
    pub(super) fn live(&self, now: u64, room: &RoomView, me: SeatPublic, electorate: usize) -> bool {
        if self.away || now < self.yields_until {
            return false;
        }
        let mut keys: BTreeSet<SeatPublic> = self
            .heard
            .keys()
            .filter_map(|peer| room.players.iter().find(|p| p.peer == Some(*peer)).map(|p| p.key))
            .collect();
        keys.insert(me);
        keys.len() >= certificate::quorum(electorate)
    }
}

/// How long a stale host, told who hosts now, may go on hosting before the
/// players are told there are two hosts (three hints unheeded: one that
/// was merely away steps down at the first).
const TWO_HOSTS_MS: u64 = 3_000;

impl Succession {
    /// An `Elected` for an epoch above the one this device follows or hosts:
    /// checked, then followed unless it deposes a host this device still
    /// hears (a guest holds it a moment: the host may be falling silent) or
    /// this device is that host and still holds its room.
    pub(super) fn elected(
        &mut self,
        now: u64,
        claim: &Claim<'_>,
        replica: &Replica,
        hosting: Option<Epoch>,
        announcement: Option<Vec<u8>>,
    ) -> Option<Decision> {
        let current = hosting.unwrap_or(replica.epoch());
        // A device with no view of the room yet has no keys to check an
        // election with: it finds the room's host by joining it.
        let room = replica.room()?;
        let verified = match certificate::check(room, &replica.room_digest(), current, claim) {
            Ok(v) => v,
            Err(why) => {
                self.refuse(why);
                return None;
            }
        };
        // The election this hosting device voted in itself when its player
        // chose the other table (see `rival.rs`) is followed whatever it hears.
        let mine = replica.seat_key().public();
        if verified.deposes_current && !self.yielded_to(claim.epoch, claim.host) {
            if let Some(ours) = hosting {
                let n = certificate::electorate(room, claim.host).max(usize::from(claim.of));
                if self.presence.live(now, room, mine, n) {
                    let seen = Rival { host: claim.host, epoch: claim.epoch };
                    self.refused_rival(ours, seen, claim.peer, announcement);
                    return None;
                }
            } else if !self.host_silent(now, replica) {
                self.hold(now, (claim.epoch, claim.host, claim.peer), announcement);
                return None;
            }
        }
        Some(self.follow(claim.epoch, claim.host, claim.peer, announcement))
    }

    /// This device's transport closed every link at its own end (its socket
    /// was rebuilt, see [`crate::device::Device::rebind`]). A host cut off
    /// like this follows a valid election that arrives before it hears a
    /// guest again: in a room of two, the other device's own vote (it heard
    /// nothing either, and carried on alone).
    pub fn links_dropped(&mut self) {
        self.presence.cut_off();
    }

    /// This device hosts a room restored from its save (a reloaded host
    /// tab): it was gone, so for the silence bound after its first pump it
    /// follows a valid election of a later epoch whoever it hears.
    pub fn restored(&mut self) {
        self.presence.restored = true;
    }

    /// The certificate of the election this device follows for `epoch`
    /// (the `Elected` it followed), for the audit's terms and a pinned
    /// newcomer's lineage; `None` if it followed without one (a rival's).
    pub fn followed(&self, epoch: Epoch) -> Option<crate::wire::Certificate> {
        let (e, a) = self.announcement.as_ref()?;
        let msg = crate::wire::decode_mesh(a).ok().filter(|_| *e == epoch)?;
        crate::wire::Certificate::of_mesh(&msg)
    }

    /// Whether `peer` is where the election this device followed for
    /// `epoch` put its winner: its room view may still name the host before
    /// (the winner's first view is on its way), and the winner's "I host"
    /// (its answer to a poll this device sent before it followed) is no
    /// false claim.
    pub(super) fn followed_at(&self, epoch: Epoch, peer: PeerId) -> bool {
        self.followed(epoch).is_some_and(|c| c.peer == peer)
    }

    /// Whether the host this device follows spoke within the silence bound
    /// (a campaign starts only after a whole bound of silence, so this
    /// means it spoke since).
    pub(super) fn host_spoke_again(&self, now: u64, replica: &Replica) -> bool {
        replica.host_silent_for(now).is_some_and(|s| s < self.timing.silence_ms)
    }

    /// A candidate polls us that may have missed the election we follow:
    /// tell it, once a second, who hosts now (it follows, then stands again
    /// and can prove our head). Not [`Succession::hint_stale`], which also
    /// watches for a stale host that goes on hosting (two hosts).
    pub fn tell_candidate(&mut self, now: u64, to: PeerId) -> Option<Vec<u8>> {
        let (_, a) = self.announcement.as_ref()?;
        if self.hinted.get(&to).is_some_and(|t| now.saturating_sub(*t) < 1_000) {
            return None;
        }
        self.hinted.insert(to, now);
        Some(a.clone())
    }

    /// A host of an older epoch still talks to us: tell it, once a second,
    /// who hosts now (it steps down on hearing it, unless it is live: then
    /// the players are told, once, that two devices host).
    pub fn hint_stale(&mut self, now: u64, to: PeerId) -> Option<Vec<u8>> {
        self.announcement.as_ref()?;
        let last = self.hinted.get(&to).copied();
        if last.is_some_and(|t| now.saturating_sub(t) < 1_000) {
            return None;
        }
        // Quiet for a while since the last hint: a new episode.
        if last.is_none_or(|t| now.saturating_sub(t) >= TWO_HOSTS_MS) {
            self.stale.insert(to, (now, false));
        }
        if let Some((since, false)) = self.stale.get(&to).copied() {
            if now.saturating_sub(since) >= TWO_HOSTS_MS {
                self.stale.insert(to, (since, true));
                self.refuse(Forgery::TwoHosts);
            }
        }
        self.hinted.insert(to, now);
        self.announcement.as_ref().map(|(_, a)| a.clone())
    }

    /// The host's silence as this device may count it: the replica's,
    /// capped by how long this device has been awake. `None`: never heard.
    pub(super) fn silence(&self, now: u64, replica: &Replica) -> Option<u64> {
        replica.host_silent_for(now).map(|s| s.min(self.presence.awake_for(now)))
    }

    /// Whether the host has been silent for the whole bound.
    pub(super) fn host_silent(&self, now: u64, replica: &Replica) -> bool {
        self.silence(now, replica).is_none_or(|s| s >= self.timing.silence_ms)
    }

    /// A valid election for `epoch` arrived while the host is still heard:
    /// held (the highest one) until the host falls silent.
    pub(super) fn hold(
        &mut self,
        now: u64,
        (epoch, host, peer): (Epoch, PlayerNo, PeerId),
        announcement: Option<Vec<u8>>,
    ) {
        if self.held.as_ref().is_none_or(|h| h.epoch < epoch) {
            self.held = Some(Held { epoch, host, peer, announcement, at: now });
        }
    }

    /// A held election: followed once the host has been silent for the
    /// bound, dropped (and counted) if the host is still heard a whole bound
    /// after it arrived, or once this device follows that epoch or a later one.
    pub(super) fn held_election(&mut self, now: u64, replica: &Replica) -> Option<Decision> {
        let h = self.held.as_ref()?;
        if h.epoch <= replica.epoch() {
            self.held = None;
            return None;
        }
        if self.host_silent(now, replica) {
            let h = self.held.take()?;
            return Some(self.follow(h.epoch, h.host, h.peer, h.announcement));
        }
        if now.saturating_sub(h.at) >= self.timing.silence_ms {
            self.held = None;
            self.refuse(Forgery::HostHeard);
        }
        None
    }

    /// Follows the winner of `epoch`, keeping its announcement to tell a stale host.
    pub(super) fn follow(
        &mut self,
        epoch: Epoch,
        host: PlayerNo,
        peer: PeerId,
        announcement: Option<Vec<u8>>,
    ) -> Decision {
        self.end_campaign();
        self.held = None;
        self.rival = None;
        if let Some(a) = announcement {
            self.announcement = Some((epoch, a));
        }
        Decision::Follow { epoch, host, peer }
    }
}
