//! # duel-core: the rules of *Space Cadets: Dice Duel*
//!
//! A pure, deterministic, event-sourced rules engine: no I/O, no clock, no
//! RNG source. The host validates an [`Intent`] with [`Game::validate`],
//! carries it out with its own dice through [`Game::play`], and broadcasts
//! the resulting [`Event`]s; every replica applies them with
//! [`Game::apply`] and reaches the same [`Game::state_hash`].
//!
//! Rulings are cited by id (`R14`) from the project's `docs/RULINGS.md`.

#![forbid(unsafe_code)]

pub mod choice;
pub mod class;
pub mod cockpit;
pub mod config;
pub mod dice;
pub mod error;
pub mod event;
pub mod freeze;
pub mod game;
pub mod geometry;
pub mod hash;
pub mod intent;
pub mod invariants;
pub mod map;
pub mod position;
pub mod random_play;
pub mod ship;
pub mod station;

pub use choice::{Answer, Choice, ChoiceId, ChoiceKind, Chooser, EnergySource};
pub use class::ShipClass;
pub use cockpit::{BombRun, Cockpit};
pub use config::{GameConfig, HouseRules, Layout, Mission, Ruleset, SeatId, SeatSpec, ShipId, TeamId};
pub use dice::{DiceSource, Face, FixedDice, Pip};
pub use error::{RuleError, SetupError, Tractored};
pub use event::Event;
pub use game::{FirePreview, Game, HitTest, MineOnMap, Phase};
pub use geometry::{Dir, Position, Sector, Square};
pub use intent::{HostAction, Intent, Target};
pub use position::Setup;
pub use station::{HelmSlot, MineId, Spot, Station, TorpedoPart, Tube, TubeSide};
