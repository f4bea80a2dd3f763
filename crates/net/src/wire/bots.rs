//! The room's bots as every replica sees them (issue 30): how well each bot
//! seat plays, and whether, and how well, bots cover the seats of a player
//! whose device is gone. Part of the room view, so a successor host's bots
//! play as the room chose, not at some default of the new host's device.

use duel_core::{SeatId, SeatSpec};
use serde::{Deserialize, Serialize};

/// How well a bot plays: the lobby's five levels, easiest first. The app
/// maps each onto `duel_bots::Difficulty` (the network crate knows no bots).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BotLevel {
    /// For someone learning the game.
    Learning,
    Easy,
    #[default]
    Medium,
    Skilled,
    Hard,
}

impl BotLevel {
    /// Every level, easiest first.
    pub const ALL: [BotLevel; 5] =
        [BotLevel::Learning, BotLevel::Easy, BotLevel::Medium, BotLevel::Skilled, BotLevel::Hard];
}

/// The room's bots. `levels` is parallel to the seat table (a seat past its
/// end plays at the default); a changed seat count keeps the levels of the
/// seats that remain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotPlan {
    pub levels: Vec<BotLevel>,
    /// `Some(level)`: once a game has started, the seats of a player whose
    /// device is gone are played by the owner's bots at `level` until the
    /// player is back. `None`: they wait, idle, for their player (anyone may
    /// still take them).
    pub cover: Option<BotLevel>,
}

impl Default for BotPlan {
    /// Bots cover a departed player at the default level: at a real table
    /// no station should ever sit without a crew.
    fn default() -> BotPlan {
        BotPlan { levels: Vec::new(), cover: Some(BotLevel::default()) }
    }
}

impl BotPlan {
    /// The level of the bot in `seat` when it is a bot seat.
    pub fn level(&self, seat: SeatId) -> BotLevel {
        self.levels.get(usize::from(seat.0)).copied().unwrap_or_default()
    }

    /// Sets `seat`'s level; a seat past `seats` (the table's size) is ignored.
    pub(crate) fn set_level(&mut self, seat: SeatId, level: BotLevel, seats: usize) {
        let i = usize::from(seat.0);
        if i >= seats {
            return;
        }
        if self.levels.len() <= i {
            self.levels.resize(i + 1, BotLevel::default());
        }
        self.levels[i] = level;
    }

    /// The seat table was reshaped from `before` to `after` (issue 33:
    /// levels are kept when the seat count changes): each new seat plays at
    /// the level its ship's first seat had, so "White's bots at Hard" stays.
    pub(crate) fn refit(&mut self, before: &[SeatSpec], after: &[SeatSpec]) {
        let ship_level = |ship| {
            let first = before.iter().position(|s: &SeatSpec| s.ship == ship)?;
            self.levels.get(first).copied()
        };
        self.levels = after.iter().map(|s| ship_level(s.ship).unwrap_or_default()).collect();
    }

    /// Keeps at most `seats` levels (a plan from the wire or an old save).
    pub(crate) fn fit(&mut self, seats: usize) {
        self.levels.truncate(seats);
    }

    /// The plan with at most `seats` levels (a successor adopting the room view's).
    pub(crate) fn fitted(mut self, seats: usize) -> BotPlan {
        self.fit(seats);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_kept_per_seat_and_a_ships_level_survives_a_reshaped_table() {
        use duel_core::ShipId;
        let two = [SeatSpec::recommended(ShipId(0), 2), SeatSpec::recommended(ShipId(1), 2)].concat();
        let three = [SeatSpec::recommended(ShipId(0), 3), SeatSpec::recommended(ShipId(1), 3)].concat();
        let mut plan = BotPlan::default();
        assert_eq!(plan.level(SeatId(3)), BotLevel::Medium);
        plan.set_level(SeatId(0), BotLevel::Hard, 4);
        plan.set_level(SeatId(1), BotLevel::Hard, 4);
        plan.set_level(SeatId(2), BotLevel::Learning, 4);
        plan.set_level(SeatId(3), BotLevel::Learning, 4);
        plan.set_level(SeatId(9), BotLevel::Easy, 4);
        assert_eq!(plan.levels.len(), 4, "a seat past the table is ignored");
        plan.refit(&two, &three);
        let levels: Vec<BotLevel> = (0..6).map(|i| plan.level(SeatId(i))).collect();
        use BotLevel::{Hard, Learning};
        assert_eq!(levels, [Hard, Hard, Hard, Learning, Learning, Learning], "each ship keeps its level");
        plan.fit(2);
        assert_eq!(plan.level(SeatId(3)), BotLevel::Medium, "dropped with its seat");
    }
}
