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
    if test_clock::now().is_none() {
        return json!({ "ok": false, "error": "open the page with ?clock=virtual, or take its clock" })
            .to_string();
    }
    let steps = u64::from(ms).div_ceil(STEP_MS);
    let over = || store.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_some()));
    for _ in 0..steps {
        if to_result && over() {
            break;
        }
        test_clock::advance(STEP_MS);
        store.pump();
        if (test_clock::elapsed().unwrap_or(0) / STEP_MS).is_multiple_of(TICK_EVERY) {
            store.tick();
        }
    }
    let now = test_clock::elapsed().unwrap_or(0);
    let head = store.with_session(|s| s.head()).unwrap_or(0);
    json!({ "ok": true, "now": now, "head": head, "over": over() }).to_string()
}

/// Takes this page's clock mid-game (a page of a room the test owns every
/// tab of): time stands still from now until the test runs it, and the
/// page's own timers leave the pump and the tick to the test. Returns
/// `{ok, taken}` (`taken: false` on a page already on the test's clock).
#[wasm_bindgen]
pub fn test_hook_clock_take() -> String {
    let taken = test_clock::take_over(crate::platform::now_ms());
    json!({ "ok": true, "taken": taken }).to_string()
}

/// Gives this page's clock back to the wall after a lockstep run: real
/// time again, from where virtual time stood. `{ok, given}`.
#[wasm_bindgen]
pub fn test_hook_clock_give_back() -> String {
    let wall = js_sys::Date::now() as u64 + test_clock::ahead();
    json!({ "ok": true, "given": test_clock::give_back(wall) }).to_string()
}
