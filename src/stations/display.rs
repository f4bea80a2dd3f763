//! A ship's displays at a glance, read-only: what the rulebook lets the
//! other crew see across the table ("a ship's Station Displays must be
//! visible to their opponents"). Compact beside the board, large on the
//! shared board view.

use duel_core::geometry::SECTORS;
use duel_core::ship::{EnergyAt, MineToken, Ship};
use duel_core::station::{TorpedoPart, HELM_SLOTS, TUBES};
use duel_core::{Face, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::ship_memo;
use crate::app::store::use_store;
use crate::ui::die::{die_svg, Show};
use crate::ui::names::{ship_class, ship_name};

fn mini(station: Option<Station>, show: Show) -> impl IntoView {
    view! { <span class="mini">{die_svg(station, show)}</span> }
}

fn slot(station: Station, face: Option<Face>) -> impl IntoView {
    match face {
        Some(f) => mini(Some(station), Show::Face(f)).into_any(),
        None => view! { <span class="mini mini--empty"></span> }.into_any(),
    }
}

/// Damage pips (4) and crystals: used by the header too.
pub fn damage_pips(hits: u8) -> impl IntoView {
    view! {
        <span class="pips" aria-label=format!("{hits} of 4 damage")>
            {(0..4u8).map(|i| view! { <span class="pip" class:is-hit=i < hits></span> }).collect_view()}
        </span>
    }
}

fn body(s: &Ship) -> impl IntoView {
    let energy = s
        .energy
        .iter()
        .map(|e| match e {
            EnergyAt::Pool(Some(p)) => mini(None, Show::Pips(*p)).into_any(),
            EnergyAt::Pool(None) => mini(None, Show::Blank).into_any(),
            EnergyAt::Station(_) => view! { <span class="mini mini--away"></span> }.into_any(),
            EnergyAt::DamageTrack => view! { <span class="mini mini--lost">"✕"</span> }.into_any(),
        })
        .collect_view();
    let at = |st: Station| s.energy_at(st);
    let face_at = |spot: Spot| s.dice_at(spot).next().map(|(_, f)| f);
    let helm = HELM_SLOTS.iter().map(|sl| slot(Station::Helm, face_at(Spot::Helm(*sl)))).collect_view();
    let tubes = TUBES
        .iter()
        .map(|t| {
            let parts = [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
                .map(|p| slot(Station::Weapons, face_at(Spot::Torpedo(*t, p))));
            view! { <span class="mini-tube" class:is-loaded=s.tube_loaded(*t)>{parts.into_iter().collect_view()}</span> }
        })
        .collect_view();
    let shields = SECTORS
        .iter()
        .map(|sec| view! { <span class=format!("mini-sector mini-sector--{}", sec.index() + 1)>{s.shields(*sec)}</span> })
        .collect_view();
    let mine = |i: usize| match s.mines[i] {
        MineToken::Held if s.mine_armed(if i == 0 { duel_core::MineId::A } else { duel_core::MineId::B }) => {
            "armed"
        }
        MineToken::Held => "held",
        MineToken::OnMap(_) => "out",
        MineToken::Spent => "spent",
        MineToken::NotCarried => "none",
    };
    view! {
        <div class="disp__row disp__row--energy"><span class="disp__k">"Energy"</span>{energy}</div>
        <div class="disp__row disp__row--helm"><span class="disp__k">"Helm " <i>{at(Station::Helm)}</i></span>{helm}</div>
        <div class="disp__row disp__row--weapons"><span class="disp__k">"Weapons " <i>{at(Station::Weapons)}</i></span>{tubes}</div>
        <div class="disp__row disp__row--sensors">
            <span class="disp__k">"Sensors " <i>{at(Station::Sensors)}</i></span>
            <span class="disp__v">"Lock " <b>{s.lock()}</b></span>
            <span class="disp__v">"Jam " <b>{s.jammers()}</b></span>
        </div>
        <div class="disp__row disp__row--shields"><span class="disp__k">"Shields " <i>{at(Station::Shields)}</i></span><span class="mini-sectors">{shields}</span></div>
        <div class="disp__row disp__row--tractor">
            <span class="disp__k">"Tractor " <i>{at(Station::Tractor)}</i></span>
            <span class="disp__v">"Str " <b>{s.tractor_strength()}</b></span>
            <span class="disp__v">"Mine A " {mine(0)} " · B " {mine(1)}</span>
        </div>
    }
}

/// The displays of `ship` at a glance.
#[component]
pub fn ShipDisplay(ship: ShipId, #[prop(optional)] large: bool) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let meta = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .map(|g| (ship_name(g.layout(), ship), ship_class(g.layout(), ship), g.crystals_held(ship)))
        })
    });
    view! {
        <section class="disp" class:disp--large=large data-testid=format!("display-{}", ship.0)>
            {move || meta.get().map(|(name, class, crystals)| view! {
                <header class=format!("disp__head ship-badge--{class}")>
                    <b>{name}</b>
                    {move || s.with(|s| s.as_ref().map(|s| damage_pips(s.hits)))}
                    <span class="crystals" title="crystals">"◆ "{crystals}</span>
                </header>
            })}
            {move || s.with(|s| s.as_ref().map(body))}
        </section>
    }
}
