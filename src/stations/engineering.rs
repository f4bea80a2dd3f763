//! Engineering: the six white energy dice. Roll, pick dice to reroll, send a
//! die by its number to the station it powers (R1: 1 Weapons, 2 Sensors,
//! 3 Tractor, 4 Shields, 5 Helm; a 6 powers nothing and is rerolled).

use duel_core::ship::EnergyAt;
use duel_core::station::DICE_STATIONS;
use duel_core::{Pip, SeatId, ShipId, Station};
use leptos::prelude::*;

use super::common::{ship_memo, RollButton};
use crate::feed::energy_key;
use crate::store::{use_store, Act};
use crate::ui::die::{die_svg, Show};
use crate::ui::icons::station_icon;
use crate::ui::names::{station_key, station_short};

#[component]
pub fn Engineering(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let dice = Memo::new(move |_| {
        let energy: Vec<EnergyAt> = s.with(|s| s.as_ref().map(|s| s.energy.to_vec()).unwrap_or_default());
        store.log.with(|log| {
            energy
                .into_iter()
                .enumerate()
                .map(|(i, at)| (i as u8, at, log.rolls.get(&energy_key(ship, i as u8)).copied().unwrap_or(0)))
                .collect::<Vec<_>>()
        })
    });
    let label = Memo::new(move |_| match store.ui.picked_energy.get().len() {
        0 => "Roll".to_string(),
        n => format!("Reroll {n}"),
    });
    view! {
        <section class="station station--engineering" data-testid="station-engineering">
            <header class="station__title">
                {station_icon(Some(Station::Engineering))}
                <super::ship_tag::ShipTag ship />
                <h2>"Engineering"</h2>
                <span class="hint">"Roll, pick dice to reroll, send by number"</span>
                <super::legend::Legend station=Station::Engineering />
            </header>
            <div class="eng__pool">
                <For each=move || dice.get() key=|d| *d let:d>
                    {energy_die(d.0, d.1)}
                </For>
            </div>
            <div class="eng__map">
                {DICE_STATIONS.into_iter().map(|station| map_button(seat, ship, station)).collect_view()}
                <div class="eng__six" title="A six powers no station: reroll it">
                    {die_svg(None, Show::Pips(Pip::new(6)))}
                    <span>"6: reroll"</span>
                </div>
            </div>
            <div class="tray">
                <RollButton seat station=Station::Engineering class="btn btn--roll btn--energy" testid="engineering-roll">
                    {move || label.get()}
                </RollButton>
            </div>
        </section>
    }
}

/// One energy die where it is: pickable in the pool, a marker elsewhere.
fn energy_die(i: u8, at: EnergyAt) -> impl IntoView {
    let store = use_store();
    let (show, state, note) = match at {
        EnergyAt::Pool(Some(p)) => (Show::Pips(p), "rolled", String::new()),
        EnergyAt::Pool(None) => (Show::Blank, "unrolled", String::new()),
        EnergyAt::Station(st) => {
            (Show::Pips(Pip::new(st.energy_number().unwrap_or(1))), "station", station_short(st).to_string())
        }
        EnergyAt::DamageTrack => (Show::Blank, "lost", "damage".to_string()),
    };
    let pip = match show {
        Show::Pips(p) if state == "rolled" => p.value().to_string(),
        _ => String::new(),
    };
    let in_pool = matches!(at, EnergyAt::Pool(_));
    view! {
        <button class=format!("energy-die energy-die--{state}") class:anim-roll=state == "rolled"
            class:is-picked=move || store.ui.picked_energy.get().contains(&i)
            data-testid=format!("energy-die-{i}") data-state=state data-pip=pip disabled=!in_pool
            on:click=move |_| { if in_pool { toggle(store.ui.picked_energy, i) } }>
            {die_svg(None, show)}
            <span class="energy-die__note">{note}</span>
        </button>
    }
}

/// "n → Station": sends a pool die showing `n`; shows how many are ready and how many the station holds.
fn map_button(seat: SeatId, ship: ShipId, station: Station) -> impl IntoView {
    let store = use_store();
    let n = station.energy_number().unwrap_or(0);
    let s = ship_memo(store, ship);
    let counts = Memo::new(move |_| {
        s.with(|s| {
            s.as_ref().map_or((0, 0), |s| {
                let ready = s.pool().filter(|(_, p)| p.is_some_and(|p| p.value() == n)).count();
                (ready, s.energy_at(station))
            })
        })
    });
    let key = station_key(station);
    view! {
        <button class=format!("eng__send btn--{key}") class:is-ready=move || { counts.get().0 > 0 }
            data-testid=format!("eng-send-{n}") on:click=move |_| { store.act(Act::SendEnergy { seat, face: n }); }>
            {die_svg(None, Show::Pips(Pip::new(n)))}
            <span class="eng__send-name">{station_icon(Some(station))}{station_short(station)}</span>
            <span class="eng__send-count">
                {move || send_words(counts.get().0, counts.get().1)}
            </span>
        </button>
    }
}

/// A send button's counts in words: "2 ready to send · 1 there now".
fn send_words(ready: usize, there: usize) -> String {
    format!("{ready} ready to send · {there} there now")
}

/// Adds `i` to the picked dice, or takes it out.
pub fn toggle(picked: RwSignal<Vec<u8>>, i: u8) {
    picked.update(|p| match p.iter().position(|x| *x == i) {
        Some(k) => {
            p.remove(k);
        }
        None => p.push(i),
    });
}
