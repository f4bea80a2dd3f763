//! The three Die Fighter missions (R22): their ships' classes and sides, and
//! what ends them. Data only, below the set-up that names one.

use serde::{Deserialize, Serialize};

use crate::class::ShipClass;

/// The three Die Fighter missions (R22, `001_…` "Ways To Play").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mission {
    /// Mission 1, Carrier Strike: each team a Capital ship and a Fighter; the
    /// team whose Capital ship is destroyed loses; destroyed Fighters may be relaunched.
    CarrierStrike,
    /// Mission 2, Fighter Assault: White's Capital ship against Black's two
    /// Fighters (two Pilots); the Capital side wins when both Fighters are gone.
    FighterAssault,
    /// Mission 3, Fighter Duel: one Fighter each; destroy the other to win.
    FighterDuel,
}

impl Mission {
    /// The three missions in rulebook order.
    pub const ALL: [Mission; 3] = [Mission::CarrierStrike, Mission::FighterAssault, Mission::FighterDuel];

    /// The mission numbered `n` (1–3) in the rulebook.
    pub fn number(n: u8) -> Option<Mission> {
        Mission::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// Its number in the rulebook (1–3).
    pub fn index(self) -> u8 {
        self as u8 + 1
    }

    /// The rulebook's name.
    pub fn name(self) -> &'static str {
        match self {
            Mission::CarrierStrike => "Carrier Strike",
            Mission::FighterAssault => "Fighter Assault",
            Mission::FighterDuel => "Fighter Duel",
        }
    }

    /// The class of each ship, in ship order (White's ships first).
    pub fn classes(self) -> &'static [ShipClass] {
        use ShipClass::*;
        match self {
            Mission::CarrierStrike => &[Capital, Fighter, Capital, Fighter],
            Mission::FighterAssault => &[Capital, Fighter, Fighter],
            Mission::FighterDuel => &[Fighter, Fighter],
        }
    }

    /// The team of each ship, in ship order (read by [`crate::layout::Layout::team_of`]).
    pub(crate) fn teams(self) -> &'static [u8] {
        match self {
            Mission::CarrierStrike => &[0, 0, 1, 1],
            Mission::FighterAssault => &[0, 1, 1],
            Mission::FighterDuel => &[0, 1],
        }
    }

    /// Whether a destroyed Fighter may be relaunched (LAUNCH): mission 1 only (R22).
    pub fn relaunches(self) -> bool {
        self == Mission::CarrierStrike
    }

    /// Whether a side with only Fighters left is still in the game: not in
    /// mission 1, where the team whose Capital ship is destroyed loses.
    pub fn fighters_hold_the_field(self) -> bool {
        self != Mission::CarrierStrike
    }
}
