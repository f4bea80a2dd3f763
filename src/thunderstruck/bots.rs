//! The computer pilots of the seats the person does not play: a
//! `duel_bots` [`Pilot`] per seat, at the level chosen on the set-up screen.

pub use duel_bots::thunderstruck::Level;
use duel_bots::thunderstruck::Pilot;
use duel_core::thunderstruck::{Game, Intent, Placement, Player};
use duel_core::Pip;

/// The levels the set-up screen offers (the random baseline is for measurements).
pub const OFFERED: [Level; 2] = [Level::Easy, Level::Hard];

/// A level's name on the set-up screen.
pub fn level_label(level: Level) -> &'static str {
    match level {
        Level::Random => "Random",
        Level::Easy => "Easy",
        Level::Hard => "Hard",
    }
}

/// One bot seat.
pub struct Bot {
    pilot: Pilot,
}

impl Bot {
    pub fn new(level: Level, player: Player, seed: u64) -> Bot {
        Bot { pilot: Pilot::new(level, player, seed) }
    }

    pub fn player(&self) -> Player {
        self.pilot.player()
    }

    /// This round's plan: rerolls and placement, from the seat's own dice.
    pub fn plan(&mut self, game: &Game, dice: &dyn Fn(u8) -> Vec<Pip>) -> Option<(u8, Placement)> {
        Some(self.pilot.plan(game, dice))
    }

    /// An action or answer, when the game waits on this seat.
    pub fn act(&mut self, game: &Game) -> Option<Intent> {
        self.pilot.act(game)
    }
}
