//! The log's hash chain and the host's signature over its head (issue 31):
//! history nobody but the host can write.
//!
//! Every position of the event log has a chain value,
//! `chain(n) = SHA-256("dice-duel/chain/1" ‖ chain(n-1) ‖ postcard(event n))`,
//! with `chain(0)` = [`GENESIS`]. A snapshot carries the chain value at its
//! checkpoint, so a copy that began from one continues the same chain. The
//! host signs `(epoch, seq, chain)` at its head with its seat key (a
//! [`SignedHead`]) on every batch it sends; each replica keeps the latest
//! one its own copy reaches and shows it in its vote. A candidate adopts a
//! voter's events only if they carry its own chain to such a head, signed
//! by the key that hosts that head's epoch as this device knows it
//! ([`Hosts`]: the room's genesis, or a certificate it checked, installed
//! that host): a voter can serve nothing the host did not write, and
//! cannot sign a head of its own for an epoch nobody elected it to.

use std::collections::BTreeMap;

use duel_core::Event;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::hash::Hash32;
use crate::ids::{Epoch, PlayerNo, Seq};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};

/// The chain value before the first event (`Seq(0)`).
pub const GENESIS: Hash32 = [0; 32];

const TAG: &[u8] = b"dice-duel/chain/1";

/// The chain value after `event`, the one at `prev` before it.
pub fn link(prev: &Hash32, event: &Event) -> Hash32 {
    let mut h = Sha256::new();
    h.update(TAG);
    h.update(prev);
    // Plain data into a Vec: serialising cannot fail.
    h.update(postcard::to_allocvec(event).unwrap_or_default());
    h.finalize().into()
}

/// The chain value after `events`, from `prev`.
pub fn extend<'a>(prev: Hash32, events: impl IntoIterator<Item = &'a Event>) -> Hash32 {
    events.into_iter().fold(prev, |c, e| link(&c, e))
}

/// "After event `seq`, the log's chain is `chain`": the host of `epoch`
/// says so with its seat key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedHead {
    pub epoch: Epoch,
    pub seq: Seq,
    pub chain: Hash32,
    pub sig: SeatSig,
}

impl SignedHead {
    /// The host of `epoch`'s word, signed with its `key` in the room with digest `room`.
    pub fn sign(key: &SeatKey, room: &Hash32, epoch: Epoch, seq: Seq, chain: Hash32) -> SignedHead {
        let sig = key.sign(Statement::Head, room, &(epoch, seq, chain));
        SignedHead { epoch, seq, chain, sig }
    }

    /// Whether `key` signed this head in the room with digest `room`.
    pub fn signed_by(&self, key: &SeatPublic, room: &Hash32) -> bool {
        key.verifies(Statement::Head, room, &(self.epoch, self.seq, self.chain), &self.sig)
    }

    /// Whether the host `hosts` has installed for this head's epoch signed
    /// it: `false` for an epoch this device cannot tie to a host (one it
    /// never followed, however its number reads).
    pub fn signed_by_host(&self, hosts: &Hosts, digest: &Hash32) -> bool {
        hosts.key_of(self.epoch).is_some_and(|k| self.signed_by(&k, digest))
    }
}

/// Which key hosts which epoch, as far as this device can prove it (issue
/// 43): the host of the epoch it joined (the room's creator, or the host it
/// found), and the winner of each election it followed, with the key its
/// certificate was checked against. An epoch's number names a candidate,
/// but anyone can sign a head for a round of its own far ahead: only an
/// installed host's signature makes a head history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hosts {
    installed: BTreeMap<Epoch, (PlayerNo, SeatPublic)>,
}

impl Hosts {
    /// Epochs remembered: heads older than the epoch a device follows are
    /// never adopted, so the last few are all an election needs (bounded
    /// however many elections a room has).
    pub const KEPT: usize = 32;

    /// `host`, with `key`, hosts `epoch`: the room's genesis, or an election's
    /// winner whose certificate this device checked. The first word on an
    /// epoch stands (one host an epoch).
    pub fn install(&mut self, epoch: Epoch, host: PlayerNo, key: SeatPublic) {
        self.installed.entry(epoch).or_insert((host, key));
        while self.installed.len() > Hosts::KEPT {
            self.installed.pop_first();
        }
    }

    /// The player and key installed for `epoch`, if any.
    pub fn host_of(&self, epoch: Epoch) -> Option<(PlayerNo, SeatPublic)> {
        self.installed.get(&epoch).copied()
    }

    /// The key installed for `epoch`, if any.
    pub fn key_of(&self, epoch: Epoch) -> Option<SeatPublic> {
        self.host_of(epoch).map(|(_, key)| key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::SeatId;

    #[test]
    fn the_chain_depends_on_every_event_and_its_order() {
        let a = Event::SeatAway { seat: SeatId(0), away: true };
        let b = Event::SeatAway { seat: SeatId(1), away: true };
        let ab = extend(GENESIS, [&a, &b]);
        assert_eq!(ab, link(&link(&GENESIS, &a), &b));
        assert_ne!(ab, extend(GENESIS, [&b, &a]));
        assert_ne!(ab, extend(GENESIS, [&a]));
        let key = SeatKey::from_seed([3; 32]);
        let head = SignedHead::sign(&key, &[1; 32], Epoch(0), Seq(2), ab);
        assert!(head.signed_by(&key.public(), &[1; 32]));
        assert!(!head.signed_by(&key.public(), &[2; 32]), "another room");
        assert!(!SignedHead { seq: Seq(3), ..head }.signed_by(&key.public(), &[1; 32]));
        assert!(!SignedHead { chain: GENESIS, ..head }.signed_by(&key.public(), &[1; 32]));
    }

    #[test]
    fn a_head_is_the_hosts_only_for_an_epoch_that_host_was_installed_for() {
        let (host, guest) = (SeatKey::from_seed([3; 32]), SeatKey::from_seed([4; 32]));
        let mut hosts = Hosts::default();
        hosts.install(Epoch(0), PlayerNo(0), host.public());
        let room = [1; 32];
        assert!(SignedHead::sign(&host, &room, Epoch(0), Seq(2), GENESIS).signed_by_host(&hosts, &room));
        assert!(!SignedHead::sign(&guest, &room, Epoch(0), Seq(2), GENESIS).signed_by_host(&hosts, &room));
        // The guest's own round far ahead names it, but nothing installed it there.
        let ahead = Epoch::at(500, PlayerNo(3));
        assert!(!SignedHead::sign(&guest, &room, ahead, Seq(9), GENESIS).signed_by_host(&hosts, &room));
        // The first word on an epoch stands, and only the last few epochs are kept.
        hosts.install(Epoch(0), PlayerNo(3), guest.public());
        assert_eq!(hosts.key_of(Epoch(0)), Some(host.public()));
        for round in 1..=Hosts::KEPT as u16 {
            hosts.install(Epoch::at(round, PlayerNo(1)), PlayerNo(1), guest.public());
        }
        assert_eq!(hosts.key_of(Epoch(0)), None);
        assert!(hosts.key_of(Epoch::at(1, PlayerNo(1))).is_some());
    }
}
