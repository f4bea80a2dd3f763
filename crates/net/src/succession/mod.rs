//! Host succession: the state machine each device runs beside its replica
//! so that a room outlives its host.
//!
//! When the host has been silent for `silence_ms`, the first live successor
//! in the room view's replicated order polls the other players for their
//! votes and where their copies stand (`{epoch, head, hash}`). With a
//! majority of the room (the old host counted, so two halves of a split
//! room can never both elect) it adopts the longest copy among the answers,
//! fetching the events it lacks from the peer that has them, and becomes
//! the host of the next epoch; the others follow its announcement. A voter
//! grants one vote per epoch and only once it, too, has stopped hearing the
//! host. If the candidate dies mid-election the next successor's longer
//! timer fires and it polls for a higher epoch. A two-player room needs
//! only the survivor's own vote. No clock or socket here: the device
//! ([`crate::device`]) feeds messages and time, and carries out decisions.

mod campaign;

use std::collections::BTreeMap;

use campaign::Campaign;

use crate::ids::{Epoch, PeerId, PlayerNo, Seq};
use crate::replica::Replica;
use crate::wire::{encode_mesh, MeshMsg, RoomView};

/// The succession's clocks, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuccessionTiming {
    /// Host silence after which the first successor stands. Two seconds:
    /// replicas ping every second, so a live host answers at least once
    /// in that time unless two pings in a row are lost, and a voter insists
    /// on half of it too; with the election's round trips a room changes
    /// host within three seconds of its host's last word.
    pub silence_ms: u64,
    /// Extra wait per place in the successor order (the next successor
    /// stands only if the ones before it did not).
    pub stagger_ms: u64,
    /// Wait after a majority for the remaining voters' copies (the longest
    /// copy wins, so an event that reached any survivor is kept).
    pub grace_ms: u64,
    /// Repeat of polls not yet granted (a "no" from a voter that still
    /// heard the host may turn into a "yes") and of fetches.
    pub retry_ms: u64,
    /// A campaign with no majority after this long ends: two successors
    /// that stood in one round refuse each other (one vote a round), so
    /// each stands again after its place's stagger, the first one first,
    /// in the next round.
    pub campaign_ms: u64,
}

impl Default for SuccessionTiming {
    fn default() -> SuccessionTiming {
        SuccessionTiming {
            silence_ms: 2_000,
            stagger_ms: 1_000,
            grace_ms: 150,
            retry_ms: 250,
            campaign_ms: 2_000,
        }
    }
}

/// What the device must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// This device won `epoch` with `voters`, a majority of `of` players:
    /// host the room from the replica's copy.
    Host { epoch: Epoch, voters: Vec<PlayerNo>, of: u16 },
    /// Another device won `epoch`: follow it at `peer` (step down if hosting).
    Follow { epoch: Epoch, host: PlayerNo, peer: PeerId },
}

/// What the election looks like to this device (for the UI).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Nothing is happening: the host is heard.
    Quiet,
    /// This device is asking for votes: `have` of the `need` it must gather.
    Campaigning { epoch: Epoch, have: usize, need: usize },
    /// It has the votes and is fetching events up to `head` from a longer copy.
    Catching { epoch: Epoch, head: Seq },
}

/// One device's part in electing successors.
#[derive(Debug)]
pub struct Succession {
    timing: SuccessionTiming,
    /// The highest epoch this device voted in (or stood for).
    voted: Epoch,
    /// Whom it voted for in `voted`.
    voted_for: Option<(Epoch, PlayerNo)>,
    /// The last poll seen from someone else: standing waits while others try.
    poll_seen: Option<u64>,
    campaign: Option<Campaign>,
    /// The election this device follows, to repeat to a stale host.
    announcement: Option<(Epoch, Vec<u8>)>,
    hinted: BTreeMap<PeerId, u64>,
    /// When this device's last campaign ended without a majority.
    lost_at: Option<u64>,
}

/// Players the room view lists as connected (the host among them): the electorate.
fn electorate(room: &RoomView) -> usize {
    room.players.iter().filter(|p| p.connected).count()
}

/// Votes needed, own included: a strict majority of the room, so that two
/// halves can never both elect; a room of two continues with its survivor.
pub fn quorum(electorate: usize) -> usize {
    if electorate <= 2 {
        1
    } else {
        electorate / 2 + 1
    }
}

impl Succession {
    pub fn new(timing: SuccessionTiming) -> Succession {
        Succession {
            timing,
            voted: Epoch(0),
            voted_for: None,
            poll_seen: None,
            campaign: None,
            announcement: None,
            hinted: BTreeMap::new(),
            lost_at: None,
        }
    }

    /// Where the election stands.
    pub fn standing(&self) -> Standing {
        match &self.campaign {
            None => Standing::Quiet,
            Some(c) => c.standing(),
        }
    }

    /// The transport says the host is gone: no need to wait out the whole silence.
    pub fn host_lost(&mut self, now: u64, replica: &mut Replica) {
        replica.host_gone(now, self.timing.silence_ms);
    }

    /// Advances the clock: stands when the host has been silent long enough
    /// and this device is the first live successor, repeats polls and
    /// fetches, and decides once the votes and the longest copy are in.
    pub fn tick(
        &mut self,
        now: u64,
        replica: &mut Replica,
        hosting: bool,
    ) -> (Vec<(PeerId, Vec<u8>)>, Option<Decision>) {
        let mut out = Vec::new();
        if hosting {
            self.campaign = None;
            return (out, None);
        }
        if let Some(c) = &mut self.campaign {
            let decision = c.tick(now, replica, &self.timing, &mut out);
            if decision.is_some() {
                self.campaign = None;
            } else if c.lost(now, &self.timing) {
                self.campaign = None;
                self.lost_at = Some(now);
            }
            return (out, decision);
        }
        let (Some(room), Some(me)) = (replica.room(), replica.known_as()) else { return (out, None) };
        let Some(silent) = replica.host_silent_for(now) else { return (out, None) };
        let live: Vec<PlayerNo> = room
            .successors
            .iter()
            .copied()
            .filter(|p| room.player(*p).is_some_and(|v| v.connected) || *p == me)
            .collect();
        let Some(rank) = live.iter().position(|p| *p == me) else { return (out, None) };
        let wait = self.timing.silence_ms + rank as u64 * self.timing.stagger_ms;
        let others_trying = self.poll_seen.is_some_and(|t| now.saturating_sub(t) < self.timing.stagger_ms);
        // After a split, the same order again: the first successor stands first.
        let backing_off =
            self.lost_at.is_some_and(|t| now.saturating_sub(t) < (rank as u64 + 1) * self.timing.stagger_ms);
        if silent < wait || others_trying || backing_off || replica.heir().is_none() {
            return (out, None);
        }
        // Past the last round there is no epoch to stand for: standing for a
        // lower one would make a host nobody, this device included, follows.
        let Some(epoch) = replica.epoch().max(self.voted).after(me) else { return (out, None) };
        self.voted = epoch;
        let of = electorate(room);
        let peers: BTreeMap<PlayerNo, PeerId> = room
            .players
            .iter()
            .filter(|p| p.no != me)
            .filter_map(|p| p.peer.map(|peer| (p.no, peer)))
            .collect();
        let mut c = Campaign::new(epoch, me, of, peers, replica.copy_state(), now);
        let decision = c.tick(now, replica, &self.timing, &mut out);
        if decision.is_none() {
            self.campaign = Some(c);
        }
        (out, decision)
    }

    /// Handles an election message from `from`. `hosting` is this device's
    /// host epoch, if it hosts.
    pub fn handle(
        &mut self,
        now: u64,
        from: PeerId,
        msg: MeshMsg,
        replica: &mut Replica,
        hosting: Option<Epoch>,
    ) -> (Vec<(PeerId, Vec<u8>)>, Option<Decision>) {
        let mut out = Vec::new();
        let send = |to: PeerId, m: &MeshMsg, out: &mut Vec<(PeerId, Vec<u8>)>| {
            if let Ok(d) = encode_mesh(m) {
                out.push((to, d));
            }
        };
        let current = hosting.unwrap_or(replica.epoch());
        match msg {
            MeshMsg::Poll { epoch, candidate } => {
                if let Some(e) = hosting {
                    send(from, &MeshMsg::Hosting { epoch: e }, &mut out);
                    // With the election that made us host, so the candidate can follow at once.
                    if let Some((won, a)) = &self.announcement {
                        if *won == e {
                            out.push((from, a.clone()));
                        }
                    }
                    return (out, None);
                }
                let Some(me) = replica.known_as() else { return (out, None) };
                let sender_ok = replica
                    .room()
                    .and_then(|r| r.player(candidate))
                    .is_none_or(|p| p.peer.is_none_or(|peer| peer == from));
                let silent = replica.host_silent_for(now).is_none_or(|s| s >= self.timing.silence_ms / 2);
                // The same candidate polling again for the same epoch gets the same answer.
                let again = self.voted_for == Some((epoch, candidate));
                // One vote per round (a round's candidates differ only in the low bits).
                let fresh = epoch.round() > self.voted.round() && epoch > current;
                let granted = again || (sender_ok && silent && fresh);
                if granted {
                    self.voted = epoch;
                    self.voted_for = Some((epoch, candidate));
                    self.poll_seen = Some(now);
                    if self.campaign.as_ref().is_some_and(|c| c.epoch() < epoch) {
                        self.campaign = None;
                    }
                }
                let state = replica.copy_state();
                send(from, &MeshMsg::Vote { epoch, voter: me, granted, state }, &mut out);
            }
            MeshMsg::Vote { epoch, voter, granted, state } => {
                if let Some(c) = &mut self.campaign {
                    c.vote(now, from, epoch, voter, granted, state);
                }
            }
            MeshMsg::Fetch { epoch: _, from: seq } => {
                let (events, marks) = replica.events_from(seq, campaign::FETCH_BATCH);
                if !events.is_empty() {
                    send(from, &MeshMsg::Batch { from: seq, events, marks }, &mut out);
                }
            }
            MeshMsg::Batch { from: seq, events, marks } => {
                if self.campaign.is_some() {
                    replica.adopt(seq, events, marks);
                }
            }
            MeshMsg::Hosting { epoch } => {
                if epoch < current {
                    // A host of an older epoch: tell it who hosts now.
                    if let Some(hint) = self.hint_stale(now, from) {
                        out.push((from, hint));
                    }
                } else if epoch == current && self.campaign.take().is_some() {
                    // Our own host is alive: our link to it is what broke. Join it again.
                    for d in replica.connect(now) {
                        out.push((from, d));
                    }
                } else if epoch > current {
                    // A newer host: its election announcement (sent with this) decides.
                    self.campaign = None;
                }
            }
            MeshMsg::Elected { epoch, host, peer, ref voters, of } => {
                if epoch <= current {
                    return (out, None);
                }
                // A majority of the players the winner counted; views of who is
                // connected differ a little between devices, so its count is
                // taken if it is at least half of ours (a claim of a tiny room is not).
                let ours = replica.room().map_or(1, electorate);
                let counted = 2 * usize::from(of) >= ours && voters.len() + 1 >= quorum(usize::from(of));
                let voted = self.voted == epoch || replica.known_as().is_some_and(|me| voters.contains(&me));
                if !counted && !voted {
                    return (out, None);
                }
                self.campaign = None;
                self.voted = self.voted.max(epoch);
                // Kept to tell a stale host who hosts now.
                self.announcement = encode_mesh(&msg).ok().map(|a| (epoch, a));
                return (out, Some(Decision::Follow { epoch, host, peer }));
            }
        }
        (out, None)
    }

    /// This device now hosts `epoch` (it won, or the room is new).
    pub fn hosting(&mut self, epoch: Epoch, announcement: Option<Vec<u8>>) {
        self.voted = self.voted.max(epoch);
        self.campaign = None;
        if let Some(a) = announcement {
            self.announcement = Some((epoch, a));
        }
    }

    /// A host of an older epoch still talks to us: tell it, once a second,
    /// who hosts now (it steps down on hearing it).
    pub fn hint_stale(&mut self, now: u64, to: PeerId) -> Option<Vec<u8>> {
        let (_, a) = self.announcement.as_ref()?;
        if self.hinted.get(&to).is_some_and(|t| now.saturating_sub(*t) < 1_000) {
            return None;
        }
        self.hinted.insert(to, now);
        Some(a.clone())
    }
}
