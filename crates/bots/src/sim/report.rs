//! Totals over a series of simulated games and the table the simulator prints.

use std::fmt;

use duel_core::TeamId;

use super::{CrewSpec, Outcome, SimSummary};

/// Totals of a series between crews A and B.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub a: CrewSpec,
    pub b: CrewSpec,
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    pub unfinished: u32,
    /// Games White won and games Black won (a colour advantage shows here).
    pub white_wins: u32,
    pub black_wins: u32,
    /// Simulated time summed over finished games.
    pub finished_ms: u64,
    pub freezes: u64,
    /// Damage taken by A and by B: `[torpedo, mine]`.
    pub damage_to_a: [u64; 2],
    pub damage_to_b: [u64; 2],
    pub actions: u64,
    pub refused: u64,
    pub timeouts: u64,
    /// Equipment cards (R22), when in play.
    pub cards: super::CardTally,
}

impl Tally {
    pub fn new(a: CrewSpec, b: CrewSpec) -> Tally {
        Tally {
            a,
            b,
            games: 0,
            a_wins: 0,
            b_wins: 0,
            draws: 0,
            unfinished: 0,
            white_wins: 0,
            black_wins: 0,
            finished_ms: 0,
            freezes: 0,
            damage_to_a: [0; 2],
            damage_to_b: [0; 2],
            actions: 0,
            refused: 0,
            timeouts: 0,
            cards: super::CardTally::default(),
        }
    }

    /// Adds one game in which A played White when `a_white`.
    pub fn add(&mut self, rec: &SimSummary, a_white: bool) {
        let (a_team, b_team) = if a_white { (0, 1) } else { (1, 0) };
        self.games += 1;
        match rec.outcome {
            Outcome::Won(TeamId(t)) => {
                if usize::from(t) == a_team {
                    self.a_wins += 1;
                } else {
                    self.b_wins += 1;
                }
                match t {
                    0 => self.white_wins += 1,
                    _ => self.black_wins += 1,
                }
            }
            Outcome::Draw => self.draws += 1,
            Outcome::Unfinished => self.unfinished += 1,
        }
        if rec.outcome != Outcome::Unfinished {
            self.finished_ms += rec.ms;
        }
        self.freezes += u64::from(rec.freezes);
        for c in 0..2 {
            self.damage_to_a[c] += u64::from(rec.damage[a_team][c]);
            self.damage_to_b[c] += u64::from(rec.damage[b_team][c]);
        }
        self.actions += rec.actions.iter().sum::<u64>();
        self.refused += u64::from(rec.refused);
        self.timeouts += u64::from(rec.timeouts);
        self.cards.add(rec);
    }

    /// A's share of all games, in per mille.
    pub fn a_per_mille(&self) -> u32 {
        (u64::from(self.a_wins) * 1000 / u64::from(self.games.max(1))) as u32
    }

    /// Average length of the finished games in simulated tenths of a minute.
    pub fn avg_deci_minutes(&self) -> u64 {
        let finished = u64::from(self.games - self.unfinished);
        self.finished_ms / 6_000 / finished.max(1)
    }

    /// The header line matching `Display`.
    pub fn header() -> &'static str {
        "| A | B | games | A wins | B wins | draws | unfinished | A win % | white wins | black wins | avg min | freezes/game | torpedo dmg to A/B | mine dmg to A/B | actions/game |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    }
}

fn per_game(total: u64, games: u32) -> String {
    let tenths = total * 10 / u64::from(games.max(1));
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl fmt::Display for Tally {
    /// One Markdown table row (see [`Tally::header`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pm = self.a_per_mille();
        let dm = self.avg_deci_minutes();
        write!(
            f,
            "| {} | {} | {} | {} | {} | {} | {} | {}.{} | {} | {} | {}.{} | {} | {} / {} | {} / {} | {} |",
            self.a,
            self.b,
            self.games,
            self.a_wins,
            self.b_wins,
            self.draws,
            self.unfinished,
            pm / 10,
            pm % 10,
            self.white_wins,
            self.black_wins,
            dm / 10,
            dm % 10,
            per_game(self.freezes, self.games),
            per_game(self.damage_to_a[0], self.games),
            per_game(self.damage_to_b[0], self.games),
            per_game(self.damage_to_a[1], self.games),
            per_game(self.damage_to_b[1], self.games),
            per_game(self.actions, self.games),
        )
    }
}
