//! The game screen: the slim header, the station tabs, the station shown,
//! the board, the enemy's displays, the command buttons, the freeze overlay
//! and the set-up placement; the event story (`crate::feed`) and what the
//! buttons and keys do (their `crate::store::Act`s, carried out by
//! `Store::act`) live below, in the foundation.

pub mod board_screen;
pub mod choices;
pub mod commands;
pub mod draft;
pub mod freeze;
pub mod header;
pub mod reseat;
pub mod screen;
pub mod seat_panel;
pub mod setup;
pub mod tabs;
pub mod ticker;
