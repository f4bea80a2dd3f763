//! The lesson card below the game screen: the goal, the current hint (it
//! follows what the learner did, `course::Step`) with its control highlighted ("Show me" opens the station and puts the focus on
//! it), a check mark and "Next lesson" once the goal is met, "Start over"
//! (a learner who placed a wrong die is never stuck) and "Leave lesson".

use duel_core::SeatId;
use leptos::prelude::*;

use crate::course::{self, Lesson};
use crate::store::{use_store, Errand, Store};
use crate::ui::tab::Tab;

#[component]
pub fn LessonCard() -> impl IntoView {
    let store = use_store();
    move || store.lesson.get().map(|lesson| view! { <Card lesson /> })
}

#[component]
fn Card(lesson: &'static Lesson) -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(false);
    let open = RwSignal::new(true);
    // Checked after every event: the game changes with each batch the host applies. The
    // host's log is read in place, not copied.
    Effect::new(move |_| {
        let met = store.game.with(|g| {
            g.as_ref()
                .is_some_and(|g| store.with_history(|events| lesson.goal.met(g, events)).unwrap_or(false))
        });
        if met && done.try_get_untracked() == Some(false) {
            done.set(true);
            open.set(true);
            course::mark_done(lesson);
        }
    });
    // The lesson's own station in front once its game is on screen (a reload too).
    Effect::new(move |shown: Option<bool>| {
        if shown == Some(true) {
            return true;
        }
        let ready = store.game.with(|g| g.is_some());
        if ready {
            if let Some(station) = lesson.station() {
                store.ui.show(Tab::Station { seat: duel_core::SeatId(0), station });
            }
        }
        ready
    });
    let count = lesson.hints.len();
    // The card follows the learner (issue 33): the hint after the furthest step done, checked
    // on the game after every event, so a step undone brings its hint back. ‹ and › choose
    // another hint until the learner's next step moves the card on again.
    let follow = Memo::new(move |_| store.game.with(|g| g.as_ref().map_or(0, |g| lesson.hint_at(g))));
    let chosen = RwSignal::new(None::<(usize, usize)>);
    let hint = Memo::new(move |_| {
        let auto = follow.get();
        chosen.get().filter(|(at, _)| *at == auto).map_or(auto, |(_, k)| k).min(count - 1)
    });
    let pick = move |k: usize| chosen.set(Some((follow.get_untracked(), k.min(count - 1))));
    let current = move || lesson.hints[hint.get()];
    // The highlighted control: a style rule, so it survives the station's re-renders.
    let spot = move || {
        (!done.get()).then(|| {
            let t = current().target;
            format!(
                "[data-testid=\"{t}\"] {{ outline: 3px solid var(--helm); outline-offset: 3px; }} \
                 @media (prefers-reduced-motion: no-preference) {{ [data-testid=\"{t}\"] {{ animation: lesson-spot 1.2s ease-in-out 3; }} }}"
            )
        })
    };
    let show_me = move |_| {
        let h = current();
        if let Some(station) = h.station {
            store.ui.show(Tab::Station { seat: SeatId(0), station });
        }
        focus_later(h.target);
    };
    view! {
        <style>{spot}</style>
        <aside class="lesson-card" class:is-done=move || done.get() class:is-closed=move || !open.get()
            data-testid="lesson-card" aria-label=format!("Lesson: {}", lesson.title)>
            <header class="lesson-card__head">
                <span class="lesson-card__title">{format!("Lesson: {}", lesson.title)}</span>
                <button class="btn btn--small btn--ghost lesson-card__leave" data-testid="lesson-leave"
                    aria-label=move || if done.get() { "All lessons" } else { "Leave lesson" }
                    on:click=move |_| { store.act(Errand::LeaveLesson); }>{move || if done.get() { "All lessons" } else { "Leave" }}</button>
                <button class="btn btn--small btn--ghost" data-testid="lesson-toggle"
                    aria-expanded=move || open.get().to_string()
                    on:click=move |_| open.update(|o| *o = !*o)>
                    {move || if open.get() { "Hide" } else { "Show" }}
                </button>
            </header>
            <p class="lesson-card__goal" data-testid="lesson-goal">
                {move || if done.get() { "✓ " } else { "Goal: " }}
                <strong>{lesson.task}</strong>
            </p>
            {move || open.get().then(|| if done.get() {
                view! { <Done lesson store /> }.into_any()
            } else {
                view! {
                    <p class="lesson-card__hint" data-testid="lesson-hint" aria-live="polite">
                        {move || format!("Hint {} of {count}: {}", hint.get() + 1, current().text)}
                    </p>
                    <div class="lesson-card__actions">
                        <button class="btn btn--small btn--helm" data-testid="lesson-show" on:click=show_me>"Show me"</button>
                        <button class="btn btn--small" data-testid="lesson-prev-hint" aria-label="Previous hint"
                            disabled=move || { hint.get() == 0 }
                            on:click=move |_| pick(hint.get_untracked().saturating_sub(1))>"‹"</button>
                        <button class="btn btn--small" data-testid="lesson-next-hint" aria-label="Next hint"
                            disabled=move || { hint.get() + 1 >= count }
                            on:click=move |_| pick(hint.get_untracked() + 1)>"›"</button>
                        <button class="btn btn--small btn--ghost" data-testid="lesson-restart"
                            on:click=move |_| { store.act(Errand::BeginLesson(lesson)); }>"Start over"</button>
                    </div>
                    <p class="lesson-card__intro">{lesson.intro}</p>
                }.into_any()
            })}
        </aside>
    }
}

/// The goal met: the check, and where to go next.
#[component]
fn Done(lesson: &'static Lesson, store: Store) -> impl IntoView {
    view! {
        <p class="lesson-card__done" data-testid="lesson-done" role="status">
            {format!("Well done: {}.", lesson.task)}
        </p>
        <div class="lesson-card__actions">
            {match lesson.next() {
                Some(next) => view! {
                    <button class="btn btn--small btn--helm" data-testid="lesson-next"
                        on:click=move |_| { store.act(Errand::BeginLesson(next)); }>{format!("Next lesson: {}", next.title)}</button>
                }.into_any(),
                None => view! {
                    <button class="btn btn--small btn--energy" data-testid="lesson-next"
                        on:click=move |_| { store.act(Errand::PracticeAsEngineering); }>
                        "Play a practice game as Engineering with bots around you"
                    </button>
                }.into_any(),
            }}
            <button class="btn btn--small btn--ghost" data-testid="lesson-restart"
                on:click=move |_| { store.act(Errand::BeginLesson(lesson)); }>"Again"</button>
        </div>
    }
}

/// Puts the focus on (and scrolls to) the control `testid` once the station
/// just opened has rendered it.
fn focus_later(testid: &'static str) {
    #[cfg(target_arch = "wasm32")]
    set_timeout(
        move || {
            use wasm_bindgen::JsCast;
            let found = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(&format!("[data-testid=\"{testid}\"]")).ok().flatten());
            if let Some(el) = found {
                el.scroll_into_view();
                // A display box is not itself focusable: its name is the button inside.
                let inner = || el.query_selector("button").ok().flatten();
                let focusable =
                    if matches!(el.tag_name().as_str(), "BUTTON" | "A") { Some(el.clone()) } else { inner() };
                if let Some(h) = focusable.as_ref().and_then(|f| f.dyn_ref::<web_sys::HtmlElement>()) {
                    let _ = h.focus();
                }
            }
        },
        std::time::Duration::from_millis(60),
    );
    #[cfg(not(target_arch = "wasm32"))]
    let _ = testid;
}
