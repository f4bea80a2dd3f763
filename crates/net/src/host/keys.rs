//! The host's dice keys (see [`crate::fair`]): the key rolling now, the
//! next one (already committed), and the private stream both come from.
//! At every checkpoint and at the game's end the host seals: it reveals the
//! key in use, moves to the next, and commits to a fresh one after it, so a
//! commitment is public before any nonce its key will meet.

use serde::{Deserialize, Serialize};

use crate::fair::{dice_commitment, room_digest, Cause, FairDice, KeyId, Secret, SecretSource};
use crate::hash::Hash32;
use crate::ids::Epoch;
use crate::wire::Seal;

#[derive(Clone, Debug)]
pub(crate) struct Keys {
    source: SecretSource,
    room: Hash32,
    current: (KeyId, Secret),
    next: (KeyId, Secret),
    /// The number of the next host action under the current key (see
    /// [`crate::wire::Mark::step`]); back to 0 at every seal.
    step: u32,
    /// A dishonest host's own secret, rolled with instead of the committed
    /// one (only [`super::Host::bend_dice`] sets it: the audit tests).
    bent: Option<Secret>,
}

/// What a save keeps of the keys (secrets included: keep the save private).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SavedKeys {
    source: ([u8; 32], u128),
    room: Hash32,
    current: (KeyId, Secret),
    next: (KeyId, Secret),
}

impl Keys {
    /// Fresh keys for a host of `epoch` in `room`.
    pub(crate) fn new(seed: u64, epoch: Epoch, room: &str) -> Keys {
        let mut source = SecretSource::new(seed ^ u64::from(epoch.0).rotate_left(32));
        let current = (KeyId { epoch: epoch.0, index: 0 }, source.draw());
        let next = (KeyId { epoch: epoch.0, index: 1 }, source.draw());
        Keys { source, room: room_digest(room), current, next, step: 0, bent: None }
    }

    /// Rolls from now on with a secret other than the committed one.
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) fn bend(&mut self, secret: Secret) {
        self.bent = Some(secret);
    }

    /// The public commitments: the key in use and the next one.
    pub(crate) fn commits(&self) -> Vec<(KeyId, Hash32)> {
        vec![(self.current.0, dice_commitment(&self.current.1)), (self.next.0, dice_commitment(&self.next.1))]
    }

    /// The dice of a batch `cause` makes with `nonce` (its command's chain link).
    pub(crate) fn dice(&self, cause: Cause, nonce: &Hash32) -> (KeyId, FairDice) {
        let (key, secret) = &self.current;
        let secret = self.bent.as_ref().unwrap_or(secret);
        (*key, FairDice::new(secret, &self.room, *key, cause, nonce))
    }

    /// The number the next host action under the current key gets.
    pub(crate) fn step(&self) -> u32 {
        self.step
    }

    /// A host action's batch was logged: the next one gets the next number.
    pub(crate) fn stepped(&mut self) {
        self.step = self.step.saturating_add(1);
    }

    /// The host actions already logged under the current key (a restore counts them from the marks).
    pub(crate) fn set_step(&mut self, step: u32) {
        self.step = step;
    }

    /// The key in use.
    pub(crate) fn current(&self) -> KeyId {
        self.current.0
    }

    /// Reveals the key in use, moves to the next, commits to a new one.
    pub(crate) fn seal(&mut self) -> Seal {
        let fresh_id = KeyId { epoch: self.next.0.epoch, index: self.next.0.index.saturating_add(1) };
        let fresh = (fresh_id, self.source.draw());
        let revealed = std::mem::replace(&mut self.current, std::mem::replace(&mut self.next, fresh));
        self.step = 0;
        Seal { revealed: revealed.0, secret: revealed.1, next: fresh_id, commit: dice_commitment(&fresh.1) }
    }

    pub(crate) fn save(&self) -> SavedKeys {
        SavedKeys { source: self.source.state(), room: self.room, current: self.current, next: self.next }
    }

    pub(crate) fn restore(saved: SavedKeys) -> Keys {
        Keys {
            source: SecretSource::from_state(saved.source),
            room: saved.room,
            current: saved.current,
            next: saved.next,
            step: 0,
            bent: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_reveals_the_key_in_use_and_commits_two_ahead() {
        let mut k = Keys::new(1, Epoch(2), "room");
        let commits = k.commits();
        let seal = k.seal();
        assert_eq!(seal.revealed, KeyId { epoch: 2, index: 0 });
        assert_eq!(dice_commitment(&seal.secret), commits[0].1, "the revealed secret matches its commitment");
        assert_eq!(seal.next, KeyId { epoch: 2, index: 2 });
        assert_eq!(k.commits()[0], commits[1], "the next key, committed before, is now in use");
        assert_eq!(k.commits()[1], (seal.next, seal.commit));
    }
}
