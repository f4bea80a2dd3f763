//! Tractor Beam: bolts make strength (it needs 2 × range, at least 1 in the
//! ship's own square: R16), Mine A / Mine B arm the mine tokens (R17), and
//! the crystals in reach can be pulled aboard without a freeze.

use duel_core::event::CrystalAt;
use duel_core::geometry::tractor_needed;
use duel_core::ship::MineToken;
use duel_core::{Intent, MineId, SeatId, ShipId, Spot, Station};
use leptos::prelude::*;

use super::common::{ship_memo, SpotView, StationFrame};
use crate::store::{use_store, Act};
use crate::ui::names::square;

/// A crystal on the map and what reaching it takes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Reach {
    crystal: u8,
    at: String,
    needed: u8,
    ok: bool,
}

#[component]
pub fn Tractor(seat: SeatId, ship: ShipId) -> impl IntoView {
    let store = use_store();
    let s = ship_memo(store, ship);
    let strength = Memo::new(move |_| s.with(|s| s.as_ref().map_or(0, |s| s.tractor_strength())));
    let reach = Memo::new(move |_| {
        store.game.with(|g| {
            let Some(g) = g.as_ref() else { return Vec::new() };
            let Some(me) = g.ship(ship) else { return Vec::new() };
            let rule = g.ruleset().range_rule();
            g.crystals()
                .iter()
                .enumerate()
                .filter_map(|(i, c)| match c {
                    CrystalAt::OnMap(sq) => {
                        let needed = tractor_needed(me.position.square, *sq, rule);
                        Some(Reach {
                            crystal: i as u8,
                            at: square(*sq),
                            needed,
                            ok: needed <= me.tractor_strength(),
                        })
                    }
                    _ => None,
                })
                .collect()
        })
    });
    let mine = move |id: MineId| {
        let tag = if id == MineId::A { "a" } else { "b" };
        let state = Memo::new(move |_| {
            s.with(|s| {
                s.as_ref().map_or("", |s| match s.mines[if id == MineId::A { 0 } else { 1 }] {
                    MineToken::Held if s.mine_armed(id) => "armed",
                    MineToken::Held => "held",
                    MineToken::OnMap(_) => "on the map",
                    MineToken::Spent => "spent",
                    MineToken::NotCarried => "none",
                })
            })
        });
        view! {
            <div class="mine">
                <SpotView seat s spot=Spot::Mine(id) label=format!("Mine {tag}").to_uppercase() testid=format!("tractor-mine-{tag}") class="spot--slot" />
                <span class="mine__state" data-testid=format!("tractor-mine-{tag}-state")>{move || state.get()}</span>
                <button class="btn btn--small btn--tractor" data-testid=format!("tractor-release-{tag}")
                    on:click=move |_| { store.act(Act::Send { seat, intent: Intent::ReleaseMine { mine: id } }); }>
                    "Release"
                </button>
            </div>
        }
    };
    // McGuire (R16, R39): the beam may drag a mine token one square.
    let movable = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .filter(|g| g.ruleset().house.tractor_moves_mines)
                .map(|g| g.mines().iter().map(|m| (m.square, g.map().cols, g.map().rows)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let mine_moves = move || {
        movable
            .get()
            .into_iter()
            .map(|(at, cols, rows)| {
                // Drawn arrows, not the emoji arrows (a device without an emoji font drew boxes).
                let arrows: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
                let buttons = arrows
                    .into_iter()
                    .filter_map(|(dx, dy)| {
                        let to = at.offset(dx, dy, cols, rows)?;
                        Some(view! {
                            <button class="btn btn--small btn--tractor" title=format!("to {}", square(to)) aria-label=format!("Move the mine to {}", square(to))
                                on:click=move |_| { store.act(Act::Send { seat, intent: Intent::TractorMine { at, to } }); }>{crate::ui::icons::arrow_icon(dx, dy)}</button>
                        })
                    })
                    .collect_view();
                view! { <li class="mine-move"><span>{format!("Drag the mine at {}:", square(at))}</span>{buttons}</li> }
            })
            .collect_view()
    };
    view! {
        <StationFrame seat ship station=Station::Tractor>
            <div class="tractor__row">
                <SpotView seat s spot=Spot::Bolts label="Beam strength" testid="tractor-bolts" class="spot--area" />
                <p class="tractor__strength">"Strength " <b data-testid="tractor-strength">{move || strength.get()}</b></p>
            </div>
            <div class="tractor__mines">{mine(MineId::A)}{mine(MineId::B)}</div>
            <ul class="tractor__crystals">
                <For each=move || reach.get() key=|r| r.clone() let:r>
                    <li class:is-reachable=r.ok>
                        <button class="btn btn--small btn--crystal" data-testid=format!("tractor-crystal-{}", r.crystal + 1)
                            on:click=move |_| { store.act(Act::Send { seat, intent: Intent::TractorCrystal { crystal: r.crystal } }); }>
                            {format!("Crystal at {} · needs {}", r.at, r.needed)}
                        </button>
                    </li>
                </For>
            </ul>
            <ul class="tractor__mine-moves">{mine_moves}</ul>
        </StationFrame>
    }
}
