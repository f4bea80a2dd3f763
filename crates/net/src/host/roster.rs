//! Who is in the room: players (by secret token, shown by number), the
//! transport connection each speaks through now, and presence.
//!
//! A player is its token, not its peer id: matchbox ids change on every
//! reconnect. A player silent for `away_after_ms` is away; its seats stay
//! reserved until it comes back under any peer id.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::book::Book;
use crate::fair::{token_proof, ChainCommit, Digest};
use crate::ids::{CommandId, PeerId, PlayerNo, PlayerToken};
use crate::seat_key::SeatPublic;
use crate::wire::{PlayerView, Refusal};

/// Nonce chains of a player kept in the room view (the one in use and
/// those before it that a late joiner's snapshot may still hold commands of).
const KEEP_CHAINS: usize = 4;

/// Longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Player {
    /// `SHA-256` of the token: enough to recognise the player, useless to impersonate it.
    pub(crate) proof: Digest,
    pub(crate) name: String,
    /// The public half of the seat key its last `Hello` carried. Saved in a
    /// section after the roster (see `save.rs`), so a save made before seat
    /// keys still reads: its players have [`SeatPublic::NONE`] until they
    /// say Hello again, which every player of a restored room must do.
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
    pub(crate) checked: Option<(u32, Digest)>,
}

impl Player {
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
    pub(crate) fn check_nonce(&mut self, id: CommandId, nonce: &Digest) -> bool {
        let Some(chain) = self.chains.last().copied() else { return false };
        let Some(j) = id.0.checked_sub(chain.first.0) else { return false };
        if !chain.verifies(id, nonce, self.checked) {
            return false;
        }
        self.checked = Some((j, *nonce));
        true
    }
}

/// Admission of a `Hello`.
pub(crate) struct Admitted {
    pub(crate) no: PlayerNo,
    /// The connection this player spoke through before, now superseded.
    pub(crate) replaced: Option<PeerId>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Roster {
    pub(crate) players: BTreeMap<PlayerNo, Player>,
    next_no: u16,
    #[serde(skip)]
    conns: BTreeMap<PeerId, PlayerNo>,
}

fn no_key() -> SeatPublic {
    SeatPublic::NONE
}

fn clean_name(name: &str) -> String {
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

    /// Admits `token` on `peer`. A known token always comes back (with its
    /// seats), and so does the room's owner; a new one needs room, made if
    /// need be by forgetting a player who holds no seat and is not connected.
    pub(crate) fn admit(
        &mut self,
        peer: PeerId,
        token: PlayerToken,
        (name, key): (&str, SeatPublic),
        now: u64,
        room: (u16, Digest),
        holds_seat: impl Fn(PlayerNo) -> bool,
    ) -> Result<Admitted, Refusal> {
        let (capacity, owner) = room;
        let proof = token_proof(token.0);
        let known = self.no_of(proof);
        let no = match known {
            Some(no) => no,
            None => {
                if self.players.len() >= usize::from(capacity) && proof != owner {
                    let idle = self
                        .players
                        .iter()
                        .find(|(no, p)| p.conn.is_none() && !holds_seat(**no))
                        .map(|(no, _)| *no);
                    match idle {
                        Some(gone) => {
                            self.players.remove(&gone);
                        }
                        None => return Err(Refusal::RoomFull { capacity }),
                    }
                }
                // A number names one player for the room's life (marks and command
                // books go by it): when they run out, or a successor's view named
                // a player at the end of them, nobody new gets one.
                let no = PlayerNo(self.next_no);
                let next = self.next_no.checked_add(1).filter(|_| !self.players.contains_key(&no));
                let Some(next) = next else { return Err(Refusal::RoomFull { capacity }) };
                self.next_no = next;
                let player = Player {
                    proof,
                    name: String::new(),
                    key,
                    conn: None,
                    last_heard: None,
                    away: false,
                    book: Book::default(),
                    chains: Vec::new(),
                    checked: None,
                };
                self.players.insert(no, player);
                no
            }
        };
        let Some(p) = self.players.get_mut(&no) else { return Err(Refusal::NotJoined) };
        p.name = clean_name(name);
        // The token proves the player; a device that lost its storage lost
        // its key with it, so the key of this Hello is the one listed now.
        if p.key != key {
            // Chains the old key signed would not verify against the new one:
            // replicas would take them for chains the host made up.
            p.chains.clear();
            p.checked = None;
        }
        p.key = key;
        let replaced = p.conn.replace(peer).filter(|old| *old != peer);
        p.book.reconnected();
        p.last_heard = Some(now);
        p.away = false;
        if let Some(old) = replaced {
            self.conns.remove(&old);
        }
        // The same connection spoke for someone else before (a tab that switched identity).
        if let Some(other) = self.conns.insert(peer, no).filter(|o| *o != no) {
            if let Some(p) = self.players.get_mut(&other) {
                p.conn = None;
            }
        }
        Ok(Admitted { no, replaced })
    }

    /// The player a connection speaks for.
    pub(crate) fn player_of(&self, peer: PeerId) -> Option<PlayerNo> {
        self.conns.get(&peer).copied()
    }

    pub(crate) fn get_mut(&mut self, no: PlayerNo) -> Option<&mut Player> {
        self.players.get_mut(&no)
    }

    pub(crate) fn conn_of(&self, no: PlayerNo) -> Option<PeerId> {
        self.players.get(&no).and_then(|p| p.conn)
    }

    pub(crate) fn no_of(&self, proof: Digest) -> Option<PlayerNo> {
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
            let player = Player {
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const OWNER_TOKEN: PlayerToken = PlayerToken(1);
    fn owner() -> Digest {
        token_proof(OWNER_TOKEN.0)
    }

    #[test]
    fn a_full_room_still_admits_its_owner_and_forgets_idle_spectators() {
        let mut r = Roster::default();
        let room = (2, owner());
        r.admit(PeerId(2), PlayerToken(2), ("a", SeatPublic::NONE), 0, room, |_| true).ok().unwrap();
        r.admit(PeerId(3), PlayerToken(3), ("b", SeatPublic::NONE), 0, room, |_| false).ok().unwrap();
        assert_eq!(
            r.admit(PeerId(4), PlayerToken(4), ("c", SeatPublic::NONE), 0, room, |_| false).err(),
            Some(Refusal::RoomFull { capacity: 2 })
        );
        assert!(
            r.admit(PeerId(1), OWNER_TOKEN, ("owner", SeatPublic::NONE), 0, room, |_| false).is_ok(),
            "the owner always gets in"
        );
        r.detach(PeerId(3));
        let newcomer =
            r.admit(PeerId(5), PlayerToken(5), ("d", SeatPublic::NONE), 0, room, |no| no == PlayerNo(0));
        assert!(newcomer.is_ok(), "the idle spectator's place is reused");
        assert_eq!(r.no_of(token_proof(3)), None);
    }

    #[test]
    fn a_new_connection_replaces_the_old_and_names_are_cleaned() {
        let mut r = Roster::default();
        let room = (8, owner());
        let first = r
            .admit(PeerId(2), PlayerToken(2), (" \u{7}Ana\n ", SeatPublic::NONE), 0, room, |_| false)
            .ok()
            .unwrap();
        let again = r
            .admit(PeerId(9), PlayerToken(2), (&"x".repeat(99), SeatPublic::NONE), 5, room, |_| false)
            .ok()
            .unwrap();
        assert_eq!((first.no, again.no, again.replaced), (PlayerNo(0), PlayerNo(0), Some(PeerId(2))));
        assert_eq!(r.player_of(PeerId(2)), None);
        assert_eq!(r.views()[0].name.chars().count(), MAX_NAME);
        let mut r2 = Roster::default();
        r2.admit(PeerId(2), PlayerToken(2), (" \u{7}Ana\n ", SeatPublic::NONE), 0, room, |_| false)
            .ok()
            .unwrap();
        assert_eq!(r2.views()[0].name, "Ana");
        assert!(!r2.sweep(5_000, 5_000) && r2.sweep(5_001, 5_000), "away after 5 s of silence");
    }

    #[test]
    fn a_player_back_with_its_token_and_a_new_seat_key_is_listed_with_the_new_key() {
        let mut r = Roster::default();
        let room = (8, owner());
        let (old, new) = (SeatPublic([1; 32]), SeatPublic([2; 32]));
        r.admit(PeerId(2), PlayerToken(2), ("Ana", old), 0, room, |_| false).ok().unwrap();
        assert_eq!(r.views()[0].key, old);
        // Its phone lost its storage: same token (from the link), new key.
        r.admit(PeerId(3), PlayerToken(2), ("Ana", new), 5, room, |_| false).ok().unwrap();
        assert_eq!(r.views()[0].key, new);
        let succeeded = Roster::succeed(&r.views(), None, &BTreeMap::new(), 9);
        assert_eq!(succeeded.views()[0].key, new, "a successor host keeps the keys of the view");
    }
}
