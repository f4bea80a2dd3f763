//! `Game` ↔ [`Setup`]: writing a position at rest down as data, and checking
//! such data before it becomes a game.

use super::{setup, Game, Phase};
use crate::config::GameConfig;
use crate::error::SetupError;
use crate::event::CrystalAt;
use crate::ids::{ShipId, TeamId};
use crate::map::OBSTACLE_TOKENS;
use crate::position::Setup;

impl Game {
    /// The position now as a [`Setup`]; `None` while a freeze or a choice is
    /// open or the game is over (a `Setup` is a position at rest).
    pub fn to_setup(&self) -> Option<Setup> {
        // The draft is not at rest either: a `Setup` has no place for it.
        let drafting = matches!(self.phase, Phase::Draft { .. });
        let at_rest = matches!(self.mode, super::ModeState::DiceDuel)
            && self.freeze.is_none()
            && self.choices.is_empty()
            && self.outcome().is_none()
            && !drafting;
        at_rest.then(|| Setup {
            config: GameConfig {
                ruleset: self.ruleset,
                map: self.map.clone(),
                layout: self.layout,
                seats: self.seats.clone(),
                preplaced: None,
                mode: crate::config::Mode::DiceDuel,
            },
            ships: self.ships.clone(),
            obstacles: self.obstacles.clone(),
            wormholes: self.wormholes.clone(),
            crystals: self.crystals,
            battle: self.phase == Phase::Battle,
        })
    }

    /// Checks `setup` and builds the game at that position.
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong (see [`Setup::into_game`]).
    pub fn from_setup(setup: Setup) -> Result<Game, SetupError> {
        let Setup { config, ships, obstacles, wormholes, crystals, battle } = setup;
        // The map, the seats and the ships' start squares, as for a new game.
        let mut game = Game::new(GameConfig { preplaced: None, ..config })?;
        if game.map.is_tiled() {
            // D42: a tile map's obstacles and wormholes are printed, never moved.
            let (mut sorted, mut holes) = (obstacles.clone(), wormholes.clone());
            sorted.sort();
            holes.sort();
            if sorted != game.obstacles || holes != game.wormholes || !battle {
                return Err(SetupError::Position("a tile map's terrain is printed on it".into()));
            }
        } else if obstacles.len() > usize::from(OBSTACLE_TOKENS) {
            return Err(SetupError::TooManyObstacles);
        }
        let wormholes_ok = if game.ruleset.wormholes {
            wormholes.len() == 2 || (!battle && wormholes.len() < 2)
        } else {
            wormholes.is_empty()
        };
        if !wormholes_ok {
            return Err(SetupError::Wormholes);
        }
        // R5's token squares, judged with the ships on their start squares.
        let mut seen = Vec::new();
        let tokens = if game.map.is_tiled() { &[][..] } else { &obstacles[..] };
        let holes = if game.map.is_tiled() { &[][..] } else { &wormholes[..] };
        for square in tokens.iter().map(|(s, _)| *s).chain(holes.iter().copied()) {
            setup::token_square_free(&game, square, &seen).map_err(SetupError::Token)?;
            seen.push(square);
        }
        if ships.len() != game.ships.len() {
            return Err(SetupError::Position(format!(
                "this layout has {} ships, not {}",
                game.ships.len(),
                ships.len()
            )));
        }
        for (i, ship) in ships.iter().enumerate() {
            if ship.team != game.layout.team_of(ShipId(i as u8)) {
                return Err(SetupError::Position(format!("ship {i} is on the wrong team for this layout")));
            }
            if ship.class != game.layout.class_of(ShipId(i as u8)) {
                let class = game.layout.class_of(ShipId(i as u8));
                return Err(SetupError::Position(format!("ship {i} is a {class} in this layout")));
            }
        }
        for crystal in &crystals {
            let fine = match crystal {
                CrystalAt::OnMap(sq) => game.map.crystal_squares.contains(sq),
                CrystalAt::Held(s) | CrystalAt::Track(s) => usize::from(s.0) < ships.len(),
                CrystalAt::OnCard(s, card) => ships.get(usize::from(s.0)).is_some_and(|s| s.has_card(*card)),
                CrystalAt::Used => true,
            };
            if !fine {
                return Err(SetupError::Position(format!("a crystal cannot be at {crystal:?}")));
            }
        }
        let mut obstacles = obstacles;
        obstacles.sort();
        let tokens = (obstacles.len() + wormholes.len()) as u8;
        game.ships = ships;
        game.obstacles = obstacles;
        game.wormholes = wormholes;
        game.crystals = crystals;
        game.phase = if battle { Phase::Battle } else { Phase::Setup { next: TeamId(tokens % 2) } };
        super::invariants::check(&game).map_err(SetupError::Position)?;
        Ok(game)
    }
}

impl Setup {
    /// The position a new game of `config` starts from.
    ///
    /// # Errors
    /// The [`SetupError`] `Game::new` gives for `config`.
    pub fn new(config: GameConfig) -> Result<Setup, SetupError> {
        let game = Game::new(config)?;
        game.to_setup().ok_or_else(|| SetupError::Position("a new game is not at rest".into()))
    }

    /// Like [`Setup::new`] with the battle begun on an empty map (no tokens).
    ///
    /// # Errors
    /// The [`SetupError`] `Game::new` gives for `config`.
    pub fn battle(mut config: GameConfig) -> Result<Setup, SetupError> {
        config.preplaced = Some(crate::config::Preplaced::default());
        Setup::new(config)
    }

    /// Checks the position and builds the game.
    ///
    /// # Errors
    /// A [`SetupError`] saying what is wrong: the map, the seats, a token on
    /// a forbidden square, or a broken invariant (dice not conserved, a face
    /// on the wrong area, damage that does not add up, two mines in a square,
    /// a ship off the map …).
    pub fn into_game(self) -> Result<Game, SetupError> {
        Game::from_setup(self)
    }
}
