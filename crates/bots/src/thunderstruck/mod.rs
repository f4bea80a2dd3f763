//! # Thunderstruck Duel bots
//!
//! A [`Pilot`] flies one seat of a Thunderstruck duel
//! (`duel_core::thunderstruck`) at a [`Level`]: it plans (rerolls and a
//! placement, from its own secret seed's dice) and acts (an Action Phase
//! intent when the game waits on it). Like the Dice Duel crews it only
//! returns intents; the caller sends them. [`sim`] plays whole duels with
//! the commit / beacon / seal / reveal protocol and tallies series for the
//! `ts-sim` binary.
//!
//! - `placement`: which placements are weighed and how (the round imagined).
//! - `moves`: the Action Phase choices worth weighing (cube spending).
//! - `search`: a few actions ahead, rivals assumed at their most harmful.
//! - `score`: what a state is worth to a player.

mod level;
mod moves;
mod pilot;
mod placement;
mod score;
mod search;
pub mod series;
pub mod sim;

pub use level::Level;
pub use pilot::Pilot;
pub use series::{run_series, Tally};
pub use sim::{play_game, ThunderSummary};
