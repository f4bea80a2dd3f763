//! The player's own maps as the store holds them (`atlas/storage.rs` keeps
//! them in the browser): one list that the lobby's map picker and the map
//! editor both read, changed only by the acts that save and delete a map
//! (issue 47: a screen acts through the store, it does not write storage).

use duel_core::map::MapSpec;
use leptos::prelude::*;

use super::{Acted, Store};
use crate::atlas::storage;

/// The saved maps, sorted by name. `Copy`.
#[derive(Clone, Copy)]
pub struct SavedMaps {
    /// Every saved map, sorted by name (a damaged entry skipped).
    pub list: ReadSignal<Vec<MapSpec>>,
    set: WriteSignal<Vec<MapSpec>>,
}

impl SavedMaps {
    /// The list as the browser keeps it now.
    pub(super) fn load() -> SavedMaps {
        let (list, set) = signal(storage::saved());
        SavedMaps { list, set }
    }
}

impl Store {
    /// `Act::SaveMap`: keeps `map` under its name (replacing a saved map of
    /// that name). Not done: the reason is a toast (no name, a built-in map's
    /// name, storage full).
    pub(super) fn save_map(&self, map: &MapSpec) -> Acted {
        self.kept_maps(storage::save(map))
    }

    /// `Act::DeleteMap`: forgets the saved map called `name`.
    pub(super) fn delete_map(&self, name: &str) -> Acted {
        self.kept_maps(storage::delete(name))
    }

    fn kept_maps(&self, written: Result<(), String>) -> Acted {
        match written {
            Ok(()) => {
                self.maps.set.set(storage::saved());
                Acted::Done
            }
            Err(why) => {
                self.toasts.error(why);
                Acted::NotDone
            }
        }
    }
}
