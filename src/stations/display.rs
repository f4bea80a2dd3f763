//! A ship's displays at a glance, read-only: what the rulebook lets the
//! other crew see across the table ("a ship's Station Displays must be
//! visible to their opponents"). Compact beside the board, large on the
//! shared board view.

use duel_core::class::MISSILE_TUBE;
use duel_core::geometry::SECTORS;
use duel_core::ship::{EnergyAt, MineToken, Ship};
use duel_core::station::{TorpedoPart, HELM_SLOTS, TUBES};
use duel_core::{Face, ShipClass, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::ship_memo;
use crate::store::use_store;
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
        <span class="pips" role="img" aria-label=format!("{hits} of 4 damage")>
            {(0..4u8).map(|i| view! { <span class="pip" class:is-hit=i < hits></span> }).collect_view()}
        </span>
    }
}

/// A Fighter's Health dial (R22): lit pips left, out of the most it had.
pub fn health_pips(health: u8, most: u8) -> impl IntoView {
    view! {
        <span class="pips pips--health" role="img" aria-label=format!("Health {health} of {most}")>
            {(0..most).map(|i| view! { <span class="pip" class:is-health=i < health></span> }).collect_view()}
        </span>
    }
}

/// The damage pips of a Capital ship or the Health dial of a Fighter.
pub fn condition(s: &Ship, most_health: u8) -> AnyView {
    match s.health() {
        Some(h) => health_pips(h, most_health.max(h)).into_any(),
        None => damage_pips(s.hits).into_any(),
    }
}

/// A Fighter's cockpit at a glance: helm slots, missile bay, lock and jammers.
fn fighter_body(s: &Ship) -> AnyView {
    let face_at = |spot: Spot| s.dice_at(spot).next().map(|(_, f)| f);
    let helm =
        s.class.helm_slots().iter().map(|sl| slot(Station::Helm, face_at(Spot::Helm(*sl)))).collect_view();
    let tube = MISSILE_TUBE;
    let centre = match face_at(Spot::PulseBomb) {
        Some(f) => slot(Station::Tractor, Some(f)).into_any(),
        None => slot(Station::Weapons, face_at(Spot::Torpedo(tube, TorpedoPart::Body))).into_any(),
    };
    let bay = if s.bomb_bay().is_some() {
        "bomb"
    } else if s.tube_loaded(tube) {
        "missile"
    } else {
        ""
    };
    view! {
        <div class="disp__row disp__row--helm"><span class="disp__k">"Helm"</span>{helm}</div>
        <div class="disp__row disp__row--weapons">
            <span class="disp__k">"Bay"</span>
            <span class="mini-tube" class:is-loaded=!bay.is_empty()>
                {slot(Station::Weapons, face_at(Spot::Torpedo(tube, TorpedoPart::Nose)))}
                {centre}
                {slot(Station::Weapons, face_at(Spot::Torpedo(tube, TorpedoPart::Tail)))}
            </span>
            <span class="disp__v">{bay}</span>
        </div>
        <div class="disp__row disp__row--sensors">
            <span class="disp__k">"Sensors"</span>
            <span class="disp__v">"Lock " <b>{s.lock()}</b></span>
            <span class="disp__v">"Jam " <b>{s.jammers()}</b></span>
        </div>
    }
    .into_any()
}

fn body(s: &Ship) -> AnyView {
    if s.class == ShipClass::Fighter {
        return fighter_body(s);
    }
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
    .into_any()
}

/// The ship's equipment cards with their dice and crystals: the other crew sees them too.
fn cards_row(game: &duel_core::Game, ship: ShipId) -> Option<AnyView> {
    let s = game.ship(ship)?;
    if s.cards.is_empty() {
        return None;
    }
    let cards = s.cards.iter().map(|card| {
        let dice = s.card_dice(*card);
        let crystals = game.crystals_on_card(ship, *card);
        let charged = game.card_active(ship, *card);
        view! {
            // Tap the name for what the card does: the other crew's cards are read, not guessed (issue 33).
            <details class="disp__card" class:is-active=charged data-testid=format!("display-{}-card-{}", ship.0, crate::ui::names::card_key(*card))>
                <summary>
                    {card.name()}" "
                    {dice.into_iter().map(|(station, _, _, face)| mini(Some(station), Show::Face(face))).collect_view()}
                    {(crystals > 0).then(|| format!(" ◆{crystals}"))}
                </summary>
                <p class="disp__card-text">{card.spec().text}</p>
            </details>
        }
    });
    Some(view! { <div class="disp__row disp__row--cards"><span class="disp__k">"Cards"</span>{cards.collect_view()}</div> }.into_any())
}

/// The displays of `ship` at a glance.
#[component]
pub fn ShipDisplay(ship: ShipId, #[prop(optional)] large: bool) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let meta = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref().map(|g| {
                let most = g.ruleset().fighter_health();
                (ship_name(g.layout(), ship), ship_class(g.layout(), ship), g.crystals_held(ship), most)
            })
        })
    });
    view! {
        <section class="disp" class:disp--large=large data-testid=format!("display-{}", ship.0)>
            {move || meta.get().map(|(name, class, crystals, most)| view! {
                <header class=format!("disp__head ship-badge--{class}")>
                    <b>{name}</b>
                    {move || s.with(|s| s.as_ref().map(|s| condition(s, most)))}
                    <span class="crystals" title="crystals">"◆ "{crystals}</span>
                </header>
            })}
            {move || s.with(|s| s.as_ref().map(body))}
            {move || store.game.with(|g| g.as_ref().and_then(|g| cards_row(g, ship)))}
        </section>
    }
}
