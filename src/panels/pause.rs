//! The pause's controls (issue 16): the Pause button of a practice battle,
//! the card over a paused practice, and the bot pace choice (in the practice
//! lobby and the card). The clock they stop is the store's ([`crate::pause`]).

use leptos::prelude::*;

use crate::pause::PauseReason;
use crate::route::Route;
use crate::session::{BotPace, SessionKind};
use crate::store::{use_store, Act};

/// The bot pace choice (`<select>`), in the practice lobby and the pause card.
#[component]
pub fn BotPaceChoice() -> impl IntoView {
    let store = use_store();
    let pace = store.ui.bot_pace;
    view! {
        <label class="bot-pace">
            "Bot pace "
            <select data-testid="bot-pace" prop:value=move || pace.get().name()
                title=move || pace.get().describe()
                on:change=move |ev| {
                    if let Some(p) = BotPace::from_name(&event_target_value(&ev)) {
                        store.act(Act::BotPace(p));
                    }
                }>
                {BotPace::ALL.iter().map(|p| view! { <option value=p.name()>{p.name()}</option> }).collect_view()}
            </select>
            <span class="hint" data-testid="bot-pace-hint">{move || pace.get().describe()}</span>
        </label>
    }
}

/// The Pause button of a practice battle (P or Space on the keyboard).
#[component]
pub fn PauseButton() -> impl IntoView {
    let store = use_store();
    let practice = move || {
        store.kind.get() == SessionKind::Practice
            && store.game.with(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()))
    };
    move || {
        practice().then(|| {
            view! {
                <button class="btn btn--small" data-testid="pause" title="Pause the game (P)"
                    on:click=move |_| { store.act(Act::Pause(PauseReason::Player)); }>"Pause"</button>
            }
        })
    }
}

/// The card over a paused practice: why, Resume, and the bot pace.
#[component]
pub fn PauseCard() -> impl IntoView {
    let store = use_store();
    let resume = NodeRef::<leptos::html::Button>::new();
    // The card takes the keyboard focus, so Enter or Space resumes at once.
    Effect::new(move |_| {
        if store.paused.get().is_some() {
            if let Some(b) = resume.get() {
                let _ = b.focus();
            }
        }
    });
    move || {
        store.paused.get().map(|reason| {
            let why = match reason {
                PauseReason::Player => "The game is paused. Nothing moves until you resume: no bot acts, no clock runs.",
                PauseReason::Away => "The game waits while another screen is in front.",
            };
            view! {
                <div class="pause" role="dialog" aria-modal="true" aria-labelledby="pause-title" data-testid="pause-card">
                    <div class="pause__card panel">
                        <h2 id="pause-title">"Paused"</h2>
                        <p>{why}</p>
                        <BotPaceChoice />
                        <div class="pause__actions">
                            <button class="btn btn--helm" node_ref=resume data-testid="pause-resume"
                                on:click=move |_| { store.act(Act::Resume(PauseReason::Player)); }>"Resume (P)"</button>
                            <a class="btn btn--ghost" href=Route::Rules.hash()>"Rules"</a>
                        </div>
                    </div>
                </div>
            }
        })
    }
}
