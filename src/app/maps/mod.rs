//! Maps the player makes and shares (issue 12): the editor at `#/maps`,
//! the player's saved maps, sharing a map as a code, a file or a link, and
//! putting a map on the lobby's table. The rules of maps (what a square may
//! hold, what makes a map playable) are `duel_core::map`'s; this is the UI.

pub mod draw;
mod editor;
mod grid;
mod paint;
mod palette;
pub mod room;
pub mod share;
pub mod storage;

use duel_core::map::MapSpec;

pub use editor::{sentence, MapEditor};

use super::route::{go, Route};
use super::store::Store;

/// Opens the editor on `map` (the lobby's "Edit a copy" and "New map").
pub fn edit(store: Store, map: MapSpec) {
    storage::set_draft(&map);
    go(store, Route::Maps);
}

/// Opens the editor on a blank map.
pub fn edit_new(store: Store) {
    edit(store, editor::new_map());
}
