//! The lobby's "Add a device by camera": this device shows an invitation,
//! the joining device scans it and shows its answer, this device scans that.

use leptos::prelude::*;

use super::{CodeCard, CodeReader};
use crate::net::Showing;
use crate::store::{use_store, Act, Acted};

#[component]
pub fn Invite() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    // While a scanned answer links: the number of players when it was read.
    let linking = RwSignal::new(None::<usize>);
    let players = move || store.room.with(|r| r.as_ref().map_or(0, |r| r.players.len()));
    // Linking until the room has one more player than when the answer was read.
    let still_linking = move || linking.get().is_some_and(|before| players() <= before);
    // Online rooms only (not practice), whatever their transport.
    let online = move || matches!(store.kind.get(), crate::session::SessionKind::Online { .. });
    let serverless = move || store.serverless();
    let invite = move |_| {
        problem.set(None);
        linking.set(None);
        if let Acted::Refused(e) = store.act(Act::Invite) {
            problem.set(Some(e.to_string()));
        }
    };
    let answer = Callback::new(move |text: String| match store.act(Act::ScannedAnswer(text)) {
        Acted::Done => {
            problem.set(None);
            linking.set(Some(untrack(players)));
            store.toasts.info("Code read: the devices are linking.");
        }
        Acted::Refused(e) => problem.set(Some(e.to_string())),
        Acted::NotDone => {}
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
            {move || match store.showing() {
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
            {move || still_linking().then(|| view! { <p class="hint" role="status" data-testid="pair-linking">"Linking… the new device appears under the players when it is in."</p> })}
            {move || problem.get().map(|p| view! { <p class="pair__problem" role="alert" data-testid="pair-problem">{p}</p> })}
        </div>
    })
    }
}
