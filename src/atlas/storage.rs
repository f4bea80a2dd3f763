//! The player's own maps, kept in browser storage: the saved maps (by name)
//! and the editor's draft, so a reload or a trip to the lobby loses no work.
//!
//! Stored as JSON of [`MapSpec`] rather than as map codes: a code holds only
//! a playable map, and a half-painted map is worth keeping too.

use duel_core::map::{MapSpec, BUILTIN_NAMES};

use crate::platform::storage;

const SAVED_KEY: &str = "dice-duel/maps";
const DRAFT_KEY: &str = "dice-duel/maps/draft";

/// Every saved map, sorted by name. A damaged entry is skipped, not fatal.
pub fn saved() -> Vec<MapSpec> {
    let text = storage::get(SAVED_KEY).unwrap_or_default();
    let mut maps: Vec<MapSpec> = serde_json::from_str(&text).unwrap_or_default();
    maps.sort_by(|a, b| a.name.cmp(&b.name));
    maps
}

/// Saves `map` under its name, replacing a saved map of that name.
///
/// # Errors
/// A sentence for the player: no name, a built-in map's name, or storage refused it.
pub fn save(map: &MapSpec) -> Result<(), String> {
    let name = map.name.trim();
    if name.is_empty() {
        return Err("Give the map a name before saving it.".into());
    }
    if BUILTIN_NAMES.contains(&name) {
        return Err(format!("\u{201c}{name}\u{201d} is a built-in map: give yours another name."));
    }
    let mut maps = saved();
    maps.retain(|m| m.name != name);
    maps.push(MapSpec { name: name.to_string(), ..map.clone() });
    write(&maps)
}

/// Deletes the saved map called `name` (nothing happens if there is none).
///
/// # Errors
/// Storage refused the write.
pub fn delete(name: &str) -> Result<(), String> {
    let mut maps = saved();
    maps.retain(|m| m.name != name);
    write(&maps)
}

fn write(maps: &[MapSpec]) -> Result<(), String> {
    let text = serde_json::to_string(maps).map_err(|e| e.to_string())?;
    storage::set(SAVED_KEY, &text).map_err(|e| format!("The map could not be saved: {e}"))
}

/// The editor's work in progress, if any.
pub fn draft() -> Option<MapSpec> {
    serde_json::from_str(&storage::get(DRAFT_KEY)?).ok()
}

/// Keeps `map` as the editor's work in progress.
pub fn set_draft(map: &MapSpec) {
    if let Ok(text) = serde_json::to_string(map) {
        // A full storage only costs the draft a reload: nothing to tell the player.
        let _ = storage::set(DRAFT_KEY, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_maps_replace_by_name_and_delete() {
        let mut map = MapSpec { name: "Mine".into(), ..MapSpec::default() };
        save(&map).expect("saved");
        map.cols = 7;
        save(&map).expect("saved again");
        assert_eq!(saved().len(), 1);
        assert_eq!(saved()[0].cols, 7);
        delete("Mine").expect("deleted");
        assert!(saved().is_empty());
    }

    #[test]
    fn a_nameless_or_built_in_name_is_refused() {
        assert!(save(&MapSpec { name: " ".into(), ..MapSpec::default() }).is_err());
        assert!(save(&MapSpec::default()).unwrap_err().contains("built-in"));
    }

    #[test]
    fn the_draft_survives_a_round_trip() {
        let map = MapSpec { name: "Draft".into(), cols: 6, ..MapSpec::default() };
        set_draft(&map);
        assert_eq!(draft(), Some(map));
    }
}
