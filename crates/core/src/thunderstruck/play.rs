//! The host's side: an intent or host action checked against the state
//! and turned into the events that follow. Nothing here mutates the game
//! except through `apply`.

use super::console::{ConsoleSpace, Shield, System, MAX_CUBES};
use super::event::{Event, Outcome, Shot};
use super::intent::{Act, HostAction, Intent, Steer};
use super::refusal::ThunderRuleError;
use super::{Game, Pending, Phase, Planning, Player};
use crate::dice::{DiceSource, Pip};

impl Game {
    /// Whether `player` may do `intent` now.
    ///
    /// # Errors
    /// The [`ThunderRuleError`] a player reads.
    pub fn validate(&self, player: Player, intent: &Intent) -> Result<(), ThunderRuleError> {
        self.events_for(player, intent).map(|_| ())
    }

    /// Whether an event the host sent is what the rules give (T10: every
    /// replica checks each reveal against the seed and seal it committed
    /// to, and the dice that seed rolls). Other events pass.
    ///
    /// # Errors
    /// The [`ThunderRuleError`] the reveal would have met.
    pub fn verify(&self, event: &Event) -> Result<(), ThunderRuleError> {
        let Event::Revealed { player, seed, rerolls, placement, next, .. } = event else { return Ok(()) };
        let intent =
            Intent::Reveal { seed: *seed, rerolls: *rerolls, placement: placement.clone(), next: *next };
        match self.events_for(*player, &intent)?.first() {
            Some(expected) if expected == event => Ok(()),
            _ => Err(ThunderRuleError::DiceMismatch),
        }
    }

    /// Carries out `intent`: the events, already applied, in order.
    ///
    /// # Errors
    /// The [`ThunderRuleError`]; nothing changed.
    pub fn play(&mut self, player: Player, intent: &Intent) -> Result<Vec<Event>, ThunderRuleError> {
        let events = self.events_for(player, intent)?;
        Ok(self.run(events))
    }

    /// Carries out a host action with the host's dice.
    ///
    /// # Errors
    /// The [`ThunderRuleError`] when the action does not apply now; nothing changed.
    pub fn host(
        &mut self,
        action: HostAction,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, ThunderRuleError> {
        let events = match action {
            HostAction::Beacon => {
                let Phase::Planning { beacon: None } = self.phase else {
                    return Err(ThunderRuleError::NotPlanning);
                };
                // 24 dice: 6^24 ≈ 2^62 values, drawn with the host's committed keys.
                let value = (0..24).fold(0u64, |v, _| v * 6 + u64::from(dice.roll().value() - 1));
                vec![Event::Beacon { value }]
            }
            HostAction::Forfeit { player } => {
                let ship = self.ship(player).ok_or(ThunderRuleError::NoSuchPlayer)?;
                if !matches!(self.phase, Phase::Planning { .. }) {
                    return Err(ThunderRuleError::NotPlanning);
                }
                if ship.destroyed || matches!(ship.planning, Planning::Revealed | Planning::Forfeit) {
                    return Err(ThunderRuleError::Forfeited);
                }
                vec![Event::Forfeited { player }]
            }
            HostAction::Default => {
                let (player, intent) = self.default_move().ok_or(ThunderRuleError::NothingToAnswer)?;
                self.events_for(player, &intent)?
            }
        };
        Ok(self.run(events))
    }

    /// Applies `events`, then whatever follows by itself (a round's end, the end of the duel).
    fn run(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        for e in &events {
            self.apply(e);
        }
        while let Some(e) = self.settlement() {
            self.apply(&e);
            events.push(e);
        }
        events
    }

    fn events_for(&self, player: Player, intent: &Intent) -> Result<Vec<Event>, ThunderRuleError> {
        if self.is_over() {
            return Err(ThunderRuleError::Over);
        }
        let ship = self.ship(player).ok_or(ThunderRuleError::NoSuchPlayer)?;
        if ship.destroyed {
            return Err(ThunderRuleError::Retired);
        }
        match intent {
            Intent::CommitSeed { seed } => {
                let Phase::Planning { beacon } = self.phase else {
                    return Err(ThunderRuleError::NotPlanning);
                };
                match (ship.planning, beacon) {
                    (Planning::Unseeded, None) => Ok(vec![Event::SeedCommitted { player, seed: *seed }]),
                    (Planning::Unseeded | Planning::Forfeit, Some(_)) => Err(ThunderRuleError::Forfeited),
                    _ => Err(ThunderRuleError::AlreadySeeded),
                }
            }
            Intent::SealPlan { plan } => {
                let Phase::Planning { beacon } = self.phase else {
                    return Err(ThunderRuleError::NotPlanning);
                };
                match ship.planning {
                    Planning::Seeded { .. } if beacon.is_none() => Err(ThunderRuleError::NoBeaconYet),
                    Planning::Seeded { .. } => Ok(vec![Event::PlanSealed { player, plan: *plan }]),
                    Planning::Unseeded => Err(ThunderRuleError::NotSeeded),
                    Planning::Forfeit => Err(ThunderRuleError::Forfeited),
                    Planning::Sealed { .. } | Planning::Revealed => Err(ThunderRuleError::AlreadySealed),
                }
            }
            Intent::Reveal { seed, rerolls, placement, next } => {
                let Phase::Planning { beacon: Some(_) } = self.phase else {
                    return Err(ThunderRuleError::NotPlanning);
                };
                let (seed_digest, plan) = match ship.planning {
                    Planning::Sealed { seed, plan } => (seed, plan),
                    Planning::Forfeit => return Err(ThunderRuleError::Forfeited),
                    Planning::Revealed => return Err(ThunderRuleError::AlreadySealed),
                    _ => return Err(ThunderRuleError::NotSealed),
                };
                let all_sealed = self.living().all(|p| {
                    matches!(
                        self.ships[usize::from(p.0)].planning,
                        Planning::Sealed { .. } | Planning::Revealed | Planning::Forfeit
                    )
                });
                if !all_sealed {
                    return Err(ThunderRuleError::OthersStillPlanning);
                }
                if seed.digest() != seed_digest {
                    return Err(ThunderRuleError::SeedMismatch);
                }
                if seed.seal(*rerolls, placement) != plan {
                    return Err(ThunderRuleError::SealMismatch);
                }
                if *rerolls > ship.console.cubes() {
                    return Err(ThunderRuleError::TooManyRerolls { cubes: ship.console.cubes() });
                }
                let dice = self.roll(player, seed, *rerolls).ok_or(ThunderRuleError::NoBeaconYet)?;
                placement.check(&dice, &ship.console).map_err(ThunderRuleError::Misplaced)?;
                Ok(vec![Event::Revealed {
                    player,
                    seed: *seed,
                    rerolls: *rerolls,
                    dice,
                    placement: placement.clone(),
                    next: *next,
                }])
            }
            Intent::Act(act) => self.act(player, act),
            Intent::TakeHit { shield, damage } => self.take_hit(player, *shield, *damage),
            Intent::Steer(steer) => self.steer(player, *steer).map(|e| vec![e]),
        }
    }

    fn act(&self, player: Player, act: &Act) -> Result<Vec<Event>, ThunderRuleError> {
        let Phase::Action { turn, manoeuvred, ref pending } = self.phase else {
            return Err(ThunderRuleError::NotActing);
        };
        if pending.is_some() {
            return Err(ThunderRuleError::AwaitingAnswer);
        }
        if turn != player {
            return Err(ThunderRuleError::NotYourTurn { turn });
        }
        let ship = &self.ships[usize::from(player.0)];
        let c = &ship.console;
        let pip = c.die(act.die).ok_or(ThunderRuleError::NoDie(act.die))?;
        if act.cubes() > c.cubes() {
            return Err(ThunderRuleError::NotEnoughCubes { need: act.cubes(), have: c.cubes() });
        }
        let value = i16::from(pip.value()) + i16::from(act.pips);
        if !(1..=6).contains(&value) {
            return Err(ThunderRuleError::OffTheDie); // T6: the die stays within 1–6
        }
        let value = Pip::new(value as u8);
        let at = act.at();
        if let Some(to) = act.to {
            if to == act.die || !c.is_free(to) {
                return Err(ThunderRuleError::SpaceTaken(to));
            }
            // `004_…` Power 5, T6: a cube may not empty Boost or Manoeuvre
            // before that action was taken this round.
            let from = act.die.system();
            let done = match from {
                System::Boost => ship.boosted,
                System::Manoeuvre => manoeuvred,
                _ => true,
            };
            let last = ConsoleSpace::of(from).iter().all(|s| *s == act.die || c.die(*s).is_none());
            if !done && last && to.system() != from {
                return Err(ThunderRuleError::WouldEmpty(from));
            }
        }
        if !at.takes(value) {
            return Err(ThunderRuleError::WouldNotFit { slot: at, pip: value });
        }
        if act.with.is_some() && at.system() != System::Boost {
            return Err(ThunderRuleError::NotABoost);
        }
        if act.target.is_some() && at.system() != System::Fire {
            return Err(ThunderRuleError::Target);
        }
        let outcome = match at.system() {
            System::Boost => {
                let mut spaces = value.value();
                if let Some(with) = act.with {
                    let other = (with.system() == System::Boost && with != at && with != act.die)
                        .then(|| c.die(with))
                        .flatten()
                        .ok_or(ThunderRuleError::NotABoost)?;
                    spaces += other.value();
                }
                let to = self.board.boost(ship.at, ship.facing, spaces, &self.occupied_except(player));
                Outcome::Boosted { spaces, from: ship.at, to }
            }
            System::Manoeuvre => {
                if manoeuvred {
                    return Err(ThunderRuleError::ManoeuvreDone);
                }
                self.manoeuvre(player, act, value)
            }
            System::Shields => {
                let shield = at.shield().unwrap_or(Shield::Mid);
                Outcome::ShieldRaised { shield, already: c.shield_up(shield) }
            }
            System::Fire => {
                let target = self.target(player, act.target)?;
                let t = &self.ships[usize::from(target.0)];
                let distance = self.board.distance(ship.at, t.at);
                // T4: frontal when the shooter lies the way the target faces.
                let frontal = self.board.towards(t.at, ship.at) == Some(t.facing);
                let shot = if distance > value.value() {
                    Shot::Miss
                } else if Shield::ALL.into_iter().any(|s| !self.hit_spaces(target, s, frontal).is_empty()) {
                    Shot::Shielded { frontal }
                } else {
                    Shot::Unshielded // no shield faces it, or its damage has nowhere to go (T3)
                };
                Outcome::Fired { target, distance, shot }
            }
            System::Power => {
                let held = c.cubes() - act.cubes();
                let gain = if value.value() == 6 { 2 } else { 1 };
                Outcome::Powered { gained: gain.min(MAX_CUBES - held) }
            }
        };
        let mut events = vec![];
        if let Outcome::Fired { target, shot: Shot::Unshielded, .. } = outcome {
            events.push(Event::Acted { player, act: *act, value, outcome });
            events.push(Event::Destroyed { player: target });
        } else {
            events.push(Event::Acted { player, act: *act, value, outcome });
        }
        Ok(events)
    }

    /// T4: with two players the target is the other; with three it must be named.
    fn target(&self, player: Player, named: Option<Player>) -> Result<Player, ThunderRuleError> {
        let others: Vec<Player> = self.living().filter(|p| *p != player).collect();
        match named {
            Some(t) if others.contains(&t) => Ok(t),
            None if others.len() == 1 => Ok(others[0]),
            _ => Err(ThunderRuleError::Target),
        }
    }

    /// T5: every ship's Manoeuvre dice at once; the highest total in each sector wins there.
    fn manoeuvre(&self, player: Player, act: &Act, value: Pip) -> Outcome {
        let at = act.at();
        let dice: Vec<(Player, Vec<Pip>)> = self
            .living()
            .map(|p| {
                let c = &self.ships[usize::from(p.0)].console;
                let pips = ConsoleSpace::of(System::Manoeuvre)
                    .iter()
                    .filter_map(|s| match (p == player, *s == at, *s == act.die) {
                        (true, true, _) => Some(value),
                        (true, false, true) => None, // moved away to `at`
                        _ => c.die(*s),
                    })
                    .collect();
                (p, pips)
            })
            .collect();
        let mut winners = Vec::new();
        for sector in 0..self.board.sectors() {
            let here: Vec<(Player, u8, bool)> = dice
                .iter()
                .filter(|(p, _)| self.ships[usize::from(p.0)].at.sector() == sector)
                .map(|(p, d)| (*p, d.iter().map(|x| x.value()).sum::<u8>(), d.len() == 2))
                .collect();
            let Some(best) = here.iter().map(|h| h.1).max() else { continue };
            let top: Vec<_> = here.iter().filter(|h| h.1 == best).collect();
            if best > 0 && top.len() == 1 {
                winners.push((top[0].0, top[0].2));
            }
        }
        Outcome::Manoeuvred { dice, winners }
    }

    /// D38: what a deadline does. A hit takes the first shield that can
    /// (front, rear, mid) and its first damage space; a Manoeuvre winner
    /// holds; a turn actions its first die (space order) without cubes,
    /// firing at the nearest ship.
    pub fn default_move(&self) -> Option<(Player, Intent)> {
        let Phase::Action { turn, ref pending, .. } = self.phase else { return None };
        match pending {
            Some(Pending::Hit { target, frontal }) => Shield::ALL.into_iter().find_map(|s| {
                let spaces = self.hit_spaces(*target, s, *frontal);
                spaces.first().map(|d| (*target, Intent::TakeHit { shield: s, damage: *d }))
            }),
            Some(Pending::Steer { winners }) => {
                winners.first().map(|(p, _)| (*p, Intent::Steer(Steer::Hold)))
            }
            None => {
                let ship = self.ship(turn)?;
                let (die, _) = ship.console.dice().next()?;
                let target = (die.system() == System::Fire).then(|| self.nearest(turn)).flatten();
                Some((turn, Intent::Act(Act { target, ..Act::plain(die) })))
            }
        }
    }

    /// The closest other ship (lowest player on a tie).
    pub fn nearest(&self, player: Player) -> Option<Player> {
        let at = self.ship(player)?.at;
        self.living()
            .filter(|p| *p != player)
            .min_by_key(|p| (self.board.distance(at, self.ships[usize::from(p.0)].at), p.0))
    }
}
