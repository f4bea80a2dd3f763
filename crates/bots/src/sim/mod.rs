//! Headless bot-against-bot games on a simulated clock. Each action moves
//! the acting seat's clock on by its reaction time; the host times a
//! pending choice out after `choice_timeout_ms` and resumes play
//! `review_ms` after a freeze is resolved, exactly the host actions the
//! real host sends. Dice come from a seeded ChaCha stream, so every game
//! replays from its seed.

mod cards;
mod dice;
mod report;
mod setup;

pub use cards::CardTally;
pub use dice::ChaChaDice;
pub use report::Tally;
pub use setup::{duel_seats, map_named};

use std::fmt;
use std::str::FromStr;

use duel_core::choice::ChoiceId;
use duel_core::event::{DamageCause, Event};
use duel_core::freeze::Progress;
use duel_core::map::MapSpec;
use duel_core::{Game, HostAction, Intent, Layout, Mission, Ruleset, SeatId, SetupError, ShipId, TeamId};

use crate::crew::{Agent, Crew};
use crate::level::Difficulty;
use crate::random::{RandomCrew, RandomStyle};
use crate::rng::BotRng;

/// Who crews a ship in a simulated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrewSpec {
    Bot(Difficulty),
    Random(RandomStyle),
}

impl fmt::Display for CrewSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrewSpec::Bot(d) => d.fmt(f),
            CrewSpec::Random(s) => s.fmt(f),
        }
    }
}

impl FromStr for CrewSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<CrewSpec, String> {
        let s = s.to_ascii_lowercase();
        if let Ok(d) = s.parse::<Difficulty>() {
            return Ok(CrewSpec::Bot(d));
        }
        s.parse::<RandomStyle>().map(CrewSpec::Random).map_err(|_| {
            format!("unknown crew {s:?}: use learning, easy, medium, skilled, hard, random or uniform")
        })
    }
}

/// How simulated games are set up and paced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    pub ruleset: Ruleset,
    /// Players per team (1 to 4, the rulebook's recommended station split).
    pub players: u8,
    /// The host applies a choice's default after this long.
    pub choice_timeout_ms: u64,
    /// A resolved freeze is shown this long before play resumes.
    pub review_ms: u64,
    /// A game still running after this long is stopped as unfinished.
    pub max_ms: u64,
    /// Reaction time of the random crews' seats.
    pub random_reaction_ms: u64,
    /// A Die Fighter mission instead of the duel: seats per
    /// `GameConfig::mission` (a Pilot seat holds the whole cockpit), and
    /// `players` is ignored. White's crew plays team 0, Black's team 1.
    pub mission: Option<Mission>,
    /// The board (default: the rulebook's 9 × 9). On the plain board the
    /// tokens are the seed's symmetric layout; a tile map's printed terrain
    /// is the set-up (D42).
    pub map: MapSpec,
    /// One ship per side (`Duel`) or two (`TwoPerSide`, on a map that
    /// paints four start squares or none, D45). There are two crews, White's
    /// and Black's, so the free-for-all is not simulated. Ignored with a
    /// `mission`.
    pub layout: Layout,
}

impl Default for SimOptions {
    fn default() -> SimOptions {
        SimOptions {
            ruleset: Ruleset::default(),
            players: 1,
            choice_timeout_ms: 10_000,
            review_ms: 3_000,
            max_ms: 120 * 60_000,
            random_reaction_ms: 800,
            mission: None,
            map: MapSpec::default(),
            layout: Layout::Duel,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Won(TeamId),
    Draw,
    /// Stopped at `max_ms`, or nobody could act any more.
    Unfinished,
}

/// What happened in one simulated game, summed up for the tallies (not a
/// game kept for replay: that is `duel_net::GameRecord`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimSummary {
    pub seed: u64,
    pub outcome: Outcome,
    /// Simulated time at the end.
    pub ms: u64,
    /// Intents played, per team.
    pub actions: [u64; 2],
    /// Freezes declared (fire, tractor, warp), both teams.
    pub freezes: u32,
    /// Damage taken per team, by cause: `[torpedo, mine]`.
    pub damage: [[u32; 2]; 2],
    /// Intents an agent returned that the host refused (should stay 0).
    pub refused: u32,
    /// Choices the host had to time out.
    pub timeouts: u32,
    /// Equipment cards dealt, and the picks in order (R22).
    pub dealt: Vec<duel_core::Card>,
    pub picks: Vec<(TeamId, duel_core::Card)>,
    /// Cards that went off, one entry per use.
    pub uses: Vec<duel_core::Card>,
    /// Per card in deck order: steps after which it was charged, and steps it was held.
    pub charged: [(u32, u32); duel_core::equipment::DECK.len()],
}

fn agent(spec: CrewSpec, seats: &[SeatId], seed: u64, opts: &SimOptions) -> Box<dyn Agent> {
    match spec {
        CrewSpec::Bot(level) => Box::new(Crew::new(level, seats).seeded(seed)),
        CrewSpec::Random(style) => Box::new(RandomCrew::new(style, seats, opts.random_reaction_ms, seed)),
    }
}

/// Plays one game, White crewed by `white`, Black by `black`. The map and
/// dice come from `seed`.
///
/// # Errors
/// A [`SetupError`] if the options give an impossible set-up.
pub fn play_game(
    opts: &SimOptions,
    white: CrewSpec,
    black: CrewSpec,
    seed: u64,
) -> Result<SimSummary, SetupError> {
    play_game_observed(opts, white, black, seed, &mut |_, _, _| {})
}

/// One step of a simulated game, as the observer sees it.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// A seat's intent and the events it produced (empty if refused).
    Played { seat: SeatId, intent: &'a Intent, events: &'a [Event] },
    /// A host action (timeout, resume) and its events.
    Host { action: &'a HostAction, events: &'a [Event] },
    /// The game is over or was stopped.
    End,
}

/// Called after every step with the game and the simulated time.
pub type Observer<'a> = dyn FnMut(&Game, u64, Step<'_>) + 'a;

/// [`play_game`], calling `observe` after every step: for traces, stats and tests.
///
/// # Errors
/// A [`SetupError`] if the options give an impossible set-up.
pub fn play_game_observed(
    opts: &SimOptions,
    white: CrewSpec,
    black: CrewSpec,
    seed: u64,
    observe: &mut Observer<'_>,
) -> Result<SimSummary, SetupError> {
    let config = setup::config(opts, seed);
    let layout = config.layout;
    let seats_of = |team: u8| -> Vec<SeatId> {
        config
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| layout.team_of(s.ship) == TeamId(team))
            .map(|(i, _)| SeatId(i as u8))
            .collect()
    };
    let mut agents = [
        agent(white, &seats_of(0), seed.wrapping_mul(2).wrapping_add(1), opts),
        agent(black, &seats_of(1), seed.wrapping_mul(2).wrapping_add(2), opts),
    ];
    let mut game = Game::new(config)?;
    let mut dice = ChaChaDice::new(seed);
    let mut order = BotRng::new(seed ^ 0x5EED);
    let mut rec = SimSummary {
        seed,
        outcome: Outcome::Unfinished,
        ms: 0,
        actions: [0; 2],
        freezes: 0,
        damage: [[0; 2]; 2],
        refused: 0,
        timeouts: 0,
        dealt: Vec::new(),
        picks: Vec::new(),
        uses: Vec::new(),
        charged: Default::default(),
    };
    let mut now = 0u64;
    let mut opened: Vec<(ChoiceId, u64)> = Vec::new();
    let mut review_since: Option<u64> = None;
    loop {
        if let Some(winner) = game.outcome() {
            rec.outcome = winner.map_or(Outcome::Draw, Outcome::Won);
            break;
        }
        if now > opts.max_ms {
            break;
        }
        // The host deals the equipment draft as soon as the game exists (R22).
        if matches!(game.phase(), duel_core::Phase::Draft { .. }) && game.draft().is_none() {
            let action = HostAction::DealEquipment;
            if let Ok(events) = game.host(&action, &mut dice) {
                record(&game, &events, &mut rec);
                observe(&game, now, Step::Host { action: &action, events: &events });
            }
            continue;
        }
        // The host's deadlines first: they are what a person waits for.
        if review_since.is_some_and(|t| now >= t + opts.review_ms) {
            let action = HostAction::Resume;
            if let Ok(events) = game.host(&action, &mut dice) {
                record(&game, &events, &mut rec);
                observe(&game, now, Step::Host { action: &action, events: &events });
            }
            track(&game, now, &mut opened, &mut review_since);
            continue;
        }
        if let Some((choice, _)) = opened.iter().find(|(_, t)| now >= t + opts.choice_timeout_ms).copied() {
            let action = HostAction::Timeout { choice };
            if let Ok(events) = game.host(&action, &mut dice) {
                record(&game, &events, &mut rec);
                rec.timeouts += 1;
                observe(&game, now, Step::Host { action: &action, events: &events });
            }
            opened.retain(|(c, _)| *c != choice);
            track(&game, now, &mut opened, &mut review_since);
            continue;
        }
        // Whoever is ready acts; ties go either way at random (a shouting match).
        let first = order.below(2) as usize;
        let mut acted = false;
        for k in [first, 1 - first] {
            if let Some((seat, intent)) = agents[k].next_action(&game, now, &[]) {
                let events = match game.play(seat, &intent, &mut dice) {
                    Ok(events) => events,
                    Err(_) => {
                        rec.refused += 1;
                        Vec::new()
                    }
                };
                record(&game, &events, &mut rec);
                observe(&game, now, Step::Played { seat, intent: &intent, events: &events });
                rec.actions[k] += 1;
                acted = true;
                break;
            }
        }
        track(&game, now, &mut opened, &mut review_since);
        if acted {
            continue;
        }
        let mut next = agents.iter().filter_map(|a| a.next_wake_ms(&game)).min();
        let mut deadline = |t: u64| next = Some(next.map_or(t, |n| n.min(t)));
        if let Some(t) = review_since {
            deadline(t + opts.review_ms);
        }
        for (_, t) in &opened {
            deadline(t + opts.choice_timeout_ms);
        }
        match next {
            Some(t) => now = t.max(now + 1),
            // Nobody can ever act again.
            None => break,
        }
    }
    rec.ms = now;
    observe(&game, now, Step::End);
    Ok(rec)
}

/// Keeps the host's view of deadlines up to date after a step.
fn track(game: &Game, now: u64, opened: &mut Vec<(ChoiceId, u64)>, review_since: &mut Option<u64>) {
    let pending = game.choices();
    opened.retain(|(id, _)| pending.iter().any(|c| c.id == *id));
    for c in pending {
        if !opened.iter().any(|(id, _)| *id == c.id) {
            opened.push((c.id, now));
        }
    }
    let reviewing = game.freeze().is_some_and(|f| f.progress == Progress::Review && f.awaiting.is_none());
    if !reviewing {
        *review_since = None;
    } else if review_since.is_none() {
        *review_since = Some(now);
    }
}

fn record(game: &Game, events: &[Event], rec: &mut SimSummary) {
    for (i, ship) in game.ships().iter().enumerate() {
        for card in &ship.cards {
            let c = &mut rec.charged[card.index()];
            c.1 += 1;
            c.0 += u32::from(game.card_active(ShipId(i as u8), *card));
        }
    }
    for e in events {
        match e {
            Event::FreezeDeclared { .. } => rec.freezes += 1,
            Event::EquipmentDealt { cards, .. } => rec.dealt.clone_from(cards),
            Event::CardDrafted { team, card } => rec.picks.push((*team, *card)),
            Event::CardUsed { card, .. } => rec.uses.push(*card),
            Event::Damaged { ship, cause } => {
                let team = game.ship(*ship).map_or(0, |s| usize::from(s.team.0.min(1)));
                let cause = match cause {
                    // Die Fighter's weapons count with the torpedoes.
                    DamageCause::Torpedo | DamageCause::Missile | DamageCause::PulseBomb => 0,
                    DamageCause::Mine => 1,
                    // A relaunch paid with damage is no enemy's doing.
                    DamageCause::Launch => continue,
                };
                rec.damage[team][cause] += 1;
            }
            _ => {}
        }
    }
}

/// Plays `games` games between crews `a` and `b`, swapping colours every
/// game so both meet the same map and dice from both sides (the map is
/// point-symmetric, the dice are not). Game `2k` and `2k + 1` use seed `seed + k`.
///
/// # Errors
/// A [`SetupError`] if the options give an impossible set-up.
pub fn run_series(
    opts: &SimOptions,
    a: CrewSpec,
    b: CrewSpec,
    games: u32,
    seed: u64,
) -> Result<Tally, SetupError> {
    let mut tally = Tally::new(a, b);
    for g in 0..games {
        let game_seed = seed.wrapping_add(u64::from(g / 2));
        let a_white = g % 2 == 0;
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let rec = play_game(opts, white, black, game_seed)?;
        tally.add(&rec, a_white);
    }
    Ok(tally)
}
