//! The lobby's "Add a device by camera": this device shows an invitation,
//! the joining device scans it and shows its answer, this device scans that.

use leptos::prelude::*;

use super::{poll, CodeCard, CodeReader};
use crate::net::Showing;
use crate::store::use_store;

#[component]
pub fn Invite() -> impl IntoView {
    let store = use_store();
    let showing = RwSignal::new(None::<Showing>);
    let problem = RwSignal::new(None::<String>);
    // While a scanned answer links: the number of players when it was read.
    let linking = RwSignal::new(None::<usize>);
    let players = move || store.room.with_untracked(|r| r.as_ref().map_or(0, |r| r.players.len()));
    // Online rooms only (not practice), whatever their transport; read when shown, as the
    // room's pairing is set just after its session.
    let online = move || matches!(store.mode.get(), crate::session::Mode::Online { .. });
    let serverless = move || store.serverless();
    poll(move || {
        if linking.get_untracked().is_some_and(|before| players() > before) {
            linking.set(None);
        }
        let now = store.pairing.with_value(|p| p.as_ref().and_then(|p| p.showing()));
        if showing.with_untracked(|s| *s != now) {
            showing.set(now);
        }
    });
    let invite = move |_| {
        problem.set(None);
        linking.set(None);
        if let Some(Err(e)) = store.pairing.with_value(|p| p.as_ref().map(|p| p.invite())) {
            problem.set(Some(e.to_string()));
        }
    };
    let answer = Callback::new(move |text: String| {
        match store.pairing.with_value(|p| p.as_ref().map(|p| p.scanned_answer(&text))) {
            Some(Ok(())) => {
                problem.set(None);
                linking.set(Some(players()));
                store.toasts.info("Code read: the devices are linking.");
            }
            Some(Err(e)) => problem.set(Some(e.to_string())),
            None => {}
        }
    });
    move || {
        online().then(|| view! {
        <div class="pair pair--invite" data-testid="pair-invite-panel">
            <p class="hint">{move || if serverless() {
                "No internet here: each device joins by camera. Show it a code, then scan the code it shows."
            } else {
                "No link to send? A device on this network can join by camera instead."
            }}</p>
            <button class="btn btn--small btn--shields" data-testid="pair-invite" on:click=invite>
                "Add a device by camera"
            </button>
            {move || match showing.get() {
                Some(Showing::Making) => Some(view! { <p class="hint" role="status">"Making a code…"</p> }.into_any()),
                Some(Showing::Failed(words)) => Some(view! { <p class="pair__problem" role="alert">{words}</p> }.into_any()),
                Some(Showing::Offer(text)) => Some(view! {
                    <div class="pair__steps">
                        <CodeCard text=text testid="pair-offer"
                            caption="1. On the joining device: Home, “Join by camera”, and point it at this code." />
                        <CodeReader on_code=answer testid="pair-scan-answer"
                            label="2. Then scan the code that device shows:" />
                    </div>
                }.into_any()),
                _ => None,
            }}
            <super::Rejoin />
            {move || linking.get().is_some().then(|| view! { <p class="hint" role="status" data-testid="pair-linking">"Linking… the new device appears under the players when it is in."</p> })}
            {move || problem.get().map(|p| view! { <p class="pair__problem" role="alert" data-testid="pair-problem">{p}</p> })}
        </div>
    })
    }
}
