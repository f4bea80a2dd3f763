//! The map set-up: a quick start with the obstacles preplaced
//! symmetrically (reshuffle for another layout), or the rulebook's set-up
//! where the teams take turns placing them on the board (R5).

use duel_core::config::Preplaced;
use duel_core::{GameConfig, Square};
use duel_net::{Command, LobbyEdit};
use leptos::prelude::*;

use crate::app::store::{use_store, Store};
use crate::board::{centre, CELL, MARGIN};

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
        if config.preplaced.is_some() {
            let layout = quick_layout(&config, store.ui.map_seed.get_untracked());
            store.command(Command::Edit(LobbyEdit::Preplaced(Some(layout))));
        }
    }
}

#[component]
pub fn MapSetup() -> impl IntoView {
    let store = use_store();
    let config = Memo::new(move |_| store.room.with(|r| r.as_ref().map(|r| r.config.clone())));
    let quick = Memo::new(move |_| config.with(|c| c.as_ref().is_some_and(|c| c.preplaced.is_some())));
    let locked = Memo::new(move |_| !store.owner.get());
    let place = move |quick: bool| {
        let Some(config) = config.get_untracked() else { return };
        let layout = quick.then(|| quick_layout(&config, store.ui.map_seed.get_untracked()));
        store.command(Command::Edit(LobbyEdit::Preplaced(layout)));
    };
    view! {
        <section class="panel" data-testid="lobby-map">
            <h2>"Map"</h2>
            <div class="seg">
                <button class="btn btn--small" class:is-on=move || quick.get() data-testid="lobby-map-quick"
                    disabled=locked on:click=move |_| place(true)>"Quick start"</button>
                <button class="btn btn--small" class:is-on=move || !quick.get() data-testid="lobby-map-setup"
                    disabled=locked on:click=move |_| place(false)>"Place obstacles in turn"</button>
                {move || quick.get().then(|| view! {
                    <button class="btn btn--small btn--ghost" data-testid="lobby-map-shuffle" disabled=locked
                        on:click=move |_| { store.ui.map_seed.set(crate::platform::random::u64()); place(true); }>"Reshuffle"</button>
                })}
            </div>
            <p class="hint">{move || if quick.get() {
                "Ten obstacles (and the wormholes, if in play) are placed symmetrically: the battle starts at once."
            } else {
                "The teams take turns placing the ten asteroid and nebula tokens on the board (with a \u{201c}place for me\u{201d} button)."
            }}</p>
            {move || config.get().map(|c| preview(&c))}
        </section>
    }
}

/// A small drawing of the board with the preplaced tokens.
fn preview(config: &GameConfig) -> impl IntoView {
    let map = &config.map;
    let w = MARGIN * 2 + i32::from(map.cols) * CELL;
    let h = MARGIN * 2 + i32::from(map.rows) * CELL;
    let cells = (0..map.rows).flat_map(|r| (0..map.cols).map(move |c| Square::new(c, r))).map(|sq| {
        let (x, y) = centre(sq);
        view! { <rect class="sq" class:sq--alt=(sq.col + sq.row) % 2 == 1 x=x - CELL / 2 y=y - CELL / 2 width=CELL height=CELL /> }
    });
    let starts = map.starts(config.layout).into_iter().map(|s| {
        let (x, y) = centre(s.square);
        view! { <circle class="preview__start" cx=x cy=y r="26" /> }
    });
    let crystals = map.crystal_squares.iter().map(|sq| {
        let (x, y) = centre(*sq);
        view! { <path class="preview__crystal" d=format!("M{x} {} l14 18 l-14 18 l-14 -18 z", y - 18) /> }
    });
    let tokens = config.preplaced.iter().flat_map(|p| {
        let obstacles = p.obstacles.iter().map(|(sq, kind)| {
            let (x, y) = centre(*sq);
            let (class, letter) = match kind {
                duel_core::map::Obstacle::Asteroid => ("preview__ast", "A"),
                duel_core::map::Obstacle::Nebula => ("preview__neb", "N"),
            };
            view! { <g class=class><circle cx=x cy=y r="34" /><text x=x y=y + 12 text-anchor="middle">{letter}</text></g> }
        });
        let worms = p.wormholes.iter().flatten().map(|sq| {
            let (x, y) = centre(*sq);
            view! { <g class="preview__worm"><circle cx=x cy=y r="34" /><text x=x y=y + 12 text-anchor="middle">"W"</text></g> }
        });
        obstacles.map(IntoAny::into_any).chain(worms.map(IntoAny::into_any)).collect::<Vec<_>>()
    });
    view! {
        <svg class="preview" viewBox=format!("0 0 {w} {h}") data-testid="lobby-map-preview" aria-label="Map preview">
            {cells.collect_view()}{crystals.collect_view()}{starts.collect_view()}{tokens.collect_view()}
        </svg>
    }
}
