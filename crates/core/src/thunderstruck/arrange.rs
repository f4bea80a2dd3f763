//! A written-down Action Phase position (scenario tests, lessons): ships,
//! consoles and whose turn it is, checked like any reachable state.

use serde::{Deserialize, Serialize};

use super::board::{Facing, Space};
use super::console::{ConsoleSpace, Shield};
use super::{Config, ConfigError, Game, Phase, Planning, Player};
use crate::dice::Pip;

/// One ship in an [`Arrangement`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipSetup {
    pub at: Space,
    pub facing: Facing,
    /// Dice waiting on the console (value 1–6).
    pub dice: Vec<(ConsoleSpace, u8)>,
    pub damaged: Vec<ConsoleSpace>,
    pub shields: Vec<Shield>,
    pub cubes: u8,
    pub destroyed: bool,
}

impl ShipSetup {
    /// A ship at `at` facing `facing` with the set-up console (mid shield, one cube) and no dice.
    pub fn at(at: u8, facing: Facing) -> ShipSetup {
        ShipSetup {
            at: Space(at),
            facing,
            dice: vec![],
            damaged: vec![],
            shields: vec![Shield::Mid],
            cubes: 1,
            destroyed: false,
        }
    }
}

/// An Action Phase position: round `round`, `turn` to act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrangement {
    pub ships: Vec<ShipSetup>,
    pub round: u8,
    pub turn: Player,
}

impl Game {
    /// The duel of `config` in the written-down position.
    ///
    /// # Errors
    /// [`ConfigError`] for the config, or `Position` naming what no duel can reach.
    pub fn arranged(config: Config, arrangement: &Arrangement) -> Result<Game, ConfigError> {
        let mut game = Game::new(config)?;
        let bad = |why: &str| ConfigError::Position(why.to_string());
        if arrangement.ships.len() != usize::from(config.players) {
            return Err(bad("one ship per player"));
        }
        if arrangement.round == 0 || arrangement.round > config.rounds {
            return Err(bad("the round is outside the duel"));
        }
        for (ship, setup) in game.ships.iter_mut().zip(&arrangement.ships) {
            ship.at = setup.at;
            ship.facing = setup.facing;
            ship.destroyed = setup.destroyed;
            ship.planning = Planning::Revealed;
            if setup.cubes > super::console::MAX_CUBES {
                return Err(bad("a ship holds at most 4 power cubes"));
            }
            ship.console.set_cubes(setup.cubes);
            for shield in Shield::ALL {
                ship.console.raise(shield, setup.shields.contains(&shield));
            }
            for slot in &setup.damaged {
                ship.console.damage_at(*slot);
            }
            for (slot, value) in &setup.dice {
                if !(1..=6).contains(value) || !ship.console.is_free(*slot) || setup.destroyed {
                    return Err(bad("a die is on a space it cannot be on"));
                }
                ship.console.put(*slot, Some(Pip::new(*value)));
            }
            if ship.console.is_crippled() && !ship.destroyed {
                return Err(bad("a ship with both spaces of a system damaged is destroyed"));
            }
        }
        game.round = arrangement.round;
        let turn = arrangement.turn;
        if game.ship(turn).is_none_or(|s| s.destroyed) {
            return Err(bad("the player to act is not in the duel"));
        }
        game.phase = Phase::Action { turn, manoeuvred: false, pending: None };
        game.check_invariants().map_err(|e| bad(&e))?;
        Ok(game)
    }
}
