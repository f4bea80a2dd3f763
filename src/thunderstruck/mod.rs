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
mod planning;
mod play;
mod prompts;
mod result;
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
