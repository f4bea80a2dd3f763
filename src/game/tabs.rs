//! The tab bar: one tap shows any station this device holds (several seats
//! on one tablet, passed round the table), a Captain's bridge, or the board.

use leptos::prelude::*;

use crate::store::seats::tab_ship;
use crate::store::use_store;
use crate::ui::icons::{board_icon, fighter_icon, station_icon};
use crate::ui::names::{ship_class, ship_name, station_key, station_short};
use crate::ui::tab::Tab;

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
                    let whose = ship.filter(|_| many).map(|s| ship_name(g.layout(), s));
                    // The first tab of each ship follows the ship's name.
                    let first = whose.is_some() && (i == 0 || tab_ship(g, list[i - 1]) != ship);
                    (i, *t, ship.map(|s| s.0), class, whose, first)
                })
                .collect::<Vec<_>>()
        })
    });
    let bar = NodeRef::<leptos::html::Nav>::new();
    keep_active_in_view(bar, move || store.ui.tab.get());
    view! {
        <nav class="tabs" node_ref=bar aria-label="Stations and board" data-testid="tabs">
            <For each=move || items.get() key=|x| *x let:x>
                {
                    let (i, tab, ship, class, whose, first) = x;
                    let (icon, label, key) = match tab {
                        Tab::Station { station, .. } => (station_icon(Some(station)).into_any(), station_short(station), station_key(station)),
                        Tab::Captain { .. } => (station_icon(None).into_any(), "Captain", "captain"),
                        Tab::Cockpit { .. } => (fighter_icon().into_any(), "Cockpit", "cockpit"),
                        Tab::Board => (board_icon().into_any(), "Board", "board"),
                    };
                    // The full name is the tab's accessible name (on a phone in portrait only a
                    // screen reader reads it); phones show the abbreviation.
                    let heading = first.then(|| {
                        let c = class.unwrap_or("white");
                        let testid = format!("tabs-ship-{}", ship.unwrap_or(0));
                        view! { <span class=format!("tabs__ship ship-badge--{c}") data-testid=testid aria-hidden="true">{whose}</span> }
                    });
                    view! {
                        {heading}
                        <button class=format!("tab tab--{key}") class:is-active=move || store.ui.tab.get() == Some(tab)
                            aria-current=move || (store.ui.tab.get() == Some(tab)).then_some("true")
                            data-testid=tab_testid(ship, tab) title=format!("{label} (key {})", i + 1)
                            on:click=move |_| store.ui.show(tab)>
                            {icon}
                            {whose.map(|w| view! { <span class="sr-only">{w}" "</span> })}
                            <span class="tab__label tab__label--full">{label}</span>
                            <span class="tab__label tab__label--short" aria-hidden="true">{abbreviation(label)}</span>
                            {class.map(|c| view! { <span class=format!("tab__ship ship-badge--{c}")></span> })}
                        </button>
                    }
                }
            </For>
        </nav>
    }
}

/// When more tabs than fit scroll sideways (several seats on a phone), the
/// shown one is scrolled into the bar's view, whichever way it was chosen.
fn keep_active_in_view(bar: NodeRef<leptos::html::Nav>, tab: impl Fn() -> Option<Tab> + 'static) {
    use wasm_bindgen::JsCast;
    Effect::new(move |_| {
        let _ = tab();
        request_animation_frame(move || {
            // The screen may be gone by the next frame (a new game or lesson replaced it).
            let Some(bar) = bar.try_get_untracked().flatten() else { return };
            let Ok(Some(active)) = bar.query_selector(".tab.is-active") else { return };
            let Ok(active) = active.dyn_into::<web_sys::HtmlElement>() else { return };
            let (left, width) = (active.offset_left(), active.offset_width());
            let (seen, room) = (bar.scroll_left(), bar.client_width());
            if left < seen {
                bar.set_scroll_left(left);
            } else if left + width > seen + room {
                bar.set_scroll_left(left + width - room);
            }
        });
    });
}

/// A tab's label where the full name does not fit (a phone in portrait): a
/// clear abbreviation; the tab's accessible name stays the full one.
fn abbreviation(label: &str) -> &str {
    match label {
        "Engineering" => "Eng",
        "Weapons" => "Weap",
        "Sensors" => "Sens",
        "Shields" => "Shld",
        "Tractor" => "Trac",
        "Captain" => "Capt",
        "Cockpit" => "Pilot",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::abbreviation;

    #[test]
    fn abbreviations_are_short_and_distinct() {
        let names = [
            "Engineering",
            "Helm",
            "Weapons",
            "Sensors",
            "Shields",
            "Tractor",
            "Captain",
            "Cockpit",
            "Board",
        ];
        let short: Vec<&str> = names.iter().map(|n| abbreviation(n)).collect();
        assert!(short.iter().all(|s| s.len() <= 5), "{short:?}");
        let mut unique = short.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), short.len(), "{short:?}");
    }
}
