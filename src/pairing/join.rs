//! Home's "Join by camera": scan a device's invitation, show this device's
//! answer to it, and open the room once the two are linked.

use leptos::prelude::*;

use duel_net::pairing::PairingCode;

use super::{poll, CodeCard, CodeReader};
use crate::boot;
use crate::net::{ConnState, PairError, Showing};
use crate::route::Route;
use crate::store::use_store;

#[component]
pub fn JoinByCamera() -> impl IntoView {
    let store = use_store();
    // A browser that cannot be in a room has nothing to scan for: it says why instead of
    // starting the camera (joining would refuse the code anyway, in these words).
    if let Err(missing) = crate::platform::webrtc::rooms() {
        return view! {
            <div class="pair pair--join" data-testid="pair-join-panel">
                <p class="pair__problem" role="alert" data-testid="pair-no-webrtc">{missing.to_string()}</p>
            </div>
        }
        .into_any();
    }
    let answer = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let joined = RwSignal::new(false);
    // The panel opens below the home's buttons: on a phone, bring it (and then the answer) into view.
    let panel = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        answer.track();
        if let Some(el) = panel.get() {
            el.scroll_into_view();
        }
    });
    poll(move || {
        // Read from the hub, not kept here: this panel may be mounted again once the room
        // it joined is installed, and the answer must still show.
        let showing = store.pairing.with_value(|p| p.as_ref().and_then(|p| p.showing()));
        match showing {
            Some(Showing::Answer(text)) if answer.with_untracked(|a| a.as_deref() != Some(text.as_str())) => {
                answer.set(Some(text));
            }
            Some(Showing::Answer(_)) => {}
            Some(Showing::Failed(words)) if joined.get_untracked() => problem.set(Some(words)),
            // Linked (or never joined): no answer to show.
            _ if answer.with_untracked(Option::is_some) => answer.set(None),
            _ => {}
        }
        if joined.get_untracked() && store.link.get_untracked() == ConnState::Connected {
            joined.set(false);
            let room = match store.mode.get_untracked() {
                crate::session::Mode::Online { room, .. } => room,
                _ => return,
            };
            crate::platform::replace_url(&format!("/?room={room}{}", Route::Play.hash()));
            // A hosting device that rejoins from its game's Seats card is on the game already,
            // and its link says Connected at once (it hosts): showing the game again would close
            // that card, and the answer in it, before the other device has read it.
            if store.route.get_untracked() != Route::Play {
                store.go(Route::Play);
            }
        }
    });
    let offer = Callback::new(move |text: String| {
        let read = PairingCode::decode(&text)
            .map_err(PairError::from)
            .and_then(|code| boot::join_serverless(store, &code));
        match read {
            Ok(()) => {
                problem.set(None);
                joined.set(true);
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    });
    view! {
        <div class="pair pair--join" data-testid="pair-join-panel" node_ref=panel>
            {move || match answer.get() {
                None => view! {
                    <CodeReader on_code=offer testid="pair-scan-offer"
                        label="Point the camera at the code on the device that invites you (its lobby: “Add a device by camera”)." />
                }.into_any(),
                Some(text) => view! {
                    <CodeCard text=text testid="pair-answer"
                        caption="Now show this code to the device that invited you, and let it scan." />
                }.into_any(),
            }}
            {move || (joined.get() && answer.with(Option::is_none)).then(|| view! { <p class="hint" role="status">"Making this device's code…"</p> })}
            {move || problem.get().map(|p| view! { <p class="pair__problem" role="alert" data-testid="pair-problem">{p}</p> })}
        </div>
    }
    .into_any()
}
