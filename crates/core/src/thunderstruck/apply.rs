//! `apply`: the only way a Thunderstruck game changes. Total: an event
//! that does not fit the state (which a correct host never sends) changes
//! as little as it can and never panics.

use super::console::{ConsoleSpace, System};
use super::event::{Event, Outcome, Shot};
use super::{Game, Pending, Phase, Planning, Player};

impl Game {
    pub fn apply(&mut self, event: &Event) {
        self.applied += 1;
        match event {
            Event::SeedCommitted { player, seed } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    ship.planning = Planning::Seeded { seed: *seed };
                }
            }
            Event::Beacon { value } => {
                self.phase = Phase::Planning { beacon: Some(*value) };
                for ship in self.ships.iter_mut().filter(|s| !s.destroyed) {
                    if ship.planning == Planning::Unseeded {
                        ship.planning = Planning::Forfeit;
                    }
                }
                self.begin_actions_when_planned();
            }
            Event::PlanSealed { player, plan } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    if let Planning::Seeded { seed } = ship.planning {
                        ship.planning = Planning::Sealed { seed, plan: *plan };
                    }
                }
            }
            Event::Revealed { player, rerolls, dice, placement, next, .. } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    let cubes = ship.console.cubes().saturating_sub(*rerolls);
                    ship.console.set_cubes(cubes);
                    for (slot, pip) in placement.slots().iter().zip(dice) {
                        if let Some(slot) = slot {
                            ship.console.put(*slot, Some(*pip));
                        }
                    }
                    ship.planning = Planning::Revealed;
                    ship.next_seed = Some(*next);
                }
                self.begin_actions_when_planned();
            }
            Event::Forfeited { player } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    ship.planning = Planning::Forfeit;
                    ship.next_seed = None;
                }
                self.begin_actions_when_planned();
            }
            Event::Acted { player, act, value, outcome } => self.apply_act(*player, act, *value, outcome),
            Event::HitTaken { player, shield, damage } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    ship.console.raise(*shield, false);
                    ship.console.damage_at(*damage);
                }
                self.answered(|_| true);
            }
            Event::Steered { player, at, facing, .. } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    ship.at = *at;
                    ship.facing = *facing;
                }
                let p = *player;
                self.answered(|winner| winner != p);
            }
            Event::Destroyed { player } => {
                if let Some(ship) = self.ships.get_mut(usize::from(player.0)) {
                    ship.destroyed = true;
                    ship.console.clear_dice();
                }
                let p = *player;
                if let Phase::Action { pending: Some(Pending::Hit { target, .. }), .. } = self.phase {
                    if target == p {
                        self.answered(|_| true);
                    }
                }
                self.answered(|winner| winner != p);
                // The turn may just have passed to the ship the hit destroyed.
                if let Phase::Action { turn, pending: None, .. } = self.phase {
                    if turn == p {
                        let next = self.next_with_dice(p, false);
                        if let Phase::Action { turn, .. } = &mut self.phase {
                            *turn = next.unwrap_or(*turn);
                        }
                    }
                }
            }
            Event::SectorClosed { sector } => self.board.close(*sector),
            Event::RoundEnded { reflex, closed } => {
                if let Some(sector) = closed {
                    self.board.close(*sector);
                }
                self.round = self.round.saturating_add(1);
                self.first = self.next_living(self.first);
                self.reflex = *reflex;
                for ship in &mut self.ships {
                    ship.boosted = false;
                    ship.boost_token = 0;
                    ship.manoeuvre_token = 0;
                    ship.console.clear_dice();
                    ship.planning = match ship.next_seed.take() {
                        Some(seed) => Planning::Seeded { seed },
                        None => Planning::Unseeded,
                    };
                }
                self.phase = Phase::Planning { beacon: None };
            }
            Event::Over { winner } => self.phase = Phase::Over { winner: *winner },
        }
    }

    fn apply_act(&mut self, player: Player, act: &super::Act, value: crate::dice::Pip, outcome: &Outcome) {
        let Some(ship) = self.ships.get_mut(usize::from(player.0)) else { return };
        let cubes = ship.console.cubes().saturating_sub(act.cubes());
        ship.console.set_cubes(cubes);
        ship.console.put(act.die, None);
        let mut pending = None;
        match outcome {
            Outcome::Boosted { to, .. } => {
                let with = act.with.and_then(|w| ship.console.die(w));
                if let Some(w) = act.with {
                    ship.console.put(w, None);
                }
                ship.at = *to;
                ship.boosted = true;
                ship.boost_token += value.value() + with.map_or(0, |p| p.value());
            }
            Outcome::Manoeuvred { dice, winners } => {
                for (p, pips) in dice {
                    if let Some(s) = self.ships.get_mut(usize::from(p.0)) {
                        for slot in ConsoleSpace::of(System::Manoeuvre) {
                            s.console.put(*slot, None);
                        }
                        s.manoeuvre_token += pips.iter().map(|x| x.value()).sum::<u8>();
                    }
                }
                if let Phase::Action { manoeuvred, .. } = &mut self.phase {
                    *manoeuvred = true;
                }
                if !winners.is_empty() {
                    pending = Some(Pending::Steer { winners: winners.clone() });
                }
            }
            Outcome::ShieldRaised { shield, .. } => ship.console.raise(*shield, true),
            Outcome::Fired { target, shot: Shot::Shielded { frontal }, .. } => {
                pending = Some(Pending::Hit { target: *target, frontal: *frontal });
            }
            Outcome::Fired { .. } => {}
            Outcome::Powered { gained } => {
                let cubes = ship.console.cubes() + gained;
                ship.console.set_cubes(cubes);
            }
        }
        if let Phase::Action { pending: p, .. } = &mut self.phase {
            *p = pending;
        }
        self.advance_unless_pending();
    }

    /// An answer arrived: `keep` says which Manoeuvre winners still have to choose.
    fn answered(&mut self, keep: impl Fn(Player) -> bool) {
        if let Phase::Action { pending, .. } = &mut self.phase {
            match pending {
                Some(Pending::Steer { winners }) => {
                    winners.retain(|(p, _)| keep(*p));
                    if winners.is_empty() {
                        *pending = None;
                    }
                }
                Some(Pending::Hit { .. }) => *pending = None,
                None => return,
            }
        }
        self.advance_unless_pending();
    }

    /// T7: the next player (after the one who just acted) who still has dice.
    fn advance_unless_pending(&mut self) {
        let Phase::Action { turn, pending: None, .. } = self.phase else { return };
        let next = self.next_with_dice(turn, false);
        if let Phase::Action { turn, .. } = &mut self.phase {
            *turn = next.unwrap_or(*turn);
        }
    }

    /// Starting at `from` (itself included or not), the first living player with dice.
    fn next_with_dice(&self, from: Player, include: bool) -> Option<Player> {
        let n = self.config.players;
        (u8::from(!include)..=n).map(|k| Player((from.0 + k) % n)).find(|p| {
            !self.ships[usize::from(p.0)].destroyed && self.ships[usize::from(p.0)].console.has_dice()
        })
    }

    fn next_living(&self, from: Player) -> Player {
        let n = self.config.players;
        (1..=n)
            .map(|k| Player((from.0 + k) % n))
            .find(|p| !self.ships[usize::from(p.0)].destroyed)
            .unwrap_or(from)
    }

    /// Every living ship revealed or sat out: the Action Phase begins with
    /// the turn marker's holder (or the next with dice).
    fn begin_actions_when_planned(&mut self) {
        let Phase::Planning { beacon: Some(_) } = self.phase else { return };
        let planned = self
            .ships
            .iter()
            .all(|s| s.destroyed || matches!(s.planning, Planning::Revealed | Planning::Forfeit));
        if planned {
            let turn = self.next_with_dice(self.first, true).unwrap_or(self.first);
            self.phase = Phase::Action { turn, manoeuvred: false, pending: None };
        }
    }
}
