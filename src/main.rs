//! Dice Duel in the browser: mounts the Leptos app. Everything else lives in [`app`].
#![forbid(unsafe_code)]

mod app;
mod board;
mod game;
mod lessons;
mod net;
mod platform;
mod replay;
mod session;
mod stations;
#[cfg(feature = "test-hooks")]
mod test_hooks;
mod thunderstruck;
mod ui;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
