//! A Pilot's cockpit (Die Fighter, R22): the whole Fighter on one card, as
//! the expansion's Fighter board has it. The Health dial; the helm's two
//! slots (the Fighter moves when both are filled); the missile bay (nose,
//! body or a bolt tractor die for a pulse bomb, tail) with the Bomb button;
//! the Sensors' lock and two jammer slots with the hit tests; and a tray per
//! kind of die. There is no energy: any die but Health may be rolled at any
//! time, and a placed die picked on the card can be rerolled where it sits.

use duel_core::class::MISSILE_TUBE;
use duel_core::station::TorpedoPart;
use duel_core::{HelmSlot, Intent, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, RemoveBar, SpotView, Tray};
use super::sensors::{HitTests, Totals};
use crate::store::{use_store, Act};
use crate::ui::icons::{fighter_icon, station_icon};
use crate::ui::names::{dir_name, ship_of, square};

/// What the missile bay holds, in words.
fn bay_text(missile: bool, bomb: bool, run: Option<&'static str>) -> String {
    match (missile, bomb, run) {
        (_, true, Some(target)) => format!("Pulse bomb over {target}: Bomb! now, before either ship moves."),
        (_, true, None) => {
            "Pulse bomb loaded: end a move in the enemy Capital ship's square, then Bomb!".into()
        }
        (true, _, _) => "Missile loaded: Fire 1! at a target in your front arc.".into(),
        _ => {
            "Empty. A missile is nose + body + tail; a pulse bomb is nose + a bolt tractor die + tail.".into()
        }
    }
}

/// The cockpit of `ship`, flown by `seat`.
#[component]
pub fn Cockpit(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let health = Memo::new(move |_| {
        let most = store.game.with(|g| g.as_ref().map_or(3, |g| g.ruleset().fighter_health()));
        s.with(|s| {
            s.as_ref().map(|s| (s.health().unwrap_or(0), most.max(s.health().unwrap_or(0)), s.destroyed))
        })
    });
    let name = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or("Fighter", |g| ship_of(g, ship))));
    let helm = Memo::new(move |_| {
        let picked = store.ui.picks(Station::Helm);
        store.game.with(|g| {
            let g = g.as_ref()?;
            let p = super::helm::preview(g, ship, &picked)?;
            let end = p.path.last()?;
            let verb = if p.complete { "Moves to" } else { "So far: to" };
            Some(format!("{verb} {}, facing {}", square(end.square), dir_name(end.facing)))
        })
    });
    let bay = Memo::new(move |_| {
        let run = store.game.with(|g| {
            let g = g.as_ref()?;
            let target = g.ship(ship)?.cockpit?.bomb_run?.target;
            Some(ship_of(g, target))
        });
        let (missile, bomb) = s.with(|s| {
            s.as_ref().map_or((false, false), |s| (s.tube_loaded(MISSILE_TUBE), s.bomb_bay().is_some()))
        });
        let lit = store.game.with(|g| g.as_ref().is_some_and(|g| g.validate(seat, &Intent::Bomb).is_ok()));
        (bay_text(missile, bomb, run), bomb, lit)
    });
    let slot = |slot: HelmSlot, tag: &'static str| {
        view! { <SpotView seat s spot=Spot::Helm(slot) label=tag testid=format!("cockpit-helm-{}", tag.to_lowercase()) class="spot--slot" /> }
    };
    let part = |spot: Spot, label: &'static str, tag: &'static str| {
        view! { <SpotView seat s spot label testid=format!("cockpit-{tag}") class="spot--part" /> }
    };
    view! {
        <section class="station station--cockpit" data-testid="station-cockpit"
            class:is-destroyed=move || health.get().is_some_and(|h| h.2)>
            <header class="station__title">
                {fighter_icon()}
                <h2>{move || format!("Cockpit · {}", name.get())}</h2>
                {move || health.get().map(|(now, most, _)| view! {
                    <span class="health" data-testid="cockpit-health" data-health=now
                        title="Health: each damage turns it down one; at 0 the Fighter is destroyed"
                        aria-label=format!("Health {now} of {most}")>
                        "Health "
                        {(0..most).map(|i| view! { <span class="health__pip" class:is-on=i < now></span> }).collect_view()}
                    </span>
                })}
            </header>
            {move || health.get().is_some_and(|h| h.2).then(|| view! {
                <p class="cockpit__down" data-testid="cockpit-destroyed">
                    "Your Fighter is destroyed. In Carrier Strike your Capital ship can relaunch it (Launch!, 3 crystals or 1 damage)."
                </p>
            })}
            <p class="hint cockpit__hint">"No energy here: roll any die at any time. Tap a placed die to take it off or reroll it."</p>
            <div class="cockpit__grid">
                <div class="cockpit__area cockpit__area--helm">
                    <h3>{station_icon(Some(Station::Helm))}"Helm"</h3>
                    <div class="helm__slots">{slot(HelmSlot::A, "A")}{slot(HelmSlot::B, "B")}</div>
                    <p class="helm__preview" data-testid="cockpit-helm-preview">
                        {move || helm.get().unwrap_or_else(|| "Place two dice: the Fighter moves when the second lands (A, then B). Asteroids do not hurt it.".into())}
                    </p>
                    <RemoveBar seat station=Station::Helm reroll=true />
                    <Tray seat ship station=Station::Helm kind="helm" />
                </div>
                <div class="cockpit__area cockpit__area--weapons">
                    <h3>{station_icon(Some(Station::Weapons))}"Missile bay"</h3>
                    <div class="tube cockpit__bay" class:is-loaded=move || bay.get().1 || s.with(|s| s.as_ref().is_some_and(|s| s.tube_loaded(MISSILE_TUBE)))
                        data-testid="cockpit-bay">
                        {part(Spot::Torpedo(MISSILE_TUBE, TorpedoPart::Nose), "Nose", "nose")}
                        <div class="cockpit__core">
                            {part(Spot::Torpedo(MISSILE_TUBE, TorpedoPart::Body), "Body", "body")}
                            {part(Spot::PulseBomb, "or bolt: bomb", "core")}
                        </div>
                        {part(Spot::Torpedo(MISSILE_TUBE, TorpedoPart::Tail), "Tail", "tail")}
                    </div>
                    <p class="hint" data-testid="cockpit-bay-status">{move || bay.get().0}</p>
                    {move || bay.get().1.then(|| {
                        let lit = bay.get().2;
                        view! {
                            <button class="cmd cmd--bomb" class:is-lit=lit data-testid="cockpit-bomb"
                                on:click=move |_| { store.act(Act::Send { seat, intent: Intent::Bomb }); }>"Bomb!"</button>
                        }
                    })}
                    <RemoveBar seat station=Station::Weapons reroll=true />
                    <RemoveBar seat station=Station::Tractor reroll=true />
                    <Tray seat ship station=Station::Weapons kind="weapons" />
                    <Tray seat ship station=Station::Tractor kind="tractor" />
                </div>
                <div class="cockpit__area cockpit__area--sensors">
                    <h3>{station_icon(Some(Station::Sensors))}"Sensors"</h3>
                    <div class="sensors__areas">
                        <SpotView seat s spot=Spot::Lock label="Weapon lock" testid="cockpit-lock" class="spot--area" />
                        <SpotView seat s spot=Spot::Jammer label="Jammers (2 slots)" testid="cockpit-jammer" class="spot--area" />
                    </div>
                    <Totals ship />
                    <HitTests ship />
                    <RemoveBar seat station=Station::Sensors reroll=true />
                    <Tray seat ship station=Station::Sensors kind="sensors" />
                </div>
            </div>
        </section>
    }
}
