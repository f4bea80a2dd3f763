//! Maps and the running session: opening the editor on a map, and putting a
//! map on the lobby's table (the room's `GameConfig.map` through the owner's
//! `LobbyEdit::Map`, with the set-up that goes with it: a tile map is its own
//! set-up, D42; the plain board gets the quick start's symmetric tokens).

use duel_core::map::MapSpec;
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use crate::atlas::quick::quick_layout;
use crate::atlas::{new_map, storage};
use crate::route::Route;
use crate::session::SessionKind;
use crate::store::Store;

/// Opens the editor on `map` (the lobby's "Edit a copy" and "New map").
pub fn edit(store: Store, map: MapSpec) {
    storage::set_draft(&map);
    store.go(Route::Maps);
}

/// Opens the editor on a blank map.
pub fn edit_new(store: Store) {
    edit(store, new_map());
}

/// Re-lays the quick-start tokens after the layout or the wormhole rule changed.
pub fn refresh_quick_layout(store: Store) {
    let config = store.room.with_untracked(|r| r.as_ref().map(|r| r.config.clone()));
    if let (Some(config), true) = (config, store.owner.get_untracked()) {
        if config.preplaced.is_some() && !config.map.is_tiled() {
            let layout = quick_layout(&config, store.ui.map_seed.get_untracked());
            store.command(Command::Edit(LobbyEdit::Preplaced(Some(layout))));
        }
    }
}

/// Chooses `map` for the open lobby (room owner only). Returns whether it was sent.
pub fn choose(store: Store, map: MapSpec) -> bool {
    if let Err(e) = map.check() {
        store.toasts.error(format!("{} cannot be played: {e}.", map.name));
        return false;
    }
    let Some(mut config) = store.room.with_untracked(|r| r.as_ref().map(|r| r.config.clone())) else {
        return false;
    };
    let tiled = map.is_tiled();
    config.map = map.clone();
    let sent = store.try_command(Command::Edit(LobbyEdit::Map(map)));
    if let Err(reason) = sent {
        store.toasts.error(reason);
        return false;
    }
    // D42: the tiles are the set-up; the plain board starts quick, as a new lobby does.
    let preplaced = (!tiled).then(|| quick_layout(&config, store.ui.map_seed.get_untracked()));
    store.command(Command::Edit(LobbyEdit::Preplaced(preplaced)));
    true
}

/// Whether this device can choose the map of an open lobby now.
pub fn lobby_open(store: Store) -> bool {
    store.kind.get_untracked() != SessionKind::None
        && store.owner.get_untracked()
        && store.room.with_untracked(|r| r.as_ref().is_some_and(|r| !r.started))
}

/// "Play this map": into the open lobby with `map` chosen, or a new
/// practice lobby when none is open. Returns whether the map is chosen.
pub fn play(store: Store, map: MapSpec) -> bool {
    if !lobby_open(store) {
        super::practice_lobby(store);
    }
    let chosen = choose(store, map);
    if chosen {
        store.go(Route::Play);
    }
    chosen
}
