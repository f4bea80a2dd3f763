//! Who may come in on a `Hello` (issue 43, "one device, one voice").
//!
//! A player is its token *and* the seat key its device first joined with:
//! - a connection speaks for the one player it first said `Hello` as, for as
//!   long as the transport keeps it open: a second token on it is refused
//!   (`OtherPlayer`), so one connection cannot mint players, nor vote as them;
//! - a key is one player: a new token with a key another listed player holds
//!   is refused (`SeatKeyInUse`);
//! - a known token comes back only with the key it has (`SeatKeyChanged`
//!   otherwise): a token travels in every `Hello`, so every past host of the
//!   device knows it, and a token alone must not hand anyone the player's
//!   seats and votes. A device that really lost its key joins as a new
//!   player, and takes its seats back as it would a departed player's.
//!   (A player listed with no key, from a save made before seat keys, takes
//!   the key of its first `Hello`.)
//!
//! Numbers: each new player gets the next number never given while there
//! is one; after the last (65,535 players in one room's life, which a
//! guest churning through connections could reach) the lowest number
//! nobody is listed under, so a room never runs out. A number given again
//! starts its command book past every command of it in the log, so no mark
//! of the player before is ever taken for one of the new player's.
//!
//! Every refusal changes nothing.

use super::book::Book;
use super::roster::{clean_name, Roster, RosterEntry};
use crate::fair::token_proof;
use crate::hash::Hash32;
use crate::ids::{CommandId, PeerId, PlayerNo, PlayerToken};
use crate::seat_key::SeatPublic;
use crate::wire::HostRefusal;

/// Connections remembered beyond those that speak for a player now (a
/// transport that never reports closed connections cannot grow the map
/// without end; one dropped from it could say `Hello` as another player,
/// which a device with that many connections can do anyway).
const MAX_BOUND: usize = 1_024;

/// What admission needs to know of the room beyond the roster.
pub(crate) struct Door<'a> {
    /// Most players listed (the owner may always come in).
    pub(crate) capacity: u16,
    /// The owner's token proof.
    pub(crate) owner: Hash32,
    /// Whether a player holds a seat (it is never forgotten to make room).
    pub(crate) holds_seat: &'a dyn Fn(PlayerNo) -> bool,
    /// The first command id a player given this number may use: one past
    /// any command of that number in the log.
    pub(crate) book_from: &'a dyn Fn(PlayerNo) -> CommandId,
}

/// Admission of a `Hello`.
pub(crate) struct Admitted {
    pub(crate) no: PlayerNo,
    /// The connection this player spoke through before, now superseded.
    pub(crate) replaced: Option<PeerId>,
}

impl Roster {
    /// Admits `token` with seat key `key` on `peer` (see the module docs). A
    /// known token comes back (with its seats) on its own key, and so does
    /// the room's owner; a new one needs room, made if need be by
    /// forgetting a player who holds no seat, is not connected and is not
    /// the owner.
    ///
    /// # Errors
    /// `OtherPlayer`, `SeatKeyChanged`, `SeatKeyInUse` (see the module
    /// docs), `RoomFull`; nothing changes.
    pub(crate) fn admit(
        &mut self,
        peer: PeerId,
        token: PlayerToken,
        (name, key): (&str, SeatPublic),
        now: u64,
        door: &Door<'_>,
    ) -> Result<Admitted, HostRefusal> {
        let proof = token_proof(token.0);
        if self.bound.get(&peer).is_some_and(|b| *b != proof) {
            return Err(HostRefusal::OtherPlayer);
        }
        let known = self.no_of(proof);
        if let Some(listed) = known.and_then(|no| self.players.get(&no)).map(|p| p.key) {
            if listed != SeatPublic::NONE && listed != key {
                return Err(HostRefusal::SeatKeyChanged);
            }
        }
        let taken = self.players.iter().any(|(no, p)| Some(*no) != known && p.key == key);
        if taken && key != SeatPublic::NONE {
            return Err(HostRefusal::SeatKeyInUse);
        }
        let no = match known {
            Some(no) => no,
            None => self.enlist(proof, key, door)?,
        };
        let Some(p) = self.players.get_mut(&no) else { return Err(HostRefusal::NotJoined) };
        p.name = clean_name(name);
        if p.key != key {
            // A key for a player listed with none: chains it committed before
            // were signed by no key this room knows.
            p.chains.clear();
            p.checked = None;
            p.key = key;
        }
        let replaced = p.conn.replace(peer).filter(|old| *old != peer);
        p.book.reconnected();
        p.last_heard = Some(now);
        p.away = false;
        if let Some(old) = replaced {
            self.conns.remove(&old);
        }
        // A connection bound to this player that spoke for another before
        // its binding was dropped (`MAX_BOUND`): that one loses it.
        if let Some(other) = self.conns.insert(peer, no).filter(|o| *o != no) {
            if let Some(p) = self.players.get_mut(&other) {
                p.conn = None;
            }
        }
        self.bind(peer, proof);
        Ok(Admitted { no, replaced })
    }

    /// Lists a new player under a number, forgetting an idle one if the room is full.
    fn enlist(&mut self, proof: Hash32, key: SeatPublic, door: &Door<'_>) -> Result<PlayerNo, HostRefusal> {
        let capacity = door.capacity;
        if self.players.len() >= usize::from(capacity) && proof != door.owner {
            let idle = self
                .players
                .iter()
                .find(|(no, p)| p.conn.is_none() && !(door.holds_seat)(**no) && p.proof != door.owner)
                .map(|(no, _)| *no);
            match idle {
                Some(gone) => {
                    self.players.remove(&gone);
                }
                None => return Err(HostRefusal::RoomFull { capacity }),
            }
        }
        let no = self.number().ok_or(HostRefusal::RoomFull { capacity })?;
        let player = RosterEntry {
            proof,
            name: String::new(),
            key,
            conn: None,
            last_heard: None,
            away: false,
            book: Book::starting_at((door.book_from)(no)),
            chains: Vec::new(),
            checked: None,
        };
        self.players.insert(no, player);
        Ok(no)
    }

    /// The next number never given, or after the last the lowest one nobody
    /// is listed under (`None` only with all 65,536 listed).
    fn number(&mut self) -> Option<PlayerNo> {
        let fresh = PlayerNo(self.next_no);
        if let Some(next) = self.next_no.checked_add(1).filter(|_| !self.players.contains_key(&fresh)) {
            self.next_no = next;
            return Some(fresh);
        }
        (0..=u16::MAX).map(PlayerNo).find(|no| !self.players.contains_key(no))
    }

    fn bind(&mut self, peer: PeerId, proof: Hash32) {
        self.bound.insert(peer, proof);
        if self.bound.len() > MAX_BOUND {
            let conns = &self.conns;
            self.bound.retain(|peer, _| conns.contains_key(peer));
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const OWNER_TOKEN: PlayerToken = PlayerToken(1);

    fn key(n: u8) -> SeatPublic {
        crate::seat_key::SeatKey::from_seed([n; 32]).public()
    }

    fn admit(
        r: &mut Roster,
        (peer, token): (u128, u128),
        capacity: u16,
        holds_seat: &dyn Fn(PlayerNo) -> bool,
    ) -> Result<Admitted, HostRefusal> {
        let door =
            Door { capacity, owner: token_proof(OWNER_TOKEN.0), holds_seat, book_from: &|_| CommandId(0) };
        let name = format!("P{token}");
        r.admit(PeerId(peer), PlayerToken(token), (&name, key(token as u8)), 0, &door)
    }

    #[test]
    fn a_full_room_still_admits_its_owner_and_forgets_idle_spectators() {
        let mut r = Roster::default();
        admit(&mut r, (2, 2), 2, &|_| true).ok().unwrap();
        admit(&mut r, (3, 3), 2, &|_| false).ok().unwrap();
        assert_eq!(admit(&mut r, (4, 4), 2, &|_| false).err(), Some(HostRefusal::RoomFull { capacity: 2 }));
        assert!(admit(&mut r, (1, 1), 2, &|_| false).is_ok(), "the owner always gets in");
        r.closed(PeerId(3));
        let newcomer = admit(&mut r, (5, 5), 2, &|no| no == PlayerNo(0));
        assert!(newcomer.is_ok(), "the idle spectator's place is reused");
        assert_eq!(r.no_of(token_proof(3)), None);
        // The owner, gone and seatless, is never the one forgotten.
        r.closed(PeerId(1));
        r.closed(PeerId(5));
        admit(&mut r, (6, 6), 2, &|no| no == PlayerNo(0)).ok().unwrap();
        assert!(r.no_of(token_proof(OWNER_TOKEN.0)).is_some());
    }

    #[test]
    fn a_new_connection_replaces_the_old_and_names_are_cleaned() {
        let mut r = Roster::default();
        let door = Door {
            capacity: 8,
            owner: token_proof(OWNER_TOKEN.0),
            holds_seat: &|_| false,
            book_from: &|_| CommandId(0),
        };
        let first = r.admit(PeerId(2), PlayerToken(2), (" \u{7}Ana\n ", key(2)), 0, &door).ok().unwrap();
        let again = r.admit(PeerId(9), PlayerToken(2), (&"x".repeat(99), key(2)), 5, &door).ok().unwrap();
        assert_eq!((first.no, again.no, again.replaced), (PlayerNo(0), PlayerNo(0), Some(PeerId(2))));
        assert_eq!(r.player_of(PeerId(2)), None);
        assert_eq!(r.views()[0].name.chars().count(), crate::host::MAX_NAME);
        let mut r2 = Roster::default();
        r2.admit(PeerId(2), PlayerToken(2), (" \u{7}Ana\n ", key(2)), 0, &door).ok().unwrap();
        assert_eq!(r2.views()[0].name, "Ana");
        assert!(!r2.sweep(5_000, 5_000) && r2.sweep(5_001, 5_000), "away after 5 s of silence");
    }

    #[test]
    fn a_token_comes_back_only_with_its_key_and_a_key_is_one_player() {
        let mut r = Roster::default();
        admit(&mut r, (2, 2), 8, &|_| false).ok().unwrap();
        let before = r.views();
        let door =
            Door { capacity: 8, owner: token_proof(1), holds_seat: &|_| false, book_from: &|_| CommandId(0) };
        // Its phone lost its storage, or a past host knows its token: same token, another key.
        let other = r.admit(PeerId(3), PlayerToken(2), ("Ana", key(9)), 5, &door);
        assert_eq!(other.err(), Some(HostRefusal::SeatKeyChanged));
        // A new token with a listed key; a second token on an admitted connection.
        let shared = r.admit(PeerId(4), PlayerToken(4), ("Bo", key(2)), 5, &door);
        assert_eq!(shared.err(), Some(HostRefusal::SeatKeyInUse));
        let switched = r.admit(PeerId(2), PlayerToken(5), ("Cy", key(5)), 5, &door);
        assert_eq!(switched.err(), Some(HostRefusal::OtherPlayer));
        // Even after a Bye: the connection was Ana's.
        r.leave(PeerId(2));
        let switched = r.admit(PeerId(2), PlayerToken(5), ("Cy", key(5)), 5, &door);
        assert_eq!(switched.err(), Some(HostRefusal::OtherPlayer));
        assert_eq!(r.views().len(), before.len(), "nobody was listed");
        // Its own key on any connection is welcome; a closed connection's id is free again.
        assert!(r.admit(PeerId(3), PlayerToken(2), ("Ana", key(2)), 6, &door).is_ok());
        r.closed(PeerId(2));
        assert!(r.admit(PeerId(2), PlayerToken(5), ("Cy", key(5)), 7, &door).is_ok());
        let succeeded = Roster::succeed(&r.views(), None, &std::collections::BTreeMap::new(), 9);
        assert_eq!(succeeded.views()[0].key, key(2), "a successor host keeps the keys of the view");
    }

    #[test]
    fn numbers_never_run_out_and_a_number_given_again_starts_past_its_commands() {
        let mut r = Roster { next_no: u16::MAX - 1, ..Roster::default() };
        let door = Door {
            capacity: 2,
            owner: token_proof(1),
            holds_seat: &|_| false,
            book_from: &|no| CommandId(if no == PlayerNo(0) { 40 } else { 0 }),
        };
        let mut given = Vec::new();
        for t in 10u8..16 {
            let a = r.admit(PeerId(t.into()), PlayerToken(t.into()), ("S", key(t)), 0, &door).ok().unwrap();
            given.push(a.no.0);
            r.closed(PeerId(t.into()));
        }
        // Each newcomer makes the room forget the one before it (the lowest
        // idle number), whose number is the lowest free one.
        assert_eq!(given, vec![u16::MAX - 1, 0, 0, 0, 0, 0], "the last fresh number, then the lowest free");
        let p0 = r.views().into_iter().find(|v| v.no == PlayerNo(0)).unwrap();
        assert_eq!(p0.next_command, CommandId(40), "past the commands of the number's last player");
    }
}
