//! Who is in the room: players (by secret token, shown by number), the
//! transport connection each speaks through now, and presence.
//!
//! A player is its token and its device's seat key, not its peer id:
//! matchbox ids change on every reconnect. A player silent for
//! `away_after_ms` is away; its seats stay reserved until its device comes
//! back under any peer id (who may come back is `admit.rs`'s business).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::book::Book;
use crate::fair::ChainCommit;
use crate::hash::Hash32;
use crate::ids::{CommandId, PeerId, PlayerNo};
use crate::seat_key::SeatPublic;
use crate::wire::PlayerView;

/// Nonce chains of a player kept in the room view (the one in use and
/// those before it that a late joiner's snapshot may still hold commands of).
const KEEP_CHAINS: usize = 4;

/// Longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

/// A player as the host's roster keeps it: the name, the token's proof, the seat key, its link
/// and its nonce chains. The room view shows each as a [`PlayerView`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct RosterEntry {
    /// `SHA-256` of the token: enough to recognise the player, useless to impersonate it.
    pub(crate) proof: Hash32,
    pub(crate) name: String,
    /// The public half of the seat key its first `Hello` carried: it never
    /// changes (issue 43, see `admit.rs`). Saved in a section after the
    /// roster (see `save.rs`), so a save made before seat keys still reads:
    /// its players have [`SeatPublic::NONE`] until they say Hello again,
    /// which every player of a restored room must do.
    #[serde(skip, default = "no_key")]
    pub(crate) key: SeatPublic,
    #[serde(skip)]
    pub(crate) conn: Option<PeerId>,
    /// `None` until heard from (after a restore: the first tick starts the clock).
    #[serde(skip)]
    pub(crate) last_heard: Option<u64>,
    pub(crate) away: bool,
    pub(crate) book: Book,
    /// The nonce chains the player's device committed to, the one in use
    /// last, and the last link of it checked (index, link): the next check
    /// hashes back to it. Not saved: every device says `Hello` (with its
    /// chain) to a restored host.
    #[serde(skip)]
    pub(crate) chains: Vec<ChainCommit>,
    #[serde(skip)]
    pub(crate) checked: Option<(u32, Hash32)>,
}

impl RosterEntry {
    /// The device committed to a nonce chain (its `Hello` or a `Command::Chain`).
    /// Returns whether the room view changed.
    pub(crate) fn commit_chain(&mut self, chain: ChainCommit) -> bool {
        if self.chains.last() == Some(&chain) {
            return false;
        }
        self.chains.retain(|c| *c != chain);
        self.chains.push(chain);
        if self.chains.len() > KEEP_CHAINS {
            self.chains.remove(0);
        }
        self.checked = None;
        true
    }

    /// Whether `nonce` is the committed link for command `id` (at most
    /// `CHAIN_LEN` hashes; consecutive commands cost one).
    pub(crate) fn check_nonce(&mut self, id: CommandId, nonce: &Hash32) -> bool {
        let Some(chain) = self.chains.last().copied() else { return false };
        let Some(j) = id.0.checked_sub(chain.first.0) else { return false };
        if !chain.verifies(id, nonce, self.checked) {
            return false;
        }
        self.checked = Some((j, *nonce));
        true
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Roster {
    pub(crate) players: BTreeMap<PlayerNo, RosterEntry>,
    /// The next number never given (see `admit.rs`: after the last, the
    /// lowest one nobody is listed under).
    pub(super) next_no: u16,
    #[serde(skip)]
    pub(super) conns: BTreeMap<PeerId, PlayerNo>,
    /// The player (token proof) each live connection said `Hello` as: it
    /// speaks for that one player until the transport closes it, even after
    /// a `Bye` or being replaced (issue 43: one connection, one voice).
    #[serde(skip)]
    pub(super) bound: BTreeMap<PeerId, Hash32>,
    /// `Hello`s refused (see `Host::refused_hellos`).
    #[serde(skip)]
    pub(super) refused: u64,
}

fn no_key() -> SeatPublic {
    SeatPublic::NONE
}

pub(super) fn clean_name(name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).take(MAX_NAME).collect();
    let name = name.trim();
    if name.is_empty() {
        "Cadet".to_string()
    } else {
        name.to_string()
    }
}

impl Roster {
    /// `Command::Rename`: the name the room shows for `no` from now on.
    pub(crate) fn rename(&mut self, no: PlayerNo, name: &str) {
        if let Some(p) = self.players.get_mut(&no) {
            p.name = clean_name(name);
        }
    }

    /// The player a connection speaks for.
    pub(crate) fn player_of(&self, peer: PeerId) -> Option<PlayerNo> {
        self.conns.get(&peer).copied()
    }

    pub(crate) fn get_mut(&mut self, no: PlayerNo) -> Option<&mut RosterEntry> {
        self.players.get_mut(&no)
    }

    pub(crate) fn conn_of(&self, no: PlayerNo) -> Option<PeerId> {
        self.players.get(&no).and_then(|p| p.conn)
    }

    pub(crate) fn no_of(&self, proof: Hash32) -> Option<PlayerNo> {
        self.players.iter().find(|(_, p)| p.proof == proof).map(|(no, _)| *no)
    }

    /// The roster a successor host starts with: everyone the old host's room
    /// view listed, still reachable at the connection it named (the mesh
    /// keeps transport ids), except the old host's own player, and each
    /// player's command book where the old host left it (`books`: the
    /// furthest any copy saw, from the view and the events' marks).
    pub(crate) fn succeed(
        players: &[PlayerView],
        gone: Option<PlayerNo>,
        books: &BTreeMap<PlayerNo, CommandId>,
        now: u64,
    ) -> Roster {
        let mut roster = Roster::default();
        for v in players {
            let conn = v.peer.filter(|_| Some(v.no) != gone);
            let next = books.get(&v.no).copied().unwrap_or(v.next_command).max(v.next_command);
            let player = RosterEntry {
                proof: v.proof,
                name: v.name.clone(),
                key: v.key,
                conn,
                last_heard: conn.map(|_| now),
                away: conn.is_none() || v.away,
                book: Book::starting_at(next),
                chains: v.chains.iter().rev().take(KEEP_CHAINS).rev().copied().collect(),
                checked: None,
            };
            roster.players.insert(v.no, player);
            if let Some(c) = conn {
                roster.conns.insert(c, v.no);
                roster.bound.insert(c, v.proof);
            }
            roster.next_no = roster.next_no.max(v.no.0.saturating_add(1));
        }
        roster
    }

    pub(crate) fn is_away(&self, no: PlayerNo) -> bool {
        self.players.get(&no).is_none_or(|p| p.away)
    }

    /// Notes traffic from `peer`. Returns its player, and whether that
    /// player was away and is now back.
    pub(crate) fn heard(&mut self, peer: PeerId, now: u64) -> Option<(PlayerNo, bool)> {
        let no = self.player_of(peer)?;
        let p = self.players.get_mut(&no)?;
        p.last_heard = Some(now);
        let back = std::mem::replace(&mut p.away, false);
        Some((no, back))
    }

    /// The transport says `peer` is gone: stop sending to it. Presence is
    /// still decided by silence (the peer may be reconnecting already).
    pub(crate) fn detach(&mut self, peer: PeerId) {
        if let Some(no) = self.conns.remove(&peer) {
            if let Some(p) = self.players.get_mut(&no) {
                if p.conn == Some(peer) {
                    p.conn = None;
                }
            }
        }
    }

    /// The transport closed `peer`: it speaks for nobody any more, and the
    /// id is free for whoever the transport gives it to next.
    pub(crate) fn closed(&mut self, peer: PeerId) {
        self.detach(peer);
        self.bound.remove(&peer);
    }

    /// Forgets a player's connection (it will say Hello on a new one).
    pub(crate) fn detach_player(&mut self, no: PlayerNo) {
        if let Some(peer) = self.conn_of(no) {
            self.detach(peer);
        }
    }

    /// The player left on purpose (`Bye`): away at once.
    pub(crate) fn leave(&mut self, peer: PeerId) -> bool {
        let Some(no) = self.player_of(peer) else { return false };
        self.detach(peer);
        self.players.get_mut(&no).is_some_and(|p| !std::mem::replace(&mut p.away, true))
    }

    /// Marks players silent for longer than `away_after` as away. Returns
    /// whether anyone changed.
    pub(crate) fn sweep(&mut self, now: u64, away_after: u64) -> bool {
        let mut changed = false;
        for p in self.players.values_mut() {
            let heard = *p.last_heard.get_or_insert(now);
            if !p.away && now.saturating_sub(heard) > away_after {
                p.away = true;
                changed = true;
            }
        }
        changed
    }

    /// Every connection to broadcast to.
    pub(crate) fn peers(&self) -> Vec<PeerId> {
        self.conns.keys().copied().collect()
    }

    pub(crate) fn views(&self) -> Vec<PlayerView> {
        self.players
            .iter()
            .map(|(no, p)| PlayerView {
                no: *no,
                name: p.name.clone(),
                connected: p.conn.is_some(),
                away: p.away,
                peer: p.conn,
                proof: p.proof,
                next_command: p.book.next(),
                key: p.key,
                chains: p.chains.clone(),
            })
            .collect()
    }
}
