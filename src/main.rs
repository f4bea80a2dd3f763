//! Dice Duel in the browser: mounts the Leptos app. Everything else lives in [`app`].
#![forbid(unsafe_code)]

mod app;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
