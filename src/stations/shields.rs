//! Shields: the four sectors drawn around the ship (1 front, 2 right,
//! 3 aft, 4 left); a shield die goes only in the sector its number names.

use duel_core::geometry::SECTORS;
use duel_core::{SeatId, Sector, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::store::use_store;

#[component]
pub fn Shields(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    view! {
        <StationFrame seat ship station=Station::Shields>
            <div class="shields__ring">
                {SECTORS.into_iter().map(|sector| {
                    let n = sector.index() + 1;
                    let (name, area) = match sector {
                        Sector::Front => ("1 Front", "front"),
                        Sector::Right => ("2 Right", "right"),
                        Sector::Aft => ("3 Aft", "aft"),
                        Sector::Left => ("4 Left", "left"),
                    };
                    view! {
                        <SpotView seat s spot=Spot::Shield(sector) label=name testid=format!("shields-sector-{n}")
                            class=match area { "front" => "spot--front", "right" => "spot--right", "aft" => "spot--aft", _ => "spot--left" } />
                    }
                }).collect_view()}
                <svg class="shields__ship" viewBox="-40 -40 80 80" aria-hidden="true">
                    <path d="M0 -32 L22 26 L0 14 L-22 26 Z" />
                </svg>
            </div>
        </StationFrame>
    }
}
