//! "Cannot reach the room? Rejoin by camera": for a device that is not in its
//! room because its links dropped or it reloaded, with the signalling server
//! away or no server at all. It reads the invitation of any device still in
//! the room, which then introduces it to the rest.

use leptos::prelude::*;

use super::JoinByCamera;
use crate::net::{ConnState, Showing};
use crate::store::{use_store, Store};

/// Whether this device has lost its links to its room, with a server or none
/// (issue 45): a guest whose host is away, a tab whose server is, a reloaded
/// tab of a room with no server; and, with no server, a host whose every
/// other player is away (it shows `Connected`: it hosts on no socket, so
/// only the players' presence tells that its links dropped). Tracked.
pub fn links_lost(store: Store) -> bool {
    let link =
        matches!(store.link.get(), ConnState::Failed(_) | ConnState::HostAway | ConnState::Reconnecting);
    link || (store.serverless() && alone(store))
}

/// Someone else is in the room and every one of them is away.
fn alone(store: Store) -> bool {
    let me = store.me.get();
    store.room.with(|r| {
        r.as_ref().is_some_and(|r| {
            r.players.len() > 1 && r.players.iter().filter(|p| Some(p.no) != me).all(|p| p.away)
        })
    })
}

#[component]
pub fn Rejoin() -> impl IntoView {
    let store = use_store();
    let open = RwSignal::new(false);
    // This device read an invitation and shows its answer: keep the panel open until linked.
    let answering = Memo::new(move |_| matches!(store.showing(), Some(Showing::Answer(_))));
    // Back in the room: the panel closes (it opens again from its button if the links drop again).
    Effect::new(move |_| {
        if open.get() && store.link.with(|l| *l == ConnState::Connected) && !alone(store) {
            open.set(false);
        }
    });
    let lost = move || links_lost(store);
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
