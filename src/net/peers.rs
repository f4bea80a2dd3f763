//! The bijection between matchbox peer ids (UUIDs) and `duel-net`
//! [`PeerId`]s (`u128`).
//!
//! The forward map is the UUID's 128 bits, so it is one to one by
//! construction and stable while the connection lives; the table remembers
//! the way back for the peers this socket has met, so the protocol can only
//! address a peer that actually connected (a stale id from an earlier socket
//! is dropped instead of sent into the void). Generic over the remote id so
//! it is tested natively.

// Mostly called by the browser driver (`driver.rs`, wasm32 only): natively (clippy, unit
// tests) that part has no caller outside the tests. The wasm32 lints check it fully.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use std::collections::BTreeMap;

use duel_net::PeerId;

/// Remote ids ↔ protocol ids, both ways.
#[derive(Debug, Clone)]
pub struct PeerTable<R> {
    to_remote: BTreeMap<PeerId, R>,
    to_local: BTreeMap<R, PeerId>,
}

impl<R> Default for PeerTable<R> {
    fn default() -> Self {
        PeerTable { to_remote: BTreeMap::new(), to_local: BTreeMap::new() }
    }
}

impl<R: Ord + Copy> PeerTable<R> {
    /// Records `remote` as `local` and returns `local`. An id already paired
    /// differently is re-paired (both old pairs go), keeping the maps inverse.
    pub fn insert(&mut self, remote: R, local: PeerId) -> PeerId {
        if let Some(old_local) = self.to_local.insert(remote, local) {
            self.to_remote.remove(&old_local);
        }
        if let Some(old_remote) = self.to_remote.insert(local, remote) {
            if old_remote != remote {
                self.to_local.remove(&old_remote);
            }
        }
        local
    }

    /// The remote id of a protocol peer this socket knows.
    pub fn remote(&self, local: PeerId) -> Option<R> {
        self.to_remote.get(&local).copied()
    }

    /// Forgets `remote`'s pair, returning its protocol id.
    pub fn remove(&mut self, remote: R) -> Option<PeerId> {
        let local = self.to_local.remove(&remote)?;
        self.to_remote.remove(&local);
        Some(local)
    }

    /// Every remote id this socket knows.
    pub fn remotes(&self) -> Vec<R> {
        self.to_local.keys().copied().collect()
    }

    /// Forgets every pair (a new socket: all remote ids are new).
    pub fn clear(&mut self) {
        self.to_remote.clear();
        self.to_local.clear();
    }
}

/// The way back and the size, for checking that the maps stay inverse.
#[cfg(test)]
impl<R: Ord + Copy> PeerTable<R> {
    fn local(&self, remote: R) -> Option<PeerId> {
        self.to_local.get(&remote).copied()
    }

    fn len(&self) -> usize {
        self.to_local.len()
    }
}

/// The protocol id of a matchbox peer: its UUID's 128 bits.
#[cfg(target_arch = "wasm32")]
pub fn local_id(remote: matchbox_socket::PeerId) -> PeerId {
    PeerId(remote.0.as_u128())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_both_ways() {
        let mut t = PeerTable::default();
        t.insert(7u32, PeerId(70));
        t.insert(8u32, PeerId(80));
        assert_eq!(t.remote(PeerId(70)), Some(7));
        assert_eq!(t.local(8), Some(PeerId(80)));
        assert_eq!(t.remote(PeerId(99)), None);
        assert_eq!(t.len(), 2);
        assert_eq!(t.remove(8), Some(PeerId(80)));
        assert_eq!(t.remove(8), None);
        assert_eq!(t.remote(PeerId(80)), None);
        t.clear();
        assert_eq!(t.local(7), None);
        assert_eq!(t.len(), 0);
    }

    #[test]
    fn stays_a_bijection_when_re_paired() {
        let mut t = PeerTable::default();
        t.insert(1u8, PeerId(10));
        t.insert(1u8, PeerId(11));
        assert_eq!(t.remote(PeerId(10)), None);
        assert_eq!(t.local(1), Some(PeerId(11)));
        t.insert(2u8, PeerId(11));
        assert_eq!(t.local(1), None);
        assert_eq!(t.remote(PeerId(11)), Some(2));
        assert_eq!(t.len(), 1);
        for local in 0..20u128 {
            if let Some(r) = t.remote(PeerId(local)) {
                assert_eq!(t.local(r), Some(PeerId(local)));
            }
        }
    }
}
