//! The replay screen (`#/replay`): the shared board view of the recorded
//! game (board, every ship's displays, the story and freeze cards) over a
//! bar of controls: back to the start, the previous and next freeze,
//! play/pause, speed, a timeline to scrub, and the game as a file or link.
//! The view of the game itself is the root's to give (`board_view` or
//! `thunder_view`): a screen does not mount another screen.

use leptos::prelude::*;

use crate::platform::{self, clip};
use crate::records::{db, wanted, Wanted};
use crate::route::Route;
use crate::session::replay::SPEEDS;
use crate::session::SessionKind;
use crate::store::{use_store, Act, Errand, ReplayControl, Store};

/// What the controls show, read from the replay after each change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Status {
    position: usize,
    len: usize,
    playing: bool,
    speed: u64,
    clock: u64,
    duration: u64,
    freezes: Vec<usize>,
    previous: Option<usize>,
    next: Option<usize>,
    title: String,
    crews: Vec<String>,
}

fn status(store: Store) -> Option<Status> {
    store.read_replay(|r| {
        let p = r.replay();
        let info = &p.record().info;
        Status {
            position: p.position(),
            len: p.len(),
            playing: r.playing(),
            speed: r.speed(),
            clock: r.clock().min(p.duration_ms()),
            duration: p.duration_ms(),
            freezes: p.freezes().to_vec(),
            previous: p.previous_freeze(),
            next: p.next_freeze(),
            title: format!("{} · {}", info.mode, info.result),
            crews: info.crews.clone(),
        }
    })
}

fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The replay screen; `board_view` shows a Dice Duel game, `thunder_view` a Thunderstruck one.
#[component]
pub fn ReplayScreen(#[prop(into)] board_view: ViewFn, #[prop(into)] thunder_view: ViewFn) -> impl IntoView {
    let store = use_store();
    let loading = RwSignal::new(true);
    // Load what the address asks for, unless the viewer already shows it.
    let showing = move || matches!(store.kind.get_untracked(), SessionKind::Replay { .. });
    match wanted(&platform::hash()) {
        Wanted::Saved(key) if store.kind.get_untracked() == (SessionKind::Replay { key: key.clone() }) => {
            loading.set(false)
        }
        Wanted::Saved(key) => {
            store.act(Errand::OpenSaved { key, then: Some(Callback::new(move |_| loading.set(false))) });
        }
        Wanted::Link(text) => {
            store.act(Errand::OpenText { text, then: Some(Callback::new(move |_| loading.set(false))) });
        }
        Wanted::Nothing => loading.set(false),
    }
    // Re-read after every published change (playback moves the game) and every control.
    let bump = RwSignal::new(0u32);
    let st = Memo::new(move |_| {
        store.game.track();
        bump.track();
        store.kind.track();
        status(store)
    });
    let act = move |control: ReplayControl| {
        store.act(Act::Replay(control));
        bump.update(|b| *b = b.wrapping_add(1));
    };
    let share_text = RwSignal::new(None::<String>);
    view! {
        <div class="replay" data-testid="replay">
            {move || {
                if loading.get() {
                    return view! { <main class="center"><p class="pulse">"Opening the game…"</p></main> }.into_any();
                }
                if !showing() || st.with(Option::is_none) {
                    return view! {
                        <main class="center" data-testid="replay-missing">
                            <p>"No saved game is open. Saved games are listed on the home screen."</p>
                            <a class="btn btn--helm" href=Route::Home.hash()>"Home"</a>
                        </main>
                    }.into_any();
                }
                let thunder = store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.thunderstruck().is_some()));
                view! {
                    {if thunder { thunder_view.run() } else { board_view.run() }}
                    <section class="replay__bar" data-testid="replay-controls" aria-label="Replay controls">
                        <p class="replay__title">
                            <b data-testid="replay-title">{move || st.with(|s| s.as_ref().map(|s| s.title.clone()))}</b>
                            <span class="hint">{move || st.with(|s| s.as_ref().map(|s| s.crews.join(" · ")))}</span>
                        </p>
                        <div class="replay__buttons">
                            <button class="btn btn--small" data-testid="replay-start"
                                on:click=move |_| act(ReplayControl::Seek(0))>"Start"</button>
                            <button class="btn btn--small" data-testid="replay-prev-freeze"
                                class:is-hidden=move || st.with(|s| s.as_ref().is_none_or(|s| s.freezes.is_empty()))
                                prop:disabled=move || st.with(|s| s.as_ref().is_none_or(|s| s.previous.is_none()))
                                on:click=move |_| act(ReplayControl::PreviousFreeze)>"Previous freeze"</button>
                            <button class="btn btn--helm" data-testid="replay-play"
                                on:click=move |_| act(ReplayControl::PlayPause)>
                                {move || if st.with(|s| s.as_ref().is_some_and(|s| s.playing)) { "Pause" } else { "Play" }}
                            </button>
                            <button class="btn btn--small" data-testid="replay-next-freeze"
                                class:is-hidden=move || st.with(|s| s.as_ref().is_none_or(|s| s.freezes.is_empty()))
                                prop:disabled=move || st.with(|s| s.as_ref().is_none_or(|s| s.next.is_none()))
                                on:click=move |_| act(ReplayControl::NextFreeze)>"Next freeze"</button>
                            <label class="replay__speed">"Speed "
                                <select data-testid="replay-speed"
                                    prop:value=move || st.with(|s| s.as_ref().map_or(2, |s| s.speed)).to_string()
                                    on:change=move |ev| {
                                        let speed = event_target_value(&ev).parse().unwrap_or(2);
                                        act(ReplayControl::Speed(speed));
                                    }>
                                    {SPEEDS.iter().map(|s| view! { <option value=s.to_string()>{format!("{s}×")}</option> }).collect_view()}
                                </select>
                            </label>
                            <span class="replay__clock" data-testid="replay-clock">
                                {move || st.with(|s| s.as_ref().map(|s| format!("{} / {}", clock(s.clock), clock(s.duration))))}
                            </span>
                        </div>
                        <div class="replay__timeline">
                            <input type="range" min="0" data-testid="replay-timeline"
                                prop:max=move || st.with(|s| s.as_ref().map_or(0, |s| s.len)).to_string()
                                prop:value=move || st.with(|s| s.as_ref().map_or(0, |s| s.position)).to_string()
                                aria-label=move || st.with(|s| s.as_ref().map(|s| format!("Timeline: event {} of {}", s.position, s.len)))
                                on:input=move |ev| {
                                    let to = event_target_value(&ev).parse().unwrap_or(0);
                                    act(ReplayControl::Seek(to));
                                } />
                            <div class="replay__marks" aria-hidden="true">
                                {move || st.with(|s| s.as_ref().map(|s| {
                                    let len = s.len.max(1);
                                    s.freezes.iter().map(|f| view! { <span class="replay__mark" style=format!("left: {}%", f * 100 / len)></span> }).collect_view()
                                }))}
                            </div>
                        </div>
                        <div class="replay__share">
                            <button class="btn btn--small btn--ghost" data-testid="replay-download" on:click=move |_| download(store)>"Download the game file"</button>
                            <button class="btn btn--small btn--ghost" data-testid="replay-share" on:click=move |_| share(store, share_text)>"Copy a link to this game"</button>
                            <a class="btn btn--small btn--ghost" data-testid="replay-home" href=Route::Home.hash()>"Home"</a>
                        </div>
                        {move || share_text.get().map(|t| view! {
                            <p class="hint replay__link">"Copy this link by hand: "<input readonly data-testid="replay-link" prop:value=t /></p>
                        })}
                    </section>
                }.into_any()
            }}
        </div>
    }
}

/// The game file's text, when the viewer shows a game.
async fn packed(store: Store) -> Option<String> {
    let bytes = store.read_replay(|r| r.replay().record().to_bytes())?;
    db::pack(&bytes).await
}

fn download(store: Store) {
    leptos::task::spawn_local(async move {
        match packed(store).await {
            Some(text) => clip::save_file("dice-duel-game.ddgame", &text),
            None => store.toasts.error("This browser could not write the game file."),
        }
    });
}

fn share(store: Store, fallback: RwSignal<Option<String>>) {
    leptos::task::spawn_local(async move {
        let Some(text) = packed(store).await else {
            store.toasts.error("This browser could not pack the game into a link.");
            return;
        };
        let link = format!("{}/{}?g={text}", platform::origin(), Route::Replay.hash());
        if clip::copy(link.clone()).await {
            store.toasts.info("Link copied: whoever opens it watches this game.");
        } else {
            fallback.set(Some(link));
        }
    });
}
