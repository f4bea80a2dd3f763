//! A clock the browser test owns (test-hooks builds only; issue 44).
//!
//! A page opened with `?clock=virtual` runs on virtual time from its first
//! moment: [`super::now_ms`] returns it, so the host's deadlines, the bots'
//! thinking and pace, toasts and countdowns all stand still until the test
//! advances it (`test_hook_clock_run`, which also pumps the session at every
//! step). A bots' game then takes as long as the CPU needs, never races the
//! wall clock, and plays the same way on a fast machine and a loaded one.
//!
//! The same page draws its "random" bits from a stream seeded by `?seed=`
//! ([`draw`]): seat keys, tokens and nonce chains feed the dice, so with
//! both the page replays the same game, event for event, on every run.
//!
//! Online rooms keep real time: the network driver has its own clock
//! (`net::driver::now_ms`), and the other tabs are not this test's.

use std::cell::Cell;

/// Where virtual time starts: a fixed instant (2027-01-15), so every run's
/// timestamps (a kept game's date, a save's age) are the same too.
pub const START_MS: u64 = 1_800_000_000_000;

/// `None` until the address was read; then the clock's state.
#[derive(Clone, Copy)]
struct Virtual {
    now: u64,
    /// splitmix64's state for [`draw`].
    stream: u64,
}

thread_local! {
    static STATE: Cell<Option<Option<Virtual>>> = const { Cell::new(None) };
}

fn state() -> Option<Virtual> {
    STATE.with(|s| {
        if let Some(v) = s.get() {
            return v;
        }
        let query = super::query();
        let on = super::query::param(&query, "clock").is_some_and(|c| c == "virtual");
        let seed = super::query::param(&query, "seed").and_then(|v| v.parse().ok()).unwrap_or(0);
        let v = on.then_some(Virtual { now: START_MS, stream: seed });
        s.set(Some(v));
        v
    })
}

fn update(f: impl FnOnce(&mut Virtual)) {
    if let Some(mut v) = state() {
        f(&mut v);
        STATE.with(|s| s.set(Some(Some(v))));
    }
}

/// The virtual time, when this page runs on it.
pub fn now() -> Option<u64> {
    state().map(|v| v.now)
}

/// Moves virtual time on by `ms` (nothing on a page on real time).
pub fn advance(ms: u64) {
    update(|v| v.now = v.now.saturating_add(ms));
}

/// Fills `out` from the page's seeded stream; `false` on a page on real
/// time (the caller then draws from the browser's CSPRNG).
pub fn draw(out: &mut [u8]) -> bool {
    if state().is_none() {
        return false;
    }
    update(|v| {
        for chunk in out.chunks_mut(8) {
            let z = super::random::splitmix64(&mut v.stream);
            chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
        }
    });
    true
}
