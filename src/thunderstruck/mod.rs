//! Thunderstruck Duel, played offline against bots (`#/thunderstruck`): the
//! turn-based 2–3 ship mode of `duel_core::thunderstruck`, hosted in this
//! tab by `duel_net::thunder`'s table with one desk of secrets per seat.
//!
//! - [`session`]: the table, the desks and the bots, paced (no clock, no storage);
//! - [`duel`]: the running duel as signals, and the only ways to act on it;
//! - the screens: [`setup`], then [`play`] ([`planning`], [`action`],
//!   [`prompts`], [`field`], [`ships`]), then [`result`].

mod action;
mod bots;
mod console;
pub mod duel;
mod field;
mod picks;
mod planning;
mod play;
mod prompts;
mod result;
mod room;
mod save;
pub mod session;
mod setup;
mod ships;
mod story;
mod words;

use leptos::prelude::*;

pub use duel::{use_duel, Duel};

/// The `#/thunderstruck` screen: the set-up, the running duel, or its result.
#[component]
pub fn ThunderScreen() -> impl IntoView {
    let duel = use_duel();
    let stage = Memo::new(move |_| duel.game.with(|g| g.as_ref().map(|g| g.is_over())));
    move || match stage.get() {
        None => view! { <setup::SetupScreen /> }.into_any(),
        Some(false) => view! { <play::DuelScreen /> }.into_any(),
        Some(true) => view! { <result::ResultScreen /> }.into_any(),
    }
}

/// A Thunderstruck match in a room (R23), seen from this device's seat: the
/// duel follows the room's replica, and the seat's secrets stay here.
#[component]
pub fn RoomScreen() -> impl IntoView {
    let store = crate::store::use_store();
    let room = match store.mode.get_untracked() {
        crate::boot::Mode::Online { room, .. } => room,
        _ => String::from("practice"),
    };
    match store.my_seats_untracked().first().copied() {
        Some(seat) => {
            provide_context(Duel::room(store, &room, seat));
            view! { <RoomDuel /> }.into_any()
        }
        None => {
            provide_context(Duel::watch(store));
            view! { <RoomDuel /> }.into_any()
        }
    }
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
