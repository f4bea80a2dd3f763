//! Maps the player makes and shares (issue 12), below the screens that show
//! them (the map editor at `#/maps` and the lobby's map choice): the
//! player's saved maps and the editor's draft ([`storage`]), painting a map
//! ([`paint`]), sharing a map as a code, a file or a link ([`share`]), and
//! putting a map on the lobby's table ([`room`]). The rules of maps (what a
//! square may hold, what makes a map playable) are `duel_core::map`'s; the
//! small drawing of a map is the board widget's (`crate::board::map`).

pub mod paint;
pub mod room;
pub mod share;
pub mod storage;

use duel_core::map::MapSpec;

use crate::route::{go, Route};
use crate::store::Store;

/// The name a new map starts with.
pub const NEW_NAME: &str = "";

/// A blank map, the editor's start.
pub fn new_map() -> MapSpec {
    paint::blank(NEW_NAME, 9, 9)
}

/// Opens the editor on `map` (the lobby's "Edit a copy" and "New map").
pub fn edit(store: Store, map: MapSpec) {
    storage::set_draft(&map);
    go(store, Route::Maps);
}

/// Opens the editor on a blank map.
pub fn edit_new(store: Store) {
    edit(store, new_map());
}

/// A problem as a sentence: capitalised, with a full stop.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}
