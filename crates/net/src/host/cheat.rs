//! A dishonest host, for the tests that prove every replica notices it
//! (feature `test-support`: the app cannot call any of this). Each cheat is
//! what a host could do to its own messages; the honest code paths never
//! look at it but through [`Match::shown`] and [`Host::grind`].

use duel_core::{DiceSource, Pip};
use sha2::{Digest as _, Sha256};

use super::game::Match;
use super::{Host, Stage};
use crate::fair::{ChainCommit, NonceChain};
use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo};
use crate::wire::{Command, Mark};

/// What a dishonest host does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheat {
    /// Sends events without their marks.
    OmitMarks,
    /// Sends marks without their seals (its keys are never shown).
    StripSeals,
    /// Sends no state hash (events, pongs).
    NoHashes,
    /// Labels its batches with keys it never committed to.
    UncommittedKey,
    /// Shows its players' commands with nonces of its own choosing.
    ForgeNonces,
    /// Puts a nonce chain of its own (whose links it knows) in each guest's
    /// name in place of the one the guest committed to, and runs the guest's
    /// commands with that chain's links: with them it could choose the
    /// guest's dice as it grinds its own. The guest's signature stays on
    /// the commitment (the host cannot make the guest's), over another tip.
    SwapChains,
    /// For its own crew's rolls, tries `tries` nonces on a copy of the game
    /// and runs the command with the one that rolls `face` most often,
    /// among those it can get accepted.
    Grind { tries: u32, face: u8 },
    /// An elected host labels its own batches with `0`, a key of the host
    /// before it that was never shown (it left first), and leaves its own
    /// seals out: its dice would pass as the departed host's, which nobody
    /// can check (issue 43, attack 5). It stops before a checkpoint would
    /// need a seal only the departed host could make.
    PredecessorKey(crate::fair::KeyId),
}

/// Counts the faces a roll draws.
struct Recorder<D> {
    inner: D,
    faces: Vec<u8>,
}

impl<D: DiceSource> DiceSource for Recorder<D> {
    fn roll(&mut self) -> Pip {
        let p = self.inner.roll();
        self.faces.push(p.value());
        p
    }
}

impl Match {
    /// A mark as this host shows it.
    pub(crate) fn shown(&self, mut mark: Mark) -> Mark {
        match self.cheat {
            Some(Cheat::StripSeals) => mark.seal = None,
            Some(Cheat::UncommittedKey) => {
                mark.key.index = mark.key.index.saturating_add(1000);
                if let Some(seal) = &mut mark.seal {
                    seal.revealed.index = seal.revealed.index.saturating_add(1000);
                }
            }
            Some(Cheat::ForgeNonces) if mark.by.is_some() => mark.nonce = [0xab; 32],
            Some(Cheat::PredecessorKey(old)) => {
                mark.key = old;
                mark.seal = None;
            }
            _ => {}
        }
        mark
    }

    /// Whether this host leaves marks out of its messages.
    pub(crate) fn omits_marks(&self) -> bool {
        self.cheat == Some(Cheat::OmitMarks)
    }

    /// Whether this host leaves state hashes out of its messages.
    pub(crate) fn omits_hashes(&self) -> bool {
        self.cheat == Some(Cheat::NoHashes)
    }
}

impl Host {
    /// Makes this host cheat from now on (see [`Cheat`]).
    pub fn cheat(&mut self, cheat: Cheat) {
        self.cheat = Some(cheat);
        if let Stage::Playing(m) = &mut self.stage {
            m.cheat = Some(cheat);
        }
        if cheat == Cheat::SwapChains {
            let owner = self.owner_no();
            for (no, p) in self.roster.players.iter_mut().filter(|(no, _)| Some(**no) != owner) {
                if let Some(real) = p.chains.last().copied() {
                    let tip = swapped_chain(*no, real.first).tip();
                    self.room_dirty |= p.commit_chain(ChainCommit { tip, ..real });
                }
            }
        }
    }

    /// The nonce a chain-swapping host runs a guest's command `id` with:
    /// the link of its own chain in the guest's name.
    fn swapped_nonce(&self, player: PlayerNo, id: CommandId, nonce: Hash32) -> Hash32 {
        let Some(chain) = self.roster.players.get(&player).and_then(|p| p.chains.last()) else {
            return nonce;
        };
        if self.owner_no() == Some(player) {
            return nonce;
        }
        swapped_chain(player, chain.first).link(id).unwrap_or(nonce)
    }

    /// The faces `player`'s command `id` with `nonce` would roll if this
    /// host ran it now (`None`: not a play the game takes now): what a host
    /// knows of its own crew's dice before it sequences a command, as it
    /// derives them. The adversary of the shopping tests previews with it.
    pub fn preview(
        &self,
        player: PlayerNo,
        id: CommandId,
        command: &Command,
        nonce: Hash32,
    ) -> Option<Vec<u8>> {
        let (Stage::Playing(m), Command::Intent { seat, intent }) = (&self.stage, command) else {
            return None;
        };
        let act = crate::wire::Act::Play { seat: *seat, intent: intent.clone() };
        let mut mark = Mark::new(m.head().next(), self.keys.current(), nonce, Some((player, id)), act);
        let (_, dice) = Match::dice_for(&mut mark, self.crew(), &self.keys);
        let mut rec = Recorder { inner: dice, faces: Vec::new() };
        m.game.clone().play(*seat, intent, &mut rec).ok()?;
        Some(rec.faces)
    }

    /// A grinding host's tally for its own crew's rolls: (dice showing the
    /// wanted face, dice rolled).
    pub fn grind_tally(&self) -> (u64, u64) {
        self.tally
    }

    /// The nonce a grinding host runs its own crew's command `id` with (a
    /// chain-swapping one, a guest's command: see [`Cheat::SwapChains`]).
    pub(super) fn grind(
        &mut self,
        player: PlayerNo,
        id: CommandId,
        command: &Command,
        nonce: Hash32,
    ) -> Hash32 {
        if self.cheat == Some(Cheat::SwapChains) {
            return self.swapped_nonce(player, id, nonce);
        }
        let Some(Cheat::Grind { tries, face }) = self.cheat else { return nonce };
        let (Some(owner), Stage::Playing(_)) = (self.owner_no(), &self.stage) else { return nonce };
        let Command::Intent { .. } = command else { return nonce };
        if owner != player {
            return nonce;
        }
        let Some(p) = self.roster.players.get(&player) else { return nonce };
        let acceptable = |n: &Hash32| match p.chains.last() {
            Some(chain) => chain.verifies(id, n, p.checked),
            None => false,
        };
        let candidates = (0..tries.max(1)).map(|i| {
            if i == 0 {
                return nonce;
            }
            let mut h = Sha256::new();
            h.update(nonce);
            h.update(i.to_le_bytes());
            h.finalize().into()
        });
        let mut best: Option<(usize, Hash32, Vec<u8>)> = None;
        for n in candidates.filter(acceptable) {
            let Some(faces) = self.preview(player, id, command, n) else { continue };
            let score = faces.iter().filter(|f| **f == face).count();
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, n, faces));
            }
        }
        let Some((score, chosen, faces)) = best else { return nonce };
        self.tally.0 += score as u64;
        self.tally.1 += faces.len() as u64;
        chosen
    }
}

/// The chain a chain-swapping host puts in `player`'s name from `first` on.
fn swapped_chain(player: PlayerNo, first: CommandId) -> NonceChain {
    let mut h = Sha256::new();
    h.update(b"a host's own chain for a guest");
    h.update(player.0.to_le_bytes());
    NonceChain::new(&h.finalize().into(), first)
}
