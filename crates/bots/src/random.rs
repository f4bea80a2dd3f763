//! A baseline to measure bots against: a crew that picks among
//! `legal_intents`, uniformly or weighted towards productive actions
//! (`duel_core::random_play`, the table the core's and the network's random
//! games use too).

use std::fmt;
use std::str::FromStr;

use duel_core::{random_play, Game, Intent, SeatId};

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
                let roll = self.rng.next_u64();
                random_play::pick_weighted(game, seat, &legal, roll)
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
