//! Who is in which room, and the `NewPeer`/`PeerLeft` introductions.
//!
//! Replaces matchbox_signaling's `FullMeshState`, which snapshots the room,
//! notifies the snapshot and only then registers a newcomer, in separate lock
//! scopes: two peers joining at once could each miss the other (17 % of rooms at
//! 1,000 rooms × 8), and each join and leave cloned every room ever opened.
//!
//! Here a join is one lock scope on the room's shard in which the newcomer is
//! added *and* a `NewPeer` is queued to every peer already there; a leave is one
//! lock scope in which the peer is removed *and* a `PeerLeft` is queued to every
//! peer still there. Queueing never waits ([`Outbox::push`]), so the lock is held
//! for O(peers in the room). Joins and leaves of one room are thus totally ordered,
//! which gives the guarantee in `docs/PROTOCOL.md`: every two peers present in a
//! room at the same time are introduced exactly once (the earlier one gets the
//! later one's `NewPeer`), and every departure is announced to every peer present
//! at that moment. A room is deleted with its last peer.

use std::collections::hash_map::{Entry, HashMap, RandomState};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::extract::ws::Utf8Bytes;
use matchbox_protocol::{JsonPeerEvent, PeerEvent, PeerId};
use serde_json::value::RawValue;

use crate::outbox::{Outbox, Undelivered};
use crate::refusal::SignalRefusal;
use crate::room_id::RoomId;

#[cfg(test)]
mod tests;

/// Independent locks: joins in different rooms rarely wait for each other.
const SHARDS: usize = 32;

/// Every open room, under the rooms and peers-per-room caps. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Registry {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    shards: Box<[Mutex<HashMap<RoomId, Room>>]>,
    /// Picks a room's shard. Keyed per process, like the maps themselves, so
    /// clients cannot aim many rooms at one shard on purpose.
    shard_of: RandomState,
    rooms: AtomicUsize,
    peers: AtomicUsize,
    /// Orders every join and leave (taken inside the room's lock scope).
    clock: AtomicU64,
    max_rooms: usize,
    max_peers_per_room: usize,
}

#[derive(Debug, Default)]
struct Room {
    members: Vec<Member>,
}

#[derive(Debug)]
struct Member {
    id: PeerId,
    outbox: Outbox,
}

/// Why a signal was not relayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// No such peer in the sender's room (it left, or never was there).
    #[error("no such peer in this room")]
    NoSuchPeer,
    /// The receiver could not take it.
    #[error(transparent)]
    Undelivered(#[from] Undelivered),
}

impl Registry {
    /// An empty registry with the given caps.
    pub fn new(max_rooms: usize, max_peers_per_room: usize) -> Self {
        let shards = (0..SHARDS).map(|_| Mutex::default()).collect();
        Self {
            inner: Arc::new(Inner {
                shards,
                shard_of: RandomState::new(),
                rooms: AtomicUsize::new(0),
                peers: AtomicUsize::new(0),
                clock: AtomicU64::new(0),
                max_rooms,
                max_peers_per_room,
            }),
        }
    }

    /// Adds `peer` to `room` and queues `NewPeer(peer)` to everyone already there,
    /// in one lock scope. `outbox` should already hold the peer's `IdAssigned`.
    ///
    /// # Errors
    /// [`SignalRefusal::RoomFull`] or [`SignalRefusal::TooManyRooms`] under the caps.
    pub fn join(&self, room: RoomId, peer: PeerId, outbox: Outbox) -> Result<Membership, SignalRefusal> {
        let new_peer = event(&JsonPeerEvent::NewPeer(peer));
        let mut shard = self.shard(&room);
        let members = match shard.entry(room.clone()) {
            Entry::Occupied(open) => {
                let members = &mut open.into_mut().members;
                if members.len() >= self.inner.max_peers_per_room {
                    return Err(SignalRefusal::RoomFull { max: self.inner.max_peers_per_room });
                }
                members
            }
            Entry::Vacant(vacant) => {
                let max = self.inner.max_rooms;
                let opened = self
                    .inner
                    .rooms
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| (n < max).then_some(n + 1));
                if opened.is_err() {
                    return Err(SignalRefusal::TooManyRooms { max });
                }
                &mut vacant.insert(Room::default()).members
            }
        };
        for member in members.iter() {
            // A member that cannot take it is being disconnected; its own leave
            // will tell the newcomer.
            let _ = member.outbox.push(new_peer.clone());
        }
        members.push(Member { id: peer, outbox });
        let joined_at = self.inner.clock.fetch_add(1, Ordering::Relaxed);
        self.inner.peers.fetch_add(1, Ordering::Relaxed);
        drop(shard);
        Ok(Membership { registry: self.clone(), room, peer, joined_at, left: false })
    }

    /// `(open rooms, peers in them)`, for `/health`.
    pub fn counts(&self) -> (usize, usize) {
        (self.inner.rooms.load(Ordering::Relaxed), self.inner.peers.load(Ordering::Relaxed))
    }

    /// Removes `peer` from `room` and queues `PeerLeft(peer)` to everyone still
    /// there, in one lock scope; deletes the room if it is now empty.
    fn leave(&self, room: &RoomId, peer: PeerId) -> u64 {
        let peer_left = event(&JsonPeerEvent::PeerLeft(peer));
        let mut shard = self.shard(room);
        let left_at = self.inner.clock.fetch_add(1, Ordering::Relaxed);
        let Some(open) = shard.get_mut(room) else { return left_at };
        let Some(at) = open.members.iter().position(|m| m.id == peer) else { return left_at };
        open.members.swap_remove(at);
        self.inner.peers.fetch_sub(1, Ordering::Relaxed);
        if open.members.is_empty() {
            shard.remove(room);
            self.inner.rooms.fetch_sub(1, Ordering::Relaxed);
            // A wave of rooms that has gone should not keep its table forever.
            if shard.capacity() > 64 && shard.capacity() > 4 * shard.len() {
                shard.shrink_to_fit();
            }
        } else {
            for member in &open.members {
                let _ = member.outbox.push(peer_left.clone());
            }
        }
        left_at
    }

    /// Queues `text` to `receiver` if it is in `room`.
    fn relay(&self, room: &RoomId, receiver: PeerId, text: Utf8Bytes) -> Result<(), RelayError> {
        let shard = self.shard(room);
        let member = shard
            .get(room)
            .and_then(|open| open.members.iter().find(|m| m.id == receiver))
            .ok_or(RelayError::NoSuchPeer)?;
        Ok(member.outbox.push(text)?)
    }

    fn shard(&self, room: &RoomId) -> MutexGuard<'_, HashMap<RoomId, Room>> {
        let at = (self.inner.shard_of.hash_one(room) % SHARDS as u64) as usize;
        // Each join or leave is completed before its guard drops, and nothing in
        // it panics; a poisoned shard still holds consistent rooms.
        self.inner.shards[at].lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One peer's place in a room. Dropping it leaves the room, so a connection that
/// ends in any way (close, error, panic) is announced.
#[derive(Debug)]
pub struct Membership {
    registry: Registry,
    room: RoomId,
    peer: PeerId,
    joined_at: u64,
    left: bool,
}

impl Membership {
    /// The peer's id.
    pub fn peer(&self) -> PeerId {
        self.peer
    }

    /// The room.
    pub fn room(&self) -> &RoomId {
        &self.room
    }

    /// Where this join falls in the order of all joins and leaves of its room.
    pub fn joined_at(&self) -> u64 {
        self.joined_at
    }

    /// Relays a matchbox `Signal` from this peer to `receiver` in the same room.
    /// `data` is passed on as the sender wrote it (it is opaque to the server).
    ///
    /// # Errors
    /// [`RelayError`] when the receiver is not in the room or cannot take it.
    pub fn relay(&self, receiver: PeerId, data: &RawValue) -> Result<(), RelayError> {
        let signal = PeerEvent::Signal { sender: self.peer, data };
        // Serialising ids and an already-valid JSON text cannot fail.
        let text = serde_json::to_string(&signal).unwrap_or_default();
        self.registry.relay(&self.room, receiver, Utf8Bytes::from(text))
    }

    /// Leaves the room now; returns where the leave falls in the room's order.
    pub fn leave(mut self) -> u64 {
        self.left = true;
        self.registry.leave(&self.room, self.peer)
    }
}

impl Drop for Membership {
    fn drop(&mut self) {
        if !self.left {
            self.registry.leave(&self.room, self.peer);
        }
    }
}

/// A matchbox event as the JSON text frame matchbox_socket expects.
pub fn event(event: &JsonPeerEvent) -> Utf8Bytes {
    Utf8Bytes::from(event.to_string())
}
