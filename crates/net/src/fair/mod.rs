//! Dice nobody can bend: commit, roll, reveal.
//!
//! A host could choose its own dice if it simply rolled from a private RNG.
//! Instead, before any roll, the host commits to `SHA-256(secret)`; every
//! command carries a fresh nonce from the player who sent it; each batch of
//! dice is drawn from ChaCha20 keyed by
//! `SHA-256(secret ‖ room ‖ epoch ‖ seq ‖ nonce)`, so the host, having
//! committed first, cannot pick the faces, and no player, not knowing the
//! secret, can predict them. The secret is revealed later (at every
//! checkpoint and at the game's end) and every replica re-derives the dice.
//! What this does not prevent is written in `docs/PROTOCOL.md`.

use duel_core::{DiceSource, Pip};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

mod nonce_chain;

pub use nonce_chain::{chain_step, ChainCommit, NonceChain, CHAIN_LEN};

use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo, Seq};

/// A host's secret for one key of one epoch is the core's commit-reveal
/// [`Secret`]. Never sent before it is revealed.
pub use duel_core::seal::Secret;

/// The public commitment to a host's dice secret.
pub fn dice_commitment(secret: &Secret) -> Hash32 {
    secret.commit(b"dice-duel/commit/1").0
}

/// Which key of which host a batch was rolled with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct KeyId {
    /// The host's epoch (0 for the room's creator, +1 for each elected successor).
    pub epoch: u32,
    /// The key's number within the epoch (a new one at every checkpoint).
    pub index: u32,
}

/// Whether the batch of events `from..=to` crosses a multiple of `every`
/// (`Timing::checkpoint_every`): that batch, and only that one (or the
/// game's last), carries a seal. A rule of positions alone: the host cannot
/// choose when its key changes, and every replica's audit checks it.
pub fn crosses_checkpoint(from: Seq, to: Seq, every: u64) -> bool {
    let every = every.max(1);
    from.0.saturating_sub(1) / every < to.0 / every
}

/// The room's name as it enters every roll (so one secret is worthless in another room).
pub fn room_digest(room: &str) -> Hash32 {
    let mut h = Sha256::new();
    h.update(b"dice-duel/room/1");
    h.update(room.as_bytes());
    h.finalize().into()
}

/// What caused a batch, as it enters the batch's dice: a player's command
/// (its number and id), or the host's own `step`-th action under the key.
/// Never the batch's sequence number: that is the host's to choose (it may
/// delay or reorder commands), so the dice must not depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Player { player: PlayerNo, id: CommandId },
    Host { step: u32 },
}

/// The host's own crew for keys of `epoch`: the player of the device that
/// hosts it, whose commands roll as the host's own actions do (see
/// [`crate::wire::Mark::dice_inputs`] and `docs/PROTOCOL.md`). An elected
/// host is the epoch's candidate; the room's creator (round 0) is its owner,
/// `founder` (the owner the room view named first).
pub fn crew_of(epoch: u32, founder: Option<PlayerNo>) -> Option<PlayerNo> {
    let epoch = crate::ids::Epoch(epoch);
    if epoch.round() == 0 {
        founder
    } else {
        Some(epoch.candidate())
    }
}

/// The dice for one batch: every die the batch rolls, in order. The key is
/// derived at the first roll: most batches (a die placed, energy sent) roll
/// nothing and pay nothing.
#[derive(Clone, Debug)]
pub struct FairDice {
    inputs: Option<(Secret, Hash32, KeyId, Cause, Hash32)>,
    rng: Option<ChaCha20Rng>,
}

impl FairDice {
    /// The dice of the batch `cause` made under `key`: `nonce` is the link
    /// of the player's committed chain for its command (see [`NonceChain`]),
    /// or for a host action the host's step under the key (zero bytes: the
    /// step, fixed by the mark order the audit checks, is the host's nonce).
    pub fn new(secret: &Secret, room: &Hash32, key: KeyId, cause: Cause, nonce: &Hash32) -> FairDice {
        FairDice { inputs: Some((*secret, *room, key, cause, *nonce)), rng: None }
    }

    fn rng(&mut self) -> &mut ChaCha20Rng {
        let inputs = self.inputs.take();
        self.rng.get_or_insert_with(|| {
            let (secret, room, key, cause, nonce) = inputs.unwrap_or((
                Secret([0; 32]),
                [0; 32],
                KeyId::default(),
                Cause::Host { step: 0 },
                [0; 32],
            ));
            let mut h = Sha256::new();
            h.update(b"dice-duel/roll/2");
            h.update(secret.0);
            h.update(room);
            h.update(key.epoch.to_le_bytes());
            h.update(key.index.to_le_bytes());
            match cause {
                Cause::Player { player, id } => {
                    h.update([1]);
                    h.update(player.0.to_le_bytes());
                    h.update(id.0.to_le_bytes());
                }
                Cause::Host { step } => {
                    h.update([2]);
                    h.update(step.to_le_bytes());
                }
            }
            h.update(nonce);
            ChaCha20Rng::from_seed(h.finalize().into())
        })
    }
}

impl DiceSource for FairDice {
    fn roll(&mut self) -> Pip {
        let rng = self.rng();
        duel_core::draw::d6(|| rng.next_u32())
    }
}

/// Where a host's secrets come from: its private ChaCha20 stream (seeded by
/// the app from the browser's crypto RNG). Saved with the room.
#[derive(Clone, Debug)]
pub struct SecretSource {
    rng: ChaCha20Rng,
}

impl SecretSource {
    pub fn new(seed: u64) -> SecretSource {
        SecretSource { rng: ChaCha20Rng::seed_from_u64(seed) }
    }

    /// A fresh secret.
    pub fn draw(&mut self) -> Secret {
        let mut s = [0u8; 32];
        self.rng.fill_bytes(&mut s);
        Secret(s)
    }

    /// The position to save.
    pub fn state(&self) -> ([u8; 32], u128) {
        (self.rng.get_seed(), self.rng.get_word_pos())
    }

    /// A source that continues where a saved one stopped.
    pub fn from_state((seed, pos): ([u8; 32], u128)) -> SecretSource {
        let mut rng = ChaCha20Rng::from_seed(seed);
        rng.set_word_pos(pos);
        SecretSource { rng }
    }
}

/// The public proof that a player token is known: what a successor host
/// checks a rejoining player against without ever having seen the token.
pub fn token_proof(token: u128) -> Hash32 {
    let mut h = Sha256::new();
    h.update(b"dice-duel/token/1");
    h.update(token.to_le_bytes());
    h.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat_key::SeatKey;

    fn faces(d: &mut FairDice, n: usize) -> Vec<u8> {
        (0..n).map(|_| d.roll().value()).collect()
    }

    #[test]
    fn the_same_inputs_give_the_same_dice_and_any_change_gives_others() {
        let s = Secret([7; 32]);
        let room = room_digest("abc");
        let key = KeyId { epoch: 1, index: 2 };
        let by = |p, id| Cause::Player { player: PlayerNo(p), id: CommandId(id) };
        let n = [9; 32];
        let a = faces(&mut FairDice::new(&s, &room, key, by(1, 10), &n), 12);
        assert_eq!(a, faces(&mut FairDice::new(&s, &room, key, by(1, 10), &n), 12));
        assert_ne!(a, faces(&mut FairDice::new(&s, &room, key, by(1, 10), &[8; 32]), 12), "the nonce counts");
        assert_ne!(a, faces(&mut FairDice::new(&s, &room, key, by(1, 11), &n), 12), "the command counts");
        assert_ne!(a, faces(&mut FairDice::new(&s, &room, key, by(2, 10), &n), 12), "the player counts");
        assert_ne!(a, faces(&mut FairDice::new(&s, &room, key, Cause::Host { step: 10 }, &n), 12));
        assert_ne!(a, faces(&mut FairDice::new(&Secret([8; 32]), &room, key, by(1, 10), &n), 12));
        assert_ne!(a, faces(&mut FairDice::new(&s, &room_digest("abd"), key, by(1, 10), &n), 12));
        let other_epoch = KeyId { epoch: 2, index: 2 };
        assert_ne!(a, faces(&mut FairDice::new(&s, &room, other_epoch, by(1, 10), &n), 12));
    }

    #[test]
    fn the_draws_stay_the_ones_saved_games_and_replays_hold() {
        let (s, room, key) = (Secret([7; 32]), room_digest("abc"), KeyId { epoch: 1, index: 2 });
        let mut d = FairDice::new(&s, &room, key, Cause::Host { step: 3 }, &[9; 32]);
        assert_eq!(faces(&mut d, 12), vec![3, 4, 5, 5, 5, 1, 5, 6, 2, 6, 6, 4]);
    }

    #[test]
    fn every_face_comes_up_evenly() {
        let s = Secret([1; 32]);
        let room = room_digest("r");
        let mut seen = [0u32; 6];
        for step in 0..1000 {
            let mut d = FairDice::new(&s, &room, KeyId::default(), Cause::Host { step }, &[5; 32]);
            for _ in 0..6 {
                seen[d.roll().index()] += 1;
            }
        }
        assert!(seen.iter().all(|n| (850..1150).contains(n)), "{seen:?}");
    }

    #[test]
    fn a_chain_gives_one_link_per_command_and_checks_it_from_the_tip_or_a_known_link() {
        let chain = NonceChain::new(&[3; 32], CommandId(100));
        let (key, room) = (SeatKey::from_seed([1; 32]), room_digest("r"));
        let commit = chain.commit(&key, &room);
        let (a, b) = (chain.link(CommandId(100)).unwrap(), chain.link(CommandId(105)).unwrap());
        assert!(commit.verifies(CommandId(100), &a, None));
        assert!(commit.verifies(CommandId(105), &b, None));
        assert!(commit.verifies(CommandId(105), &b, Some((0, a))), "from a link already checked");
        assert!(!commit.verifies(CommandId(104), &b, None), "a link is good for its own id only");
        assert!(!commit.verifies(CommandId(105), &[0; 32], None));
        assert!(!commit.verifies(CommandId(99), &a, None), "below the chain");
        let last = CommandId(100 + CHAIN_LEN - 1);
        assert!(chain.is_last(last) && commit.verifies(last, &chain.link(last).unwrap(), None));
        assert_eq!(chain.link(CommandId(100 + CHAIN_LEN)), None, "past the chain");
        assert_ne!(NonceChain::new(&[4; 32], CommandId(100)).commit(&key, &room), commit);
        assert!(commit.signed_by(&key.public(), &room));
        let other = SeatKey::from_seed([2; 32]);
        assert!(!commit.signed_by(&other.public(), &room), "another player's key");
        assert!(!commit.signed_by(&key.public(), &room_digest("s")), "another room");
        let swapped = ChainCommit { tip: [9; 32], ..commit };
        assert!(!swapped.signed_by(&key.public(), &room), "a tip its player never signed");
    }

    #[test]
    fn a_commitment_names_one_secret_and_proofs_one_token() {
        let mut src = SecretSource::new(3);
        let (a, b) = (src.draw(), src.draw());
        assert_ne!(dice_commitment(&a), dice_commitment(&b));
        assert_eq!(dice_commitment(&a), dice_commitment(&Secret(a.0)));
        let old = |s: &Secret| -> Hash32 {
            Sha256::new().chain_update(b"dice-duel/commit/1").chain_update(s.0).finalize().into()
        };
        assert_eq!(dice_commitment(&a), old(&a), "the commitments the saved games hold");
        let mut again = SecretSource::from_state(SecretSource::new(3).state());
        assert_eq!(again.draw(), a);
        assert_ne!(token_proof(1), token_proof(2));
        assert!(!format!("{a:?}").contains(&format!("{:02x}", a.0[2])) || a.0[2] == a.0[0]);
    }
}
