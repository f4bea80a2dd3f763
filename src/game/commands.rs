//! The orders: Fire 1, Fire 2, Tractor, Warp jump, Energy Surge, for
//! whoever may call them (R21), and in Die Fighter's Carrier Strike the
//! Capital ship's Launch! while its Fighter is destroyed (R22, D21).
//! A Fighter's Pilot gets Fire 1 only (R22); Bomb! is on the cockpit. A
//! button is lit when the rules accept the order now; a dim one still
//! answers a tap with the reason it is refused.

use duel_core::intent::{LaunchCost, LaunchSide};
use duel_core::{Game, Intent, SeatId, ShipClass, ShipId, Station, Target, TubeSide};
use leptos::prelude::*;

use crate::store::seats::{acting_seat, focus_ship, nearest_enemy};
use crate::store::{use_store, Act};
use crate::ui::names::{ship_of, square};

/// Which orders this device may give, and which the rules accept now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Orders {
    fire: Option<(bool, bool)>,
    tractor: Option<bool>,
    warp: Option<bool>,
    surge: Option<bool>,
    /// Launch! paying crystals, paying a damage (lit each), when the team's Fighter is down.
    launch: Option<(bool, bool)>,
    name_side: bool,
    target: String,
    /// The focus ship is a Fighter: Fire 1 only.
    fighter: bool,
}

/// Whether `ship` is a Capital ship whose team's Fighter is destroyed in a
/// mission that relaunches (Carrier Strike): Launch! is its crew's to call.
fn fighter_down(game: &Game, ship: ShipId) -> bool {
    let Some(s) = game.ship(ship) else { return false };
    game.mission().is_some_and(|m| m.relaunches())
        && s.class == ShipClass::Capital
        && !s.destroyed
        && game.team_ships(s.team, ShipClass::Fighter).any(|(_, f)| f.destroyed)
}

#[component]
pub fn CommandBar() -> impl IntoView {
    let store = use_store();
    let orders = Memo::new(move |_| {
        let seats: Vec<SeatId> = store.my_seats();
        let tab = store.ui.tab.get();
        let picked_target = store.ui.target.get();
        let side = store.ui.fire_side.get();
        store.game.with(|g| {
            let g = g.as_ref()?;
            let ship = focus_ship(g, &seats, tab)?;
            let ours: Vec<SeatId> = seats.iter().copied().filter(|s| g.seat_ship(*s) == Some(ship)).collect();
            let captain = ours.iter().any(|s| g.seat(*s).is_some_and(|x| x.captain));
            let holds = |st: Station| ours.iter().any(|s| g.holds(*s, st));
            let target = picked_target.or_else(|| nearest_enemy(g, ship).map(Target::Ship));
            let ok = |intent: Intent| {
                acting_seat(g, &seats, ship, &intent).is_some_and(|s| g.validate(s, &intent).is_ok())
            };
            let name_side = g.ruleset().house.weapons_name_side;
            let side = name_side.then_some(side);
            // R21; under the McGuire toggle only Weapons calls Fire (R39).
            let calls_fire =
                if name_side { holds(Station::Weapons) } else { captain || holds(Station::Weapons) };
            let class = g.ship(ship)?.class;
            let fire = calls_fire.then(|| {
                let two = !class.fires_one_forward() && ok(Intent::Fire { count: 2, target, side });
                (ok(Intent::Fire { count: 1, target, side }), two)
            });
            let tractor_target = match target {
                Some(Target::Ship(t)) => Some(t),
                _ => nearest_enemy(g, ship),
            };
            let tractor = (class.has_tractor_beam() && (captain || holds(Station::Tractor)))
                .then(|| tractor_target.is_some_and(|t| ok(Intent::TractorShip { target: t })));
            let crystals = g.crystals_held(ship);
            let warp = (crystals > 0).then(|| ok(Intent::WarpJump));
            let surge = (crystals >= 2).then(|| ok(Intent::EnergySurge));
            let launch = fighter_down(g, ship).then(|| {
                let side = store.ui.launch_side.get();
                (
                    ok(Intent::Launch { side, pay: LaunchCost::Crystals }),
                    ok(Intent::Launch { side, pay: LaunchCost::Damage }),
                )
            });
            let target = match target {
                Some(Target::Ship(t)) => ship_of(g, t).to_string(),
                Some(Target::Mine(sq)) => format!("mine at {}", square(sq)),
                None => String::new(),
            };
            Some(Orders {
                fire,
                tractor,
                warp,
                surge,
                launch,
                name_side,
                target,
                fighter: class.fires_one_forward(),
            })
        })
    });
    view! {
        <section class="commands" aria-label="Orders" data-testid="commands">
            {move || orders.get().map(|o| view! {
                {o.fire.map(|(one, two)| view! {
                    <button class="cmd cmd--fire" class:is-lit=one data-testid="cmd-fire1" title="Fire 1 (F)"
                        on:click=move |_| { store.act(Act::Fire { count: 1 }); }>"Fire 1!"</button>
                    {(!o.fighter).then(|| view! {
                        <button class="cmd cmd--fire" class:is-lit=two data-testid="cmd-fire2" title="Fire 2 (Shift+F)"
                            on:click=move |_| { store.act(Act::Fire { count: 2 }); }>"Fire 2!"</button>
                    })}
                })}
                {(o.name_side && o.fire.is_some()).then(|| view! {
                    <button class="cmd cmd--side" data-testid="cmd-side"
                        on:click=move |_| store.ui.fire_side.update(|s| *s = if *s == TubeSide::Front { TubeSide::Rear } else { TubeSide::Front })>
                        {move || if store.ui.fire_side.get() == TubeSide::Front { "Side: front" } else { "Side: rear" }}
                    </button>
                })}
                {o.tractor.map(|lit| view! {
                    <button class="cmd cmd--tractor" class:is-lit=lit data-testid="cmd-tractor" title="Tractor the enemy (T)"
                        on:click=move |_| { store.act(Act::TractorShip); }>"Tractor!"</button>
                })}
                {o.warp.map(|lit| view! {
                    <button class="cmd cmd--warp" class:is-lit=lit data-testid="cmd-warp" title="Warp jump (W)"
                        on:click=move |_| { store.act(Act::Warp); }>"Warp jump! ◆1"</button>
                })}
                {o.surge.map(|lit| view! {
                    <button class="cmd cmd--surge" class:is-lit=lit data-testid="cmd-surge"
                        on:click=move |_| { store.act(Act::Surge); }>"Energy Surge ◆2"</button>
                })}
                {o.launch.map(|(crystals, damage)| view! {
                    <button class="cmd cmd--side" data-testid="cmd-launch-side"
                        title="Which way the relaunched Fighter faces, from the Capital ship's facing"
                        on:click=move |_| store.ui.launch_side.update(|s| *s = if *s == LaunchSide::Left { LaunchSide::Right } else { LaunchSide::Left })>
                        {move || if store.ui.launch_side.get() == LaunchSide::Left { "Launch facing: left" } else { "Launch facing: right" }}
                    </button>
                    <button class="cmd cmd--launch" class:is-lit=crystals data-testid="cmd-launch-crystals"
                        title="Relaunch the Fighter for three crystals"
                        on:click=move |_| { store.act(Act::Launch(LaunchCost::Crystals)); }>"Launch! ◆3"</button>
                    <button class="cmd cmd--launch" class:is-lit=damage data-testid="cmd-launch-damage"
                        title="Relaunch the Fighter for one damage to the Capital ship (not at 3 damage)"
                        on:click=move |_| { store.act(Act::Launch(LaunchCost::Damage)); }>"Launch! 1 damage"</button>
                })}
                {(!o.target.is_empty()).then(|| view! {
                    <span class="commands__target" data-testid="cmd-target">"Target: "{o.target.clone()}</span>
                })}
            })}
        </section>
    }
}
