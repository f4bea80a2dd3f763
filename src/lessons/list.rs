//! The "Learn a station" screen (`#/learn`): every lesson with its task and
//! a check mark once completed, then the practice game as Engineering.

use leptos::prelude::*;

use crate::course::{self, Lesson, LESSONS};
use crate::route::Route;
use crate::store::{use_store, Errand};

#[component]
pub fn LessonList() -> impl IntoView {
    let done = course::done_ids();
    let item = |lesson: &'static Lesson| {
        let store = use_store();
        let is_done = done.iter().any(|d| d == lesson.id);
        view! {
            <li class="lessons__item" class:is-done=is_done>
                <button class="lessons__start" data-testid=format!("learn-{}", lesson.id)
                    on:click=move |_| { store.act(Errand::BeginLesson(lesson)); }>
                    <span class="lessons__title">{lesson.title}</span>
                    <span class="lessons__task">{lesson.task}</span>
                    {is_done.then(|| view! { <span class="lessons__check" aria-label="completed">"✓"</span> })}
                </button>
            </li>
        }
    };
    let store = use_store();
    view! {
        <main class="lessons" data-testid="learn">
            <header>
                <h1>"Learn a station"</h1>
                <p class="hint">"Each lesson is a short situation on a real game with one goal. The hints point at the control to use; Black's crew waits for you."</p>
            </header>
            <h2>"The stations"</h2>
            <ol class="lessons__list">
                {LESSONS.iter().filter(|l| !l.freeze).map(item).collect_view()}
            </ol>
            <h2>"Freezes"</h2>
            <ol class="lessons__list">
                {LESSONS.iter().filter(|l| l.freeze).map(item).collect_view()}
            </ol>
            <h2>"Then play"</h2>
            <p class="hint">"Your crew's other stations are bots: send them energy and they roll, place and fire with it."</p>
            <div class="home__actions">
                <button class="btn btn--big btn--energy" data-testid="learn-practice-engineering"
                    on:click=move |_| { store.act(Errand::PracticeAsEngineering); }>
                    "Play a practice game as Engineering with bots around you"
                </button>
                <a class="btn btn--ghost" href=Route::Home.hash() data-testid="learn-home">"Home"</a>
            </div>
        </main>
    }
}
