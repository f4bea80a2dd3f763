//! Putting a map on the lobby's table: the room's `GameConfig.map` through
//! the owner's `LobbyEdit::Map`, with the set-up that goes with it. A tile
//! map is its own set-up (D42: no tokens preplaced, `Game::new` refuses
//! them); the plain board gets the quick start's symmetric tokens.

use duel_core::config::Preplaced;
use duel_core::map::MapSpec;
use duel_core::{GameConfig, Square};
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use crate::boot::{self, Mode};
use crate::route::{go, Route};
use crate::store::Store;

/// A symmetric layout for `config` from `seed`: ten obstacles clear of the
/// start and crystal squares, and the two wormholes when in play.
pub fn quick_layout(config: &GameConfig, seed: u64) -> Preplaced {
    let map = &config.map;
    let mut blocked: Vec<Square> = map.crystal_squares.to_vec();
    blocked.extend(map.starts(config.layout).iter().map(|s| s.square));
    let obstacles = map.symmetric_obstacles(seed, &blocked);
    let wormholes = config.ruleset.wormholes.then(|| {
        blocked.extend(obstacles.iter().map(|(s, _)| *s));
        let mid = map.rows / 2;
        (0..map.cols)
            .map(|col| Square::new(col, mid))
            .find(|sq| *sq != map.mirror(*sq) && !blocked.contains(sq) && !blocked.contains(&map.mirror(*sq)))
            .map(|sq| [sq, map.mirror(sq)])
    });
    Preplaced { obstacles, wormholes: wormholes.flatten() }
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
    store.mode.get_untracked() != Mode::None
        && store.owner.get_untracked()
        && store.room.with_untracked(|r| r.as_ref().is_some_and(|r| !r.started))
}

/// "Play this map": into the open lobby with `map` chosen, or a new
/// practice lobby when none is open. Returns whether the map is chosen.
pub fn play(store: Store, map: MapSpec) -> bool {
    if !lobby_open(store) {
        boot::practice_lobby(store);
    }
    let chosen = choose(store, map);
    if chosen {
        go(store, Route::Play);
    }
    chosen
}
