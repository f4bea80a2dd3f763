//! Home's "Join by camera": scan a device's invitation, show this device's
//! answer to it, and open the room once the two are linked.

use leptos::prelude::*;

use duel_net::pairing::PairingCode;

use super::{CodeCard, CodeReader};
use crate::net::{ConnState, PairError, Showing};
use crate::route::Route;
use crate::store::{use_store, Act, Acted, Errand};

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
    // This device's answer, as the room's hub shows it: read from the store, not kept here, as
    // this panel may be mounted again once the room it joined is installed, and the answer
    // must still show. Linked (or never joined): none.
    let answer = Memo::new(move |_| match store.showing() {
        Some(Showing::Answer(text)) => Some(text),
        _ => None,
    });
    let problem = RwSignal::new(None::<String>);
    let joined = RwSignal::new(false);
    // What went wrong: a code that did not read, or (once joined) the hub's own words.
    let trouble = move || {
        problem.get().or_else(|| match store.showing() {
            Some(Showing::Failed(words)) if joined.get() => Some(words),
            _ => None,
        })
    };
    // The panel opens below the home's buttons: on a phone, bring it (and then the answer) into view.
    let panel = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        answer.track();
        if let Some(el) = panel.get() {
            el.scroll_into_view();
        }
    });
    // Linked: the room, in the address (a reload rejoins it) and on screen.
    Effect::new(move |_| {
        if joined.get() && store.link.with(|l| *l == ConnState::Connected) {
            joined.set(false);
            let room = match store.kind.get_untracked() {
                crate::session::SessionKind::Online { room, .. } => room,
                _ => return,
            };
            crate::platform::replace_url(&format!("/?room={room}{}", Route::Play.hash()));
            // A hosting device that rejoins from its game's Seats card is on the game already,
            // and its link says Connected at once (it hosts): showing the game again would close
            // that card, and the answer in it, before the other device has read it.
            if store.route.get_untracked() != Route::Play {
                store.act(Act::Go(Route::Play));
            }
        }
    });
    let offer = Callback::new(move |text: String| {
        let read = match PairingCode::decode(&text) {
            Ok(code) => store.act(Errand::JoinServerless(Box::new(code))),
            Err(e) => Acted::Refused(PairError::from(e).into()),
        };
        match read {
            Acted::Refused(e) => problem.set(Some(e.to_string())),
            _ => {
                problem.set(None);
                joined.set(true);
            }
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
            {move || trouble().map(|p| view! { <p class="pair__problem" role="alert" data-testid="pair-problem">{p}</p> })}
        </div>
    }
    .into_any()
}
