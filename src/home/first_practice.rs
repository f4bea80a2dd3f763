//! How Practice starts (issue 33): the first time it asks — one station with a
//! bot crew around you against the slowest bots, or the whole ship — and
//! afterwards a line under Practice says what one tap starts, with Change.

use duel_core::Station;
use leptos::prelude::*;

use crate::course::PracticeStart;
use crate::store::{use_store, Errand};

/// The station of the last lesson this device finished, if it was a station's.
fn last_lesson_station() -> Option<Station> {
    let id = crate::course::done_ids().pop()?;
    let lesson = crate::course::find(&id)?;
    match lesson.holds {
        [station] if !lesson.freeze => Some(*station),
        _ => None,
    }
}

/// The choice (while `choosing`) or the line saying what Practice starts.
#[component]
pub fn Chooser(choosing: RwSignal<bool>, start: RwSignal<Option<PracticeStart>>) -> impl IntoView {
    let store = use_store();
    let pick = move |how: PracticeStart| {
        choosing.set(false);
        start.set(Some(how));
        store.act(Errand::PracticeAs(how));
    };
    let heading = NodeRef::<leptos::html::H2>::new();
    // The choice opens under the button: its heading takes the focus, so a
    // keyboard or a screen reader lands on it (WCAG 2.4.3).
    Effect::new(move |_| {
        if let Some(h) = heading.get() {
            let _ = h.focus();
        }
    });
    view! {
        {move || choosing.get().then(|| view! {
            <section class="panel home__first" data-testid="home-practice-choice" aria-labelledby="home-first-title">
                <h2 id="home-first-title" tabindex="-1" node_ref=heading>
                    {move || if start.get().is_some() { "How should Practice start?" } else { "Your first practice" }}
                </h2>
                <p>
                    "Play one station while a bot crew runs the rest of your ship (White), against Black's slowest bots. "
                    "During the game, Seats lets you take more stations."
                </p>
                <div class="home__choices">
                    {PracticeStart::offered(last_lesson_station()).into_iter().map(|how| view! {
                        <button class=if how == PracticeStart::Crew { "btn btn--ghost" } else { "btn btn--big btn--helm" }
                            data-testid=format!("home-practice-as-{}", how.key())
                            on:click=move |_| pick(how)>{how.label()}</button>
                    }).collect_view()}
                    <button class="btn btn--ghost" data-testid="home-practice-choice-close"
                        on:click=move |_| choosing.set(false)>"Not now"</button>
                </div>
            </section>
        })}
        {move || (!choosing.get()).then(|| start.get()).flatten().map(|how| view! {
            <p class="home__practice-as" data-testid="home-practice-as">
                {how.describe()} " "
                <button class="btn btn--small btn--ghost" data-testid="home-practice-change"
                    on:click=move |_| choosing.set(true)>"Change"</button>
            </p>
        })}
    }
}
