//! Weapons: two front and two rear tubes; a torpedo needs a Nose, a Body and
//! a Tail die in one tube. Blasts are only rolled in the damage roll (R14).

use duel_core::station::{TorpedoPart, TUBES};
use duel_core::{SeatId, ShipId, Spot, Station, TubeSide};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::store::use_store;

#[component]
pub fn Weapons(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let loaded = Memo::new(move |_| {
        s.with(|s| {
            s.as_ref().map_or((0, 0), |s| {
                (s.loaded_tubes(TubeSide::Front).len(), s.loaded_tubes(TubeSide::Rear).len())
            })
        })
    });
    let side = move |side: TubeSide, title: &'static str| {
        let tubes = TUBES.into_iter().filter(move |t| t.side == side);
        view! {
            <div class="tubes">
                <h3>{title}</h3>
                {tubes.map(|tube| {
                    let tag = format!("{}{}", if tube.side == TubeSide::Front { "f" } else { "r" }, tube.index);
                    let is_loaded = Memo::new(move |_| s.with(|s| s.as_ref().is_some_and(|s| s.tube_loaded(tube))));
                    view! {
                        <div class="tube" class:is-loaded=move || is_loaded.get() data-testid=format!("weapons-tube-{tag}")>
                            {[TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail].into_iter().map(|part| view! {
                                <SpotView seat s spot=Spot::Torpedo(tube, part) label=format!("{part:?}")
                                    testid=format!("weapons-{tag}-{}", format!("{part:?}").to_lowercase()) class="spot--part" />
                            }).collect_view()}
                        </div>
                    }
                }).collect_view()}
            </div>
        }
    };
    view! {
        <StationFrame seat ship station=Station::Weapons>
            {side(TubeSide::Front, "Front tubes")}
            {side(TubeSide::Rear, "Rear tubes")}
            <p class="hint" data-testid="weapons-status">
                {move || { let (f, r) = loaded.get(); format!("Loaded: {f} front, {r} rear") }}
            </p>
        </StationFrame>
    }
}
