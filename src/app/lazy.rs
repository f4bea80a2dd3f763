//! The screens a first screen does not need, each a split point (issue 49, `platform::split`):
//! in the practice file (a first Practice's first Roll) and the base file (a room link's lobby)
//! each comes in a file of its own, fetched the first time it is shown (after one visit the
//! service worker has them all); in the full app and the test build they are in the one file and
//! build at once.
//!
//! While a screen's file arrives the screen says "Loading…"; a file that cannot be downloaded is
//! said in words, with Try again.

use std::future::Future;
use std::task::Poll;
use std::time::Duration;

use leptos::prelude::*;
#[cfg(feature = "split")]
use leptos::reactive::computed::ScopedFuture;

use crate::platform::split::{poll_once, LoadFailed};

crate::platform::split::split_point! {
    /// The lobby (a room's, or a practice's options): a room link's first screen, so split in
    /// the practice file only.
    mod lobby_file if not(feature = "rooms"): fn lobby_view() -> AnyView { view! { <crate::lobby::Lobby /> }.into_any() }
}

crate::platform::split::split_point! {
    /// The game's screen: a first Practice's first screen, so split in the base file only (a
    /// guest's first screen is the lobby, where it is fetched: [`preload_game`]).
    mod game_file if feature = "rooms": fn game_view() -> AnyView { view! { <crate::game::screen::GameScreen /> }.into_any() }
}

crate::platform::split::split_point! {
    /// The board view (`?view=board`, a TV's): in the base file with the game's screen, whose
    /// side board is the same code (a phone's guest never shows it before its lobby).
    mod board_file if feature = "rooms": fn board_view() -> AnyView {
        view! { <crate::game::board_screen::BoardScreen /> }.into_any()
    }
}

crate::platform::split::split_point! {
    /// The result.
    mod debrief_file: fn debrief_view() -> AnyView { view! { <crate::debrief::Debrief /> }.into_any() }
}

crate::platform::split::split_point! {
    /// The rules reference.
    mod rules_file: fn rules_view() -> AnyView { view! { <crate::rules::RulesPage /> }.into_any() }
}

crate::platform::split::split_point! {
    /// The lessons' list.
    mod learn_file: fn learn_view() -> AnyView { view! { <crate::lessons::list::LessonList /> }.into_any() }
}

crate::platform::split::split_point! {
    /// A lesson's card (shown while a lesson runs).
    mod lesson_card_file: fn lesson_card_view() -> AnyView { view! { <crate::lessons::LessonCard /> }.into_any() }
}

crate::platform::split::split_point! {
    /// The game's home: a first Practice tapped in the app shell starts the game without it.
    mod home_file: fn home_view(thunder_over: Signal<Option<bool>>) -> AnyView {
        view! { <crate::home::Home thunder_over /> }.into_any()
    }
}

/// What a screen shows while its file arrives. Under the app shell it is hidden (the shell stays
/// on screen until the game's home is built: web/boot.js).
#[cfg(feature = "split")]
fn loading() -> AnyView {
    view! {
        <main class="center" data-testid="screen-loading" aria-busy="true">
            <p class="pulse" role="status">"Loading…"</p>
        </main>
    }
    .into_any()
}

/// A screen whose file could not be downloaded: why, and Try again.
#[cfg(feature = "split")]
fn failed(why: LoadFailed, again: impl Fn() + 'static) -> AnyView {
    view! {
        <main class="center" data-testid="screen-failed">
            <p class="panel" role="alert">{format!("The screen could not open: {why}.")}</p>
            <button class="btn" data-testid="screen-retry" on:click=move |_| again()>"Try again"</button>
        </main>
    }
    .into_any()
}

/// A view from a split point. A file already here builds the view in this frame (the future is
/// polled once at once); else "Loading…" until it arrives, or the failure with Try again, which
/// asks afresh. No `<Suspense>`: it cost the practice file 4 KB of Brotli more than this. Every
/// attempt runs with this place's owner (the store's context reaches the screen, even when Try
/// again asks from a click) and untracked.
#[cfg(feature = "split")]
fn deferred<F, V>(view: V, quiet: bool) -> AnyView
where
    F: Future<Output = Result<AnyView, LoadFailed>> + 'static,
    V: Fn() -> F + Copy + Send + Sync + 'static,
{
    let owner = StoredValue::new_local(Owner::current());
    let attempt = move || {
        let start = || Box::pin(ScopedFuture::new_untracked(view()));
        match owner.get_value() {
            Some(owner) => owner.with(start),
            None => start(),
        }
    };
    let mut first = attempt();
    let first_answer = poll_once(first.as_mut());
    if let Poll::Ready(Ok(view)) = first_answer {
        return view;
    }
    let slot = StoredValue::new_local(None::<AnyView>);
    let state = RwSignal::new(Ok::<bool, LoadFailed>(false));
    // The attempt under way is awaited to its end (never dropped while its file is fetched).
    let wait = move |future: std::pin::Pin<Box<ScopedFuture<F>>>| {
        leptos::task::spawn_local(async move {
            match future.await {
                Ok(view) => {
                    slot.set_value(Some(view));
                    state.set(Ok(true));
                }
                Err(why) => state.set(Err(why)),
            }
        });
    };
    match first_answer {
        Poll::Ready(Err(why)) => state.set(Err(why)),
        _ => wait(first),
    }
    let again = move || {
        state.set(Ok(false));
        wait(attempt());
    };
    (move || match state.get() {
        Ok(true) => slot.try_update_value(Option::take).flatten().unwrap_or_else(|| ().into_any()),
        Ok(false) if quiet => ().into_any(),
        Ok(false) => loading(),
        Err(why) => failed(why, again),
    })
    .into_any()
}

/// In one file (the full app, the test build, native tests) a split point answers on its first
/// poll: the view at once, none of the waiting above (which would cost a file 2–3 KB of Brotli).
#[cfg(not(feature = "split"))]
fn deferred<F, V>(view: V, _quiet: bool) -> AnyView
where
    F: Future<Output = Result<AnyView, LoadFailed>> + 'static,
    V: Fn() -> F + Copy + Send + Sync + 'static,
{
    match poll_once(std::pin::pin!(view())) {
        Poll::Ready(Ok(view)) => view,
        // (Cannot happen in one file: nothing is fetched.)
        Poll::Ready(Err(_)) | Poll::Pending => ().into_any(),
    }
}

/// The lobby.
pub fn lobby() -> AnyView {
    deferred(lobby_file::lobby_view, false)
}

/// The game's screen.
pub fn game() -> AnyView {
    deferred(game_file::game_view, false)
}

/// The board view.
pub fn board() -> AnyView {
    deferred(board_file::board_view, false)
}

/// The result.
pub fn debrief() -> AnyView {
    deferred(debrief_file::debrief_view, false)
}

/// The rules reference.
pub fn rules() -> AnyView {
    deferred(rules_file::rules_view, false)
}

/// The lessons' list.
pub fn learn() -> AnyView {
    deferred(learn_file::learn_view, false)
}

/// A lesson's card: nothing while it arrives (the game is on screen).
pub fn lesson_card() -> AnyView {
    deferred(lesson_card_file::lesson_card_view, true)
}

/// The game's home.
pub fn home(thunder_over: Signal<Option<bool>>) -> AnyView {
    deferred(move || home_file::home_view(thunder_over), false)
}

/// Asks for the game's home's part now (the app's first moment, when the home will be its first
/// screen): the request starts in this call, not after the app has started.
pub fn ask_for_home() {
    if !crate::platform::split::SPLIT {
        return;
    }
    let mut asking = Box::pin(home_file::preload());
    // The first poll sends the request; the rest is awaited beside the app's start.
    if poll_once(asking.as_mut()).is_pending() {
        leptos::task::spawn_local(async move {
            let _ = asking.await;
        });
    }
}

/// In a room's lobby, once it is on screen: the game's screen, so the game's start never waits
/// for a download (the base file, where it is a part of its own).
pub fn preload_game() {
    fetch_later(game_file::preload, Duration::from_millis(500));
}

/// A few seconds into a game (after its first screen and Roll, while the player thinks): the
/// result's part, so the game's end never waits for a download, even before the service worker
/// has kept it.
pub fn preload_result() {
    fetch_later(debrief_file::preload, Duration::from_secs(5));
}

/// Asks for a part `after` a while, beside what the player is doing. A failure here is said
/// when its screen is shown (which asks again).
fn fetch_later<F>(preload: fn() -> F, after: Duration)
where
    F: Future<Output = Result<(), LoadFailed>> + 'static,
{
    if !crate::platform::split::SPLIT {
        return;
    }
    set_timeout(
        move || {
            leptos::task::spawn_local(async move {
                let _ = preload().await;
            })
        },
        after,
    );
}
