//! Two hosts (issue 43): where no rule can tell which of two devices that
//! each host the room should keep it, both screens say so and the players
//! choose. A room of two cut in half while both tabs run, or whose guest
//! alone lost its links: the guest hosted alone (the host had left, as far
//! as it could tell), while the host, whose own links held, never yields to
//! the guest's own vote (attack 2: a guest can make itself unheard at will).
//!
//! The host of the older epoch keeps the certificate it refused and tells
//! the other, once a second, that it still hosts; the other, which keeps
//! telling it who won, counts it as a second host after three seconds. On
//! either screen the player may choose the other's table:
//! - the older host follows the certificate it kept
//!   ([`Succession::follow_rival`]);
//! - the newer one cannot go back an epoch: it grants the older host its
//!   vote for the round after its own, and the older host, with its own
//!   vote and that one (a majority of a room of two), hosts that round from
//!   its own copy; the newer follows the election it voted in.

use std::collections::BTreeSet;

use super::voter::Granted;
use super::{Decision, Forgery, Succession};
use crate::certificate::{self, in_window};
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::wire::{encode_mesh, Ballot, MeshMsg, Vote};

/// How often a host that refused a rival's election tells it that it still
/// hosts, and a yielding host repeats its vote.
const RIVAL_EVERY_MS: u64 = 1_000;

/// Peers remembered as claiming to host while this device stands.
const MAX_CLAIMANTS: usize = 4;

/// Another device that hosts this room beside this one, as the players are
/// told of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rival {
    /// The player whose device hosts the other copy.
    pub host: PlayerNo,
    /// The epoch it hosts.
    pub epoch: Epoch,
}

/// What this device keeps about its rival.
#[derive(Debug)]
pub(super) struct RivalHost {
    seen: Rival,
    peer: PeerId,
    /// The rival's election, which this older host refused (followed if
    /// the player chooses the other table).
    elected: Option<Vec<u8>>,
    /// The epoch this device hosted when it refused it (it says so to the rival).
    ours: Option<Epoch>,
    told: Option<u64>,
    /// The vote this newer host gave the older one, repeated until it wins.
    yielded: Option<Ballot>,
}

impl RivalHost {
    pub(super) fn peer(&self) -> PeerId {
        self.peer
    }
}

impl Succession {
    /// The other device that hosts this room beside this one, if any.
    pub fn rival(&self) -> Option<Rival> {
        self.rival.as_ref().map(|r| r.seen)
    }

    /// This hosting device (at `ours`) refused a valid election of a rival
    /// because it still holds its room. Said once: the same election
    /// again is the rival repeating who won, not news.
    pub(super) fn refused_rival(&mut self, ours: Epoch, seen: Rival, peer: PeerId, elected: Option<Vec<u8>>) {
        if self.rival.as_ref().is_some_and(|r| r.seen == seen) {
            return;
        }
        self.refuse(Forgery::LiveHost);
        self.rival = Some(RivalHost { seen, peer, elected, ours: Some(ours), told: None, yielded: None });
    }

    /// A host of an older epoch went on hosting after being told who won
    /// (`hint_stale` said so): it is this device's rival.
    pub(super) fn stale_rival(&mut self, epoch: Epoch, peer: PeerId, replica: &Replica) {
        let Some((host, _)) = replica.hosts().host_of(epoch) else { return };
        if self.rival.as_ref().is_none_or(|r| r.seen.epoch != epoch) {
            let seen = Rival { host, epoch };
            self.rival = Some(RivalHost { seen, peer, elected: None, ours: None, told: None, yielded: None });
        }
    }

    /// The player chose the rival's table. The older host follows the
    /// election it refused; the newer one votes for the older host in the
    /// next round (see the module docs). `None`: nothing to do yet.
    pub fn follow_rival(&mut self, now: u64, replica: &Replica) -> Option<Decision> {
        let r = self.rival.as_mut()?;
        if let Some(elected) = r.elected.take() {
            let (seen, peer) = (r.seen, r.peer);
            self.rival = None;
            return Some(self.follow(seen.epoch, seen.host, peer, Some(elected)));
        }
        let me = replica.known_as()?;
        let epoch = replica.epoch().after(r.seen.host)?;
        let vote =
            Vote { epoch, candidate: r.seen.host, voter: me, granted: true, state: replica.copy_state() };
        r.yielded = Some(Ballot::sign(vote, replica.seat_key(), &replica.room_digest()));
        r.told = None;
        self.ballots.insert(epoch.round(), Granted { epoch, candidate: r.seen.host, at: now });
        None
    }

    /// Whether this device, hosting, voted for `host` in `epoch` because its
    /// player chose that table (only then does a host follow a certificate
    /// while it holds its room: a vote it gave as a guest in a moment of
    /// silence is no such choice).
    pub(super) fn yielded_to(&self, epoch: Epoch, host: PlayerNo) -> bool {
        let yielded = self.rival.as_ref().and_then(|r| r.yielded);
        yielded.is_some_and(|b| b.vote.epoch == epoch && b.vote.candidate == host)
    }

    /// Every tick: the older host says it still hosts, the yielding one
    /// repeats its vote, once a second each.
    pub(super) fn remind_rival(&mut self, now: u64, out: &mut Vec<(PeerId, Vec<u8>)>) {
        let Some(r) = self.rival.as_mut() else { return };
        if r.told.is_some_and(|t| now.saturating_sub(t) < RIVAL_EVERY_MS) {
            return;
        }
        let msg = match (&r.yielded, r.ours) {
            (Some(ballot), _) => MeshMsg::Vote { ballot: *ballot },
            (None, Some(epoch)) => MeshMsg::Hosting { epoch },
            (None, None) => return,
        };
        r.told = Some(now);
        out.extend(encode_mesh(&msg).ok().map(|d| (r.peer, d)));
    }

    /// A vote reached this device while it hosts `ours`: the rival chose
    /// this table. With this device's own vote it is a majority of the room
    /// (of two): host the round it was granted, from this device's copy. A
    /// rival that missed the announcement of that round is told it again.
    pub(super) fn rival_vote(
        &mut self,
        now: u64,
        from: PeerId,
        ballot: &Ballot,
        ours: Epoch,
        replica: &Replica,
    ) -> (Option<Vec<u8>>, Option<Decision>) {
        let (Some(room), Some(me)) = (replica.room(), replica.known_as()) else { return (None, None) };
        let v = ballot.vote;
        let signed = room.player(v.voter).is_some_and(|p| ballot.signed_by(&p.key, &replica.room_digest()));
        if !signed || !v.granted || v.candidate != me {
            return (None, None);
        }
        if v.epoch == ours {
            return (self.tell_candidate(now, from), None);
        }
        let Some(r) = self.rival.as_ref().filter(|r| r.seen.host == v.voter && r.ours.is_some()) else {
            return (None, None);
        };
        let need = certificate::quorum(certificate::electorate(room, me));
        if v.epoch <= r.seen.epoch || !in_window(ours, v.epoch) || need > 2 {
            return (None, None);
        }
        let mine =
            Vote { epoch: v.epoch, candidate: me, voter: me, granted: true, state: replica.copy_state() };
        let votes = vec![Ballot::sign(mine, replica.seat_key(), &replica.room_digest()), *ballot];
        let peer = r.peer;
        self.rival = None;
        self.ballots.insert(v.epoch.round(), Granted { epoch: v.epoch, candidate: me, at: now });
        self.rival_peer = Some(peer);
        (None, Some(Decision::Host { epoch: v.epoch, votes, of: 2 }))
    }

    /// Where the rival that voted for this device is: the device tells it
    /// the election it won there (the rival's address may be one the room
    /// view does not list, after its socket was rebuilt).
    pub fn take_rival_peer(&mut self) -> Option<PeerId> {
        self.rival_peer.take()
    }

    /// A peer said it hosts the epoch this device's campaign would end
    /// (bounded: a peer cannot grow the set past a few).
    pub(super) fn claimed(&mut self, from: PeerId) {
        if self.claimants.len() < MAX_CLAIMANTS {
            self.claimants.insert(from);
        }
    }

    /// The peers that claimed to host while this device stood, to tell the
    /// election it won: a host tab restored under a new id that nobody
    /// links to as a guest would otherwise never hear it (two hosts).
    pub fn take_claimants(&mut self) -> BTreeSet<PeerId> {
        std::mem::take(&mut self.claimants)
    }
}
