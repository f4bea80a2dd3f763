//! Station Override (1 crystal, or free for a helm die a gravity arrow kept,
//! D44): the button on a station's frame and the picker of the face to set.

use duel_core::{Face, Pip, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use crate::store::{use_store, Act, Store};
use crate::ui::die::{die_svg, Show};
use crate::ui::names::station_key;

/// Station Override (1 crystal): shown when the ship holds a crystal, or
/// (free) when a gravity arrow kept a helm die (D44).
#[component]
pub(super) fn OverrideButton(seat: SeatId, ship: ShipId, station: Station) -> impl IntoView {
    let store = use_store();
    let _ = seat;
    let crystals = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| g.crystals_held(ship))));
    let kept = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref().and_then(|g| g.ship(ship)).map_or(0, |s| {
                if station == Station::Helm {
                    s.gravity_kept.len()
                } else {
                    0
                }
            })
        })
    });
    let open = store.ui.override_face;
    move || {
        (crystals.get() > 0 || kept.get() > 0).then(|| {
            let label = move || match (open.get().is_some(), kept.get()) {
                (true, _) => "Override: pick a spot".to_string(),
                (false, 0) => "Override ◆1".to_string(),
                (false, n) => format!("Place kept die ({n}) · free"),
            };
            view! {
                <button class="btn btn--small btn--crystal" data-testid=format!("{}-override", station_key(station))
                    on:click=move |_| { store.ui.override_face.set(None); store.ui.picked.set(Vec::new()); toggle_picker(store, station); }>
                    {label}
                </button>
            }
        })
    }
}

/// Opens or closes `station`'s override face picker.
fn toggle_picker(store: Store, station: Station) {
    store.ui.picker.update(|x| *x = if *x == Some(station) { None } else { Some(station) });
}

/// The faces a die of `station` can be overridden to (no expansion symbols), each once.
fn override_faces(station: Station) -> Vec<Face> {
    let mut out: Vec<Face> = Vec::new();
    for pip in 1..=6 {
        if let Some(face) = station.face(Pip::new(pip)) {
            if !face.is_special() && !out.contains(&face) {
                out.push(face);
            }
        }
    }
    out
}

#[component]
pub(super) fn OverridePicker(seat: SeatId, station: Station) -> impl IntoView {
    let store = use_store();
    let open = store.ui.picker;
    move || {
        (open.get() == Some(station)).then(|| {
            let faces = override_faces(station);
            view! {
                <div class="bar bar--override" data-testid="override-picker">
                    <span>"Set a die to:"</span>
                    {faces.into_iter().map(|face| view! {
                        <button class="override-face" title=face.name() on:click=move |_| {
                            open.set(None);
                            store.ui.override_face.set(Some(face));
                            if let Some(spot) = Spot::for_face(face) {
                                store.act(Act::Place { seat, station, spot });
                            }
                        }>{die_svg(Some(station), Show::Face(face))}</button>
                    }).collect_view()}
                </div>
            }
        })
    }
}
