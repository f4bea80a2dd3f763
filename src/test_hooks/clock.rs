//! The test's clock (issue 44): on a page opened with `?clock=virtual`
//! (see `platform::test_clock`), time moves only when a test runs it, and
//! the session is pumped at every step as the page's own timers would.
//! A bots' game to its result then takes as long as the CPU needs.

use leptos::prelude::*;
use serde_json::json;
use wasm_bindgen::prelude::*;

use super::store;
use crate::platform::test_clock;

/// A step of virtual time: the app's pump period (`app::PUMP`).
const STEP_MS: u64 = 20;
/// The clock tick (countdowns, toasts, saves) every this many steps (`app::TICK`).
const TICK_EVERY: u64 = 250 / STEP_MS;

/// Runs virtual time on by `ms` (rounded up to whole steps), pumping the
/// session at every step and ticking the clock as the page's timers do; stops
/// early at a game's result when `to_result`. Returns `{ok, now, head,
/// over}` (`now` in virtual ms since the page started; `ok: false` on a page
/// on real time).
#[wasm_bindgen]
pub fn test_hook_clock_run(ms: u32, to_result: bool) -> String {
    let Some(store) = store() else { return json!({ "ok": false, "error": "no app" }).to_string() };
    let Some(start) = test_clock::now() else {
        return json!({ "ok": false, "error": "open the page with ?clock=virtual" }).to_string();
    };
    let steps = u64::from(ms).div_ceil(STEP_MS);
    let over = || store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
    for _ in 0..steps {
        if to_result && over() {
            break;
        }
        test_clock::advance(STEP_MS);
        store.pump();
        let now = test_clock::now().unwrap_or(start);
        if ((now - test_clock::START_MS) / STEP_MS).is_multiple_of(TICK_EVERY) {
            store.tick();
        }
    }
    let now = test_clock::now().unwrap_or(start) - test_clock::START_MS;
    let head = store.with_session(|s| s.head()).unwrap_or(0);
    json!({ "ok": true, "now": now, "head": head, "over": over() }).to_string()
}
