//! The game screen: the slim header, the station tabs, the station shown,
//! the board, the enemy's displays, the command buttons, the freeze overlay
//! and the set-up placement; plus the event story ([`feed`]) and what the
//! buttons and keys do ([`actions`]).

pub mod actions;
pub mod board_screen;
pub mod choices;
pub mod commands;
pub mod draft;
pub mod feed;
pub mod freeze;
pub mod header;
pub mod reseat;
pub mod screen;
pub mod seat_panel;
pub mod seats;
pub mod setup;
pub mod tabs;
pub mod ticker;
