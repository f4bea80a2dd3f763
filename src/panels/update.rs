//! "A new version is ready": offered between games only (never mid-game, where a
//! reload would cost the player their seat for a moment), when a newer build's
//! service worker took over or a room refused this build. And the Install
//! button, where the browser offers to install the app.

use leptos::prelude::*;

use crate::platform::install;
use crate::route::Route;
use crate::store::use_store;

/// Listens for the page's update and install news (index.html's inline script).
pub fn listen() {
    let store = use_store();
    store.ui.update_ready.set(install::update_ready());
    store.ui.installable.set(install::installable());
    let update = window_event_listener_untyped("dd-update", move |_| store.ui.update_ready.set(true));
    let offer = window_event_listener_untyped("dd-install", move |_| {
        store.ui.installable.set(install::installable())
    });
    // The app lives as long as the page: its listeners stay.
    std::mem::forget((update, offer));
}

/// The quiet bar offering the reload, shown between games.
#[component]
pub fn UpdateBar() -> impl IntoView {
    let store = use_store();
    let mid_game = Memo::new(move |_| {
        let route = store.route.get();
        let battle = store.game.with(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()));
        route == Route::Thunderstruck || (battle && matches!(route, Route::Play | Route::Board))
    });
    move || {
        (store.ui.update_ready.get() && !mid_game.get()).then(|| {
            view! {
                <div class="update-bar" role="status" data-testid="update-ready">
                    <span>"A new version of Dice Duel is ready."</span>
                    <button class="btn btn--small" data-testid="update-reload" on:click=|_| install::reload()>"Reload"</button>
                </div>
            }
        })
    }
}

/// "Install app", where the browser offers it.
#[component]
pub fn InstallButton() -> impl IntoView {
    let store = use_store();
    move || {
        store.ui.installable.get().then(|| {
            view! {
                <button class="btn btn--small btn--ghost" data-testid="home-install"
                    on:click=move |_| { install::install(); store.ui.installable.set(false); }>
                    "Install app"
                </button>
            }
        })
    }
}
