//! A bot crew: the seats it fills, a clock per seat, and the decision loop.
//! Bots never touch state: [`Crew::next_action`] returns an intent for one of
//! its seats, already checked with `Game::validate`, and the caller sends it
//! through the same path as a person's (R4 of the style: bots submit moves
//! like people). Time is data: the caller passes `now_ms`, and a seat never
//! acts twice within its level's reaction time.

use duel_core::{Game, Intent, SeatId, ShipClass, Station};

mod mind;
use mind::{mind_for, ShipMind};

use crate::callout::EnergyRequest;
use crate::helm;
use crate::level::{Difficulty, HelmSkill, Profile};
use crate::misread::Misread;
pub use crate::pace::BORED_MS;
pub(crate) use crate::pace::{earliest, SeatClock};
use crate::plan::Plan;
use crate::proposal::Proposal;
use crate::rng::BotRng;
use crate::share::Gate;
use crate::situation::Situation;
use crate::{answers, captain, pilot, stations};

/// Something that plays seats: a bot crew or a random baseline. The
/// simulator and the app drive both the same way.
pub trait Agent {
    /// The next intent for one of the agent's seats at time `now_ms`, if any
    /// seat is ready and has something to do. `requests` are the call-outs
    /// open at the table (bot Engineering honours them first).
    fn next_action(
        &mut self,
        game: &Game,
        now_ms: u64,
        requests: &[EnergyRequest],
    ) -> Option<(SeatId, Intent)>;

    /// When to ask again: the earliest time a seat could act. `None` when
    /// every seat is waiting for the game to change.
    fn next_wake_ms(&self, game: &Game) -> Option<u64>;

    /// The seats this agent fills.
    fn seats(&self) -> Vec<SeatId>;
}

/// Counters for tests and the simulator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrewStats {
    /// Intents returned.
    pub actions: u64,
    /// Of those, random legal slips (Learning and Easy).
    pub blunders: u64,
    /// Proposals `validate` turned down before one was chosen (a policy
    /// aiming at something no longer possible; harmless, but a high count
    /// means a policy misreads the rules).
    pub filtered: u64,
}

/// A crew of bots filling some seats of a game.
#[derive(Clone, Debug)]
pub struct Crew {
    profile: Profile,
    clocks: Vec<SeatClock>,
    minds: Vec<ShipMind>,
    rng: BotRng,
    turn: usize,
    stats: CrewStats,
    /// The stations it may act at, and those it shares with a person (D46).
    gate: Gate,
}

impl Crew {
    /// A crew of `level` for `seats` (seed 0).
    pub fn new(level: Difficulty, seats: &[SeatId]) -> Crew {
        Crew::with_profile(level.profile(), seats, 0)
    }

    /// A crew with custom knobs and a seed for its jitter and slips.
    pub fn with_profile(profile: Profile, seats: &[SeatId], seed: u64) -> Crew {
        Crew {
            profile,
            clocks: seats.iter().map(|s| SeatClock::new(*s)).collect(),
            minds: Vec::new(),
            rng: BotRng::new(seed),
            turn: 0,
            stats: CrewStats::default(),
            gate: Gate::default(),
        }
    }

    /// The same crew acting only at `stations` of its seats (a person's
    /// stations offered to a bot, [`crate::share::IdleOffer`]): ship-wide
    /// shouts and answers are left to the people.
    pub fn working_only(mut self, stations: &[Station]) -> Crew {
        self.gate.only(stations);
        self
    }

    /// The same crew sharing `stations` with people (R8's Engineering with
    /// two players a ship): it acts at them only once they have seen no
    /// action from anyone for `after_ms` (D46, [`crate::share::SHARED_IDLE_MS`]).
    pub fn sharing(mut self, stations: &[Station], after_ms: u64) -> Crew {
        self.gate.share(stations, after_ms);
        self
    }

    /// The same crew with another seed.
    pub fn seeded(mut self, seed: u64) -> Crew {
        self.rng = BotRng::new(seed);
        self
    }

    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    pub fn stats(&self) -> CrewStats {
        self.stats
    }

    /// When `seat` may act next (0 before its first action).
    pub fn ready_at(&self, seat: SeatId) -> Option<u64> {
        self.clocks.iter().find(|c| c.seat == seat).map(|c| c.ready_at)
    }

    /// The call-outs this crew's stations would shout at a human Engineer:
    /// one per station (held by one of its seats) that wants energy it lacks.
    pub fn call_outs(&mut self, game: &Game) -> Vec<EnergyRequest> {
        let mut out = Vec::new();
        let seats: Vec<SeatId> = self.clocks.iter().map(|c| c.seat).collect();
        for seat in seats {
            let Some(ship) = game.seat_ship(seat) else { continue };
            let Some(sit) = Situation::new(game, ship) else { continue };
            let profile = self.profile;
            let mind = mind_for(&mut self.minds, ship);
            if profile.helm != HelmSkill::Naive {
                mind.planner.refresh(&sit, &profile);
            }
            let restless = mind.restless(&sit);
            let plan = Plan::new(&sit, &profile, helm::wants_move(&sit, &profile, &mind.planner, restless));
            for station in duel_core::station::DICE_STATIONS {
                let request = EnergyRequest { ship, station };
                if game.holds(seat, station) && plan.need(&sit, station) > 0 && !out.contains(&request) {
                    out.push(request);
                }
            }
        }
        out
    }

    /// The best intent `seat` could send now, validated; `None` if it has nothing to do.
    fn decide(
        &mut self,
        game: &Game,
        seat: SeatId,
        requests: &[EnergyRequest],
        (now_ms, bored): (u64, bool),
        misread: Option<Misread>,
    ) -> Option<(u16, Intent)> {
        if game.outcome().is_some() {
            return None;
        }
        if game.setup_turn().is_some() {
            return self.place_token(game, seat);
        }
        if matches!(game.phase(), duel_core::Phase::Draft { .. }) {
            return crate::equipment::suggest_pick(game, seat).map(|i| (0, i));
        }
        let ship = game.seat_ship(seat)?;
        let mut sit = Situation::new(game, ship)?;
        if sit.ship.destroyed {
            return None;
        }
        sit.misread = misread;
        let profile = self.profile;
        if self.rng.chance(profile.blunder_per_mille) {
            // A slip is a poor choice with the dice, not tearing down the display
            // or shouting a freeze: those always go through the Captain's brain.
            let mut legal = game.legal_intents(seat);
            let gate = &mut self.gate;
            legal.retain(|i| {
                !i.is_freeze()
                    && !matches!(i, Intent::RemoveDie { .. } | Intent::ReturnEnergy { .. })
                    && gate.allows(game, seat, i, now_ms)
            });
            if !legal.is_empty() {
                let pick = self.rng.below(legal.len() as u64) as usize;
                self.stats.blunders += 1;
                return legal.into_iter().nth(pick).map(|i| (0, i));
            }
        }
        let mut out: Vec<Proposal> = Vec::with_capacity(16);
        answers::propose(&sit, seat, &profile, &mut out);
        if sit.ship.class == ShipClass::Fighter {
            // The Pilot's cockpit (R22); a follow-up freeze is left to the Capital crews.
            if game.freeze().is_none() {
                let mind = mind_for(&mut self.minds, ship);
                if bored || mind.spinning(&sit) {
                    mind.get_bored(&sit);
                }
                pilot::propose(&sit, mind.restless(&sit), &mut out);
            }
        } else if game.freeze().is_some() {
            captain::propose(&sit, None, &profile, &mut out);
        } else {
            let mind = mind_for(&mut self.minds, ship);
            // The planner's tables are read only to decide on a rolled helm die,
            // or whether to start a move at all.
            let steers = game.holds(seat, Station::Helm) || game.holds(seat, Station::Engineering);
            if steers && profile.helm != HelmSkill::Naive && helm::planner_needed(&sit) {
                mind.planner.refresh(&sit, &profile);
            }
            if bored {
                mind.get_bored(&sit);
            }
            let restless = mind.restless(&sit);
            let planner = &mind.planner;
            let plan = Plan::new(&sit, &profile, helm::wants_move(&sit, &profile, planner, restless));
            captain::propose(&sit, Some(&plan), &profile, &mut out);
            if game.holds(seat, Station::Engineering) {
                stations::engineering::propose(&sit, &plan, requests, &mut out);
            }
            if game.holds(seat, Station::Weapons) {
                stations::weapons::propose(&sit, &plan, &profile, &mut out);
            }
            if game.holds(seat, Station::Sensors) {
                stations::sensors::propose(&sit, &plan, &profile, &mut out);
            }
            if game.holds(seat, Station::Shields) {
                stations::shields::propose(&sit, &plan, &profile, &mut out);
            }
            if game.holds(seat, Station::Tractor) {
                stations::tractor::propose(&sit, &plan, &profile, &mut out);
            }
            if game.holds(seat, Station::Helm) {
                helm::propose(&sit, &plan, &profile, planner, restless, &mut out);
            }
            if !sit.ship.cards.is_empty() {
                crate::equipment::propose(&sit, seat, &plan, &mut out);
            }
        }
        // Stable: equal priorities keep the order the policies gave.
        out.sort_by_key(|p| std::cmp::Reverse(p.priority));
        for p in out {
            if !self.gate.allows(game, seat, &p.intent, now_ms) {
                continue;
            }
            if game.validate(seat, &p.intent).is_ok() {
                return Some((p.priority, p.intent));
            }
            self.stats.filtered += 1;
        }
        None
    }

    /// Set-up (R5): an obstacle or wormhole token on a random free square, when
    /// it is this seat's team's turn. The lobby's "place for me" symmetric
    /// layout is the better default; this keeps a bot crew from stalling set-up.
    /// R5: mirror the other team's tokens, else the seed's symmetric layout
    /// (the same policy as the app's "Place for me").
    fn place_token(&mut self, game: &Game, seat: SeatId) -> Option<(u16, Intent)> {
        let seed = self.rng.next_u64();
        crate::setup::suggest_token(game, seat, seed).map(|i| (0, i))
    }
}

impl Crew {
    /// The next intent for one of the crew's seats at `now_ms`, already
    /// accepted by `Game::validate`; `None` when no seat is ready or none has
    /// anything to do. `requests` are the open call-outs (bot Engineering
    /// honours them first). The caller plays the intent as that seat, through
    /// the same path as a person's, and calls again (at the latest at
    /// [`Crew::next_wake_ms`]).
    pub fn next_action(
        &mut self,
        game: &Game,
        now_ms: u64,
        requests: &[EnergyRequest],
    ) -> Option<(SeatId, Intent)> {
        let applied = game.events_applied();
        self.gate.observe(game, now_ms);
        let n = self.clocks.len();
        let mut best: Option<(u16, usize, Intent)> = None;
        for k in 0..n {
            let i = (self.turn + k) % n;
            let clock = &mut self.clocks[i];
            if clock.ready_at > now_ms {
                continue;
            }
            let bored = clock.idle_since.is_some_and(|t| now_ms >= t + BORED_MS);
            if let Some(seen) = clock.idle_at {
                if seen == applied && !bored {
                    continue;
                }
                if seen != applied && self.profile.perceive_ms > 0 {
                    // Something changed while this seat waited: it takes a moment to notice.
                    clock.idle_at = None;
                    clock.ready_at = now_ms + self.profile.perceive_ms;
                    continue;
                }
                clock.idle_at = None;
            }
            let seat = clock.seat;
            let misread = Misread::roll(&self.profile, &mut self.rng);
            if misread == Some(Misread::LateNotice) && game.outcome().is_none() {
                // Looked without seeing: it looks again after its perception delay.
                self.clocks[i].ready_at = now_ms + self.profile.perceive_ms;
                continue;
            }
            self.gate.opens_at = None;
            match self.decide(game, seat, requests, (now_ms, bored), misread) {
                Some((priority, intent)) => {
                    if best.as_ref().is_none_or(|(b, _, _)| priority > *b) {
                        best = Some((priority, i, intent));
                    }
                }
                None if self.gate.opens_at.is_some() => {
                    // A shared station held it back: ask again when it opens (time, not the table, changes).
                    self.clocks[i].ready_at = self.gate.opens_at.unwrap_or(now_ms);
                }
                None => {
                    let clock = &mut self.clocks[i];
                    clock.idle_at = Some(applied);
                    clock.pondering = None;
                    if bored || clock.idle_since.is_none() {
                        clock.idle_since = Some(now_ms);
                    }
                }
            }
        }
        let (_, i, intent) = best?;
        if !self.clocks[i].may_shout(&intent, now_ms, self.profile.freeze_think_ms) {
            // Still making up its mind; the other seats go on.
            return None;
        }
        self.turn = (i + 1) % n.max(1);
        let delay = crate::pace::delay_after(&intent, &self.profile, &mut self.rng);
        self.clocks[i].ready_at = now_ms + delay;
        self.clocks[i].idle_since = None;
        self.stats.actions += 1;
        self.gate.sent(game, self.clocks[i].seat, &intent, now_ms);
        Some((self.clocks[i].seat, intent))
    }

    /// When to call [`Crew::next_action`] again: the earliest time a seat
    /// could act. `None` when every seat waits for the game to change.
    pub fn next_wake_ms(&self, game: &Game) -> Option<u64> {
        earliest(&self.clocks, game, Some(BORED_MS))
    }
}

impl Agent for Crew {
    fn next_action(
        &mut self,
        game: &Game,
        now_ms: u64,
        requests: &[EnergyRequest],
    ) -> Option<(SeatId, Intent)> {
        Crew::next_action(self, game, now_ms, requests)
    }

    fn next_wake_ms(&self, game: &Game) -> Option<u64> {
        Crew::next_wake_ms(self, game)
    }

    fn seats(&self) -> Vec<SeatId> {
        self.clocks.iter().map(|c| c.seat).collect()
    }
}
