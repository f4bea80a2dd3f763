//! Overlays for the ship this device plays: the helm's planned path with the
//! final facing (before the third die lands), and the range to each ship.

use duel_core::{ShipId, Station};
use leptos::prelude::*;

use super::centre;
use super::pieces::{angle, ship_xy};
use crate::stations::helm::preview;
use crate::store::use_store;
use crate::ui::names::{dir_name, square};
use crate::ui::tab::Tab;

/// The helm's planned path and where the ship would end, for the focus ship.
#[component]
pub fn HelmPath(focus: Signal<Option<ShipId>>) -> impl IntoView {
    let store = use_store();
    let path = Memo::new(move |_| {
        let tab = store.ui.tab.get();
        let helm_shown =
            matches!(tab, Some(Tab::Cockpit { .. })) || tab.and_then(Tab::station) == Some(Station::Helm);
        let picked = if helm_shown { store.ui.picks(Station::Helm) } else { Vec::new() };
        let ship = focus.get()?;
        store.game.with(|g| {
            let g = g.as_ref()?;
            let start = g.ship(ship)?;
            let p = preview(g, ship, &picked)?;
            let mut pts = vec![centre(start.position.square)];
            pts.extend(p.path.iter().map(|s| centre(s.square)));
            let end = *p.path.last()?;
            Some((pts, end.square, end.facing, p.complete))
        })
    });
    move || {
        path.get().map(|(pts, end, facing, complete)| {
            let d: Vec<String> = pts.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let (x, y) = centre(end);
            view! {
                <g class="helm-path" class:is-complete=complete data-testid="helm-path"
                    data-end=square(end) data-facing=dir_name(facing)>
                    <polyline points=d.join(" ") />
                    <g transform=format!("translate({x} {y}) rotate({})", angle(facing))>
                        <path class="ghost" d="M0 -30 L22 26 L0 14 L-22 26 Z" />
                    </g>
                </g>
            }
        })
    }
}

/// The range from the focus ship to each other ship (R12), tagged beside it.
#[component]
pub fn RangeTags(focus: Signal<Option<ShipId>>) -> impl IntoView {
    let store = use_store();
    let tags = Memo::new(move |_| {
        let Some(me) = focus.get() else { return Vec::new() };
        store.game.with(|g| {
            let Some(g) = g.as_ref() else { return Vec::new() };
            let Some(from) = g.ship(me) else { return Vec::new() };
            let rule = g.ruleset().range_rule();
            g.ships()
                .iter()
                .enumerate()
                .filter(|(i, s)| *i != usize::from(me.0) && !s.destroyed)
                .map(|(i, s)| {
                    let r = duel_core::geometry::range(from.position.square, s.position.square, rule);
                    (i as u8, ship_xy(s.position), r)
                })
                .collect::<Vec<_>>()
        })
    });
    move || {
        tags.get()
            .into_iter()
            .map(|(i, (x, y), r)| {
                view! {
                    <g class="range-tag" data-testid=format!("range-{i}") data-range=r transform=format!("translate({} {})", x + 18, y - 46)>
                        <rect x="0" y="-22" width="58" height="30" rx="8" />
                        <text x="29" y="1" text-anchor="middle">{format!("R{r}")}</text>
                    </g>
                }
            })
            .collect_view()
    }
}
