//! The slim header on every game screen: each ship's damage and crystals,
//! the freeze banner, the connection, sound and the way home.

use duel_core::freeze::Progress;
use duel_core::ShipId;
use leptos::prelude::*;

use crate::net::ConnState;
use crate::route::Route;
use crate::stations::display::{damage_pips, health_pips};
use crate::store::{use_store, Act};
use crate::ui::names::{ship_class, ship_name};
use crate::ui::sound;

#[component]
pub fn Header(seats: RwSignal<bool>) -> impl IntoView {
    let store = use_store();
    let ships = Memo::new(move |_| {
        store.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    g.ships()
                        .iter()
                        .enumerate()
                        .map(|(i, s)| {
                            let id = ShipId(i as u8);
                            (
                                id,
                                ship_name(g.layout(), id),
                                ship_class(g.layout(), id),
                                s.hits,
                                g.crystals_held(id),
                                s.destroyed,
                                s.health().map(|h| (h, g.ruleset().fighter_health().max(h))),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let banner = Memo::new(move |_| {
        store.game.with(|g| {
            let g = g.as_ref()?;
            let f = g.freeze()?;
            let who = ship_name(g.layout(), f.declared.ship);
            let state = if f.progress == Progress::Review { " · resolved" } else { "" };
            Some(format!("FREEZE · {who}: {}{state}", f.declared.action.call()))
        })
    });
    let muted = store.ui.muted;
    view! {
        <header class="hud" data-testid="hud">
            <div class="hud__ships">
                <For each=move || ships.get() key=|s| *s let:s>
                    <div class=format!("hud__ship ship-badge--{}", s.2) class:is-destroyed=s.5
                        data-testid=format!("hud-ship-{}", s.0 .0) data-damage=s.3>
                        <b>{s.1}</b>
                        {match s.6 {
                            Some((health, most)) => health_pips(health, most).into_any(),
                            None => view! {
                                {damage_pips(s.3)}
                                <span class="crystals" title="crystals held">"◆ "{s.4}</span>
                            }.into_any(),
                        }}
                    </div>
                </For>
            </div>
            <div class="hud__banner" class:is-frozen=move || banner.with(Option::is_some) role="status" data-testid="freeze-banner">
                {move || banner.get().unwrap_or_default()}
            </div>
            <div class="hud__tools">
                <crate::panels::pause::PauseButton />
                {move || (store.bots_paused.get() && store.owner.get()).then(|| view! {
                    <button class="btn btn--small btn--tractor" data-testid="bots-resume" title="The bots are paused (?bots=off): resume them"
                        on:click=move |_| { store.act(Act::BotsPaused(false)); }>"Resume bots"</button>
                })}
                {move || store.link.with(|l| *l != ConnState::Offline).then(|| view! {
                    <span class="link-state" data-testid="link-state">{move || store.link.with(ConnState::label)}</span>
                })}
                // A room with no server: a device whose links dropped has no way back but a camera (issue 45).
                {move || (crate::platform::full_app::ROOMS && store.serverless() && crate::pairing::links_lost(store)).then(|| view! {
                    <button class="btn btn--small btn--shields" data-testid="hud-rejoin" title="This room has no server: rejoin it by camera, through a device still in it"
                        on:click=move |_| seats.set(true)>"Rejoin by camera"</button>
                })}
                {move || store.election.get().map(|text| view! {
                    <span class="link-state link-state--election" role="status" data-testid="election">{text}</span>
                })}
                <button class="btn btn--icon" data-testid="mute" title="Sound on/off" aria-label="Sound"
                    aria-pressed=move || muted.get().to_string()
                    on:click=move |_| {
                        let m = !muted.get_untracked();
                        muted.set(m);
                        sound::store_muted(m);
                        sound::unlock();
                    }>
                    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M3 9 H7 L12 5 V19 L7 15 H3 Z" />
                        <path d=move || if muted.get() { "M16 9 L22 15 M22 9 L16 15" } else { "M16 9 Q18.5 12 16 15 M19 6 Q23.5 12 19 18" } />
                    </svg>
                </button>
                <button class="btn btn--small" data-testid="hud-seats" title="Who plays each seat: take one a bot plays"
                    aria-expanded=move || seats.get().to_string()
                    on:click=move |_| seats.update(|s| *s = !*s)>"Seats"</button>
                <button class="btn btn--small hud__keys" data-testid="hud-keys" title="Keyboard shortcuts (?)"
                    aria-expanded=move || store.ui.help.get().to_string()
                    on:click=move |_| store.ui.help.update(|h| *h = !*h)>"Keys"</button>
                <a class="btn btn--icon" href=Route::Rules.hash() title="Rules" aria-label="Rules" data-testid="hud-rules">"?"</a>
                <a class="btn btn--icon" href=Route::Home.hash() title="Home" aria-label="Home" data-testid="hud-home">"⌂"</a>
            </div>
        </header>
        <crate::panels::pause::PauseCard />
        <super::seat_panel::SeatsCard open=seats />
        {move || store.ui.help.get().then(|| view! {
            <div class="pause" role="dialog" aria-modal="true" aria-labelledby="keys-title" data-testid="keys-card"
                on:click=move |_| store.ui.help.set(false)>
                <div class="pause__card panel" on:click=|ev| ev.stop_propagation()>
                    <h2 id="keys-title">"Keyboard shortcuts"</h2>
                    <dl class="keys">
                        {crate::ui::shortcuts::SHORTCUTS.iter().map(|(k, what)| view! { <dt><kbd>{*k}</kbd></dt><dd>{*what}</dd> }).collect_view()}
                    </dl>
                    <button class="btn btn--helm" data-testid="keys-close" on:click=move |_| store.ui.help.set(false)>"Close (Esc)"</button>
                </div>
            </div>
        })}
    }
}
