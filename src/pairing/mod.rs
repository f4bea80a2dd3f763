//! Pairing by camera (issue 34): the widgets a room with no internet is
//! made with.
//!
//! - [`Invite`] (the lobby): this device shows an invitation, then scans the
//!   joining device's answer.
//! - [`JoinByCamera`] (home): scan an invitation, show the answer, and go to
//!   the room once linked.
//! - [`Rejoin`] (a room whose server is away): a device that is not in the
//!   room reads the invitation of one that is.
//! - [`CodeCard`] and [`CodeReader`]: a code to show (its QR and its text)
//!   and the camera with a field to type or paste one.
//!
//! What the room's hub shows (`Store::showing`) and the room's link are the
//! store's signals: the panels follow them as they change, and act through
//! the store (`Act::Invite`, `Act::ScannedAnswer`, `Errand::JoinServerless`).

mod camera;
mod invite;
mod join;
mod rejoin;

use leptos::prelude::*;

pub use invite::Invite;
pub use join::JoinByCamera;
pub use rejoin::{links_lost, Rejoin};

/// A code to show another device: its QR code, and its text to copy where
/// the other device has no camera.
#[component]
pub fn CodeCard(
    #[prop(into)] text: Signal<String>,
    testid: &'static str,
    #[prop(into)] caption: String,
) -> impl IntoView {
    let qr = Memo::new(move |_| crate::net::qr_svg(&text.get()));
    view! {
        <figure class="pair__card" data-testid=testid data-code=move || text.get()>
            <div class="pair__qr" role="img" aria-label="A pairing code" inner_html=move || qr.get()></div>
            <figcaption>
                <p>{caption}</p>
                <details class="pair__text">
                    <summary>"No camera? The code as text"</summary>
                    <textarea readonly rows="4" aria-label="The code as text" data-testid=format!("{testid}-text")
                        prop:value=move || text.get()></textarea>
                </details>
            </figcaption>
        </figure>
    }
}

/// The camera, looking for a code, and a field to type or paste one; every
/// code read goes to `on_code` (which says what was wrong with it, if anything).
#[component]
pub fn CodeReader(
    on_code: Callback<String>,
    testid: &'static str,
    #[prop(into)] label: String,
) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    view! {
        <div class="pair__reader" data-testid=testid>
            <p class="pair__label">{label}</p>
            <camera::Camera on_code=on_code />
            <form class="pair__type" on:submit=move |ev| {
                ev.prevent_default();
                on_code.run(typed.get_untracked());
            }>
                <input data-testid=format!("{testid}-input") placeholder="Or paste the code (DD1:…)"
                    aria-label="A pairing code, pasted or typed" autocapitalize="characters" autocomplete="off"
                    spellcheck="false" enterkeyhint="go"
                    prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev)) />
                <button class="btn btn--small btn--helm" type="submit" data-testid=format!("{testid}-go")>"Use this code"</button>
            </form>
        </div>
    }
}
