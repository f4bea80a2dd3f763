//! How well a Thunderstruck pilot decides. Thunderstruck is turn-based, so a
//! level is only decision quality: there is no reaction time to pace.

use std::fmt;
use std::str::FromStr;

use crate::level::UnknownLevel;

/// The levels offered in the lobby, plus the random-legal baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Uniformly random legal choices: never rerolls on purpose, places
    /// dice anywhere legal, actions any legal die (the baseline).
    Random,
    /// Plans with the heuristics but never rerolls, looks one action ahead
    /// without power cube tricks, and slips now and then.
    Easy,
    /// Rerolls weak rolls, searches the round a few actions ahead with
    /// power cubes, fires and shields in the right order.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Random, Level::Easy, Level::Hard];

    /// The lower-case name used on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Hard => "hard",
        }
    }

    /// Plies of the action search (0: not a searching level).
    pub(super) fn depth(self) -> u8 {
        match self {
            Level::Random => 0,
            Level::Easy => 1,
            Level::Hard => 3,
        }
    }

    /// Out of 1000 decisions, how many are a uniformly random legal choice.
    pub(super) fn slips_per_mille(self) -> u32 {
        match self {
            Level::Random => 1000,
            Level::Easy => 150,
            Level::Hard => 0,
        }
    }
}

/// The lobby's Dice Duel level of a bot seat, for a Thunderstruck game:
/// the two easiest levels fly Easy, the rest Hard (the app's
/// `pilot_level` mapping, kept here so a new lobby level needs no app change).
impl From<crate::level::Difficulty> for Level {
    fn from(level: crate::level::Difficulty) -> Level {
        use crate::level::Difficulty;
        match level {
            Difficulty::Learning | Difficulty::Easy => Level::Easy,
            Difficulty::Medium | Difficulty::Skilled | Difficulty::Hard => Level::Hard,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel { name: s.to_string(), choices: "random, easy or hard" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert!("godlike".parse::<Level>().is_err());
    }
}
