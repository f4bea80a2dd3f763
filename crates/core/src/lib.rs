//! # duel-core: the rules of *Space Cadets: Dice Duel*
//!
//! A pure, deterministic, event-sourced rules engine: no I/O, no clock, no
//! RNG source. The host validates an [`Intent`] with [`Game::validate`],
//! carries it out with its own dice through [`Game::play`], and broadcasts
//! the resulting [`Event`]s; every replica applies them with
//! [`Game::apply`] and reaches the same [`Game::state_hash`].
//!
//! Rulings are cited by id (`R14`) from the project's `docs/RULINGS.md`.
//!
//! ## Die Fighter (R22, D18–D24)
//! - Set-up: [`GameConfig::mission`] / [`GameConfig::quick_mission`] with a
//!   [`Mission`]; [`Layout::Mission`] gives each ship's team and
//!   [`ShipClass`]; a Fighter's seat is [`SeatSpec::pilot`]; the "2 health"
//!   toggle is [`Ruleset::fighters_start_with_two_health`].
//! - What differs per class is data on [`ShipClass`] (dice, helm slots,
//!   jammer slots, tubes, spots, obstacles); a Fighter's Health and bombing
//!   run are its [`Cockpit`] (`Ship::cockpit`, `Ship::health`, `Ship::bomb_loaded`).
//! - Intents: the Pilot rolls any cockpit die with `Intent::RollDice` (placed
//!   ones included), loads a bomb core on `Spot::PulseBomb`, fires with
//!   `Intent::Fire { count: 1, .. }`, and shouts `Intent::Bomb`; a Capital
//!   ship's crew shouts `Intent::Launch { side, pay }` in mission 1. All are
//!   listed by [`Game::legal_intents`].
//! - Seats change through the host: `HostAction::Reseat` (D20), checked by the core.
//!
//! ## Thunderstruck Duel (R23, T1–T10)
//! The turn-based second mode lives in its own tree, [`thunderstruck`].
//!
//! ## Experimental Equipment (R22, D25–D31)
//! - The cards are data ([`equipment::Card::spec`]): slots, lock icons,
//!   crystal spaces, trigger, snowflake. [`Ruleset::equipment`] turns them on.
//! - The draft is a phase ([`Phase::Draft`]): the host deals with
//!   `HostAction::DealEquipment`; teams pick with `Intent::DraftPick`.
//! - Dice go on a card with `Intent::PlaceDie { spot: Spot::Card(card, slot) }`;
//!   crystals with `Intent::CrystalToCard` / `CrystalOffCard`; a card used on
//!   demand with `Intent::UseCard` (a freeze when it has the snowflake).
//!
//! ## Where things are
//! The modules import each other without a circle (`scripts/lib/import-graph
//! crates/core/src`, run by CI). The vocabulary is at the bottom: [`ids`]
//! and [`obstacle`] import nothing of the crate, [`station`] only [`dice`]
//! and [`geometry`]; [`mission`] and [`layout`] stand on the ship classes.
//! [`spot`] sits above the stations and the cards, [`config`] holds the
//! set-up, [`position`] a position as data, and [`game`] everything that plays.

#![forbid(unsafe_code)]

pub mod choice;
pub mod class;
pub mod cockpit;
pub mod config;
pub mod dice;
pub mod draw;
pub mod equipment;
pub mod error;
pub mod event;
pub mod freeze;
pub mod game;
pub mod geometry;
pub mod hash;
pub mod ids;
pub mod intent;
pub mod layout;
pub mod map;
pub mod mission;
pub mod obstacle;
pub mod position;
pub mod random_play;
pub mod seal;
pub mod ship;
pub mod spot;
pub mod station;
pub mod thunderstruck;

pub use choice::{Answer, Choice, ChoiceId, ChoiceKind, Chooser, EnergySource};
pub use class::ShipClass;
pub use cockpit::{BombRun, Cockpit};
pub use config::{Equipment, GameConfig, HouseRules, Mode, Ruleset, SeatSpec};
#[cfg(any(test, feature = "test-support"))]
pub use dice::FixedDice;
pub use dice::{DiceSource, Face, Pip};
pub use equipment::Card;
pub use error::{RuleError, SetupError, Tractored};
pub use event::Event;
pub use game::invariants;
pub use game::{FirePreview, Game, HitTest, MineOnMap, Phase};
pub use geometry::{Dir, Position, Sector, Square};
pub use ids::{SeatId, ShipId, TeamId};
pub use intent::{HostAction, Intent, Target};
pub use layout::Layout;
pub use mission::Mission;
pub use position::Setup;
pub use spot::Spot;
pub use station::{HelmSlot, MineId, Station, TorpedoPart, Tube, TubeSide};
