//! One seat's secrets: a master secret from which every round's seed is
//! derived, and the plan it sealed this round. Only this device ever holds
//! them; `to_bytes` lets the app keep them across a reload, so a sealed plan
//! can still be revealed after the tab comes back.

use duel_core::thunderstruck::{Game, Intent, Phase, Placement, Planning, Player, Secret, ThunderRuleError};
use duel_core::Pip;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

/// The plan sealed for a round, kept until it is revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Sealed {
    round: u8,
    rerolls: u8,
    placement: Placement,
}

/// One seat's secret keeper.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Desk {
    player: Player,
    master: [u8; 32],
    sealed: Option<Sealed>,
}

impl Desk {
    /// A desk for `player` from 32 bytes of the device's own randomness.
    pub fn new(player: Player, master: [u8; 32]) -> Desk {
        Desk { player, master, sealed: None }
    }

    pub fn player(&self) -> Player {
        self.player
    }

    /// The round's secret seed (never leaves the device before the reveal).
    fn seed(&self, round: u8) -> Secret {
        let mut h = Sha256::new();
        h.update(b"thunderstruck desk v1");
        h.update(self.master);
        h.update([self.player.0, round]);
        Secret(h.finalize().into())
    }

    /// The protocol step due now, if any: the seed commitment before the
    /// beacon, the reveal once every living player has sealed.
    pub fn next_intent(&self, game: &Game) -> Option<Intent> {
        let ship = game.ship(self.player)?;
        if ship.destroyed {
            return None;
        }
        let Phase::Planning { beacon } = game.phase() else { return None };
        match (ship.planning, beacon) {
            (Planning::Unseeded, None) => Some(Intent::CommitSeed { seed: self.seed(game.round()).digest() }),
            (Planning::Sealed { .. }, Some(_)) if everyone_sealed(game) => {
                let sealed = self.sealed.as_ref().filter(|s| s.round == game.round())?;
                Some(Intent::Reveal {
                    seed: self.seed(game.round()),
                    rerolls: sealed.rerolls,
                    placement: sealed.placement.clone(),
                    next: self.seed(game.round().saturating_add(1)).digest(),
                })
            }
            _ => None,
        }
    }

    /// This round's dice after `rerolls` rerolls, once the beacon is drawn.
    pub fn dice(&self, game: &Game, rerolls: u8) -> Option<Vec<Pip>> {
        game.roll(self.player, &self.seed(game.round()), rerolls)
    }

    /// Checks a plan, remembers it, and returns the `SealPlan` to send.
    ///
    /// # Errors
    /// The [`ThunderRuleError`] the rules would give (no dice yet, too many rerolls, a misplaced die).
    pub fn seal(
        &mut self,
        game: &Game,
        rerolls: u8,
        placement: Placement,
    ) -> Result<Intent, ThunderRuleError> {
        let ship = game.ship(self.player).ok_or(ThunderRuleError::NoSuchPlayer)?;
        match ship.planning {
            Planning::Seeded { .. } => {}
            Planning::Sealed { .. } | Planning::Revealed => return Err(ThunderRuleError::AlreadySealed),
            Planning::Forfeit => return Err(ThunderRuleError::Forfeited),
            Planning::Unseeded => return Err(ThunderRuleError::NotSeeded),
        }
        if rerolls > ship.console.cubes() {
            return Err(ThunderRuleError::TooManyRerolls { cubes: ship.console.cubes() });
        }
        let dice = self.dice(game, rerolls).ok_or(ThunderRuleError::NoBeaconYet)?;
        placement.check(&dice, &ship.console).map_err(ThunderRuleError::Misplaced)?;
        let plan = self.seed(game.round()).seal(rerolls, &placement);
        self.sealed = Some(Sealed { round: game.round(), rerolls, placement });
        Ok(Intent::SealPlan { plan })
    }

    /// Whether this seat's plan for the round is locked in (or already revealed).
    pub fn sealed(&self, game: &Game) -> bool {
        game.ship(self.player)
            .is_some_and(|s| matches!(s.planning, Planning::Sealed { .. } | Planning::Revealed))
    }

    /// The plan this desk sealed for the current round, if any.
    pub fn plan(&self, game: &Game) -> Option<(u8, &Placement)> {
        self.sealed.as_ref().filter(|s| s.round == game.round()).map(|s| (s.rerolls, &s.placement))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).unwrap_or_default()
    }

    /// `None` for bytes that are not a saved desk (a corrupted store starts a new one).
    pub fn from_bytes(bytes: &[u8]) -> Option<Desk> {
        postcard::from_bytes(bytes).ok()
    }
}

fn everyone_sealed(game: &Game) -> bool {
    game.living().all(|p| {
        game.ship(p).is_some_and(|s| {
            matches!(s.planning, Planning::Sealed { .. } | Planning::Revealed | Planning::Forfeit)
        })
    })
}
