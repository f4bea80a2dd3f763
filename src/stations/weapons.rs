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
    // Every die placed, none to roll, and no tube full: say how to go on (a
    // newcomer who spread Noses over four tubes had nothing to tap, issue 33).
    let stuck = Memo::new(move |_| {
        s.with(|s| {
            s.as_ref().is_some_and(|s| {
                let dice = s.station_dice(Station::Weapons);
                !dice.is_empty()
                    && dice.iter().all(|d| d.placed().is_some())
                    && TUBES.iter().all(|t| !s.tube_loaded(*t))
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
            {move || stuck.get().then(|| view! {
                <p class="hint hint--stuck" role="status" data-testid="weapons-stuck">
                    "No die left to roll and no tube full: tap a placed die, take it off the display, then roll it again. \
                     A torpedo needs a Nose, a Body and a Tail in one tube."
                </p>
            })}
            // Whoever calls Fire sees whether it would hit (a first practice at Weapons alone, issue 33).
            <p class="hint">"If you fire now (Sensors' lock must reach the range plus the enemy's jammers):"</p>
            <super::sensors::HitTests ship testid="weapons-hit-tests" />
        </StationFrame>
    }
}
