//! The Captain's bridge (R21): no dice, only orders. The Captain sees the
//! whole ship's displays and the enemy's, and calls Fire and Tractor from the
//! command bar; away, Weapons and Tractor call them instead.

use duel_core::{SeatId, ShipId};
use leptos::prelude::*;

use super::display::ShipDisplay;
use crate::store::use_store;

#[component]
pub fn Captain(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let _ = seat;
    let enemies = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .and_then(|g| {
                    g.ship(ship).map(|me| g.enemies_of(me.team).map(|(id, _)| id).collect::<Vec<_>>())
                })
                .unwrap_or_default()
        })
    });
    view! {
        <section class="station station--captain" data-testid="station-captain">
            <header class="station__title"><super::ship_tag::ShipTag ship /><h2>"Captain"</h2>
                <span class="hint">"You give the orders: Fire and Tractor are yours to call."</span>
            </header>
            <ShipDisplay ship large=true />
            <For each=move || enemies.get() key=|id| *id let:id>
                <ShipDisplay ship=id />
            </For>
        </section>
    }
}
