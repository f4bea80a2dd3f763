//! Thunderstruck Duel (R23): the turn-based 2–3 ship mode of
//! `duel_core::thunderstruck`, on the room's host whether the room is
//! online or this tab's practice against bots (`#/thunderstruck` sets one
//! up; the session's bots fly the other seats).
//!
//! - [`duel`]: the running duel as the screen reads it (memos of the store),
//!   and the only ways to act on it; the seat's secrets and their protocol
//!   steps are the session's (`session/thunder_desk.rs`), the duel's story
//!   the store's log (`feed::ThunderStory`);
//! - the screens: [`setup`], then [`play`] ([`planning`], [`action`],
//!   [`prompts`], [`field`], [`ships`]), then [`result`].

mod action;
mod console;
pub mod duel;
mod field;
mod picks;
mod planning;
mod play;
mod prompts;
mod result;
mod setup;
mod ships;

use leptos::prelude::*;

pub use duel::{use_duel, Duel};

/// The `#/thunderstruck` screen: a practice duel's set-up (the duel itself
/// runs on the play route, like every practice).
#[component]
pub fn ThunderScreen() -> impl IntoView {
    view! { <setup::SetupScreen /> }
}

/// A Thunderstruck duel on the room's host (R23), seen from this device's
/// seat: the duel follows the replica; the seat's secrets stay on this device,
/// in its session.
#[component]
pub fn RoomScreen() -> impl IntoView {
    let store = crate::store::use_store();
    match store.my_seats_untracked().first().copied() {
        Some(seat) => provide_context(Duel::seat(store, seat)),
        None => provide_context(Duel::watch(store)),
    }
    view! { <RoomDuel /> }
}

#[component]
fn RoomDuel() -> impl IntoView {
    let duel = use_duel();
    let over = Memo::new(move |_| duel.game.with(|g| g.as_ref().map(|g| g.is_over())));
    move || match over.get() {
        Some(true) => view! { <result::ResultScreen /> }.into_any(),
        Some(false) => view! { <play::DuelScreen /> }.into_any(),
        None => view! { <main class="center"><p class="pulse">"Starting the duel…"</p></main> }.into_any(),
    }
}
