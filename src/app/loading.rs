//! Loading the rest of the game (issue 32): what a device on the base file
//! shows where Thunderstruck Duel or a replay would be, and the button a base
//! host uses (see `platform::full_app`).

use leptos::prelude::*;

use crate::platform::{self, full_app};
use crate::store::{use_store, Errand, Store};

/// Where a switch stands: not asked, loading (0–100 % of the file), or failed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Switch {
    Idle,
    Loading(u8),
    Failed(String),
}

/// Saves what this device hosts (a practice, a room), then fetches the full
/// app and reloads into it; `state` follows the download.
fn start(store: Store, state: RwSignal<Switch>) {
    if matches!(state.get_untracked(), Switch::Loading(_)) {
        return;
    }
    state.set(Switch::Loading(0));
    // A practice or a hosted room resumes from this save after the reload.
    store.save(platform::now_ms(), true);
    leptos::task::spawn_local(async move {
        let error = full_app::switch(move |share| state.set(Switch::Loading(share))).await;
        state.set(Switch::Failed(crate::atlas::sentence(&error.to_string())));
    });
}

/// The progress line, or what went wrong.
fn status(state: RwSignal<Switch>) -> impl IntoView {
    move || match state.get() {
        Switch::Idle => ().into_any(),
        Switch::Loading(share) => {
            let line = format!("Loading the rest of the game… {share} %");
            view! { <p role="status" data-testid="full-app-progress">{line}</p> }.into_any()
        }
        Switch::Failed(why) => {
            view! { <p role="alert" class="loading-error" data-testid="full-app-error">{why}</p> }.into_any()
        }
    }
}

/// In place of a screen the base file does not have: says why, loads the
/// full app at once and reloads into it (the same address: a practice
/// resumes, a guest rejoins its room).
#[component]
pub fn FullAppNeeded(
    /// What needs it, as a sentence ("This room plays Thunderstruck Duel.").
    #[prop(into)]
    why: String,
) -> impl IntoView {
    let store = use_store();
    let state = RwSignal::new(Switch::Idle);
    start(store, state);
    let failed = move || matches!(state.get(), Switch::Failed(_));
    view! {
        <main class="center" data-testid="full-app-needed">
            <p>{why}</p>
            {status(state)}
            <Show when=failed>
                <button class="btn btn--helm" data-testid="full-app-retry" on:click=move |_| start(store, state)>"Try again"</button>
            </Show>
            // Home gives up the ask to host (if the download still finishes, the reload lands
            // on the home screen, on the full app).
            <a class="btn btn--ghost" href=crate::route::Route::Home.hash()
                on:click=move |_| { store.act(Errand::ForgetHostAsk); }>"Home"</a>
        </main>
    }
}

/// A host on the base file whose lobby chose Thunderstruck Duel: it cannot
/// start the duel until it loads the full app, and its reload makes the room
/// choose another host, so it asks first.
#[component]
pub fn HostLoadsFull() -> impl IntoView {
    let store = use_store();
    let state = RwSignal::new(Switch::Idle);
    view! {
        <section class="panel panel--wide" data-testid="full-app-host">
            <p>
                "Thunderstruck Duel is not loaded on this device, which hosts the room. Load it here (the page \
                 reloads: if friends have joined, one of them hosts the room meanwhile and this device rejoins), \
                 or choose Dice Duel."
            </p>
            {status(state)}
            <button class="btn btn--helm" data-testid="full-app-load" on:click=move |_| start(store, state)>
                "Load Thunderstruck Duel"
            </button>
        </section>
    }
}
