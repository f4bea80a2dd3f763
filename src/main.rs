//! Dice Duel in the browser: mounts the Leptos app. Its root is [`app`]; the layers are in `docs/LAYERS.md`.
#![forbid(unsafe_code)]

// The layers (docs/LAYERS.md; `scripts/lib/check-layers.sh` enforces them). A module imports
// only its own layer's foundations and the layers below it; a screen never imports another.

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

// Widgets: pieces more than one screen shows.
mod atlas;
mod board;
mod pairing;
mod stations;

// Foundation: state, routes, sessions, storage and the store-free kit; imports no screen.
mod boot;
mod course;
mod feed;
mod net;
mod pause;
mod platform;
mod records;
mod route;
mod session;
mod store;
#[cfg(feature = "test-hooks")]
mod test_hooks;
mod trust;
mod ui;
mod update;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
