//! Sensors: Weapon Lock and Jammer areas with their totals, and the hit
//! test against each enemy as it stands now (`Game::fire_preview`):
//! a torpedo hits when lock ≥ range + the target's jammers (R14).

use duel_core::{SeatId, ShipId, Spot, Station, Target, TubeSide};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::store::use_store;
use crate::ui::names::ship_of;

/// One enemy's hit test, as text and a verdict.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Test {
    name: &'static str,
    text: String,
    hit: bool,
}

#[component]
pub fn Sensors(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    view! {
        <StationFrame seat ship station=Station::Sensors>
            <div class="sensors__areas">
                <SpotView seat s spot=Spot::Lock label="Weapon lock" testid="sensors-lock" class="spot--area" />
                <SpotView seat s spot=Spot::Jammer label="Jammers" testid="sensors-jammer" class="spot--area" />
            </div>
            <Totals ship />
            <HitTests ship />
        </StationFrame>
    }
}

/// The lock and jammer totals of `ship`'s Sensors display.
#[component]
pub fn Totals(ship: ShipId) -> impl IntoView {
    let s = ship_memo(use_store(), ship);
    let totals = Memo::new(move |_| s.with(|s| s.as_ref().map_or((0, 0), |s| (s.lock(), s.jammers()))));
    view! {
        <p class="sensors__totals" data-testid="sensors-totals">
            "Lock " <b data-testid="sensors-lock-total">{move || totals.get().0}</b>
            " · Jammers " <b data-testid="sensors-jammer-total">{move || totals.get().1}</b>
        </p>
    }
}

/// The hit test against each enemy as it stands now (`Game::fire_preview`);
/// Weapons shows it too, as `weapons-hit-tests`, so whoever calls Fire sees it.
#[component]
pub fn HitTests(ship: ShipId, #[prop(default = "hit-tests")] testid: &'static str) -> impl IntoView {
    let store = use_store();
    let tests = Memo::new(move |_| {
        store.game.with(|g| {
            let Some(g) = g.as_ref() else { return Vec::new() };
            let Some(me) = g.ship(ship) else { return Vec::new() };
            let forward_only = me.class.fires_one_forward();
            g.enemies_of(me.team)
                .filter_map(|(id, _)| {
                    let p = g.fire_preview(ship, Target::Ship(id))?;
                    let arc = match p.arc {
                        Some(TubeSide::Front) => format!("in your front arc ({} loaded)", p.loaded_on_arc),
                        Some(TubeSide::Rear) if forward_only => {
                            "behind you (a Fighter fires forward only)".to_string()
                        }
                        Some(TubeSide::Rear) => format!("in your rear arc ({} loaded)", p.loaded_on_arc),
                        None => "in neither arc".to_string(),
                    };
                    let need = p.test().lock_needed();
                    let mut text = format!(
                        "{arc}: lock {} vs range {} + jammers {} (needs {need})",
                        p.lock, p.range, p.jammers
                    );
                    if let Some(rift) = p.rift {
                        // D43: say why a shot cannot be declared at all.
                        text.push_str(&format!(
                            " · the rift at {} blocks the shot",
                            crate::ui::names::square(rift)
                        ));
                    }
                    Some(Test { name: ship_of(g, id), text, hit: p.would_hit })
                })
                .collect()
        })
    });
    view! {
        <ul class="hit-tests" data-testid=testid>
            <For each=move || tests.get() key=|t| t.clone() let:t>
                <li class:is-hit=t.hit>
                    <b>{t.name}</b>" "{t.text.clone()}" → "
                    <strong>{if t.hit { "HIT" } else { "miss" }}</strong>
                </li>
            </For>
        </ul>
    }
}
