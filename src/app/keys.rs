//! Keyboard shortcuts: R roll, 1–5 send energy (on the Engineering screen;
//! elsewhere the digits switch tabs), ] and [ cycle the tabs, F / Shift+F
//! fire 1 / 2, T tractor, W warp, B board, M mute, P (or Space) pause a
//! practice game, ? lists them all (`crate::ui::shortcuts::SHORTCUTS`, the
//! help card's list, lives below the screens). Tab is never taken: it
//! moves the focus through every control, as everywhere.

use duel_core::Station;
use leptos::ev;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

use crate::pause::PauseReason;
use crate::route::Route;
use crate::store::{Act, Store};
use crate::ui::tab::Tab;

/// Whether the key went to a text field (then it is typing, not a shortcut).
fn typing(ev: &KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Listens for shortcuts while the game screen is up.
pub fn install(store: Store, route: ReadSignal<Route>) {
    let handle = window_event_listener(ev::keydown, move |ev: KeyboardEvent| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || typing(&ev) {
            return;
        }
        // Dice Duel's shortcuts only: a Thunderstruck match keeps Tab and every letter for its own screens.
        let dice_duel =
            store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.thunderstruck().is_none()));
        if route.get_untracked() != Route::Play || !dice_duel {
            return;
        }
        let tab = store.ui.tab.get_untracked();
        let list = store.tabs.get_untracked();
        let show = |i: usize| {
            if let Some(t) = list.get(i) {
                store.ui.show(*t);
            }
        };
        let key = ev.key();
        // P, or Space away from a button, pauses and resumes a practice battle.
        let on_button = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A"));
        if matches!(key.as_str(), "p" | "P") || (key == " " && !on_button) {
            ev.prevent_default();
            if store.paused.get_untracked().is_some() {
                store.act(Act::Resume(PauseReason::Player));
            } else {
                store.act(Act::Pause(PauseReason::Player));
            }
            return;
        }
        match key.as_str() {
            "r" | "R" => match tab {
                Some(Tab::Station { seat, station }) => {
                    store.act(Act::Roll { seat, station });
                }
                Some(Tab::Cockpit { seat }) => {
                    store.act(Act::RollCockpit { seat });
                }
                _ => {}
            },
            // Tab stays the browser's (focus moves through every control); brackets cycle the tabs.
            "]" | "[" => {
                let i = tab.and_then(|t| list.iter().position(|x| *x == t)).unwrap_or(0);
                let n = list.len().max(1);
                show(if key == "[" { (i + n - 1) % n } else { (i + 1) % n });
            }
            "?" => store.ui.help.update(|h| *h = !*h),
            "Escape" => store.ui.help.set(false),
            "f" => {
                store.act(Act::Fire { count: 1 });
            }
            "F" => {
                store.act(Act::Fire { count: 2 });
            }
            "t" | "T" => {
                store.act(Act::TractorShip);
            }
            "w" | "W" => {
                store.act(Act::Warp);
            }
            "b" | "B" => store.ui.show(Tab::Board),
            "m" | "M" => {
                let muted = !store.ui.muted.get_untracked();
                store.ui.muted.set(muted);
                crate::ui::sound::store_muted(muted);
            }
            digit if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
                let n = digit.as_bytes()[0] - b'0';
                match tab {
                    Some(Tab::Station { seat, station: Station::Engineering }) if (1..=5).contains(&n) => {
                        store.act(Act::SendEnergy { seat, face: n });
                    }
                    _ if n >= 1 => show(usize::from(n - 1)),
                    _ => {}
                }
            }
            _ => {}
        }
    });
    // The app lives as long as the page: the listener stays.
    std::mem::forget(handle);
}
