//! Dice Duel in the browser: mounts the Leptos app. Its root is [`app`]; the layers are in `docs/LAYERS.md`.
// The practice and base files' split points (issue 49, `platform::split`) are wasm-split's exports and
// imports, which need `unsafe_code` allowed in their modules: denied there, forbidden elsewhere.
#![cfg_attr(not(feature = "split"), forbid(unsafe_code))]
#![cfg_attr(feature = "split", deny(unsafe_code))]

// The layers (docs/LAYERS.md; `scripts/lib/check-layers.sh` enforces them). A module imports
// only its own layer and the layers below it; a screen never imports another.

// Root: the `App` that mounts the screens.
mod app;

// Screens: one folder each.
mod debrief;
mod game;
mod home;
mod lessons;
mod lobby;
mod maps;
mod replay;
mod rules;
mod thunderstruck;

// Widgets: views that read the store and that more than one screen (or the root) shows.
mod board;
mod pairing;
mod panels;
mod stations;

// Services: what starts, runs and leaves sessions and keeps them (they act through the store).
mod boot;
#[cfg(feature = "test-hooks")]
mod test_hooks;

// The store: the app's state as signals, and the one way to change it.
mod store;

// Data: routes, modes, sessions, the network, storage, lessons, records and the store-free kit;
// no store, no view.
mod atlas;
mod course;
mod feed;
mod net;
mod pause;
mod platform;
mod records;
mod route;
mod session;
mod trust;
mod ui;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
