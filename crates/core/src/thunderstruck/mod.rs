//! # Thunderstruck Duel (R23, T1–T10, D32–D40)
//!
//! The turn-based 2–3 player mode of `004_…`, a sibling of the Dice Duel
//! rules sharing only what is truly common: [`Pip`](crate::dice::Pip),
//! [`DiceSource`](crate::dice::DiceSource), the stable hash, and the
//! validate / play / apply shape.
//!
//! - [`Game::validate`] says yes or gives a [`ThunderRuleError`]; [`Game::play`] and
//!   [`Game::host`] return the events that follow (the host's side);
//!   [`Game::apply`] is the only way state changes (every replica).
//! - Each round: every player commits a seed ([`Intent::CommitSeed`]), the
//!   host draws a beacon ([`HostAction::Beacon`]), every player seals a
//!   plan ([`Intent::SealPlan`]) and then reveals it ([`Intent::Reveal`]);
//!   see [`seal`] for why this is fair. Then players action one die each
//!   in turn ([`Intent::Act`]), answering hits and Manoeuvre wins.

mod answer;
mod apply;
mod arrange;
pub mod board;
pub mod console;
pub mod event;
pub mod intent;
mod legal;
pub mod plan;
mod play;
pub mod refusal;
mod round_end;
pub mod seal;

pub use arrange::{Arrangement, ShipSetup};
pub use board::{Board, Facing, Space};
pub use console::{Console, ConsoleSpace, Shield, System};
pub use event::{Event, Outcome, Shot};
pub use intent::{Act, HostAction, Intent, Steer};
pub use plan::Placement;
pub use refusal::{Misplaced, ThunderRuleError};
pub use seal::{Digest, Secret};

use serde::{Deserialize, Serialize};

use crate::hash::stable_hash;

/// A player, by seat order; also its ship and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Player(pub u8);

impl Player {
    /// The colour of its ship token and console.
    pub fn colour(self) -> &'static str {
        ["Red", "Blue", "Green"].get(usize::from(self.0)).copied().unwrap_or("?")
    }
}

/// How a duel is set up (the lobby's choices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// 2 or 3.
    pub players: u8,
    /// T9: 6 or 12.
    pub rounds: u8,
    /// Who holds the turn marker in round 1.
    pub first: Player,
}

impl Default for Config {
    fn default() -> Config {
        Config { players: 2, rounds: 12, first: Player(0) }
    }
}

/// Why a `Config` (or an arranged position) cannot start a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConfigError {
    Players(u8),
    Rounds(u8),
    First(Player),
    /// An [`Arrangement`] no duel can reach.
    Position(String),
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Players(n) => write!(f, "Thunderstruck Duel is for 2 or 3 players, not {n}."),
            ConfigError::Rounds(n) => write!(f, "A duel lasts 6 or 12 rounds, not {n}."),
            ConfigError::First(p) => write!(f, "Player {} is not in this duel.", p.0 + 1),
            ConfigError::Position(why) => write!(f, "That position cannot happen: {why}."),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Where a player is in the round's hidden planning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Planning {
    /// No seed committed for this round yet.
    Unseeded,
    Seeded {
        seed: Digest,
    },
    Sealed {
        seed: Digest,
        plan: Digest,
    },
    /// Revealed: the dice are on the console.
    Revealed,
    /// Missed a deadline: no dice this round.
    Forfeit,
}

/// One player's ship: token, console, and this round's bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ship {
    pub at: Space,
    pub facing: Facing,
    pub console: Console,
    pub destroyed: bool,
    pub planning: Planning,
    /// The seed committed (in a reveal) for the next round.
    pub next_seed: Option<Digest>,
    /// Whether this ship's Boost has been actioned this round (T6).
    pub boosted: bool,
    /// Totals on the Boost and Manoeuvre tokens this round (T8).
    pub boost_token: u8,
    pub manoeuvre_token: u8,
}

/// Who must answer before play goes on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    Hit {
        target: Player,
        frontal: bool,
    },
    /// Manoeuvre winners still to choose, and whether each may warp.
    Steer {
        winners: Vec<(Player, bool)>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// `beacon` once drawn: then dice exist and plans can be sealed.
    Planning {
        beacon: Option<u64>,
    },
    Action {
        turn: Player,
        manoeuvred: bool,
        pending: Option<Pending>,
    },
    /// `None`: a draw.
    Over {
        winner: Option<Player>,
    },
}

/// The whole state of a duel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    config: Config,
    board: Board,
    ships: Vec<Ship>,
    /// 1-based.
    round: u8,
    /// Holds the turn marker this round.
    first: Player,
    /// Has the green Reflex die this round (T8).
    reflex: Option<Player>,
    phase: Phase,
    applied: u64,
}

impl Game {
    /// Set-up (`004_…` Setup, T1–T2).
    ///
    /// # Errors
    /// A [`ConfigError`] for a player count, round count or first player out of range.
    pub fn new(config: Config) -> Result<Game, ConfigError> {
        if !(2..=3).contains(&config.players) {
            return Err(ConfigError::Players(config.players));
        }
        if config.rounds != 6 && config.rounds != 12 {
            return Err(ConfigError::Rounds(config.rounds));
        }
        if config.first.0 >= config.players {
            return Err(ConfigError::First(config.first));
        }
        let board = Board::for_players(config.players);
        let ships = board
            .starts()
            .into_iter()
            .map(|(at, facing)| Ship {
                at,
                facing,
                console: Console::default(),
                destroyed: false,
                planning: Planning::Unseeded,
                next_seed: None,
                boosted: false,
                boost_token: 0,
                manoeuvre_token: 0,
            })
            .collect();
        Ok(Game {
            config,
            board,
            ships,
            round: 1,
            first: config.first,
            reflex: None,
            phase: Phase::Planning { beacon: None },
            applied: 0,
        })
    }

    pub fn config(&self) -> Config {
        self.config
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn players(&self) -> impl Iterator<Item = Player> {
        (0..self.config.players).map(Player)
    }

    pub fn ship(&self, player: Player) -> Option<&Ship> {
        self.ships.get(usize::from(player.0))
    }

    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn first(&self) -> Player {
        self.first
    }

    pub fn reflex(&self) -> Option<Player> {
        self.reflex
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Whose turn it is in the Action Phase.
    pub fn turn(&self) -> Option<Player> {
        match self.phase {
            Phase::Action { turn, pending: None, .. } => Some(turn),
            _ => None,
        }
    }

    /// The round's beacon, once drawn.
    pub fn beacon(&self) -> Option<u64> {
        match self.phase {
            Phase::Planning { beacon } => beacon,
            _ => None,
        }
    }

    /// Whether the host should draw the round's beacon now: every living
    /// player has committed its seed and none is drawn yet (D36).
    pub fn beacon_due(&self) -> bool {
        matches!(self.phase, Phase::Planning { beacon: None })
            && self.living().all(|p| self.ships[usize::from(p.0)].planning != Planning::Unseeded)
    }

    /// How many dice `player` rolls this round: 4, or 5 with the Reflex die.
    pub fn dice_count(&self, player: Player) -> u8 {
        4 + u8::from(self.reflex == Some(player))
    }

    /// The dice `player` would roll with `seed` after `rerolls` rerolls
    /// (what its own device computes privately once the beacon is drawn).
    pub fn roll(&self, player: Player, seed: &Secret, rerolls: u8) -> Option<Vec<crate::dice::Pip>> {
        let beacon = self.beacon()?;
        Some(seed.roll(beacon, self.round, player, rerolls, self.dice_count(player)))
    }

    /// Ships still in the duel.
    pub fn living(&self) -> impl Iterator<Item = Player> + '_ {
        self.players().filter(|p| self.ships[usize::from(p.0)].destroyed.not())
    }

    /// Events applied so far.
    pub fn applied(&self) -> u64 {
        self.applied
    }

    /// A stable digest of the whole state (same on every platform).
    pub fn state_hash(&self) -> u64 {
        stable_hash(self)
    }

    /// What must always hold (tests and replicas check it after every event).
    ///
    /// # Errors
    /// The first broken invariant, described.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut spaces = Vec::new();
        for (i, ship) in self.ships.iter().enumerate() {
            let c = &ship.console;
            if c.cubes() > console::MAX_CUBES {
                return Err(format!("ship {i} holds {} cubes", c.cubes()));
            }
            for (slot, pip) in c.dice() {
                if c.is_damaged(slot) || !slot.takes(pip) {
                    return Err(format!("ship {i} has a die on {slot:?} that cannot be there"));
                }
            }
            if ship.destroyed {
                if c.has_dice() {
                    return Err(format!("destroyed ship {i} still has dice"));
                }
                continue;
            }
            if !self.board.is_open(ship.at) || spaces.contains(&ship.at) {
                return Err(format!("ship {i} stands on {:?}, closed or shared", ship.at));
            }
            spaces.push(ship.at);
        }
        if let Phase::Planning { beacon: None } = self.phase {
            if self.ships.iter().any(|s| s.console.has_dice()) {
                return Err("dice on a console before the roll".into());
            }
        }
        Ok(())
    }

    /// Spaces other ships stand on (destroyed ones have left the battlefield).
    fn occupied_except(&self, player: Player) -> Vec<Space> {
        self.living().filter(|p| *p != player).map(|p| self.ships[usize::from(p.0)].at).collect()
    }
}

use std::ops::Not as _;
