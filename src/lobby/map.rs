//! The map in the lobby: which map (a built-in one, one of the player's
//! saved maps, or one from a link; see [`pick`]) and its set-up. On the
//! plain board that is a quick start with the obstacles preplaced
//! symmetrically (reshuffle for another layout), or the rulebook's set-up
//! where the teams take turns placing them (R5). A tile map is its own
//! set-up (D42). A layout the map cannot seat says so here, in words.

mod pick;

use duel_core::GameConfig;
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use crate::atlas::quick::quick_layout;
use crate::atlas::sentence;
use crate::store::{use_store, Act};

#[component]
pub fn MapSetup() -> impl IntoView {
    let store = use_store();
    let config = Memo::new(move |_| store.room.with(|r| r.as_ref().map(|r| r.config.clone())));
    let quick = Memo::new(move |_| config.with(|c| c.as_ref().is_some_and(|c| c.preplaced.is_some())));
    let tiled = Memo::new(move |_| config.with(|c| c.as_ref().is_some_and(|c| c.map.is_tiled())));
    // D45: the layout's ships need start squares on this map.
    let problem = Memo::new(move |_| {
        config.with(|c| {
            c.as_ref().and_then(|c| c.map.check_for(c.layout).err().map(|e| sentence(&e.to_string())))
        })
    });
    let locked = Memo::new(move |_| !store.owner.get());
    let place = move |quick: bool| {
        let Some(config) = config.get_untracked() else { return };
        let layout = quick.then(|| quick_layout(&config, store.ui.map_seed.get_untracked()));
        store.act(Act::Command(Command::Edit(LobbyEdit::Preplaced(layout))));
    };
    view! {
        <section class="panel" class:is-tiled=move || tiled.get() data-testid="lobby-map">
            <h2>"Map"</h2>
            <pick::MapPick />
            <div class="seg" class:is-hidden=move || tiled.get()>
                <button class="btn btn--small" class:is-on=move || quick.get() data-testid="lobby-map-quick"
                    disabled=locked on:click=move |_| place(true)>"Quick start"</button>
                <button class="btn btn--small" class:is-on=move || !quick.get() data-testid="lobby-map-setup"
                    disabled=locked on:click=move |_| place(false)>"Place obstacles in turn"</button>
                {move || quick.get().then(|| view! {
                    <button class="btn btn--small btn--ghost" data-testid="lobby-map-shuffle" disabled=locked
                        on:click=move |_| { store.ui.map_seed.set(crate::platform::random::u64()); place(true); }>"Reshuffle"</button>
                })}
            </div>
            <p class="hint" data-testid="lobby-map-hint">{move || if tiled.get() {
                "This map\u{2019}s tiles are the set-up: its asteroids, nebulae and wormholes are printed, and the battle starts at once."
            } else if quick.get() {
                "Ten obstacles (and the wormholes, if in play) are placed symmetrically: the battle starts at once."
            } else {
                "The teams take turns placing the ten asteroid and nebula tokens on the board (with a \u{201c}place for me\u{201d} button)."
            }}</p>
            {move || problem.get().map(|p| view! {
                <p class="map-error" role="alert" data-testid="lobby-map-problem">{p}</p>
            })}
            {move || config.get().map(|c| preview(&c))}
        </section>
    }
}

/// A small drawing of the map with the layout's start squares and any preplaced tokens.
fn preview(config: &GameConfig) -> impl IntoView {
    crate::board::map::map_svg(&config.map, &config.map.starts(config.layout), config.preplaced.as_ref())
}
