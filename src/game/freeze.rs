//! The freeze overlay: time has stopped. Who froze, each resolution step as
//! the host tells it (the hit test with its numbers, the sector struck, the
//! damage roll's faces), the choices it waits for, and what is queued.

use duel_core::freeze::Progress;
use leptos::prelude::*;

use super::choices::ChoiceList;
use super::feed::Tone;
use crate::app::store::use_store;
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
    move || {
        head.get().map(|(call, class, resolved, queued)| {
            view! {
                <div class="freeze" data-testid="freeze-overlay" role="dialog" aria-live="polite">
                    <div class=format!("freeze__card ship-edge--{class}")>
                        <p class="freeze__kicker">"Freeze"</p>
                        <h2 class="freeze__call" data-testid="freeze-call">{call}</h2>
                        <ol class="freeze__steps">
                            <For each=move || store.log.with(|l| l.freeze.clone()) key=|l| l.seq let:line>
                                <li class="freeze__step" class:is-loud=line.tone == Tone::Loud
                                    class:is-miss=line.tone == Tone::Miss class:is-damage=line.tone == Tone::Damage
                                    data-testid="freeze-step">
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
                        <ChoiceList in_freeze=true />
                        {queued.into_iter().map(|q| view! { <p class="freeze__queued">{q}</p> }).collect_view()}
                        {resolved.then(|| view! { <p class="freeze__resume" data-testid="freeze-resolved">"Resolved. Play resumes in a moment…"</p> })}
                    </div>
                </div>
            }
        })
    }
}
