//! The root: the `App` component that mounts a screen per route (home,
//! play, board view, rules, …), the pump loop that moves the session on, the
//! window's listeners, keyboard shortcuts and the first-gesture audio
//! unlock. The only module that imports screens (see `docs/LAYERS.md`).

mod focus;
mod keys;
mod lazy;
mod loading;
mod play;
mod trust_bar;

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::game::board_screen::BoardScreen;
use crate::panels::update;
use crate::platform::full_app;
use crate::route::{self, Route};
use crate::session::Options;
use crate::store::{Errand, Store};
use crate::ui::{sound, toast::ToastStack};
use crate::{boot, pause, platform};
use loading::FullAppNeeded;

/// How often the host, the replica and the bots are pumped.
const PUMP: Duration = Duration::from_millis(20);
/// How often countdowns and toasts are refreshed.
const TICK: Duration = Duration::from_millis(250);

/// The screen `route` shows: a lesson's address (`#/learn/<id>`) starts it and shows the game.
/// Why a screen the base file lacks needs the rest of the game, in words.
fn needs_full(route: Route) -> &'static str {
    match route {
        Route::Thunderstruck => "Thunderstruck Duel loads with the rest of the game.",
        Route::Maps => "The map editor loads with the rest of the game.",
        _ => "Replays load with the rest of the game.",
    }
}

fn enter(store: Store, route: Route) -> Route {
    if route != Route::Learn {
        return route;
    }
    match route::lesson_id(&platform::hash()) {
        Some(id) => {
            store.act(Errand::LessonById(id));
            store.route.get_untracked()
        }
        None => Route::Learn,
    }
}

/// Root component.
#[component]
pub fn App() -> impl IntoView {
    let opts = Options::from_query(&platform::query());
    // The first screen's part asked for before the store is built (issue 49): on a returning
    // visit its download and compilation overlap the app's start instead of following it. Not
    // for a room link (its first screen is the lobby) nor a Practice the shell handed over.
    let home_first = Route::from_hash(&platform::hash()) == Route::Home
        && !opts.board_view
        && !boot::shell_offered()
        && crate::net::room_from_location().is_none();
    if home_first {
        lazy::ask_for_home();
    }
    let store = Store::new(opts, boot::SERVICES);
    provide_context(store);
    // A Thunderstruck practice (none, running or over): the home screen offers to go back to it.
    let thunder_over = Signal::derive(move || {
        if store.kind.with(|m| *m != crate::session::SessionKind::Practice) {
            return None;
        }
        store.game.with(|g| g.as_ref().and_then(|g| g.thunderstruck()).map(|d| d.is_over()))
    });
    #[cfg(feature = "test-hooks")]
    crate::test_hooks::install(store);
    let route = store.route;
    let first = boot::on_load(store);
    boot::learn::restore(store);
    store.show_route(enter(store, first));

    let on_hash = window_event_listener(ev::hashchange, move |_| {
        let next = Route::from_hash(&platform::hash());
        // `?view=board` stays the board view.
        let next = if store.opts.board_view && next == Route::Home { Route::Board } else { next };
        store.show_route(enter(store, next));
    });
    let unlock = window_event_listener(ev::pointerdown, |_| sound::unlock());
    let unlock_keys = window_event_listener(ev::keydown, |_| sound::unlock());
    let save = window_event_listener(ev::pagehide, move |_| store.save(platform::now_ms(), true));
    // Another tab or app in front pauses a practice battle; coming back resumes it.
    let away = window_event_listener(ev::visibilitychange, move |_| {
        if platform::device::hidden() {
            store.pause(pause::PauseReason::Away);
        } else if matches!(store.route.get_untracked(), Route::Play | Route::Board) {
            store.resume(pause::PauseReason::Away);
        }
    });
    keys::install(store, route);
    focus::follow_screens(Memo::new(move |_| route.get()));
    update::listen();
    // On a test's clock (test builds, issue 44) the test pumps and ticks, step by step.
    set_interval(
        move || {
            if !platform::on_test_clock() {
                store.pump()
            }
        },
        PUMP,
    );
    set_interval(
        move || {
            if !platform::on_test_clock() {
                store.tick()
            }
        },
        TICK,
    );
    // The app lives as long as the page: its listeners stay.
    std::mem::forget((on_hash, unlock, unlock_keys, save, away));

    view! {
        <div class="app">
            // First on the page, in a band of their own: they never cover a control (issue 48).
            <div class="notices" data-testid="notices">
                <trust_bar::TrustBar />
                <ToastStack toasts=store.toasts />
            </div>
            {move || match route.get() {
                // Loading the full app to host a room (`boot::full_first`), then a reload.
                _ if store.ui.loads_full.with(Option::is_some) => {
                    view! { <FullAppNeeded why=store.ui.loads_full.get_untracked().unwrap_or_default() /> }.into_any()
                }
                Route::Home => lazy::home(thunder_over),
                Route::Play => view! { <play::Play /> }.into_any(),
                Route::Board => lazy::board(),
                Route::Rules => lazy::rules(),
                // The base file (issue 32) has neither: it loads the full app (a reload).
                Route::Thunderstruck | Route::Maps | Route::Replay if !full_app::LOADED => {
                    view! { <FullAppNeeded why=needs_full(route.get_untracked()) /> }.into_any()
                }
                Route::Thunderstruck => view! { <crate::thunderstruck::ThunderScreen /> }.into_any(),
                Route::Maps => view! { <crate::maps::MapEditor /> }.into_any(),
                Route::Replay => view! { <crate::replay::ReplayScreen board_view=|| view! { <BoardScreen /> } thunder_view=play::duel_screen /> }.into_any(),
                Route::Learn => lazy::learn(),
            }}
            // A lesson's card only while a lesson runs: a practice never fetches its file.
            {move || (route.get() == Route::Play && store.lesson.with(Option::is_some)).then(lazy::lesson_card)}
            <update::UpdateBar />
        </div>
    }
}
