//! A baseline to measure bots against: a crew that picks among
//! `legal_intents`, uniformly or weighted towards productive actions (the
//! weighting of the core's random-play tests: place dice, load torpedoes,
//! fire only when it would hit, steer so the enemy ends up in an arc).

use std::fmt;
use std::str::FromStr;

use duel_core::game::plan_path;
use duel_core::geometry::{arc_of, Position};
use duel_core::station::{helm_face, HelmSlot, Spot, TorpedoPart, HELM_SLOTS};
use duel_core::{Game, Intent, SeatId, Station};

use crate::callout::EnergyRequest;
use crate::crew::{earliest, Agent, SeatClock};
use crate::rng::BotRng;

/// How the random crew picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RandomStyle {
    /// Every legal intent equally likely.
    Uniform,
    /// Productive intents preferred.
    Weighted,
}

impl RandomStyle {
    pub fn name(self) -> &'static str {
        match self {
            RandomStyle::Uniform => "uniform",
            RandomStyle::Weighted => "random",
        }
    }
}

impl fmt::Display for RandomStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RandomStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<RandomStyle, String> {
        match s {
            "uniform" => Ok(RandomStyle::Uniform),
            "random" | "weighted" => Ok(RandomStyle::Weighted),
            _ => Err(format!("unknown random style {s:?}: use random (weighted) or uniform")),
        }
    }
}

/// A crew of random-legal players.
#[derive(Clone, Debug)]
pub struct RandomCrew {
    style: RandomStyle,
    reaction_ms: u64,
    clocks: Vec<SeatClock>,
    rng: BotRng,
}

impl RandomCrew {
    /// A random crew for `seats`, acting at most once per `reaction_ms` per seat.
    pub fn new(style: RandomStyle, seats: &[SeatId], reaction_ms: u64, seed: u64) -> RandomCrew {
        RandomCrew {
            style,
            reaction_ms,
            clocks: seats.iter().map(|s| SeatClock::new(*s)).collect(),
            rng: BotRng::new(seed),
        }
    }

    fn pick(&mut self, game: &Game, seat: SeatId) -> Option<Intent> {
        let legal = game.legal_intents(seat);
        match self.style {
            RandomStyle::Uniform => {
                let i = self.rng.below(legal.len() as u64) as usize;
                legal.into_iter().nth(i)
            }
            RandomStyle::Weighted => {
                let weights: Vec<u64> = legal.iter().map(|i| weight(game, seat, i)).collect();
                let total: u64 = weights.iter().sum();
                if total == 0 {
                    return None;
                }
                let mut r = self.rng.below(total);
                for (intent, w) in legal.into_iter().zip(weights) {
                    if r < w {
                        return Some(intent);
                    }
                    r -= w;
                }
                None
            }
        }
    }
}

impl Agent for RandomCrew {
    fn next_action(
        &mut self,
        game: &Game,
        now_ms: u64,
        _requests: &[EnergyRequest],
    ) -> Option<(SeatId, Intent)> {
        let applied = game.events_applied();
        for i in 0..self.clocks.len() {
            let clock = &self.clocks[i];
            if clock.ready_at > now_ms || clock.idle_at == Some(applied) {
                continue;
            }
            let seat = clock.seat;
            match self.pick(game, seat) {
                Some(intent) => {
                    self.clocks[i].idle_at = None;
                    self.clocks[i].ready_at = now_ms + self.reaction_ms;
                    return Some((seat, intent));
                }
                None => self.clocks[i].idle_at = Some(applied),
            }
        }
        None
    }

    fn next_wake_ms(&self, game: &Game) -> Option<u64> {
        earliest(&self.clocks, game, None)
    }

    fn seats(&self) -> Vec<SeatId> {
        self.clocks.iter().map(|c| c.seat).collect()
    }
}

fn weight(game: &Game, seat: SeatId, intent: &Intent) -> u64 {
    let ship = game.seat_ship(seat).and_then(|s| game.ship(s).map(|sh| (s, sh)));
    match intent {
        Intent::Fire { target: Some(t), .. } => match ship.and_then(|(id, _)| game.fire_preview(id, *t)) {
            Some(p) if p.would_hit => 200,
            _ => 0,
        },
        Intent::PlaceDie { spot: Spot::Lock, .. } => 40,
        Intent::PlaceDie { spot: Spot::Torpedo(tube, _), .. } => {
            let parts = ship.map_or(0, |(_, s)| {
                [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
                    .iter()
                    .filter(|p| s.dice_at(Spot::Torpedo(*tube, **p)).next().is_some())
                    .count() as u64
            });
            1 + 60 * parts
        }
        Intent::PlaceDie { station: Station::Helm, die, spot: Spot::Helm(slot) } => {
            helm_weight(game, seat, *die, *slot)
        }
        Intent::RemoveDie { station: Station::Weapons, .. } => 2,
        Intent::Answer { .. } => 40,
        Intent::Fire { .. } => 30,
        Intent::PlaceDie { .. } => 20,
        Intent::SendEnergy { .. } => 12,
        Intent::EnergySurge => 10,
        Intent::TractorCrystal { .. } => 8,
        Intent::RollDice { dice, .. } | Intent::RollEnergy { dice } if dice.len() > 1 => 6,
        Intent::RollDice { .. } | Intent::RollEnergy { .. } => 3,
        Intent::TractorShip { .. } | Intent::ReleaseMine { .. } | Intent::TractorMine { .. } => 3,
        Intent::Override { .. } => 2,
        Intent::WarpJump | Intent::PlaceObstacle { .. } | Intent::PlaceWormhole { .. } => 1,
        Intent::RemoveDie { .. } | Intent::ReturnEnergy { .. } => 1,
    }
}

/// A helm die that completes a move ending with the enemy in an arc is
/// strongly preferred: it keeps random games from drifting forever.
fn helm_weight(game: &Game, seat: SeatId, die: u8, slot: HelmSlot) -> u64 {
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return 0 };
    let face_of = |s: HelmSlot| {
        if s == slot {
            return ship
                .station_dice(Station::Helm)
                .get(usize::from(die))
                .and_then(|d| d.rolled())
                .and_then(helm_face);
        }
        ship.dice_at(Spot::Helm(s)).next().and_then(|(_, f)| helm_face(f))
    };
    let faces: Option<Vec<_>> = HELM_SLOTS.into_iter().map(face_of).collect();
    let Some(faces) = faces else { return 20 };
    let path = plan_path(game, ship.position.square, ship.facing, &faces);
    let Some(end) = path.last() else { return 5 };
    let enemy = game.enemies_of(ship.team).next().map(|(_, e)| e.position);
    match enemy.and_then(|e| arc_of(Position::centre(end.square), end.facing, e)) {
        Some(_) => 60,
        None => 2,
    }
}
