//! The freeze overlay: time has stopped. Who froze, each resolution step as
//! the host tells it (the hit test with its numbers, the sector struck, the
//! damage roll's faces), the choices it waits for, and what is queued.
//! When play resumes the story stays on a smaller result card, beside the
//! game rather than over it, until it is closed or the next freeze begins:
//! nobody could read the numbers in the moment the overlay used to last.

use duel_core::freeze::Progress;
use leptos::prelude::*;

use super::choices::ChoiceList;
use crate::feed::Tone;
use crate::store::use_store;
use crate::ui::die::{die_svg, Show};
use crate::ui::names::{ship_class, ship_name};

#[component]
pub fn FreezeOverlay() -> impl IntoView {
    let store = use_store();
    let head = Memo::new(move |_| {
        store.game.with(|g| {
            let g = g.as_ref()?;
            let f = g.freeze()?;
            let who = ship_name(g.layout(), f.declared.ship);
            let class = ship_class(g.layout(), f.declared.ship);
            let queued: Vec<String> = f
                .queued
                .iter()
                .map(|q| format!("Next: {}: {}", ship_name(g.layout(), q.ship), q.action.call()))
                .collect();
            Some((
                format!("{who}: {}", f.declared.action.call()),
                class,
                f.progress == Progress::Review,
                queued,
            ))
        })
    });
    let running = move || {
        head.get().map(|(call, class, resolved, queued)| {
            view! {
                <div class="freeze" data-testid="freeze-overlay" role="dialog" aria-label="Freeze" aria-live="polite">
                    <div class=format!("freeze__card ship-edge--{class}")>
                        <p class="freeze__kicker">"Freeze"</p>
                        <h2 class="freeze__call" data-testid="freeze-call">{call}</h2>
                        <Steps testid="freeze-step" />
                        <ChoiceList in_freeze=true />
                        {queued.into_iter().map(|q| view! { <p class="freeze__queued">{q}</p> }).collect_view()}
                        {resolved.then(|| view! { <p class="freeze__resume" data-testid="freeze-resolved">"Resolved. Play resumes in a moment…"</p> })}
                    </div>
                </div>
            }
        })
    };
    view! { {running} }
}

/// The steps of the running (or last) freeze, each with its numbers and dice.
#[component]
fn Steps(testid: &'static str) -> impl IntoView {
    let store = use_store();
    view! {
        <ol class="freeze__steps">
            <For each=move || store.log.with(|l| l.freeze.clone()) key=|l| l.seq let:line>
                <li class="freeze__step" class:is-loud=line.tone == Tone::Loud
                    class:is-miss=line.tone == Tone::Miss class:is-damage=line.tone == Tone::Damage
                    data-testid=testid>
                    <span>{line.text.clone()}</span>
                    <span class="freeze__dice">
                        {line.dice.iter().map(|p| {
                            let face = duel_core::Face::Weapons(duel_core::dice::WeaponFace::from_pip(*p));
                            view! { <span class="mini mini--big" data-testid="damage-die">{die_svg(Some(duel_core::Station::Weapons), Show::Face(face))}</span> }
                        }).collect_view()}
                    </span>
                </li>
            </For>
        </ol>
    }
}

/// The last freeze's result, kept on screen until the player closes it (its
/// button or Esc) or another freeze begins. On the game screen it sits in
/// the page above the station (never over a control); `floating` on the
/// board view, which has no controls to cover.
#[component]
pub fn FreezeResult(#[prop(optional)] floating: bool) -> impl IntoView {
    let store = use_store();
    let shown = Memo::new(move |_| {
        let running = store.game.with(|g| g.as_ref().is_none_or(|g| g.freeze().is_some()));
        let read = store.ui.freeze_read.get();
        store.log.with(|l| {
            let (seq, call, ship) = l.freeze_call.clone()?;
            (!running && read != Some(seq)).then_some((seq, call, ship))
        })
    });
    let close = move || store.ui.freeze_read.set(shown.get_untracked().map(|(seq, _, _)| seq));
    let on_key = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && shown.get_untracked().is_some() && !store.ui.help.get_untracked() {
            close();
        }
    });
    on_cleanup(move || on_key.remove());
    move || {
        shown.get().map(|(_, call, ship)| {
            let class = store.game.with(|g| g.as_ref().map_or("white", |g| ship_class(g.layout(), ship)));
            view! {
                <aside class=format!("freeze-result ship-edge--{class}") class:freeze-result--floating=floating
                    data-testid="freeze-result"
                    aria-label="The last freeze's result">
                    <header class="freeze-result__head">
                        <p class="freeze__kicker">"Freeze resolved · play goes on"</p>
                        <button class="btn btn--small" data-testid="freeze-result-close"
                            on:click=move |_| close()>"Close"</button>
                    </header>
                    <h2 class="freeze-result__call">{call}</h2>
                    <Steps testid="freeze-result-step" />
                </aside>
            }
        })
    }
}
