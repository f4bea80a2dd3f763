//! One screen per station, each mirroring its physical card: the striped
//! energy section, the display's spots, the tray of rolled dice. The
//! Captain's bridge and the compact read-only displays (the enemy's, the
//! board view's) live here too.

pub mod captain;
pub mod cards;
pub mod cockpit;
pub mod common;
pub mod display;
pub mod engineering;
pub mod helm;
pub mod legend;
mod override_bar;
pub mod sensors;
pub mod shields;
pub mod ship_tag;
pub mod tractor;
pub mod weapons;

use duel_core::{SeatId, ShipId, Station};
use leptos::prelude::*;

/// The screen of `station`, acting as `seat` on `ship`.
#[component]
pub fn StationPanel(seat: SeatId, ship: ShipId, station: Station) -> impl IntoView {
    match station {
        Station::Engineering => view! { <engineering::Engineering seat ship /> }.into_any(),
        Station::Helm => view! { <helm::Helm seat ship /> }.into_any(),
        Station::Weapons => view! { <weapons::Weapons seat ship /> }.into_any(),
        Station::Sensors => view! { <sensors::Sensors seat ship /> }.into_any(),
        Station::Shields => view! { <shields::Shields seat ship /> }.into_any(),
        Station::Tractor => view! { <tractor::Tractor seat ship /> }.into_any(),
    }
}
