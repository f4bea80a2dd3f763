//! The lobby: the rules and each McGuire house-rule toggle, the ships and
//! crews (the rulebook's recommended splits), who sits where (people and bots
//! at a level), the map set-up, and for online rooms the share link.
//! The room owner edits; everyone else watches the same room view.

mod bot_levels;
mod crew;
mod game_choice;
mod map;
mod rules;
mod share;

use duel_net::Command;
use leptos::prelude::*;

use crate::net::saves;
use crate::platform::full_app::ROOMS;
use crate::session::SessionKind;
use crate::store::{use_store, Act, Errand};

/// "Your name": what every peer sees for this device's player; a guest who
/// came by link sets it here (it is remembered for the next room too). On a
/// device's first join the line asks for it (issue 30: every guest was
/// "Cadet"), with a button a thumb can reach; "Keep Cadet" answers too.
#[component]
fn YourName(guest: Memo<bool>) -> impl IntoView {
    let store = use_store();
    let shown = Memo::new(move |_| {
        let me = store.me.get();
        store.room.with(|r| {
            r.as_ref().and_then(|r| r.players.iter().find(|p| Some(p.no) == me).map(|p| p.name.clone()))
        })
    });
    let unasked = RwSignal::new(!saves::has_name());
    let asking = Memo::new(move |_| guest.get() && unasked.get());
    let input = NodeRef::<leptos::html::Input>::new();
    let rename = move |name: String| {
        store.act(Errand::SetName { name, tell_room: true });
        unasked.set(false);
    };
    view! {
        <div class="lobby__name" class:is-asking=asking data-testid="lobby-name-row">
            <label for="lobby-name">{move || if asking.get() { "What should the table call you?" } else { "Your name" }}</label>
            <input id="lobby-name" data-testid="lobby-name" maxlength="24" placeholder="Cadet" autocomplete="nickname"
                node_ref=input
                // Asked: an empty field to type into, not "Cadet" to delete first.
                prop:value=move || if asking.get() { String::new() } else { shown.get().unwrap_or_else(saves::name) }
                on:change=move |ev| rename(event_target_value(&ev)) />
            {move || asking.get().then(|| view! {
                <button class="btn btn--small btn--helm" data-testid="lobby-name-ok"
                    on:click=move |_| rename(input.get().map(|i| i.value()).unwrap_or_default())>"That's me"</button>
                <button class="btn btn--small btn--ghost" data-testid="lobby-name-skip"
                    on:click=move |_| rename("Cadet".to_string())>"Keep Cadet"</button>
            })}
        </div>
    }
}

#[component]
pub fn Lobby() -> impl IntoView {
    let store = use_store();
    let owner = store.owner;
    let online = Memo::new(move |_| matches!(store.kind.get(), SessionKind::Online { .. }));
    let thunder = Memo::new(move |_| {
        store
            .room
            .with(|r| r.as_ref().is_some_and(|r| matches!(r.config.mode, duel_core::Mode::Thunderstruck(_))))
    });
    // A guest who came by link: told whose room it is, its seats first, the invite after
    // them (issue 30: the invite block and its QR code are the host's).
    let guest = Memo::new(move |_| online.get() && !owner.get());
    let joined = Memo::new(move |_| {
        let me = store.me.get();
        store.room.with(|r| {
            let r = r.as_ref()?;
            let host =
                r.host.and_then(|h| r.player(h)).map_or_else(|| "the host".to_string(), |p| p.name.clone());
            let seated = me.is_some_and(|m| !r.seats_of(m).is_empty());
            Some(if seated {
                format!("You joined {host}'s room.")
            } else {
                format!("You joined {host}'s room. Take a free seat below.")
            })
        })
    });
    view! {
        <main class="lobby" data-testid="lobby">
            <header class="lobby__head">
                <h1>{move || if online.get() { "Room lobby" } else { "Practice lobby" }}</h1>
                <a class="btn btn--small btn--ghost" href=crate::route::Route::Home.hash()>"Home"</a>
            </header>
            {move || guest.get().then(|| view! {
                <p class="lobby__joined" role="status" data-testid="lobby-joined">{move || joined.get()}</p>
            })}
            <YourName guest />
            {move || (ROOMS && online.get() && !guest.get()).then(|| view! { <share::Share /> })}
            <div class="lobby__grid">
                {move || guest.get().then(|| view! { <crew::Crew /> })}
                <game_choice::GameChoice />
                {move || (!guest.get()).then(|| view! { <crew::Crew /> })}
                {move || (!thunder.get()).then(|| view! { <rules::Rules /> <map::MapSetup /> })}
            </div>
            {move || (ROOMS && guest.get()).then(|| view! { <share::Share /> })}
            // Practice only: an online room keeps real time, as the board game does.
            {move || (!online.get() && !thunder.get()).then(|| view! {
                <div class="lobby__pace"><crate::panels::pause::BotPaceChoice /></div>
            })}
            // Sticky: Start is in every screenful of a phone (issue 33).
            <footer class="lobby__start">
                {move || if owner.get() {
                    view! {
                        <button class="btn btn--big btn--helm" data-testid="lobby-start"
                            on:click=move |_| { store.act(Act::Command(Command::Start)); }>
                            {move || if thunder.get() { "Start the duel" } else { "Start the battle" }}</button>
                    }.into_any()
                } else {
                    view! { <p class="hint" data-testid="lobby-wait">"Waiting for the host to start…"</p> }.into_any()
                }}
            </footer>
        </main>
    }
}
