//! The last few things that happened outside freezes (obstacles entered,
//! mines, crystals, damage) and in the room (who hosts now, dice nobody
//! can check), under the board.

use leptos::prelude::*;

use crate::feed::Tone;
use crate::store::use_store;

#[component]
pub fn Ticker() -> impl IntoView {
    let store = use_store();
    view! {
        <ul class="ticker" data-testid="ticker" aria-live="polite">
            <For each=move || store.log.with(|l| l.ticker.iter().rev().take(4).cloned().collect::<Vec<_>>()) key=|l| (l.seq, l.text.clone()) let:line>
                <li class:is-damage=line.tone == Tone::Damage class:is-loud=line.tone == Tone::Loud
                    class:is-news=line.tone == Tone::News class:is-caution=line.tone == Tone::Caution>{line.text.clone()}</li>
            </For>
        </ul>
    }
}
