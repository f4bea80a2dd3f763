//! The game screen: header, tabs, the shown station beside the board and
//! the enemy's displays, the orders, and the freeze overlay on top.
//! CSS lays it out side by side in landscape and stacked in portrait.

use duel_core::{Phase, ShipId};
use leptos::prelude::*;

use super::choices::ChoiceList;
use super::commands::CommandBar;
use super::draft::DraftPanel;
use super::freeze::{FreezeOverlay, FreezeResult};
use super::header::Header;
use super::reseat::SwapSeats;
use super::setup::SetupPanel;
use super::tabs::TabBar;
use super::ticker::Ticker;
use crate::board::Board;
use crate::stations::captain::Captain;
use crate::stations::cards::CardsPanel;
use crate::stations::cockpit::Cockpit;
use crate::stations::display::ShipDisplay;
use crate::stations::StationPanel;
use crate::store::seats::{focus_ship, tab_ship};
use crate::store::{use_store, Store};
use crate::ui::tab::Tab;

#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    // The shown tab is always one of these (`Ui::tab` is derived from them).
    let list = store.tabs;
    let focus = Memo::new(move |_| {
        let seats = store.my_seats();
        let tab = store.ui.tab.get();
        store.game.with(|g| g.as_ref().and_then(|g| focus_ship(g, &seats, tab)))
    });
    let others = Memo::new(move |_| {
        let me = focus.get();
        store.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    (0..g.ships().len() as u8).map(ShipId).filter(|id| Some(*id) != me).collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let setup = Memo::new(move |_| {
        store.game.with(|g| g.as_ref().is_some_and(|g| matches!(g.phase(), Phase::Setup { .. })))
    });
    let drafting = Memo::new(move |_| {
        store.game.with(|g| g.as_ref().is_some_and(|g| matches!(g.phase(), Phase::Draft { .. })))
    });
    let board_tab = Memo::new(move |_| store.ui.tab.get() == Some(Tab::Board));
    freeze_takes_focus(store);
    // A tab's panel is built the first time it is shown, or when the device is idle after the
    // first screen (issue 49: a phone shows one station, so the first Roll waits for one panel,
    // not six), and then stays mounted and hidden when not shown: switching station is one
    // class change, not a rebuild (input → screen in a frame).
    let built_later = StoredValue::new(0_u32);
    let panel = move |tab: Tab| {
        let ship = store.game.with_untracked(|g| g.as_ref().and_then(|g| tab_ship(g, tab)));
        let built = RwSignal::new(store.ui.tab.get_untracked() == Some(tab));
        let build = move || {
            if !built.get_untracked() {
                built.set(true);
            }
        };
        Effect::new(move |_| {
            if store.ui.tab.get() == Some(tab) {
                build();
            }
        });
        // The hidden ones one at a time, a moment apart, once the first screen is up.
        let order = built_later.get_value();
        built_later.set_value(order + 1);
        build_when_idle(order, build);
        let body = move || match (tab, ship) {
            (Tab::Station { seat, station }, Some(ship)) => {
                view! { <StationPanel seat ship station /> }.into_any()
            }
            (Tab::Captain { seat }, Some(ship)) => view! { <Captain seat ship /> }.into_any(),
            (Tab::Cockpit { seat }, Some(ship)) => view! { <Cockpit seat ship /> }.into_any(),
            // The large board is drawn only while shown (the side board is always there).
            _ => (move || (store.ui.tab.get() == Some(Tab::Board)).then(|| view! { <BoardLarge /> }))
                .into_any(),
        };
        view! {
            <div class="panel-slot" class:is-hidden=move || store.ui.tab.get() != Some(tab)>
                {move || built.get().then(body)}
            </div>
        }
    };
    // The Seats card: who plays each seat, and every crew change (issue 30).
    let seats = RwSignal::new(false);
    view! {
        <div class="game" class:game--board=move || board_tab.get() data-testid="game">
            <Header seats />
            <TabBar list />
            <main class="game__main">
                <h1 class="sr-only">"Dice Duel: the battle"</h1>
                // Focusable: a keyboard scrolls it (the board tab has no control inside).
                <div class="game__station" tabindex="0" role="region" aria-label="Station">
                    <FreezeResult />
                    {move || drafting.get().then(|| view! { <DraftPanel /> })}
                    {move || setup.get().then(|| view! { <SetupPanel /> })}
                    <ChoiceList in_freeze=false />
                    <SwapSeats seats />
                    <For each=move || list.get() key=|t| *t let:tab>
                        {panel(tab)}
                    </For>
                    <CardsPanel />
                </div>
                <aside class="game__side">
                    <Board focus=focus interactive=true />
                    <Ticker />
                    <div class="game__others">
                        <For each=move || others.get() key=|id| *id let:id>
                            <ShipDisplay ship=id />
                        </For>
                    </div>
                </aside>
            </main>
            <CommandBar />
            <FreezeOverlay />
        </div>
    }
}

/// The board tab: the board large with every ship's displays, no controls.
#[component]
pub fn BoardLarge() -> impl IntoView {
    let store = use_store();
    let ships = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| g.ships().len() as u8)));
    let focus = Memo::new(move |_| {
        let seats = store.my_seats();
        store.game.with(|g| g.as_ref().and_then(|g| focus_ship(g, &seats, None)))
    });
    view! {
        <section class="board-large" data-testid="board-view">
            <Board focus=focus interactive=true />
            <div class="board-large__displays">
                <For each=move || ship_ids(ships.get()) key=|id| *id let:id>
                    <ShipDisplay ship=id large=true />
                </For>
            </div>
        </section>
    }
}

/// When the first screen has had time to show: the first hidden panel is built
/// then, the next ones each this much later.
const IDLE_FIRST_MS: u64 = 1_500;
const IDLE_EACH_MS: u64 = 250;

/// Calls `build` once the device has had time to show the first screen (the
/// `order`th hidden panel, a moment after the one before); never after the
/// game screen is gone.
fn build_when_idle(order: u32, build: impl Fn() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        let ms = IDLE_FIRST_MS + IDLE_EACH_MS * u64::from(order);
        if let Ok(handle) = set_timeout_with_handle(build, std::time::Duration::from_millis(ms)) {
            on_cleanup(move || handle.clear());
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (order, build, IDLE_FIRST_MS, IDLE_EACH_MS);
}

/// Every ship id of a game with `n` ships.
fn ship_ids(n: u8) -> Vec<ShipId> {
    (0..n).map(ShipId).collect()
}

/// A freeze moves the keyboard focus to its overlay, and when time runs
/// again gives it back to the control that had it (issue 16: a screen reader
/// hears the freeze at once; a keyboard player goes on where they were).
/// Focus the player moved elsewhere meanwhile is left where it is.
fn freeze_takes_focus(store: Store) {
    use wasm_bindgen::JsCast;
    let frozen = Memo::new(move |_| store.game.with(|g| g.as_ref().is_some_and(|g| g.freeze().is_some())));
    let before = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |was: Option<bool>| {
        let now = frozen.get();
        if was == Some(now) || (was.is_none() && !now) {
            return now;
        }
        // After the overlay is drawn (or gone).
        request_animation_frame(move || {
            let doc = document();
            let active = doc.active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if now {
                let Ok(Some(overlay)) = doc.query_selector("[data-testid=\"freeze-overlay\"]") else {
                    return;
                };
                let Ok(overlay) = overlay.dyn_into::<web_sys::HtmlElement>() else { return };
                if active.as_ref().is_some_and(|a| overlay.contains(Some(a))) {
                    return;
                }
                before.set_value(active);
                let _ = overlay.set_attribute("tabindex", "-1");
                let _ = overlay.focus();
            } else {
                let lost = active.as_ref().is_none_or(|a| doc.body().is_some_and(|b| b == *a));
                if let Some(el) = before.try_update_value(Option::take).flatten() {
                    if lost && el.is_connected() {
                        let _ = el.focus();
                    }
                }
            }
        });
        now
    });
}
