//! Set-up (R5): the teams take turns placing the ten obstacle tokens (and
//! the wormholes, if in play) on the board; "place for me" picks a fair
//! square (the mirror of the other team's last token, else the symmetric
//! layout).

use duel_core::map::Obstacle;
use duel_core::Phase;
use leptos::prelude::*;

use crate::session::suggest_token;
use crate::store::{use_store, Act};
use crate::ui::names::team_name;

#[component]
pub fn SetupPanel() -> impl IntoView {
    let store = use_store();
    let state = Memo::new(move |_| {
        let seats = store.my_seats();
        store.game.with(|g| {
            let g = g.as_ref()?;
            let Phase::Setup { next } = g.phase() else { return None };
            let (obstacles, wormholes) = g.tokens_left();
            let mine = seats
                .iter()
                .copied()
                .find(|s| g.seat_ship(*s).and_then(|sh| g.ship(sh)).is_some_and(|sh| sh.team == *next));
            Some((team_name(g.layout(), *next), obstacles, wormholes, mine))
        })
    });
    let token = store.ui.token;
    move || {
        state.get().map(|(team, obstacles, wormholes, mine)| {
            let choose = |t: Option<Obstacle>, label: &'static str, id: &'static str| view! {
                <button class="btn btn--small" class:is-on=move || token.get() == t data-testid=id
                    on:click=move |_| token.set(t)>{label}</button>
            };
            if wormholes > 0 && obstacles == 0 && token.get_untracked().is_some() {
                token.set(None);
            }
            view! {
                <section class="setup" data-testid="setup-panel">
                    <h2>"Set-up: place the obstacles"</h2>
                    <p data-testid="setup-turn">{format!("{team} places a token · {obstacles} obstacles, {wormholes} wormholes left")}</p>
                    {match mine {
                        Some(seat) => view! {
                            <div class="setup__tools">
                                {(obstacles > 0).then(|| view! {
                                    {choose(Some(Obstacle::Asteroid), "Asteroid", "setup-asteroid")}
                                    {choose(Some(Obstacle::Nebula), "Nebula", "setup-nebula")}
                                })}
                                {(wormholes > 0).then(|| choose(None, "Wormhole", "setup-wormhole"))}
                                <button class="btn btn--helm" data-testid="setup-auto" on:click=move |_| {
                                    let seed = crate::platform::now_ms();
                                    let intent = store.game.with_untracked(|g| g.as_ref().and_then(|g| suggest_token(g, seat, seed)));
                                    if let Some(intent) = intent { store.act(Act::Send { seat, intent }); }
                                }>"Place for me"</button>
                                <p class="hint">"Tap a lit square on the board."</p>
                            </div>
                        }.into_any(),
                        None => view! { <p class="hint">{format!("Waiting for {team}…")}</p> }.into_any(),
                    }}
                </section>
            }
        })
    }
}
