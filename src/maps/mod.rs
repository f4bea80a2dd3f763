//! The map editor screen (`#/maps`, issue 12): size, name, a palette and
//! the board to paint on. The player's saved maps, sharing a map and putting
//! one on the lobby's table are the foundation's [`crate::atlas`] (the lobby
//! uses them too); the rules of maps are `duel_core::map`'s.

mod editor;
mod grid;
mod palette;

pub use editor::MapEditor;
