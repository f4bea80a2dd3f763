//! Maps the player makes and shares (issue 12), below the screens that show
//! them (the map editor at `#/maps` and the lobby's map choice): the
//! player's saved maps and the editor's draft ([`storage`]), painting a map
//! ([`paint`]), sharing a map as a code, a file or a link ([`share`]), and the
//! quick start's tokens ([`quick`]). Opening the editor and putting a map on
//! the lobby's table are `crate::boot::maps`; the share and import boxes are
//! `crate::panels::map_share`. The rules of maps (what a
//! square may hold, what makes a map playable) are `duel_core::map`'s; the
//! small drawing of a map is the board widget's (`crate::board::map`).

pub mod paint;
pub mod quick;
pub mod share;
pub mod storage;

use duel_core::map::MapSpec;

/// The name a new map starts with.
pub const NEW_NAME: &str = "";

/// A blank map, the editor's start.
pub fn new_map() -> MapSpec {
    paint::blank(NEW_NAME, 9, 9)
}

/// A problem as a sentence: capitalised, with a full stop.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}
