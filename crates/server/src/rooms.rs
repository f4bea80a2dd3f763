//! Room ids and the room/peer caps.
//!
//! matchbox keeps its own registry of connected peers, but it has no caps and does
//! not see a peer until its websocket is open. We admit each connection here, before
//! the upgrade, so a refused client gets an HTTP answer saying why; the [`Seat`] it
//! receives frees its place when the connection ends, however it ends.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

/// Longest room id we accept. Share links carry it, so it stays short.
pub const MAX_ROOM_ID_LEN: usize = 64;

/// A validated room id: 1 to 64 of `A-Z a-z 0-9 _ -`.
///
/// Nothing else can reach matchbox, so room names are safe to log and to use as keys.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomId(String);

impl RoomId {
    /// Checks a room id taken from a URL.
    ///
    /// # Errors
    /// [`InvalidRoomId`] when it is empty, longer than 64 bytes, or holds any
    /// character outside `A-Z a-z 0-9 _ -`.
    pub fn parse(raw: &str) -> Result<Self, InvalidRoomId> {
        let ok = !raw.is_empty()
            && raw.len() <= MAX_ROOM_ID_LEN
            && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(InvalidRoomId)
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A room id that is not `[A-Za-z0-9_-]{1,64}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("room ids are 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'")]
pub struct InvalidRoomId;

/// Why a connection was not let into a room.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoomRefusal {
    /// The room already holds the most peers allowed.
    #[error("room {room} is full ({max} peers)")]
    RoomFull {
        /// The room asked for.
        room: RoomId,
        /// The cap in force.
        max: usize,
    },
    /// Opening one more room would pass the rooms cap.
    #[error("too many rooms open ({max}); try again later")]
    TooManyRooms {
        /// The cap in force.
        max: usize,
    },
}

/// Counts the peers in each open room, under the two caps.
#[derive(Debug, Clone)]
pub struct RoomRegistry {
    inner: Arc<Mutex<BTreeMap<RoomId, usize>>>,
    max_rooms: usize,
    max_peers_per_room: usize,
}

impl RoomRegistry {
    /// An empty registry with the given caps.
    pub fn new(max_rooms: usize, max_peers_per_room: usize) -> Self {
        Self { inner: Arc::default(), max_rooms, max_peers_per_room }
    }

    /// Takes a place in `room` for one connection, if the caps allow it.
    ///
    /// # Errors
    /// [`RoomRefusal`] when the room is full or no new room may be opened.
    pub fn join(&self, room: RoomId) -> Result<Seat, RoomRefusal> {
        let mut rooms = self.lock();
        let open_rooms = rooms.len();
        match rooms.get_mut(&room) {
            Some(peers) if *peers >= self.max_peers_per_room => {
                Err(RoomRefusal::RoomFull { room, max: self.max_peers_per_room })
            }
            Some(peers) => {
                *peers += 1;
                Ok(self.seat(room))
            }
            None if open_rooms >= self.max_rooms => Err(RoomRefusal::TooManyRooms { max: self.max_rooms }),
            None => {
                rooms.insert(room.clone(), 1);
                Ok(self.seat(room))
            }
        }
    }

    /// `(open rooms, peers in them)`, for `/health`.
    pub fn counts(&self) -> (usize, usize) {
        let rooms = self.lock();
        (rooms.len(), rooms.values().sum())
    }

    fn seat(&self, room: RoomId) -> Seat {
        Seat { registry: self.clone(), room }
    }

    fn leave(&self, room: &RoomId) {
        let mut rooms = self.lock();
        if let Some(peers) = rooms.get_mut(room) {
            *peers = peers.saturating_sub(1);
            if *peers == 0 {
                rooms.remove(room);
            }
        }
    }

    /// The counts stay consistent even if a holder panicked: every update is a
    /// single step, so a poisoned lock is safe to keep using.
    fn lock(&self) -> MutexGuard<'_, BTreeMap<RoomId, usize>> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// One connection's place in a room; dropping it frees the place.
#[derive(Debug)]
pub struct Seat {
    registry: RoomRegistry,
    room: RoomId,
}

impl Seat {
    /// The room this place is in.
    pub fn room(&self) -> &RoomId {
        &self.room
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.registry.leave(&self.room);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn room(id: &str) -> RoomId {
        RoomId::parse(id).unwrap()
    }

    #[test]
    fn room_ids_follow_the_pattern() {
        assert!(RoomId::parse("abc-DEF_123").is_ok());
        assert!(RoomId::parse(&"a".repeat(64)).is_ok());
        for bad in ["", "a b", "a/b", "..", "é", "a%20", &"a".repeat(65)] {
            assert_eq!(RoomId::parse(bad), Err(InvalidRoomId), "{bad:?}");
        }
    }

    #[test]
    fn a_full_room_refuses_until_someone_leaves() {
        let registry = RoomRegistry::new(10, 2);
        let first = registry.join(room("r")).unwrap();
        let _second = registry.join(room("r")).unwrap();
        assert_eq!(registry.join(room("r")).unwrap_err(), RoomRefusal::RoomFull { room: room("r"), max: 2 });
        drop(first);
        assert!(registry.join(room("r")).is_ok());
    }

    #[test]
    fn rooms_cap_counts_open_rooms_only() {
        let registry = RoomRegistry::new(1, 4);
        let a = registry.join(room("a")).unwrap();
        assert_eq!(registry.join(room("b")).unwrap_err(), RoomRefusal::TooManyRooms { max: 1 });
        assert_eq!(registry.counts(), (1, 1));
        drop(a);
        assert_eq!(registry.counts(), (0, 0));
        assert!(registry.join(room("b")).is_ok());
    }
}
