//! The map editor (`#/maps`): size, name, a palette and the board to paint
//! on, symmetric painting, the map's problems listed live as you paint,
//! saving under its name, the saved maps, and "Play this map".
//!
//! The map being edited is the draft in browser storage (see
//! [`crate::atlas::storage`]): "Edit a copy" in the lobby writes it there, and a
//! reload keeps the work.

use duel_core::map::{MapSpec, MAX_SIDE, MIN_SIDE};
use duel_core::{Dir, Square};
use leptos::prelude::*;

use super::grid::Grid;
use super::palette::{Palette, Tool};
use crate::atlas::paint::{blank, resize, stroke};
use crate::atlas::{new_map, sentence, storage, NEW_NAME};
use crate::panels::map_share::{ImportMap, ShareMap};
use crate::route::Route;
use crate::session::SessionKind;
use crate::store::{use_store, Act, Acted, Errand};

#[component]
pub fn MapEditor() -> impl IntoView {
    let store = use_store();
    let map = RwSignal::new(storage::draft().unwrap_or_else(new_map));
    let tool = RwSignal::new(Tool::Rift);
    let dir = RwSignal::new(Dir::North);
    let symmetric = RwSignal::new(true);
    let cursor = RwSignal::new(Square::new(0, 0));
    // The draft follows every change, so nothing is lost on a reload.
    Effect::new(move |_| map.with(storage::set_draft));
    let problems =
        Memo::new(move |_| map.with(|m| m.problems().iter().map(ToString::to_string).collect::<Vec<_>>()));
    let on_paint = Callback::new(move |sq: Square| {
        let brush = tool.get_untracked().brush(dir.get_untracked());
        map.update(|m| {
            stroke(m, sq, brush, symmetric.get_untracked());
        });
    });
    let set_size = move |cols: Option<u8>, rows: Option<u8>| {
        map.update(|m| *m = resize(m, cols.unwrap_or(m.cols), rows.unwrap_or(m.rows)));
        let (cols, rows) = map.with_untracked(|m| (m.cols, m.rows));
        cursor.update(|c| *c = Square::new(c.col.min(cols - 1), c.row.min(rows - 1)));
    };
    let save = move || {
        if store.act(Act::SaveMap(Box::new(map.get_untracked()))) == Acted::Done {
            store.toasts.info(format!(
                "Saved \u{201c}{}\u{201d} in your maps.",
                map.with_untracked(|m| m.name.trim().to_string())
            ));
        }
    };
    // `prop:selected` per option: a `<select>`'s own value is set before its options exist.
    let sizes = move |side: fn(&MapSpec) -> u8| {
        (MIN_SIDE..=MAX_SIDE)
            .map(|n| view! { <option value=n.to_string() prop:selected=move || map.with(side) == n>{n.to_string()}</option> })
            .collect_view()
    };
    // Back to the running practice or room, if there is one.
    let back = Memo::new(move |_| {
        if store.kind.get() == SessionKind::None {
            return None;
        }
        Some(if store.room.with(|r| r.as_ref().is_some_and(|r| r.started)) {
            "Back to the game"
        } else {
            "Back to the lobby"
        })
    });
    let status = move || {
        let at = duel_core::error::fmt_square(cursor.get());
        format!("Square {at} · painting {}", tool.get().brush(dir.get()).name())
    };
    view! {
        <main class="maps" data-testid="map-editor">
            <header class="lobby__head">
                <h1>"Map editor"</h1>
                {move || back.get().map(|label| view! {
                    <a class="btn btn--small btn--ghost" href=Route::Play.hash() data-testid="map-back">{label}</a>
                })}
                <a class="btn btn--small btn--ghost" href=Route::Home.hash()>"Home"</a>
            </header>
            <section class="panel maps__setup">
                <label class="maps__name">
                    <span>"Name"</span>
                    <input data-testid="map-name" maxlength="40" placeholder="Name your map"
                        prop:value=move || map.with(|m| m.name.clone())
                        on:input=move |ev| map.update(|m| m.name = event_target_value(&ev)) />
                </label>
                <div class="seg maps__size">
                    <label>"Columns "
                        <select data-testid="map-cols"
                            on:change=move |ev| set_size(event_target_value(&ev).parse().ok(), None)>{sizes(|m| m.cols)}</select>
                    </label>
                    <label>"Rows "
                        <select data-testid="map-rows"
                            on:change=move |ev| set_size(None, event_target_value(&ev).parse().ok())>{sizes(|m| m.rows)}</select>
                    </label>
                    <button type="button" class="btn btn--small btn--ghost" data-testid="map-new"
                        on:click=move |_| map.update(|m| *m = blank(NEW_NAME, m.cols, m.rows))>"Start again"</button>
                </div>
            </section>
            <div class="maps__work">
                <section class="panel maps__board">
                    <Grid map cursor on_paint />
                    <p class="hint" data-testid="map-status">{status}</p>
                </section>
                <section class="panel maps__tools">
                    <h2>"Paint"</h2>
                    <Palette tool dir symmetric map />
                </section>
            </div>
            <section class="panel" aria-live="polite">
                <h2>"Check"</h2>
                {move || {
                    let list = problems.get();
                    if list.is_empty() {
                        view! { <p class="map-ok" data-testid="map-ok">"This map is ready to play."</p> }.into_any()
                    } else {
                        view! {
                            <ul class="map-problems" data-testid="map-problems">
                                {list.into_iter().map(|p| view! { <li data-testid="map-problem">{sentence(&p)}</li> }).collect_view()}
                            </ul>
                        }.into_any()
                    }
                }}
                <div class="seg">
                    <button type="button" class="btn btn--helm" data-testid="map-save" on:click=move |_| save()>"Save"</button>
                    <button type="button" class="btn btn--sensors" data-testid="map-play"
                        disabled=move || !problems.with(Vec::is_empty)
                        on:click=move |_| { store.act(Errand::PlayMap(Box::new(map.get_untracked()))); }>"Play this map"</button>
                </div>
            </section>
            <section class="panel">
                <h2>"Share and import"</h2>
                {move || problems.with(Vec::is_empty).then(|| view! { <ShareMap map=Signal::derive(move || map.get()) /> })}
                <ImportMap on_map=Callback::new(move |m: MapSpec| {
                    store.toasts.info(format!("\u{201c}{}\u{201d} is open in the editor.", m.name));
                    map.set(m);
                }) />
            </section>
            <SavedMapList saved=store.maps.list map />
        </main>
    }
}

/// The player's saved maps: open one in the editor, or delete it.
#[component]
fn SavedMapList(saved: ReadSignal<Vec<MapSpec>>, map: RwSignal<MapSpec>) -> impl IntoView {
    let store = use_store();
    view! {
        <section class="panel" data-testid="map-saved">
            <h2>"Your maps"</h2>
            {move || saved.with(Vec::is_empty).then(|| view! { <p class="hint">"No saved maps yet: Save keeps this one under its name."</p> })}
            <ul class="map-list">
                <For each=move || saved.get() key=|m| m.name.clone() let:m>
                    {
                        let name = m.name.clone();
                        let gone = name.clone();
                        view! {
                            <li class="map-list__item" data-testid="map-saved-item">
                                <span class="map-list__name">{name.clone()}</span>
                                <span class="hint">{format!("{}×{}", m.cols, m.rows)}</span>
                                <button type="button" class="btn btn--small" aria-label=format!("Edit {name}")
                                    on:click=move |_| map.set(m.clone())>"Edit"</button>
                                <button type="button" class="btn btn--small btn--ghost" aria-label=format!("Delete {gone}")
                                    data-testid="map-delete"
                                    on:click=move |_| { store.act(Act::DeleteMap(gone.clone())); }>"Delete"</button>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}
