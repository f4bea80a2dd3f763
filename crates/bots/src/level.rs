//! Difficulty levels. A level is three things: its pace (reaction time: a
//! person rolls about one die a second; pauses to read the dice and to make
//! up its mind before a freeze), how often it misreads the table (a range,
//! a shield side) or, for beginners, slips, and what it knows (how far the
//! helm plans, mines, crystals, tactics).

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
///
/// Levels differ the way people at a table differ: how quickly they act,
/// how long they hesitate, how often they misread the table, and what they
/// know to do. A stronger level is never a faster machine: Hard still rolls
/// at a person's pace and still misreads now and then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    /// Minimum time between two actions of one seat.
    pub reaction_ms: u64,
    /// Each reaction is stretched by up to this many percent (never shortened),
    /// so two bots of one level do not act in lock-step.
    pub jitter_percent: u64,
    /// How long an idle seat takes to notice that something changed.
    pub perceive_ms: u64,
    /// Extra pause after rolling dice: a person reads the faces before
    /// deciding where they go.
    pub read_dice_ms: u64,
    /// How long a seat makes up its mind before shouting a freeze (Fire,
    /// Tractor, Warp): it shouts only if it still wants to afterwards, so a
    /// hesitant crew sometimes sees the chance pass.
    pub freeze_think_ms: u64,
    /// Out of 1000 decisions, how many misread the table the way people do:
    /// the range judged one square short (a shot one lock short, R14), the
    /// shield die put on the neighbouring sector, a helm die put where the
    /// move ends badly, an enemy tractor beam noticed too late. The decision is otherwise made properly.
    pub misread_per_mille: u32,
    /// Out of 1000 decisions, how many are a uniformly random legal intent
    /// (only the learning levels: a beginner who does not know yet).
    pub blunder_per_mille: u32,
    pub helm: HelmSkill,
    /// Places dice where the plan wants them (otherwise anywhere they fit).
    pub aims: bool,
    /// Tractors crystals and spends them on Energy Surge.
    pub crystals: bool,
    /// Mines with purpose (R17): arms one when the enemy comes near, drops it
    /// where the enemy will pass, shoots an enemy mine in the ship's way.
    pub mines: bool,
    /// Tractoring the enemy, warp escapes, overrides, jammer stripping,
    /// re-rolling misplaced shields.
    pub tactics: bool,
    /// What one more helm reroll costs, in position-score points (R10 planning).
    pub reroll_cost: i32,
}

impl Profile {
    /// The same knowledge, acting on what it sees at once: no perception
    /// delay, no hesitation before a freeze, no misreads and no slips. What
    /// scenario tests use to check a level's decisions rather than its pace.
    pub fn attentive(self) -> Profile {
        Profile { perceive_ms: 0, freeze_think_ms: 0, misread_per_mille: 0, blunder_per_mille: 0, ..self }
    }
}

/// The levels offered in the lobby, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Below Easy: for someone learning the game.
    Learning,
    Easy,
    Medium,
    /// Between Medium and Hard: Hard's pace and planning, without the tricks.
    Skilled,
    Hard,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] =
        [Difficulty::Learning, Difficulty::Easy, Difficulty::Medium, Difficulty::Skilled, Difficulty::Hard];

    /// The knobs of this level. Calibrated with `duel-sim --matrix` so that
    /// each level beats the one below in about two games of three
    /// (docs/BOTS.md, "Results").
    pub fn profile(self) -> Profile {
        match self {
            Difficulty::Learning => Profile {
                reaction_ms: 2000,
                jitter_percent: 30,
                perceive_ms: 1200,
                read_dice_ms: 1200,
                freeze_think_ms: 4000,
                misread_per_mille: 250,
                blunder_per_mille: 60,
                helm: HelmSkill::Naive,
                aims: false,
                crystals: false,
                mines: false,
                tactics: false,
                reroll_cost: 0,
            },
            Difficulty::Easy => Profile {
                reaction_ms: 1600,
                jitter_percent: 25,
                perceive_ms: 900,
                read_dice_ms: 1000,
                freeze_think_ms: 3500,
                misread_per_mille: 205,
                blunder_per_mille: 10,
                helm: HelmSkill::Naive,
                aims: true,
                crystals: false,
                mines: true,
                tactics: false,
                reroll_cost: 0,
            },
            Difficulty::Medium => Profile {
                reaction_ms: 1600,
                jitter_percent: 20,
                perceive_ms: 700,
                read_dice_ms: 1000,
                freeze_think_ms: 3000,
                misread_per_mille: 200,
                blunder_per_mille: 0,
                helm: HelmSkill::Greedy,
                aims: true,
                crystals: true,
                mines: true,
                tactics: false,
                reroll_cost: 4,
            },
            Difficulty::Skilled => Profile {
                reaction_ms: 1500,
                jitter_percent: 20,
                perceive_ms: 600,
                read_dice_ms: 1000,
                freeze_think_ms: 2500,
                misread_per_mille: 150,
                blunder_per_mille: 0,
                helm: HelmSkill::Planner,
                aims: true,
                crystals: true,
                mines: true,
                tactics: false,
                reroll_cost: 2,
            },
            // Skilled's eyes and pace, and every trick.
            Difficulty::Hard => Profile { tactics: true, ..Difficulty::Skilled.profile() },
        }
    }

    /// The lower-case name used on the command line, in tables and in saved
    /// lobby settings.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Learning => "learning",
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Skilled => "skilled",
            Difficulty::Hard => "hard",
        }
    }

    /// One line for the lobby: how this level plays.
    pub fn describe(self) -> &'static str {
        match self {
            Difficulty::Learning => "Just learning: slow, and often puts dice in the wrong place",
            Difficulty::Easy => {
                "Easy: steers without a plan and often misreads, but aims its dice and drops mines"
            }
            Difficulty::Medium => {
                "Medium: plans each move and grabs crystals, but misjudges ranges and shields"
            }
            Difficulty::Skilled => {
                "Skilled: plans whole moves around mines and obstacles, but knows no tricks"
            }
            Difficulty::Hard => "Hard: plans whole moves and uses every trick (tractor, warp, override)",
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

/// The level names, for [`UnknownLevel`]: keep in step with [`Difficulty::ALL`].
const CHOICES: &str = "learning, easy, medium, skilled or hard";

impl FromStr for Difficulty {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Difficulty, UnknownLevel> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel { name: s.to_string(), choices: CHOICES })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harder_levels_react_faster_and_misread_less() {
        for pair in Difficulty::ALL.windows(2) {
            let (lower, upper) = (pair[0].profile(), pair[1].profile());
            assert!(lower.reaction_ms >= upper.reaction_ms, "{pair:?}");
            assert!(lower.misread_per_mille >= upper.misread_per_mille, "{pair:?}");
            assert!(lower.blunder_per_mille >= upper.blunder_per_mille, "{pair:?}");
            assert!(lower.freeze_think_ms >= upper.freeze_think_ms, "{pair:?}");
        }
        // Random slips are for beginners: from Medium up a level errs like a person.
        for d in [Difficulty::Medium, Difficulty::Skilled, Difficulty::Hard] {
            assert_eq!(d.profile().blunder_per_mille, 0, "{d}");
        }
        // A person rolls about one die a second: no level is superhuman.
        assert!(Difficulty::Hard.profile().reaction_ms >= 300);
    }

    #[test]
    fn every_level_above_the_first_uses_mines() {
        assert!(!Difficulty::Learning.profile().mines);
        assert!(Difficulty::ALL[1..].iter().all(|d| d.profile().mines));
    }

    #[test]
    fn every_level_has_a_line_for_the_lobby_and_is_named_in_the_error() {
        for d in Difficulty::ALL {
            assert!(!d.describe().is_empty());
            assert!(CHOICES.contains(d.name()), "{d}");
        }
        assert!(Difficulty::ALL.windows(2).all(|p| p[0] < p[1]), "easiest first");
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
