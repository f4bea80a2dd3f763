//! Inviting the table: the room's link (copy it, or scan its QR code from
//! this screen), the connection's state, and who has joined.

use leptos::prelude::*;

use crate::net;
use crate::session::SessionKind;
use crate::store::use_store;

#[component]
pub fn Share() -> impl IntoView {
    let store = use_store();
    let link = Memo::new(move |_| match store.kind.get() {
        // The link pins the owner's key (issue 43): the room's creator is its
        // owner; a guest passes on the pin its own link carried.
        SessionKind::Online { room, host } => {
            let own = host.then(|| duel_net::KeyPin::of(&net::saves::seat_key().public()));
            Some(net::pinned(net::share_url(&room), net::pin_from_location().or(own)))
        }
        _ => None,
    });
    let qr = Memo::new(move |_| link.get().map(|l| net::qr_svg(&l)).unwrap_or_default());
    // A room with no server (issue 34) has no link to share: devices join by camera alone.
    let serverless = untrack(|| store.serverless());
    let players = Memo::new(move |_| {
        store.room.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.players
                        .iter()
                        .map(|p| {
                            let state = if p.away {
                                "away"
                            } else if p.connected {
                                "here"
                            } else {
                                "gone"
                            };
                            (p.no.0, p.name.clone(), state)
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    view! {
        <section class="panel panel--share" data-testid="lobby-share">
            <div class="share__text">
                <h2>"Invite the table"</h2>
                {(!serverless).then(|| view! {
                <p class="hint">"Open this link on every tablet (or scan the code):"</p>
                <input class="share__link" readonly aria-label="The room's link" data-testid="lobby-share-link" prop:value=move || link.get().unwrap_or_default()
                    on:focus=move |ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            input.select();
                        }
                    } />
                <div class="share__actions">
                    <button class="btn btn--small btn--helm" data-testid="lobby-copy-link"
                        on:click=move |_| if let Some(l) = link.get_untracked() { copy_link(store, l) }>"Copy link"</button>
                    <a class="btn btn--small btn--ghost" data-testid="lobby-board-link" target="_blank"
                        title="For a TV or a tablet in the middle of the table: the board and every ship, no controls"
                        href=move || link.get().map(|l| format!("{l}&view=board")).unwrap_or_default()>"Open the board view"</a>
                </div>
                })}
                <p class="link-state" data-testid="lobby-conn">
                    "Connection: " {move || store.link.get().label()}
                    {move || store.link.with(|l| l.reason().map(|n| format!(" ({n})")))}
                </p>
                <crate::pairing::Invite />
                <ul class="players" data-testid="lobby-players">
                    <For each=move || players.get() key=|p| p.clone() let:p>
                        <li class=format!("player player--{}", p.2)>{p.1.clone()}" · "{p.2}</li>
                    </For>
                </ul>
            </div>
            {(!serverless).then(|| view! { <div class="share__qr" data-testid="lobby-qr" inner_html=move || qr.get()></div> })}
        </section>
    }
}

/// Copies the room's link, saying so; where the browser refuses (an http page
/// on a LAN address) the link field is selected to copy by hand.
fn copy_link(store: crate::store::Store, link: String) {
    leptos::task::spawn_local(async move {
        if crate::platform::clip::copy(link).await {
            store.toasts.info("Link copied: send it to the table.");
        } else {
            store.toasts.error("This browser would not copy: select the link above and copy it.");
        }
    });
}
