//! Difficulty levels. A level is two things: how fast a seat may act
//! (reaction time: a person rolls about one die a second) and how well it
//! decides (random slips, how far the helm plans, which tactics it knows).

use std::fmt;
use std::str::FromStr;

/// How far the helm looks ahead when placing its three dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HelmSkill {
    /// Puts each rolled die in the first free slot and never rerolls.
    Naive,
    /// Plans the three-die move, judging only where it ends.
    Greedy,
    /// Plans the three-die move with the whole path: asteroids, nebulae,
    /// mines on the way, crystals within reach at the end.
    Planner,
}

/// Every knob a level sets. Public so the app can offer a custom level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    /// Minimum time between two actions of one seat.
    pub reaction_ms: u64,
    /// Each reaction is stretched by up to this many percent (never shortened),
    /// so two bots of one level do not act in lock-step.
    pub jitter_percent: u64,
    /// How long an idle seat takes to notice that something changed.
    pub perceive_ms: u64,
    /// Out of 1000 decisions, how many are a uniformly random legal intent.
    pub blunder_per_mille: u32,
    pub helm: HelmSkill,
    /// Places dice where the plan wants them (otherwise anywhere they fit).
    pub aims: bool,
    /// Tractors crystals and spends them on Energy Surge.
    pub crystals: bool,
    /// Mines, tractoring the enemy, warp escapes, overrides, jammer stripping,
    /// re-rolling misplaced shields.
    pub tactics: bool,
    /// What one more helm reroll costs, in position-score points (R10 planning).
    pub reroll_cost: i32,
}

/// The levels offered in the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The knobs of this level.
    pub fn profile(self) -> Profile {
        match self {
            Difficulty::Easy => Profile {
                reaction_ms: 1400,
                jitter_percent: 20,
                perceive_ms: 700,
                blunder_per_mille: 100,
                helm: HelmSkill::Naive,
                aims: false,
                crystals: false,
                tactics: false,
                reroll_cost: 0,
            },
            Difficulty::Medium => Profile {
                reaction_ms: 800,
                jitter_percent: 15,
                perceive_ms: 400,
                blunder_per_mille: 50,
                helm: HelmSkill::Greedy,
                aims: true,
                crystals: true,
                tactics: false,
                reroll_cost: 4,
            },
            Difficulty::Hard => Profile {
                reaction_ms: 450,
                jitter_percent: 10,
                perceive_ms: 200,
                blunder_per_mille: 0,
                helm: HelmSkill::Planner,
                aims: true,
                crystals: true,
                tactics: true,
                reroll_cost: 2,
            },
        }
    }

    /// The lower-case name used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name was not a level: the name given and the names there are
/// (shared by Dice Duel's crews and Thunderstruck's pilots).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel {
    pub name: String,
    pub choices: &'static str,
}

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?}: use {}", self.name, self.choices)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Difficulty {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Difficulty, UnknownLevel> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel { name: s.to_string(), choices: "easy, medium or hard" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harder_levels_react_faster_and_slip_less() {
        let [easy, medium, hard] = Difficulty::ALL.map(Difficulty::profile);
        assert!(easy.reaction_ms > medium.reaction_ms && medium.reaction_ms > hard.reaction_ms);
        assert!(easy.blunder_per_mille > medium.blunder_per_mille);
        assert_eq!(hard.blunder_per_mille, 0);
        // A person rolls about one die a second: no level is superhuman.
        assert!(hard.reaction_ms >= 300);
    }

    #[test]
    fn names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        assert!("HARD".parse::<Difficulty>().is_ok());
        assert!("godlike".parse::<Difficulty>().is_err());
    }
}
