//! The duel's set-up (`004_…` Setup, T9): two or three ships, six or
//! twelve rounds, the bots' level, and who holds the turn marker first.
//! The person always flies Red; the duel then runs as a practice on this
//! tab's host, the bots flying the other ships.

use duel_bots::Difficulty;
use leptos::prelude::*;

use crate::route::Route;
use crate::session::practice::ThunderPractice;
use crate::session::SessionKind;
use crate::store::{use_store, Errand};

/// Set once a duel has been started here: the words then start folded.
const WORDS_SEEN_KEY: &str = "dice-duel/thunderstruck-words-seen";

/// The bot levels offered, with their words and test ids (the lobby's other
/// levels fly as one of these two: `session::thunder_bots`).
const LEVELS: [(Difficulty, &str, &str); 2] =
    [(Difficulty::Easy, "Easy", "ts-setup-level-easy"), (Difficulty::Hard, "Hard", "ts-setup-level-hard")];

/// A row of choice buttons (one pressed), keyboard-friendly.
fn choices<T: Copy + PartialEq + Send + Sync + 'static>(
    label: &'static str,
    options: Vec<(T, &'static str, &'static str)>,
    value: RwSignal<T>,
) -> impl IntoView {
    view! {
        <fieldset class="ts-setup__row">
            <legend>{label}</legend>
            {options.into_iter().map(|(v, text, testid)| view! {
                <button type="button" data-testid=testid
                    class=move || if value.get() == v { "btn btn--small btn--sensors is-on" } else { "btn btn--small btn--ghost" }
                    aria-pressed=move || (value.get() == v).to_string()
                    on:click=move |_| value.set(v)>
                    {text}
                </button>
            }).collect_view()}
        </fieldset>
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let store = use_store();
    let base = ThunderPractice::default();
    let players = RwSignal::new(base.players);
    let rounds = RwSignal::new(base.rounds);
    let level = RwSignal::new(base.level);
    let red_first = RwSignal::new(base.red_first);
    let start = move |_| {
        let _ = crate::platform::storage::set(WORDS_SEEN_KEY, "1");
        store.act(Errand::ThunderstruckPractice(ThunderPractice {
            players: players.get_untracked(),
            rounds: rounds.get_untracked(),
            level: level.get_untracked(),
            red_first: red_first.get_untracked(),
        }));
    };
    let running = Memo::new(move |_| {
        store.kind.get() == SessionKind::Practice
            && store.game.with(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()))
    });
    view! {
        <main class="ts-setup" data-testid="ts-setup">
            <header>
                <h1 class="ts-setup__title">"Thunderstruck Duel"</h1>
                <p class="hint">"Turn by turn: plan your dice in secret, reveal together, then take turns actioning one die each. You fly Red against bots."</p>
            </header>
            <Words />
            {choices("Ships", vec![(2, "2 ships", "ts-setup-players-2"), (3, "3 ships", "ts-setup-players-3")], players)}
            {choices("Rounds", vec![(6, "6 rounds (short)", "ts-setup-rounds-6"), (12, "12 rounds", "ts-setup-rounds-12")], rounds)}
            {choices("Bots", LEVELS.to_vec(), level)}
            {choices("First turn", vec![(false, "Random", "ts-setup-first-random"), (true, "Red (you)", "ts-setup-first-red")], red_first)}
            <button class="btn btn--big btn--weapons" data-testid="ts-start" on:click=start>"Start the duel"</button>
            // Practice has one slot: a new duel takes the place of an unfinished game.
            {move || running.get().then(|| view! {
                <p class="hint" data-testid="ts-setup-replaces">
                    "Starting replaces the practice game you have running. "
                    <a href=Route::Play.hash() data-testid="ts-setup-back">"Back to it"</a>
                </p>
            })}
            // Buttons a finger can hit (they were 16 px links in a line of text).
            <nav class="ts-setup__links">
                <a class="btn btn--small btn--ghost" href=Route::Rules.hash() data-testid="ts-setup-rules">"How Thunderstruck is played"</a>
                <a class="btn btn--small btn--ghost" href=Route::Home.hash() data-testid="ts-setup-home">"Home"</a>
            </nav>
        </main>
    }
}

/// The duel's own words, said once before the first round (issue 33: "Reflex",
/// "turn marker", "cubes" and "win the Manoeuvre" were never explained).
/// Open until a duel has been started on this device.
#[component]
fn Words() -> impl IntoView {
    let first = crate::platform::storage::get(WORDS_SEEN_KEY).is_none();
    view! {
        <details class="ts-setup__words panel" open=first data-testid="ts-setup-words">
            <summary>"The words of the duel"</summary>
            <dl>
                <dt>"Planning"</dt>
                <dd>"Every ship rolls four dice in secret and sets them on its console: one or two on Boost, one or two on Manoeuvre. Then all are shown."</dd>
                <dt>"Turn marker"</dt>
                <dd>"Its holder actions a die first; then each ship actions one die in turn until all are used. It passes on each round."</dd>
                <dt>"Boost"</dt>
                <dd>"Moves your ship as many spaces as the die shows (both Boost dice at once, if you like)."</dd>
                <dt>"Manoeuvre"</dt>
                <dd>"A contest: each sector's Manoeuvre dice are added up and the highest total wins that sector. The winner may flip the ship to face the other way, or with two Manoeuvre dice warp to the far side."</dd>
                <dt>"Power cubes"</dt>
                <dd>"A Power die earns a cube (two for a 6; you hold four at most). On your turn a cube raises or lowers the die you action by one pip, or moves it to a free space to action there."</dd>
                <dt>"Reflex die"</dt>
                <dd>"The green fifth die, for one round: it goes to the other ship when one ship scores lowest on both the Boost and the Manoeuvre tokens."</dd>
                <dt>"Winning"</dt>
                <dd>"A ship is destroyed when both spaces of its Fire, Boost or Manoeuvre are damaged. The last ship flying wins; after the last round, the least damage wins."</dd>
            </dl>
        </details>
    }
}
