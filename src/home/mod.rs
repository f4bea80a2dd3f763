//! The home screen: Practice in one tap (no network needed), a practice
//! lobby, resuming a saved game, creating or joining an online room, the
//! map editor, rules; "Learn a station", offered first to a first-time visitor.

mod first_practice;
mod saved;

use leptos::prelude::*;

use crate::net;
use crate::platform::full_app::ROOMS;
use crate::route::Route;
use crate::session::SessionKind;
use crate::store::{use_store, Act, ActError, Acted, Errand};

/// The home screen; `thunder_over` is the Thunderstruck practice the root
/// reads from the store: none, running (`Some(false)`) or over.
#[component]
pub fn Home(#[prop(into)] thunder_over: Signal<Option<bool>>) -> impl IntoView {
    let store = use_store();
    let joining = RwSignal::new(false);
    // "Join by camera" (issue 34): the scanner and, once read, this device's answer.
    // On the full app after the practice file's "Join by camera" (issue 49): opened at once (once).
    let pairing = RwSignal::new(store.ui.camera_asked.try_update(std::mem::take).unwrap_or(false));
    // "New to Dice Duel?": until a lesson is completed or the offer dismissed on this device.
    let offer = RwSignal::new(crate::course::offer_due());
    let code = RwSignal::new(String::new());
    // Practice over an unfinished practice game asks first (issue 33: it replaced it silently).
    let confirm = RwSignal::new(false);
    // The first Practice asks how to play (issue 33); later the choice is remembered.
    let choosing = RwSignal::new(false);
    let start = RwSignal::new(crate::course::practice_start());
    let practice = move || match start.get_untracked() {
        Some(how) => {
            store.act(Errand::PracticeAs(how));
        }
        None => choosing.set(true),
    };
    let unfinished = move || match store.kind.get_untracked() {
        SessionKind::Practice => {
            store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()))
        }
        _ => net::saves::has_practice(),
    };
    let back_to_it = move || {
        confirm.set(false);
        store.act(Errand::BackToPractice);
    };
    // A running practice or room: back to its lobby, its battle or its result.
    let resumable = Memo::new(move |_| {
        match store.kind.get() {
            SessionKind::None => return None,
            SessionKind::Replay { key } => {
                return Some(("Back to the replay", crate::records::address(&key)))
            }
            _ => {}
        }
        Some((
            match store.game.with(|g| g.as_ref().map(|g| g.outcome().is_some())) {
                None => "Back to the lobby",
                Some(false) => "Resume the game",
                Some(true) => "See the result",
            },
            Route::Play.hash().to_string(),
        ))
    });
    // A room asked for (Create room, Play here, Join) in a browser that cannot be in one: why,
    // below the buttons, where the tap was.
    let refused = RwSignal::new(None::<ActError>);
    let refusal = NodeRef::<leptos::html::P>::new();
    Effect::new(move |_| {
        if refused.with(Option::is_some) {
            if let Some(el) = refusal.get() {
                el.scroll_into_view();
            }
        }
    });
    let room_or_why = move |asked: Acted| {
        refused.set(match asked {
            Acted::Refused(why) => Some(why),
            _ => None,
        })
    };
    let join = move || match net::room_from_text(&code.get_untracked()) {
        Some(room) => room_or_why(store.act(Errand::EnterRoom(room))),
        None => store.toasts.error("That is not a room link or code"),
    };
    view! {
        <main class="home" data-testid="home">
            // A room link this browser cannot follow (no WebRTC): why, and Practice below.
            {net::room_link_refused().map(|why| view! {
                <p class="panel home__error" role="alert" data-testid="home-no-webrtc">{why.to_string()}</p>
            })}
            // A room link that cannot name a room: said here, not silently dropped.
            {net::bad_room_in_location().map(|why| view! {
                <p class="panel home__error" role="alert" data-testid="home-link-error">{why}</p>
            })}
            // A link that meant a room but misspelt its key or put the code in its path.
            {net::link_hint_in_location().map(|hint| view! {
                <div class="panel home__error" role="alert" data-testid="home-link-hint">
                    <p>{hint.why}</p>
                    {hint.room.map(|room| {
                        let label = format!("Join room {room}");
                        view! {
                            <button class="btn btn--shields" data-testid="home-link-hint-join"
                                on:click=move |_| room_or_why(store.act(Errand::EnterRoom(room.clone())))>{label}</button>
                        }
                    })}
                </div>
            })}
            <header class="home__title">
                <h1>"Dice Duel"</h1>
                <p class="home__tagline">"Two crews, one table, real-time dice. Space Cadets: Dice Duel in your browser."</p>
            </header>
            {move || offer.get().then(|| view! {
                <section class="panel home__learn" data-testid="home-learn-offer" aria-labelledby="home-learn-title">
                    <h2 id="home-learn-title">"New to Dice Duel?"</h2>
                    <p>"Learn a station by doing: short lessons on a real game, one goal each, with hints that point at the controls."</p>
                    <div class="home__actions">
                        <a class="btn btn--big btn--helm" data-testid="home-learn-offer-go" href=Route::Learn.hash()>"Learn a station"</a>
                        <button class="btn btn--ghost" data-testid="home-learn-dismiss"
                            on:click=move |_| { crate::course::dismiss_offer(); offer.set(false); }>"No thanks"</button>
                    </div>
                </section>
            })}
            <nav class="home__actions">
                {move || resumable.get().map(|(label, address)| view! {
                    <a class="btn btn--big btn--sensors" data-testid="home-resume" href=address>{label}</a>
                })}
                {(store.kind.get_untracked() != SessionKind::Practice && net::saves::has_practice()).then(|| view! {
                    <button class="btn btn--big btn--sensors" data-testid="home-resume-practice"
                        on:click=move |_| { store.act(Errand::BackToPractice); }>
                        "Resume the practice game"
                    </button>
                })}
                <button class="btn btn--big btn--helm" data-testid="home-practice"
                    aria-expanded=move || choosing.get().to_string()
                    on:click=move |_| if unfinished() { confirm.set(true) } else { practice() }>
                    "Practice"
                </button>
                <first_practice::Chooser choosing start />
                {move || confirm.get().then(|| view! {
                    <div class="panel home__confirm" role="alertdialog" aria-labelledby="home-confirm-text" data-testid="home-practice-confirm">
                        <p id="home-confirm-text">"You have a practice game saved. Start a new one? The saved one will be lost."</p>
                        <div class="home__actions">
                            <button class="btn btn--helm" data-testid="home-practice-new"
                                on:click=move |_| { confirm.set(false); practice() }>"Start a new game"</button>
                            <button class="btn btn--ghost" data-testid="home-practice-keep" on:click=move |_| back_to_it()>"Go back to it"</button>
                        </div>
                    </div>
                })}
                <a class="btn btn--shields" data-testid="home-learn" href=Route::Learn.hash()>"Learn a station"</a>
                <button class="btn btn--weapons" data-testid="home-practice-setup" on:click=move |_| { store.act(Errand::PracticeLobby); }>
                    "Practice lobby"
                </button>
                <button class="btn btn--tractor" data-testid="home-thunderstruck"
                    on:click=move |_| { store.act(Act::Go(if thunder_over.get_untracked().is_some() { Route::Play } else { Route::Thunderstruck })); }>
                    {move || match thunder_over.get() {
                        None => "Thunderstruck Duel",
                        Some(false) => "Resume Thunderstruck Duel",
                        Some(true) => "Thunderstruck Duel: the result",
                    }}
                </button>
                <button class="btn btn--energy" data-testid="home-create-room" on:click=move |_| room_or_why(store.act(Errand::CreateRoom))>
                    "Create room"
                </button>
                <button class="btn btn--shields" data-testid="home-join" on:click=move |_| joining.update(|j| *j = !*j)>
                    "Join"
                </button>
                <button class="btn btn--helm" data-testid="home-serverless"
                    title="For a table with no internet: the devices pair by camera"
                    on:click=move |_| room_or_why(store.act(Errand::HostServerless))>
                    "Play here, no internet"
                </button>
                // Its panel says itself why a browser without WebRTC cannot pair: not twice.
                <button class="btn btn--helm" data-testid="home-join-camera" aria-expanded=move || pairing.get().to_string()
                    on:click=move |_| {
                        refused.set(None);
                        // The practice file has no camera's panel: the full app opens it.
                        match store.act(Errand::JoinCameraElsewhere) {
                            Acted::NotDone => pairing.update(|p| *p = !*p),
                            Acted::Done => {}
                            Acted::Refused(why) => refused.set(Some(why)),
                        }
                    }>
                    "Join by camera"
                </button>
                <button class="btn btn--crystal" data-testid="home-maps" on:click=move |_| { store.act(Act::Go(Route::Maps)); }>
                    "Map editor"
                </button>
            </nav>
            {move || refused.get().map(|why| view! {
                <p class="panel home__error" role="alert" data-testid="home-room-refused" node_ref=refusal>{why.to_string()}</p>
            })}
            {move || (ROOMS && pairing.get()).then(|| view! { <crate::pairing::JoinByCamera /> })}
            {move || joining.get().then(|| view! {
                <form class="home__join" on:submit=move |ev| { ev.prevent_default(); join(); }>
                    // A phone's keyboard must not capitalise or "correct" a code (`autocorrect`
                    // is Safari's: the view macro knows no such attribute, hence `.attr`).
                    {view! { <input data-testid="home-join-code" placeholder="Paste the room link or code" prop:value=move || code.get()
                        autocapitalize="off" autocomplete="off" spellcheck="false" enterkeyhint="go"
                        on:input=move |ev| code.set(event_target_value(&ev)) /> }.attr("autocorrect", "off")}
                    <button class="btn btn--shields" type="submit" data-testid="home-join-go">"Join room"</button>
                </form>
            })}
            <label class="home__name">
                "Your name "
                <input data-testid="home-name" maxlength="24" placeholder="Cadet" prop:value=net::saves::name()
                    on:change=move |ev| {
                        store.act(Errand::SetName { name: event_target_value(&ev), tell_room: false });
                    } />
            </label>
            <p class="home__status" data-testid="home-status" aria-live="polite">
                "Practice starts a battle against a bot crew at once: it needs no network. "
                <a href=Route::Rules.hash() data-testid="home-rules">"How to play"</a>
            </p>
            // A hint, never a block: `navigator.onLine` is false on a device with no network
            // card up, yet a server on this very machine (scripts/start) still answers.
            {(!crate::platform::device::online()).then(|| view! {
                <p class="home__status" role="status" data-testid="home-offline">
                    "This device seems to be offline. Practice, the map editor and the rules work without a network; \
                     so does a room of devices on one Wi-Fi or hotspot: “Play here, no internet”, then pair them by camera."
                </p>
            })}
            <fieldset class="home__device" data-testid="home-device">
                <legend>"On this device"</legend>
                {switch("setting-keep-awake", " Keep the screen on during a battle", store.ui.keep_awake,
                    crate::platform::device::store_keep_awake)}
                {switch("setting-haptics", " Vibrate on freezes and hits (where the device can)", store.ui.haptics,
                    crate::platform::device::store_haptics)}
            </fieldset>
            <saved::SavedGames />
            <crate::panels::update::InstallButton />
        </main>
    }
}

/// One of this device's settings: a checkbox kept in `setting` and remembered by `remember`.
fn switch(
    testid: &'static str,
    label: &'static str,
    setting: RwSignal<bool>,
    remember: fn(bool),
) -> impl IntoView {
    view! {
        <label>
            <input type="checkbox" data-testid=testid prop:checked=move || setting.get()
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    setting.set(on);
                    remember(on);
                } />
            {label}
        </label>
    }
}
