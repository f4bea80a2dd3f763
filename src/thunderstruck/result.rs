//! The end of a duel (T9): the winner or a draw, each ship's damage and
//! fate, the rounds played; then play again or go home.

use duel_core::thunderstruck::Phase;
use leptos::prelude::*;

use super::duel::use_duel;

#[component]
pub fn ResultScreen() -> impl IntoView {
    let duel = use_duel();
    let me = duel.me;
    let store = crate::store::use_store();
    let summary = Memo::new(move |_| {
        duel.game.with(|g| {
            let g = g.as_ref()?;
            let Phase::Over { winner } = g.phase() else { return None };
            let headline = match winner {
                Some(p) if *p == me => "You win!".to_string(),
                Some(p) => format!("{p} wins."),
                None => "A draw.".to_string(),
            };
            let ships: Vec<(String, String)> = g
                .players()
                .filter_map(|p| {
                    let s = g.ship(p)?;
                    let fate = if s.destroyed { "destroyed" } else { "still flying" };
                    let name = if p == me { format!("{p} (you)") } else { p.to_string() };
                    Some((name, format!("{} damage · {fate}", s.console.damage())))
                })
                .collect();
            Some((headline, ships, g.round(), g.config().rounds))
        })
    });
    move || {
        summary.get().map(|(headline, ships, round, of)| {
            view! {
                <main class="ts-result center" data-testid="ts-result">
                    <h1 data-testid="ts-winner">{headline}</h1>
                    <p class="hint" data-testid="ts-rounds">{format!("Rounds played: {round} of {of}")}</p>
                    <dl class="ts-result__ships">
                        {ships.into_iter().map(|(n, d)| view! { <dt>{n}</dt><dd>{d}</dd> }).collect_view()}
                    </dl>
                    <div class="ts-result__actions">
                        {duel.practice().then(|| view! {
                            <button class="btn btn--weapons" data-testid="ts-again" on:click=move |_| duel.again()>"Play again"</button>
                        })}
                        // Every finished duel is kept and watched again like any game (issue 17).
                        {(!matches!(store.mode.get_untracked(), crate::boot::Mode::Replay { .. })).then(|| view! {
                            <button class="btn btn--sensors" data-testid="ts-replay" on:click=move |_| crate::records::watch_current(store)>"Watch the replay"</button>
                        })}
                        <button class="btn btn--ghost" data-testid="ts-result-home" on:click=move |_| duel.leave()>"Home"</button>
                    </div>
                </main>
            }
        })
    }
}
