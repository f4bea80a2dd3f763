//! Host succession: the state machine each device runs beside its replica
//! so that a room outlives its host.
//!
//! When the host has been silent for `silence_ms`, the first live successor
//! in the room view's replicated order polls the other players for their
//! votes and where their copies stand (`{epoch, head, hash}`). With a
//! majority of the room's seat keys (the old host counted, so two halves of
//! a split room can never both elect; one key is one voice however many
//! players it signs as) it adopts the longest copy among the answers,
//! fetching the events it lacks from the peer that has them, and becomes
//! the host of the next epoch; the others follow its announcement. A voter
//! grants one vote a round, one round at a time to each candidate, and only
//! once it, too, has stopped hearing the host for the whole silence. If the
//! candidate dies mid-election the next successor's longer timer fires and
//! it polls for a higher epoch. A two-player room needs only the
//! survivor's own vote.
//!
//! Leader stickiness (issue 43, `sticky.rs`): a device that still hears its
//! host follows no election that deposes it, and a live host never yields,
//! so in a room of two a guest's own vote moves only a host that has left
//! (a tab restored from its save, a laptop that slept). No clock or socket
//! here: the device ([`crate::device`]) feeds messages and time, and
//! carries out decisions.
//!
//! Nothing a peer says is taken on its word (issue 31): polls and votes
//! are signed with the sender's seat key, the winner's announcement carries
//! the signed votes (its certificate), and each device checks them against
//! the keys its own copy of the room lists. Votes and certificates count
//! only for the [`ROUND_WINDOW`] rounds after the one a device follows; a
//! host's "I am alive" counts only from the host the room view names; a
//! batch of events only from the peer the candidate asked. Whatever is
//! refused changes nothing and is counted ([`Succession::refused`]).
//! Nor is a voter's copy: a candidate adopts a voter's events only as far
//! as the host that wrote them signed their hash chain ([`crate::chain`]),
//! that host being the one a certificate (or the room's genesis) installed
//! for its epoch, and catches up from one voter for a bounded time only.

mod campaign;
mod rival;
mod stand;
mod sticky;
mod timing;
mod voter;

use std::collections::{BTreeMap, BTreeSet};

use campaign::Campaign;
pub use rival::Rival;
use rival::RivalHost;
use sticky::{Held, Presence};
pub use timing::SuccessionTiming;
use voter::{Deferred, Granted};

use crate::certificate::{self, Claim};
pub use crate::certificate::{quorum, Forgery, ROUND_WINDOW};
use crate::ids::{Epoch, PeerId, PlayerNo, Seq};
use crate::replica::Replica;
use crate::wire::{encode_mesh, Ballot, MeshMsg};

/// What the device must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// This device won `epoch` with `votes` (its certificate, its own
    /// ballot included), a majority of `of` players: host the room from the
    /// replica's copy.
    Host { epoch: Epoch, votes: Vec<Ballot>, of: u16 },
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
    /// Whom this device voted for (itself when it stood), by round: one
    /// vote a round. Kept as a set, not a highest round, so that a poll for
    /// the last round of the window (a peer that wants the room stuck)
    /// uses up that round only.
    ballots: BTreeMap<u16, Granted>,
    /// The epoch it last stood for (it stands again only in a later round).
    stood: Epoch,
    /// The last poll seen from someone else: standing waits while others try.
    poll_seen: Option<u64>,
    campaign: Option<Campaign>,
    /// The election this device follows, to repeat to a stale host.
    announcement: Option<(Epoch, Vec<u8>)>,
    hinted: BTreeMap<PeerId, u64>,
    /// Stale hosts told who hosts now, since when, and whether the players
    /// were told that one went on hosting anyway.
    stale: BTreeMap<PeerId, (u64, bool)>,
    /// Whom this device hears, and whether it was away (leader stickiness).
    presence: Presence,
    /// A valid election that arrived while the host was still heard.
    held: Option<Held>,
    /// Another device hosting this room beside this one (two hosts).
    rival: Option<RivalHost>,
    /// Where to tell the election this device won by its rival's vote.
    rival_peer: Option<PeerId>,
    /// Peers that said they host this epoch while this device stood (its
    /// host's tab reloaded under a new id, perhaps): told if it wins.
    claimants: BTreeSet<PeerId>,
    /// When each peer's last poll was answered (one answer per peer per
    /// `POLL_GAP_MS`).
    answered: BTreeMap<PeerId, u64>,
    /// Polls left unanswered for coming too fast.
    throttled: u64,
    /// Polls to grant once this device's silence reaches the bound, in the
    /// order they came (one per candidate).
    deferred: Vec<(PlayerNo, Deferred)>,
    /// When this device's last campaign ended without a majority.
    lost_at: Option<u64>,
    /// What the last campaign asked for: a late answer is no forgery.
    asked_before: BTreeSet<(PeerId, Seq)>,
    refused: u64,
    last_refused: Option<Forgery>,
    /// Kinds refused since the app last asked, each once (so it can tell
    /// the players every kind of forgery, however many arrive in one pump).
    untold: Vec<Forgery>,
}

impl Succession {
    pub fn new(timing: SuccessionTiming) -> Succession {
        Succession {
            timing,
            ballots: BTreeMap::new(),
            stood: Epoch(0),
            poll_seen: None,
            campaign: None,
            announcement: None,
            hinted: BTreeMap::new(),
            stale: BTreeMap::new(),
            presence: Presence::default(),
            held: None,
            rival: None,
            rival_peer: None,
            claimants: BTreeSet::new(),
            answered: BTreeMap::new(),
            throttled: 0,
            deferred: Vec::new(),
            lost_at: None,
            asked_before: BTreeSet::new(),
            refused: 0,
            last_refused: None,
            untold: Vec::new(),
        }
    }

    /// Election messages refused since this device started: forged or
    /// unsigned polls and votes, announcements without a valid certificate,
    /// false claims to host, events nobody asked for. None changed anything;
    /// the UI may say "a peer sent a forged election".
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// Polls left unanswered because the same peer polled again within
    /// `POLL_GAP_MS` (100 ms: a duplicate on a bad network, or a peer
    /// polling as fast as it can): nothing a player needs telling.
    pub fn throttled(&self) -> u64 {
        self.throttled
    }

    /// A guest's message of the game reached this device, which hosts: that
    /// guest still hears it ([`Succession::handle`] counts a host live while
    /// it hears a majority of its room).
    pub fn heard_guest(&mut self, now: u64, from: PeerId) {
        self.presence.guest_heard(now, from);
        // A rival host that talks to this one as a guest now follows it.
        if self.rival.as_ref().is_some_and(|r| r.peer() == from) {
            self.rival = None;
        }
    }

    /// The kind of the last refused election message.
    pub fn last_refused(&self) -> Option<Forgery> {
        self.last_refused
    }

    /// The kinds of election message refused since the last call, each
    /// once, in the order first seen (at most one of each kind: bounded).
    pub fn drain_refused(&mut self) -> Vec<Forgery> {
        std::mem::take(&mut self.untold)
    }

    fn refuse(&mut self, why: Forgery) {
        self.refused = self.refused.saturating_add(1);
        self.last_refused = Some(why);
        if !self.untold.contains(&why) {
            self.untold.push(why);
        }
    }

    fn end_campaign(&mut self) {
        if let Some(c) = self.campaign.take() {
            self.asked_before = c.into_asked();
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
        let hears_host = !hosting && !self.host_silent(now, replica);
        self.presence.tick(now, self.timing.silence_ms, hears_host);
        if hosting {
            self.end_campaign();
            self.deferred.clear();
            self.remind_rival(now, &mut out);
            return (out, None);
        }
        // Before this device stands itself: a poll that came first is answered first.
        self.answer_deferred(now, replica, &mut out);
        if let Some(d) = self.held_election(now, replica) {
            return (out, Some(d));
        }
        if self.campaign.is_some() && self.host_spoke_again(now, replica) {
            // The host spoke since this device stood (a reloaded host tab
            // back under a new id, a link that recovered): a device that
            // hears its host follows no election, its own included.
            self.end_campaign();
            return (out, None);
        }
        if let Some(c) = &mut self.campaign {
            let decision = c.tick(now, replica, &self.timing, &mut out);
            if decision.is_some() {
                self.end_campaign();
            } else if c.lost(now, &self.timing) {
                self.end_campaign();
                self.lost_at = Some(now);
            }
            return (out, decision);
        }
        self.stand(now, replica, out)
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
            MeshMsg::Poll { epoch, candidate, sig } => {
                // First the election that brought this device into its epoch
                // (the `Elected`, certificate and all): a candidate that missed
                // it learns who hosts the epoch of this voter's head, which
                // otherwise proves nothing to it (once a second a peer).
                let followed = self.announcement.as_ref().is_some_and(|(e, _)| *e == current);
                if hosting.is_none() && followed {
                    out.extend(self.tell_candidate(now, from).map(|a| (from, a)));
                }
                self.answer_poll(now, from, (epoch, candidate, sig), replica, hosting, &mut out);
            }
            MeshMsg::Vote { ballot } => {
                if let Some(ours) = hosting {
                    let (told, decision) = self.rival_vote(now, from, &ballot, ours, replica);
                    out.extend(told.map(|a| (from, a)));
                    return (out, decision);
                }
                let Some(c) = &mut self.campaign else { return (out, None) };
                let digest = replica.room_digest();
                let Some(room) = replica.room() else { return (out, None) };
                let key = room.player(ballot.vote.voter).map(|p| p.key);
                if !key.is_some_and(|k| ballot.signed_by(&k, &digest)) {
                    self.refuse(Forgery::Signature);
                    return (out, None);
                }
                // The voter's vote counts; its history only as far as the host
                // installed for its epoch signed it (issue 43). A head of an
                // epoch before the one this copy follows is never adopted (the
                // copy is newer): nothing to check.
                let mine = replica.epoch();
                let claimed = ballot.vote.state.signed.filter(|h| h.epoch >= mine);
                let head = claimed.filter(|h| replica.proves(h));
                c.vote(now, from, ballot, head);
                // A later epoch in the window may be an election this device
                // missed (the voter sends its certificate before its vote):
                // passed over, not called a forgery. A signature that is not the
                // installed host's, or a round no election of this view reaches, is.
                let missed = claimed.is_some_and(|h| certificate::in_window(mine, h.epoch));
                if claimed.is_some() && head.is_none() && !missed {
                    self.refuse(Forgery::UnsignedHistory);
                }
            }
            MeshMsg::Fetch { epoch: _, from: seq } => {
                let (events, marks) = replica.events_from(seq, campaign::FETCH_BATCH);
                if !events.is_empty() {
                    send(from, &MeshMsg::Batch { from: seq, events, marks }, &mut out);
                }
            }
            MeshMsg::Batch { from: seq, events, marks } => {
                if let Some(c) = self.campaign.as_mut().filter(|c| c.asked(from, seq)) {
                    if let Err(why) = c.batch(from, seq, events, marks, replica) {
                        self.refuse(why);
                    }
                } else if !self.asked_before.contains(&(from, seq)) {
                    // Nobody asked this peer for these: adopting them would let any
                    // guest write the game's end into a successor's copy.
                    self.refuse(Forgery::UnrequestedBatch);
                }
            }
            MeshMsg::Hosting { epoch } => {
                let host_peer = replica.room().and_then(|r| r.player(r.host?)).and_then(|p| p.peer);
                if epoch < current {
                    // A host of an older epoch: tell it who hosts now.
                    if let Some(hint) = self.hint_stale(now, from) {
                        out.push((from, hint));
                    }
                    if self.stale.get(&from).is_some_and(|(_, told)| *told) {
                        self.stale_rival(epoch, from, replica);
                    }
                } else if epoch == current && hosting.is_none() && host_peer == Some(from) {
                    // Our own host is alive: our link to it is what broke. Join it again.
                    if self.campaign.is_some() {
                        self.end_campaign();
                        for d in replica.connect(now) {
                            out.push((from, d));
                        }
                    }
                } else if epoch == current
                    && host_peer.is_some_and(|h| h != from)
                    && !self.followed_at(current, from)
                {
                    // Not the host our view names, nor the winner followed (its first
                    // view on its way, see `followed_at`): it changes nothing, however
                    // often said. While this device stands it may be that host
                    // back under a new id (a reloaded tab): no forgery, and it
                    // hears this device's election if won.
                    if self.campaign.is_none() {
                        self.refuse(Forgery::FalseHosting);
                    } else {
                        self.claimed(from);
                    }
                }
                // A newer epoch is ignored: only an election's certificate
                // makes a newer host (a real one sends it with this, so it is
                // no forgery in itself: a lagging candidate polls the new host).
            }
            MeshMsg::Elected { epoch, host, peer, ref votes, of, ref sig } => {
                if epoch <= current {
                    return (out, None);
                }
                let claim = Claim { epoch, host, peer, votes, of, sig };
                let announcement = encode_mesh(&msg).ok();
                return (out, self.elected(now, &claim, replica, hosting, announcement));
            }
        }
        (out, None)
    }

    /// This device now hosts `epoch` (it won, or the room is new).
    pub fn hosting(&mut self, epoch: Epoch, announcement: Option<Vec<u8>>) {
        self.end_campaign();
        if let Some(a) = announcement {
            self.announcement = Some((epoch, a));
        }
    }
}
