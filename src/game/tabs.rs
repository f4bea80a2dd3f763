//! The tab bar: one tap shows any station this device holds (several seats
//! on one tablet, passed round the table), a Captain's bridge, or the board.

use leptos::prelude::*;

use super::seats::tab_ship;
use crate::app::store::use_store;
use crate::ui::icons::{board_icon, fighter_icon, station_icon};
use crate::ui::names::{ship_class, station_key, station_short};
use crate::ui::state::Tab;

/// The test id of a tab: `tab-<ship>-<station>`, `tab-<ship>-captain`, `tab-board`.
pub fn tab_testid(ship: Option<u8>, tab: Tab) -> String {
    match (tab, ship) {
        (Tab::Station { station, .. }, Some(s)) => format!("tab-{s}-{}", station_key(station)),
        (Tab::Captain { .. }, Some(s)) => format!("tab-{s}-captain"),
        (Tab::Cockpit { .. }, Some(s)) => format!("tab-{s}-cockpit"),
        _ => "tab-board".to_string(),
    }
}

#[component]
pub fn TabBar(list: Memo<Vec<Tab>>) -> impl IntoView {
    let store = use_store();
    let items = Memo::new(move |_| {
        let list = list.get();
        store.game.with(|g| {
            let Some(g) = g.as_ref() else { return Vec::new() };
            let ships: Vec<_> = list.iter().filter_map(|t| tab_ship(g, *t)).collect();
            let many = ships.windows(2).any(|w| w[0] != w[1]);
            list.iter()
                .enumerate()
                .map(|(i, t)| {
                    let ship = tab_ship(g, *t);
                    let class = ship.filter(|_| many).map(|s| ship_class(g.layout(), s));
                    (i, *t, ship.map(|s| s.0), class)
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <nav class="tabs" data-testid="tabs">
            <For each=move || items.get() key=|x| *x let:x>
                {
                    let (i, tab, ship, class) = x;
                    let (icon, label, key) = match tab {
                        Tab::Station { station, .. } => (station_icon(Some(station)).into_any(), station_short(station), station_key(station)),
                        Tab::Captain { .. } => (station_icon(None).into_any(), "Captain", "captain"),
                        Tab::Cockpit { .. } => (fighter_icon().into_any(), "Cockpit", "cockpit"),
                        Tab::Board => (board_icon().into_any(), "Board", "board"),
                    };
                    view! {
                        <button class=format!("tab tab--{key}") class:is-active=move || store.ui.tab.get() == Some(tab)
                            data-testid=tab_testid(ship, tab) title=format!("{label} (key {})", i + 1)
                            on:click=move |_| store.ui.show(tab)>
                            {icon}
                            <span class="tab__label">{label}</span>
                            {class.map(|c| view! { <span class=format!("tab__ship ship-badge--{c}")></span> })}
                        </button>
                    }
                }
            </For>
        </nav>
    }
}
