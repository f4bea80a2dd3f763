//! A Thunderstruck pilot: one seat's decisions at one [`Level`].

use duel_core::thunderstruck::{Game, Intent, Placement, Player};
use duel_core::Pip;

use super::level::Level;
use super::moves::Spend;
use super::placement::best_placement;
use super::search::{best, Search};
use crate::rng::BotRng;

/// What one more reroll must gain to be worth its power cube, in points
/// (the cube's own worth plus what a pip or a moved die does with it later).
const REROLL_COST: i32 = 500;
/// Rolls imagined to judge what a reroll is likely to give.
const REROLL_SAMPLES: usize = 3;

/// A bot for one Thunderstruck seat. It never changes the game: it
/// returns intents for the caller to send, through the same path as a
/// person's, and decides the same way again from the same seed.
#[derive(Clone, Debug)]
pub struct Pilot {
    level: Level,
    player: Player,
    rng: BotRng,
}

impl Pilot {
    /// A pilot for `player`; `seed` fixes its tie-breaks and slips.
    pub fn new(level: Level, player: Player, seed: u64) -> Pilot {
        Pilot { level, player, rng: BotRng::new(seed ^ (u64::from(player.0) << 56)) }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn player(&self) -> Player {
        self.player
    }

    /// The Planning Phase: how many rerolls to pay for and where the dice
    /// go. `roll(k)` is this player's roll after `k` rerolls (its device
    /// computes it from the secret seed). The pilot looks at `roll(0)`,
    /// then `roll(1)` only if it decided to reroll, and so on, never
    /// beyond the cubes held and never back: like a person at the table, a
    /// reroll replaces the dice. The placement is legal for the roll of
    /// the count returned.
    pub fn plan(&mut self, game: &Game, roll: &dyn Fn(u8) -> Vec<Pip>) -> (u8, Placement) {
        let cubes = game.ship(self.player).map_or(0, |s| s.console.cubes());
        match self.level {
            Level::Random => {
                let rerolls = self.rng.below(u64::from(cubes) + 1) as u8;
                (rerolls, self.any_placement(game, &roll(rerolls)))
            }
            Level::Easy => {
                let dice = roll(0);
                if self.slip() {
                    return (0, self.any_placement(game, &dice));
                }
                let placed = best_placement(game, self.player, &dice, Spend::Never).map(|(p, _)| p);
                (0, placed.unwrap_or_else(|| self.any_placement(game, &dice)))
            }
            Level::Hard => self.plan_hard(game, roll, cubes),
        }
    }

    /// Hard: place the roll as well as possible; reroll while a fresh roll
    /// promises more than a cube is worth (judged on a few imagined rolls
    /// from the pilot's own RNG: it cannot see its next roll before paying).
    fn plan_hard(&mut self, game: &Game, roll: &dyn Fn(u8) -> Vec<Pip>, cubes: u8) -> (u8, Placement) {
        let me = self.player;
        let count = usize::from(game.dice_count(me));
        let mut rerolls = 0;
        let mut dice = roll(0);
        let mut current = best_placement(game, me, &dice, Spend::Lean);
        let mut fresh: Option<i32> = None;
        while rerolls < cubes {
            let Some((_, now)) = current.as_ref() else { break };
            let expected = match fresh {
                Some(e) => e,
                None => {
                    let mut sum = 0i64;
                    for _ in 0..REROLL_SAMPLES {
                        let imagined: Vec<Pip> =
                            (0..count).map(|_| Pip::new(self.rng.below(6) as u8 + 1)).collect();
                        sum += i64::from(best_placement(game, me, &imagined, Spend::Lean).map_or(0, |b| b.1));
                    }
                    (sum / REROLL_SAMPLES as i64) as i32
                }
            };
            fresh = Some(expected);
            if expected - REROLL_COST * i32::from(rerolls + 1) <= *now - REROLL_COST * i32::from(rerolls) {
                break;
            }
            rerolls += 1;
            dice = roll(rerolls);
            current = best_placement(game, me, &dice, Spend::Lean);
        }
        let placement = match current {
            Some((p, _)) => p,
            None => self.any_placement(game, &dice),
        };
        (rerolls, placement)
    }

    /// The Action Phase: when the game waits on this pilot, a legal intent
    /// (an action with its cubes, a hit answer or a Manoeuvre choice).
    pub fn act(&mut self, game: &Game) -> Option<Intent> {
        if !game.waiting_on().contains(&self.player) {
            return None;
        }
        if self.level == Level::Random || self.slip() {
            let all = game.legal_intents(self.player);
            let pick = self.rng.below(all.len() as u64) as usize;
            return all.into_iter().nth(pick);
        }
        let search = match self.level {
            Level::Hard => Search { depth: self.level.depth(), root: Spend::Full, deeper: Spend::Lean },
            _ => Search { depth: self.level.depth(), root: Spend::Never, deeper: Spend::Never },
        };
        best(game, self.player, search)
            .map(|(intent, _)| intent)
            .or_else(|| game.legal_intents(self.player).into_iter().next())
    }

    fn slip(&mut self) -> bool {
        self.rng.chance(self.level.slips_per_mille())
    }

    /// A uniformly random legal placement (the rules' own list).
    fn any_placement(&mut self, game: &Game, dice: &[Pip]) -> Placement {
        let all = game.ship(self.player).map(|s| Placement::all(dice, &s.console)).unwrap_or_default();
        let pick = self.rng.below(all.len() as u64) as usize;
        all.into_iter().nth(pick).unwrap_or_else(|| Placement::new(vec![None; dice.len()]))
    }
}
