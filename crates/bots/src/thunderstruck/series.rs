//! A series of duels between a pilot level A and level B, and the table
//! the `ts-sim` binary prints. A takes every seat in turn (game `g` seats A
//! as player `g mod players`, the turn marker's holder in round 1 being
//! player 0), and B fills the others; games that differ only in A's seat
//! share a seed, so seat and first-player advantages cancel.

use std::fmt;

use duel_core::thunderstruck::{Config, ConfigError, Player};

use super::level::Level;
use super::sim::play_game;

/// Totals of a series.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub a: Option<Level>,
    pub b: Option<Level>,
    pub players: u8,
    pub rounds_limit: u8,
    pub games: u32,
    pub a_wins: u32,
    /// Games a B seat won.
    pub b_wins: u32,
    pub draws: u32,
    pub unfinished: u32,
    /// Games that ended by A, or a B, destroying every rival.
    pub a_destroyed: u32,
    pub b_destroyed: u32,
    /// Damage tokens on A's ship, and on B's ships, summed.
    pub damage_a: u64,
    pub damage_b: u64,
    /// Rounds played, intents of every kind and Action Phase intents, summed.
    pub rounds: u64,
    pub intents: u64,
    pub actions: u64,
    pub refused: u64,
}

impl Tally {
    /// A's share of all games, in per mille.
    pub fn a_per_mille(&self) -> u32 {
        (u64::from(self.a_wins) * 1000 / u64::from(self.games.max(1))) as u32
    }

    /// The header matching `Display`.
    pub fn header() -> &'static str {
        "| A | B | players | rounds | games | A wins | B wins | draws | unfinished | A win % | draw % | A / B destroyed | damage A / each B | avg rounds | intents/game | actions/game |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    }
}

fn tenths(total: u64, games: u32) -> String {
    let t = total * 10 / u64::from(games.max(1));
    format!("{}.{}", t / 10, t % 10)
}

fn pct(part: u32, games: u32) -> String {
    tenths(u64::from(part) * 100, games)
}

impl fmt::Display for Tally {
    /// One Markdown table row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |l: Option<Level>| l.map_or("?", Level::name);
        write!(
            f,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} / {} | {} / {} | {} | {} | {} |",
            name(self.a),
            name(self.b),
            self.players,
            self.rounds_limit,
            self.games,
            self.a_wins,
            self.b_wins,
            self.draws,
            self.unfinished,
            pct(self.a_wins, self.games),
            pct(self.draws, self.games),
            self.a_destroyed,
            self.b_destroyed,
            tenths(self.damage_a, self.games),
            tenths(self.damage_b, self.games * u32::from(self.players.saturating_sub(1).max(1))),
            tenths(self.rounds, self.games),
            tenths(self.intents, self.games),
            tenths(self.actions, self.games),
        )
    }
}

/// Plays `games` duels of A against B (see the module docs for seating).
///
/// # Errors
/// A [`ConfigError`] if `players` or `rounds` cannot start a duel.
pub fn run_series(
    players: u8,
    rounds: u8,
    a: Level,
    b: Level,
    games: u32,
    seed: u64,
) -> Result<Tally, ConfigError> {
    let config = Config { players, rounds, first: Player(0) };
    let mut t = Tally { a: Some(a), b: Some(b), players, rounds_limit: rounds, ..Tally::default() };
    for g in 0..games {
        let seat = (g % u32::from(players.max(1))) as u8;
        let levels: Vec<Level> = (0..players).map(|p| if p == seat { a } else { b }).collect();
        let game_seed = seed.wrapping_add(u64::from(g / u32::from(players.max(1))));
        let rec = play_game(config, &levels, game_seed)?;
        t.games += 1;
        match rec.winner {
            Some(Some(w)) if w.0 == seat => t.a_wins += 1,
            Some(Some(_)) => t.b_wins += 1,
            Some(None) => t.draws += 1,
            None => t.unfinished += 1,
        }
        let a_idx = usize::from(seat);
        let rivals_gone = |me: usize| rec.destroyed.iter().enumerate().all(|(i, d)| i == me || *d);
        if rec.winner.flatten().is_some_and(|w| rivals_gone(usize::from(w.0))) {
            if rec.winner.flatten().is_some_and(|w| w.0 == seat) {
                t.a_destroyed += 1;
            } else {
                t.b_destroyed += 1;
            }
        }
        for (i, d) in rec.damage.iter().enumerate() {
            if i == a_idx {
                t.damage_a += u64::from(*d);
            } else {
                t.damage_b += u64::from(*d);
            }
        }
        t.rounds += u64::from(rec.rounds);
        t.intents += rec.intents.iter().sum::<u64>();
        t.actions += rec.actions;
        t.refused += u64::from(rec.refused);
    }
    Ok(t)
}
