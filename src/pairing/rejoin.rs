//! "Cannot reach the room? Rejoin by camera": for a device that is not in its
//! room because the signalling server is away (it reloaded, or its link
//! dropped). It reads the invitation of any device still in the room, which
//! then introduces it to the rest.

use leptos::prelude::*;

use super::{poll, JoinByCamera};
use crate::net::{ConnState, Showing};
use crate::store::use_store;

#[component]
pub fn Rejoin() -> impl IntoView {
    let store = use_store();
    let open = RwSignal::new(false);
    // This device read an invitation and shows its answer: keep the panel open until linked.
    let answering = RwSignal::new(false);
    let serverless = move || store.serverless();
    poll(move || {
        let now = store.pairing.with_value(|p| p.as_ref().and_then(|p| p.showing()));
        let answer = matches!(now, Some(Showing::Answer(_)));
        if answering.get_untracked() != answer {
            answering.set(answer);
        }
        if open.get_untracked() && store.link.get_untracked() == ConnState::Connected {
            open.set(false);
        }
    });
    let lost = move || {
        !serverless()
            && matches!(
                store.link.get(),
                ConnState::Failed(_) | ConnState::HostAway | ConnState::Reconnecting
            )
    };
    view! {
        {move || (lost() || answering.get()).then(|| view! {
            <button class="btn btn--small btn--ghost" data-testid="pair-rejoin" aria-expanded=move || open.get().to_string()
                on:click=move |_| open.update(|o| *o = !*o)>
                "Cannot reach the room? Rejoin by camera through a device in it"
            </button>
        })}
        {move || (open.get() || answering.get()).then(|| view! { <JoinByCamera /> })}
    }
}
