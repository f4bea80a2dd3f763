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
            // Why it ended, in the rules' words (T3, T9): the players saw only "destroyed".
            let others_destroyed = |w| g.players().filter(|p| *p != w).all(|p| g.ship(p).is_some_and(|s| s.destroyed));
            let of = g.config().rounds;
            let reason = match winner {
                Some(w) if others_destroyed(*w) => "Every other ship was destroyed: a ship is destroyed when both \
                     spaces of its Fire, Boost or Manoeuvre are damaged, or when a hit finds no shield and no space to damage."
                    .to_string(),
                Some(w) => format!("All {of} rounds were played: {w} has the least damage, and the least damage wins."),
                None => format!("All {of} rounds were played and the least damage is shared: a draw."),
            };
            Some((headline, reason, ships, g.round(), of))
        })
    });
    move || {
        summary.get().map(|(headline, reason, ships, round, of)| {
            view! {
                <main class="ts-result center" data-testid="ts-result">
                    <h1 data-testid="ts-winner">{headline}</h1>
                    <p data-testid="ts-reason">{reason}</p>
                    <p class="hint" data-testid="ts-rounds">{format!("Rounds played: {round} of {of}")}</p>
                    <dl class="ts-result__ships">
                        {ships.into_iter().map(|(n, d)| view! { <dt>{n}</dt><dd>{d}</dd> }).collect_view()}
                    </dl>
                    <div class="ts-result__actions">
                        {duel.practice().then(|| view! {
                            <button class="btn btn--weapons" data-testid="ts-again" on:click=move |_| duel.again()>"Play again"</button>
                        })}
                        // Every finished duel is kept and watched again like any game (issue 17).
                        {(!matches!(store.kind.get_untracked(), crate::session::SessionKind::Replay { .. })).then(|| view! {
                            <button class="btn btn--sensors" data-testid="ts-replay" on:click=move |_| { store.act(crate::store::Errand::WatchCurrent); }>"Watch the replay"</button>
                        })}
                        <button class="btn btn--ghost" data-testid="ts-result-home" on:click=move |_| duel.leave()>"Home"</button>
                    </div>
                </main>
            }
        })
    }
}
