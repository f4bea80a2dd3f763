//! A host born from a replica: the device that won an election hosts the
//! room from its copy, at the new epoch, and tells everyone until they join.

use std::collections::BTreeSet;

use super::game::Match;
use super::keys::Keys;
use super::lobby::Lobby;
use super::outbox::Outbox;
use super::roster::Roster;
use super::seats::Seats;
use super::{Host, Settings, Stage};
use crate::fair::{room_digest, token_proof};
use crate::hash::Hash32;
use crate::ids::{Epoch, PeerId};
use crate::replica::Heir;
use crate::seat_key::{SeatKey, Statement};
use crate::wire::{decode_mesh, encode_mesh, Ballot, MeshMsg};

/// How often a new host repeats its election to peers that have not joined it.
const ANNOUNCE_EVERY_MS: u64 = 1_000;
/// How long it keeps repeating (a stale host that returns later is told by
/// the replicas it still talks to).
const ANNOUNCE_FOR_MS: u64 = 60_000;

#[derive(Debug)]
pub(crate) struct Announce {
    datagram: Vec<u8>,
    targets: BTreeSet<PeerId>,
    since: u64,
    last: Option<u64>,
    /// To sign the announcement again when this device's transport id changes.
    key: SeatKey,
    room_digest: Hash32,
}

impl Host {
    /// Hosts the room from `heir`'s copy at `epoch`, having won the election
    /// with `votes` (the signed ballots, a majority of the `u16` players
    /// counted): its announcement carries them, signed with the heir's seat key. The old
    /// host's player (`room.host`) starts away; every
    /// other player keeps its connection, its seats and its command book;
    /// deadlines and the review pause restart from the game's state. `me` is
    /// this device's transport id (announced so peers can find it).
    pub fn succeed(
        heir: Heir,
        epoch: Epoch,
        seed: u64,
        me: PeerId,
        votes: (Vec<Ballot>, u16),
        now: u64,
    ) -> Host {
        let view = heir.room;
        let timing = view.timing;
        let old_host = view.host;
        let mut roster = Roster::succeed(&view.players, old_host, &heir.books, now);
        // This device's own player talks to its host in-process: it joins with its Hello.
        if let Some(no) = roster.no_of(token_proof(heir.token.0)) {
            roster.detach_player(no);
        }
        let mut seats = Seats::new(view.seats.len());
        for (i, holder) in view.seats.iter().enumerate() {
            seats.set(duel_core::SeatId(u8::try_from(i).unwrap_or(u8::MAX)), *holder);
        }
        let stage = match heir.game {
            // A copy of the game proves the start, even if the room view saying so was lost.
            Some((base, log, marks)) => {
                let mut m =
                    Match::resume(view.config.clone(), (base.0, base.1, heir.chain), log, marks, timing);
                m.restart_clocks(now);
                Stage::Playing(Box::new(m))
            }
            // A lesson's starting position is never shared before the start: offline only.
            _ => Stage::Lobby(Lobby::new(view.config.clone(), None)),
        };
        let me_no = roster.no_of(token_proof(heir.token.0));
        let mut targets: BTreeSet<PeerId> = view.players.iter().filter_map(|p| p.peer).collect();
        targets.remove(&me);
        let room_digest = room_digest(&heir.room_name);
        let announce = me_no.and_then(|host| {
            let (votes, of) = votes;
            let sig = heir.seat_key.sign(Statement::Elected, &room_digest, &(epoch, host, me));
            let msg = MeshMsg::Elected { epoch, host, peer: me, votes, of, sig };
            let key = heir.seat_key.clone();
            let last = None;
            encode_mesh(&msg).ok().map(|datagram| Announce {
                datagram,
                targets,
                since: now,
                last,
                key,
                room_digest,
            })
        });
        let mut host = Host {
            keys: Keys::new(seed, epoch, &heir.room_name),
            settings: Settings {
                build: heir.build,
                owner: token_proof(heir.token.0),
                seed,
                capacity: view.capacity,
                timing,
                room: heir.room_name,
                epoch,
            },
            roster,
            seats,
            stage,
            room_version: view.version.wrapping_add(1),
            room_dirty: true,
            out: Outbox::at(epoch),
            announce,
            bump: super::bump::Bump::default(),
            #[cfg(any(test, feature = "test-support"))]
            cheat: None,
            #[cfg(any(test, feature = "test-support"))]
            tally: (0, 0),
            heads: super::heads::Heads::signing_with(heir.seat_key, room_digest),
            bots: view.bots.fitted(view.seats.len()),
        };
        host.reconcile_after_succession(now);
        host
    }

    /// A peer said Hello: it has found this host, stop announcing to it.
    pub(crate) fn announced_to(&mut self, peer: PeerId) {
        if let Some(a) = &mut self.announce {
            a.targets.remove(&peer);
        }
    }

    /// Repeats the election to peers that have not joined yet.
    pub(crate) fn announce_tick(&mut self, now: u64) {
        let Some(a) = &mut self.announce else { return };
        // The election itself is kept (answers to polls and stale hosts carry it).
        if a.targets.is_empty() || now.saturating_sub(a.since) > ANNOUNCE_FOR_MS {
            return;
        }
        if a.last.is_some_and(|t| now.saturating_sub(t) < ANNOUNCE_EVERY_MS) {
            return;
        }
        a.last = Some(now);
        let (datagram, targets) = (a.datagram.clone(), a.targets.clone());
        for to in targets {
            self.out.push_raw(to, datagram.clone());
        }
    }

    /// This device's transport id changed (its socket was rebuilt): the
    /// election names the new one, so peers that hear of it find this host.
    pub fn rehome(&mut self, me: PeerId) {
        let Some(a) = &mut self.announce else { return };
        if let Ok(MeshMsg::Elected { epoch, host, votes, of, .. }) = decode_mesh(&a.datagram) {
            let sig = a.key.sign(Statement::Elected, &a.room_digest, &(epoch, host, me));
            if let Ok(d) = encode_mesh(&MeshMsg::Elected { epoch, host, peer: me, votes, of, sig }) {
                a.datagram = d;
            }
        }
    }

    /// A host restored from its save (issue 45) announces again the election
    /// its save kept (checked on restore: see `restored_election.rs`),
    /// signed with `key` for the id `me`: an older host it meets is told who
    /// won, as by a host that never reloaded. Nothing when the save kept no
    /// election of this epoch, or `key` is not the winner's.
    pub(crate) fn reannounce(&mut self, key: &SeatKey, me: PeerId) {
        if self.announce.is_some() {
            return;
        }
        let Some(step) = self.lineage().steps.last().cloned() else { return };
        let c = &step.elected;
        let winner = step.before.view.player(c.host).map(|p| p.key);
        if c.epoch != self.settings.epoch || winner != Some(key.public()) {
            return;
        }
        let room_digest = room_digest(&self.settings.room);
        let sig = key.sign(Statement::Elected, &room_digest, &(c.epoch, c.host, me));
        let msg = MeshMsg::Elected {
            epoch: c.epoch,
            host: c.host,
            peer: me,
            votes: c.votes.clone(),
            of: c.of,
            sig,
        };
        self.announce = encode_mesh(&msg).ok().map(|datagram| Announce {
            datagram,
            // Nobody to chase: its players find it and say Hello; an older host is told when met.
            targets: BTreeSet::new(),
            since: 0,
            last: None,
            key: key.clone(),
            room_digest,
        });
    }

    /// The election this host won, to answer anyone who still follows an older host.
    pub fn elected_msg(&self) -> Option<Vec<u8>> {
        self.announce.as_ref().map(|a| a.datagram.clone())
    }
}
