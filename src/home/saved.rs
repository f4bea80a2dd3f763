//! The home screen's "Saved games": every kept game with its date, mode,
//! crews and result, to watch or delete, and a game file to import.

use leptos::prelude::*;

use crate::platform::clip;
use crate::records::db::{self, Entry};
use crate::store::{use_store, Errand};

/// Games listed at first (the rest behind "Show all").
const FIRST: usize = 5;

/// A date a person reads: "2026-11-24 14:05" (UTC: the app keeps no time zone table).
fn when(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil(days as i64);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// Days since 1970-01-01 as a calendar date (the proleptic Gregorian calendar).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[component]
pub fn SavedGames() -> impl IntoView {
    let store = use_store();
    let games = RwSignal::new(Vec::<Entry>::new());
    let all = RwSignal::new(false);
    let reload = move || leptos::task::spawn_local(async move { games.set(db::list().await) });
    reload();
    let import = move |_| {
        leptos::task::spawn_local(async move {
            match clip::picked_file_text("saved-import").await {
                Some(text) => {
                    store.act(Errand::OpenText { text, then: None });
                }
                None => store.toasts.error("That file could not be read."),
            }
        });
    };
    let shown = move || {
        let list = games.get();
        let n = if all.get() { list.len() } else { FIRST };
        list.into_iter().take(n).collect::<Vec<_>>()
    };
    view! {
        <section class="saved panel" data-testid="saved-games" aria-labelledby="saved-title">
            <h2 id="saved-title">"Saved games"</h2>
            {move || games.with(Vec::is_empty).then(|| view! {
                <p class="hint" data-testid="saved-none">"Every game you finish is kept here to watch again."</p>
            })}
            <ul class="saved__list">
                <For each=shown key=|e| e.key.clone() let:e>
                    <li class="saved__game" data-testid="saved-game">
                        <div class="saved__what">
                            <span><b>{e.result.clone()}</b>" · "{e.mode.clone()}</span>
                            <span class="hint">{when(e.saved)}{(!e.room.is_empty()).then(|| format!(" · room {}", e.room))}</span>
                            <span class="saved__crews">{e.crews.join(" · ")}</span>
                        </div>
                        <div class="saved__actions">
                            {
                                let key = e.key.clone();
                                view! { <button class="btn btn--small btn--helm" data-testid="saved-watch"
                                    on:click=move |_| { store.act(Errand::OpenSaved { key: key.clone(), then: None }); }>"Watch"</button> }
                            }
                            {
                                let key = e.key.clone();
                                view! { <button class="btn btn--small btn--ghost" data-testid="saved-delete" aria-label="Delete this saved game"
                                    on:click=move |_| { let key = key.clone(); leptos::task::spawn_local(async move { db::remove(&key).await; games.set(db::list().await); }); }>"Delete"</button> }
                            }
                        </div>
                    </li>
                </For>
            </ul>
            {move || (games.with(Vec::len) > FIRST && !all.get()).then(|| view! {
                <button class="btn btn--small btn--ghost" data-testid="saved-all" on:click=move |_| all.set(true)>
                    {move || format!("Show all {}", games.with(Vec::len))}
                </button>
            })}
            <label class="saved__import">
                "Import a game file (.ddgame) "
                <input type="file" accept=".ddgame,text/plain" data-testid="saved-import" on:change=import />
            </label>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_calendar_days() {
        assert_eq!(when(0), "1970-01-01 00:00 UTC");
        // 2026-11-24 14:05:00 UTC
        assert_eq!(when(1_795_529_100_000), "2026-11-24 14:05 UTC");
        assert_eq!(when(951_782_400_000), "2000-02-29 00:00 UTC");
    }
}
