//! The computer pilots of the seats the person does not play.
//!
//! Until `duel_bots::thunderstruck::Pilot` exists this is a plain chooser:
//! the first legal placement and the first legal action that spends no cube.

use duel_core::thunderstruck::{Game, Intent, Placement, Player};
use duel_core::Pip;

/// How well the bots play (chosen on the set-up screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Hard,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Easy, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Hard => "Hard",
        }
    }

    /// The level a saved name stands for.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// One bot seat.
pub struct Bot {
    player: Player,
}

impl Bot {
    pub fn new(_level: Level, player: Player, _seed: u64) -> Bot {
        Bot { player }
    }

    pub fn player(&self) -> Player {
        self.player
    }

    /// This round's plan: rerolls and placement (`None`: no legal placement).
    pub fn plan(&mut self, game: &Game, dice: &dyn Fn(u8) -> Vec<Pip>) -> Option<(u8, Placement)> {
        let ship = game.ship(self.player)?;
        Placement::all(&dice(0), &ship.console).into_iter().next().map(|p| (0, p))
    }

    /// An action or answer, when the game waits on this seat.
    pub fn act(&mut self, game: &Game) -> Option<Intent> {
        let legal = game.legal_intents(self.player);
        let free = legal.iter().find(|i| !matches!(i, Intent::Act(a) if a.cubes() > 0)).cloned();
        free.or_else(|| legal.into_iter().next())
    }
}
