//! The speed bump (issue 31): ties the host does not win.
//!
//! Two freezes declared "at the same moment" are arbitrated by the order
//! they reach the host (R20, R28). The host's own crew reaches it over an
//! in-process loopback, a guest over the internet, so without help the
//! host's crew would win every such tie by the guest's one-way latency.
//! The host therefore measures each player's one-way latency itself
//! (`Probe` out, `Echo` straight back: half the smallest round trip of the
//! last [`WINDOW`] probes) and holds a freeze declaration from a nearer
//! player for `slowest − its latency`, capped by `Timing::bump_ms`, so every
//! crew's shout meets arbitration as if it had come as far as the slowest
//! seated player's. Nothing but a freeze declaration is delayed; a player's
//! commands after a held freeze wait behind it, so each player's stream
//! still runs in the order it was sent.
//!
//! A peer's own word about its latency is never asked for: it could only
//! lie. What a peer can still do is answer probes late, which makes it look
//! farther than it is: the other crews' shouts are then held longer, by at
//! most `bump_ms`. It can never look nearer than it is (an echo needs the
//! probe's nonce), and looking nearer would only hold its own shouts longer.

use std::collections::{BTreeMap, VecDeque};

use super::{Host, Stage};
use crate::hash::Hash32;
use crate::ids::{CommandId, PeerId, PlayerNo};
use crate::wire::{Command, HostMsg, SeatHolder};

/// How often the host probes each connection.
pub(crate) const PROBE_MS: u64 = 1_000;
/// Round trips the min-filter looks back over (a route that got slower shows within this many probes).
pub(crate) const WINDOW: usize = 8;
/// A round trip longer than this counts as this long (a probe answered after a minute says nothing more).
const LONGEST_RTT: u64 = 60_000;

/// One player's one-way latency, measured by the host: half the smallest
/// round trip among the last [`WINDOW`] probes (the min-filter drops the
/// queueing and tick delays that only ever add to a trip).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Latency {
    rtts: VecDeque<u64>,
}

impl Latency {
    /// A probe came back after `rtt` ms.
    pub(crate) fn sample(&mut self, rtt: u64) {
        if self.rtts.len() >= WINDOW {
            self.rtts.pop_front();
        }
        self.rtts.push_back(rtt.min(LONGEST_RTT));
    }

    /// The one-way estimate; `None` before the first echo.
    pub(crate) fn one_way(&self) -> Option<u64> {
        self.rtts.iter().min().map(|rtt| rtt / 2)
    }
}

/// How long a freeze from a player `mine` ms away is held, when the slowest
/// seated player is `slowest` ms away: clamp(slowest − mine, 0, cap).
pub(crate) fn delay(slowest: u64, mine: u64, cap: u64) -> u64 {
    slowest.saturating_sub(mine).min(cap)
}

/// A command held back: a freeze waiting out its delay, or a command behind one.
#[derive(Debug)]
struct Held {
    at: u64,
    /// Arrival order, so equal release times keep it.
    order: u64,
    id: CommandId,
    command: Command,
    nonce: Hash32,
}

/// The host's latency probes, its estimates and the commands it holds.
/// Not saved: a restored or successor host measures afresh (within a
/// second). A command held here was never answered, and the save and the
/// room view count it as unrun ([`Bump::unrun`]), so its replica sends it
/// again to the next host, which runs it.
#[derive(Debug, Default)]
pub(crate) struct Bump {
    latency: BTreeMap<PlayerNo, Latency>,
    /// The probe in flight on each connection: its nonce and when it left.
    probes: BTreeMap<PeerId, (u64, u64)>,
    last_probe: Option<u64>,
    nonce: u64,
    held: BTreeMap<PlayerNo, VecDeque<Held>>,
    order: u64,
}

impl Bump {
    /// Whether any command is held.
    pub(crate) fn holds_any(&self) -> bool {
        !self.held.is_empty()
    }

    /// Whether `player`'s command `id` is waiting here (a resend of it is not a duplicate to answer).
    pub(crate) fn holds(&self, player: PlayerNo, id: CommandId) -> bool {
        self.held.get(&player).is_some_and(|q| q.iter().any(|h| h.id == id))
    }

    /// The first command of `player` that is held, unrun: what a successor
    /// or a restored host must expect next from it.
    pub(crate) fn first_held(&self, player: PlayerNo) -> Option<CommandId> {
        self.held.get(&player).and_then(|q| q.front()).map(|h| h.id)
    }

    /// `roster` with every player's book rewound to its first held command.
    pub(crate) fn unrun(&self, roster: &super::roster::Roster) -> super::roster::Roster {
        let mut roster = roster.clone();
        for (no, p) in &mut roster.players {
            if let Some(id) = self.first_held(*no) {
                p.book.rewind(id);
            }
        }
        roster
    }

    /// A player's measured one-way latency.
    pub(crate) fn one_way(&self, player: PlayerNo) -> Option<u64> {
        self.latency.get(&player).and_then(Latency::one_way)
    }
}

impl Host {
    /// Sends `peer` a fresh probe (replacing any still unanswered).
    pub(super) fn probe(&mut self, now: u64, peer: PeerId) {
        let b = &mut self.bump;
        b.nonce = b.nonce.wrapping_add(1);
        b.probes.insert(peer, (b.nonce, now));
        let nonce = b.nonce;
        self.out.send(peer, &HostMsg::Probe { nonce });
    }

    /// Probes every connection once per [`PROBE_MS`].
    pub(super) fn probe_tick(&mut self, now: u64) {
        if self.bump.last_probe.is_some_and(|t| now.saturating_sub(t) < PROBE_MS) {
            return;
        }
        self.bump.last_probe = Some(now);
        let peers = self.roster.peers();
        self.bump.probes.retain(|p, _| peers.contains(p));
        for peer in peers {
            self.probe(now, peer);
        }
    }

    /// `player`, on `from`, echoed probe `nonce`: one round trip measured.
    /// An echo of any other nonce (stale, made up, from another connection) counts for nothing.
    pub(super) fn echo(&mut self, now: u64, from: PeerId, player: PlayerNo, nonce: u64) {
        let b = &mut self.bump;
        let Some((sent_nonce, sent)) = b.probes.get(&from).copied() else { return };
        if sent_nonce != nonce {
            return;
        }
        b.probes.remove(&from);
        b.latency.entry(player).or_default().sample(now.saturating_sub(sent));
    }

    /// How long a freeze `player` declares now is held: its distance to
    /// the slowest seated player who is here, capped by `Timing::bump_ms`.
    /// 0 with the setting at 0, before the player's first echo, and at a
    /// one-device table (nobody to wait for).
    pub(crate) fn freeze_delay(&self, player: PlayerNo) -> u64 {
        let cap = self.settings.timing.bump_ms;
        if cap == 0 {
            return 0;
        }
        let Some(mine) = self.bump.one_way(player) else { return 0 };
        let slowest = self
            .seats
            .all()
            .iter()
            .filter_map(|h| match h {
                SeatHolder::Player(p) if !self.roster.is_away(*p) => self.bump.one_way(*p),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        delay(slowest, mine, cap)
    }

    /// Runs `command` now, or holds it: a freeze declaration for its delay,
    /// and anything behind a held command of the same player until that runs.
    pub(super) fn run_or_hold(
        &mut self,
        now: u64,
        player: PlayerNo,
        id: CommandId,
        command: Command,
        nonce: Hash32,
    ) {
        let waiting = self.bump.held.get(&player).is_some_and(|q| !q.is_empty());
        let freeze = match &command {
            Command::Intent { intent, .. } => intent.is_freeze() && matches!(self.stage, Stage::Playing(_)),
            _ => false,
        };
        let delay = if freeze { self.freeze_delay(player) } else { 0 };
        if !waiting && delay == 0 {
            return self.carry_out(now, player, id, command, nonce);
        }
        let b = &mut self.bump;
        b.order += 1;
        let held = Held { at: now.saturating_add(delay), order: b.order, id, command, nonce };
        b.held.entry(player).or_default().push_back(held);
    }

    /// Runs every held command whose time has come, earliest first (equal
    /// times in arrival order); each player's in the order it sent them.
    pub(super) fn release(&mut self, now: u64) {
        loop {
            let next = self
                .bump
                .held
                .iter()
                .filter_map(|(p, q)| q.front().map(|h| (h.at, h.order, *p)))
                .filter(|(at, _, _)| *at <= now)
                .min();
            let Some((_, _, player)) = next else { break };
            let Some(h) = self.bump.held.get_mut(&player).and_then(VecDeque::pop_front) else { break };
            self.carry_out(now, player, h.id, h.command, h.nonce);
        }
        self.bump.held.retain(|_, q| !q.is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_is_half_the_smallest_recent_round_trip() {
        let mut l = Latency::default();
        assert_eq!(l.one_way(), None, "nothing measured yet");
        for rtt in [130, 84, 200, 96] {
            l.sample(rtt);
        }
        assert_eq!(l.one_way(), Some(42), "queueing only adds: the smallest trip is the truest");
        // The fast trip ages out of the window: the estimate follows a slower route.
        for _ in 0..WINDOW {
            l.sample(120);
        }
        assert_eq!(l.one_way(), Some(60));
    }

    #[test]
    fn a_peer_that_answers_late_looks_farther_but_costs_the_others_at_most_the_cap() {
        let cap = 120;
        // A guest 40 ms away that holds every echo back by 900 ms.
        let mut liar = Latency::default();
        let mut near = Latency::default();
        for _ in 0..WINDOW {
            liar.sample(80 + 900);
            near.sample(0);
        }
        let slowest = liar.one_way().unwrap();
        assert_eq!(slowest, 490);
        assert_eq!(
            delay(slowest, near.one_way().unwrap(), cap),
            cap,
            "the host's crew waits the cap, no more"
        );
        assert_eq!(delay(slowest, slowest, cap), 0, "the slowest is never held");
        assert_eq!(delay(40, 0, 0), 0, "0 turns the bump off");
        assert_eq!(delay(40, 10, cap), 30);
        assert_eq!(delay(10, 40, cap), 0, "a farther player is not held");
        // An absurd round trip is clamped, so nothing overflows.
        let mut absurd = Latency::default();
        absurd.sample(u64::MAX);
        assert_eq!(absurd.one_way(), Some(LONGEST_RTT / 2));
    }
}
