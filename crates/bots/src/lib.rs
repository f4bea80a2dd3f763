//! # duel-bots: bot crews for *Space Cadets: Dice Duel*
//!
//! A bot is a policy: given a `&Game` and the seats it fills, it returns the
//! next [`Intent`](duel_core::Intent) for one of them, checked with
//! `Game::validate`; it never touches state. The app sends that intent through
//! the same path as a person's, so offline practice and networked games run
//! the same code.
//!
//! - [`Crew`] fills seats at a [`Difficulty`] (five levels, Learning to
//!   Hard): a person's pace per seat (a bot never acts faster than its level
//!   allows, reads the dice after rolling and thinks before a freeze; the
//!   clock is passed in), human misreads (`misread`), and what it knows (how
//!   far the helm plans, mines, crystals, tactics).
//! - Station policies (one module each) share a `plan` of the next few
//!   seconds; the Captain's brain (`captain`) decides Fire, Tractor and Warp;
//!   `answers` handles mid-resolution choices.
//! - A Fighter's Pilot seat (Die Fighter, R22) runs the `pilot` policy:
//!   missiles, pulse bombs on bombing runs, no energy; a Capital crew in
//!   mission 1 relaunches its destroyed Fighter (`captain`).
//! - [`EnergyRequest`] is a call-out ("Give me twos!"): data outside the
//!   core, honoured first by bot Engineering.
//! - [`sim`] plays bot-against-bot games on a simulated clock; the
//!   `duel-sim` binary prints win rates, game length, damage and freezes.
//!
//! `docs/BOTS.md` shows how the app drives a crew for empty seats and what
//! the levels measured.

#![forbid(unsafe_code)]

pub mod callout;
pub mod crew;
pub mod drill;
pub mod equipment;
pub mod level;
pub mod random;
pub mod rng;
pub mod setup;
pub mod share;
pub mod sim;
pub mod thunderstruck;

mod answers;
mod captain;
mod helm;
mod misread;
mod pace;
mod pilot;
mod plan;
mod proposal;
mod situation;
mod stations;
mod tactics;

pub use callout::{CallOuts, EnergyRequest};
pub use crew::{Agent, Crew, CrewStats};
pub use level::{Difficulty, HelmSkill, Profile};
pub use random::{RandomCrew, RandomStyle};
pub use setup::suggest_token;
pub use share::{shared_stations, IdleOffer, StationWatch, IDLE_OFFER_MS, SHARED_IDLE_MS};
