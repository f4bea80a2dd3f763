//! Which ship a station belongs to, named on every station's title: a tablet
//! passed round the table may hold seats on both ships, and two Helm panels
//! that look alike must not be told apart by colour alone.

use duel_core::ShipId;
use leptos::prelude::*;

use crate::store::use_store;
use crate::ui::names::{ship_class, ship_name};

#[component]
pub fn ShipTag(ship: ShipId) -> impl IntoView {
    let store = use_store();
    let named = Memo::new(move |_| {
        store.game.with(|g| g.as_ref().map(|g| (ship_name(g.layout(), ship), ship_class(g.layout(), ship))))
    });
    move || {
        named.get().map(|(name, class)| {
            view! { <span class=format!("station__ship ship-badge--{class}") data-testid="station-ship">{name}</span> }
        })
    }
}
