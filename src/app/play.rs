//! The running practice or room: its lobby before the start, the game, and
//! the result once a side has won.

use leptos::prelude::*;

use super::loading::{FullAppNeeded, HostLoadsFull};
use crate::platform::full_app;
use crate::session::SessionKind;
use crate::store::{use_store, Errand};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Nothing,
    Connecting,
    Lobby,
    Game,
    Over,
    /// A Thunderstruck match (R23): its own screens, result included.
    Thunderstruck,
    /// The room or practice plays Thunderstruck Duel and this device runs the
    /// base file (issue 32): it loads the full app (a reload).
    LoadsFull,
    /// The same for the room's host, in the lobby: it asks first (its reload
    /// makes the room elect another host), and may choose Dice Duel instead.
    HostLobbyOnBase,
}

#[component]
pub fn Play() -> impl IntoView {
    let store = use_store();
    let stage = Memo::new(move |_| {
        if store.kind.with(|m| matches!(m, SessionKind::None | SessionKind::Replay { .. })) {
            return Stage::Nothing;
        }
        let started = store.room.with(|r| r.as_ref().map(|r| r.started));
        if !full_app::LOADED
            && store.room.with(|r| {
                r.as_ref().is_some_and(|r| matches!(r.config.mode, duel_core::Mode::Thunderstruck(_)))
            })
        {
            let hosting = store.kind.with(|m| matches!(m, SessionKind::Online { host: true, .. }));
            return if hosting && started == Some(false) { Stage::HostLobbyOnBase } else { Stage::LoadsFull };
        }
        let thunder = store.game.with(|g| g.as_ref().is_some_and(|g| g.thunderstruck().is_some()));
        if thunder {
            return Stage::Thunderstruck;
        }
        let over = store.game.with(|g| g.as_ref().map(|g| g.outcome().is_some()));
        match (started, over) {
            (None, _) | (Some(true), None) => Stage::Connecting,
            (Some(false), _) => Stage::Lobby,
            (Some(true), Some(false)) => Stage::Game,
            (Some(true), Some(true)) => Stage::Over,
        }
    });
    super::focus::follow_screens(stage);
    move || match stage.get() {
        Stage::Nothing => view! {
            <main class="center" data-testid="no-game">
                <p>"No game is running."</p>
                <a class="btn btn--helm" href=crate::route::Route::Home.hash()>"Home"</a>
            </main>
        }
        .into_any(),
        Stage::Connecting => view! { <Connecting /> }.into_any(),
        Stage::Lobby => {
            super::lazy::preload_game();
            super::lazy::lobby()
        }
        Stage::HostLobbyOnBase => view! { <HostLoadsFull /> {super::lazy::lobby()} }.into_any(),
        Stage::Game => {
            super::lazy::preload_result();
            super::lazy::game()
        }
        Stage::Over => super::lazy::debrief(),
        Stage::Thunderstruck => duel_screen(),
        Stage::LoadsFull => view! { <FullAppNeeded why=duel_words(store) /> }.into_any(),
    }
}

/// Why the base file loads the full app here. A room with no server cannot be
/// rejoined by a reload alone: its invitation is scanned again.
fn duel_words(store: crate::store::Store) -> &'static str {
    if untrack(|| store.serverless()) {
        "This game is Thunderstruck Duel, which loads with the rest of the game. The page then reloads: scan the \
         host's invitation again to rejoin."
    } else {
        "This game is Thunderstruck Duel, which loads with the rest of the game."
    }
}

/// A Thunderstruck duel's screen; on the base file (issue 32), the full app loading.
pub fn duel_screen() -> AnyView {
    if full_app::LOADED {
        view! { <crate::thunderstruck::RoomScreen /> }.into_any()
    } else {
        view! { <FullAppNeeded why=duel_words(use_store()) /> }.into_any()
    }
}

/// A guest that has not reached a host this long is told that nobody hosts
/// the room (a made-up or old code), while it goes on trying.
const NO_HOST_AFTER_MS: u64 = 5_000;

/// Reaching the room; after a few seconds with no host, what to do about it.
#[component]
fn Connecting() -> impl IntoView {
    let store = use_store();
    let late = RwSignal::new(false);
    if let Ok(timer) =
        set_timeout_with_handle(move || late.set(true), std::time::Duration::from_millis(NO_HOST_AFTER_MS))
    {
        on_cleanup(move || timer.clear());
    }
    let guest_of = Memo::new(move |_| match store.kind.get() {
        SessionKind::Online { room, host: false } => Some(room),
        _ => None,
    });
    view! {
        <main class="center" data-testid="connecting">
            <p class="pulse">{move || format!("Connecting to the room… ({})", store.link.get().label())}</p>
            {move || store.link.with(|l| l.reason().map(|n| view! { <p class="hint" data-testid="connecting-why">{crate::atlas::sentence(n)}</p> }))}
            {move || (late.get() && store.link.with(|l| l.reason().is_none())).then(|| guest_of.get()).flatten().map(|room| {
                let host = room.clone();
                let host = move || host.clone();
                view! {
                    <section class="panel room-missing" role="alert" data-testid="room-missing">
                        <p>{format!("Nobody is hosting a room called \u{201c}{room}\u{201d} right now. Check the code or the link, or host this room yourself. (This device keeps trying meanwhile.)")}</p>
                        <div class="home__actions">
                            <button class="btn btn--helm" data-testid="room-missing-host"
                                on:click=move |_| crate::platform::assign_url(&format!("/?room={}&host=1", host()))>"Host this room"</button>
                            <button class="btn btn--ghost" data-testid="room-missing-home"
                                on:click=move |_| { store.act(Errand::Leave); }>"Check the code"</button>
                        </div>
                    </section>
                }
            })}
            {crate::platform::full_app::ROOMS.then(|| view! { <crate::pairing::Rejoin /> })}
            <a class="btn btn--small btn--ghost" href=crate::route::Route::Home.hash()>"Home"</a>
        </main>
    }
}
