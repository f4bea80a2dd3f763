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
//! (`net::driver::now_ms`), and the other tabs are not this test's. A test
//! that owns every tab of a room can still take each one's clock mid-game
//! ([`take_over`]) and run them in lockstep, a short slice each in turn: the
//! devices' heartbeats and silence bounds then hold in virtual time as they
//! do in real time, and the room's game runs as fast as the pages compute.

use std::cell::Cell;

/// Where virtual time starts: a fixed instant (2027-01-15), so every run's
/// timestamps (a kept game's date, a save's age) are the same too.
pub const START_MS: u64 = 1_800_000_000_000;

/// `None` until the address was read; then the clock's state.
#[derive(Clone, Copy)]
struct Virtual {
    now: u64,
    /// Where this page's virtual time began: [`START_MS`], or the real
    /// instant a test took the clock over.
    origin: u64,
    /// splitmix64's state for [`draw`]; `None` on a clock taken over
    /// mid-game, whose page keeps the browser's CSPRNG (two tabs of one room
    /// must never draw the same nonce chains).
    stream: Option<u64>,
}

thread_local! {
    static STATE: Cell<Option<Option<Virtual>>> = const { Cell::new(None) };
    /// How far ahead of the wall a clock given back runs (see [`give_back`]).
    static AHEAD: Cell<u64> = const { Cell::new(0) };
}

fn state() -> Option<Virtual> {
    STATE.with(|s| {
        if let Some(v) = s.get() {
            return v;
        }
        let query = super::query();
        let on = super::query::param(&query, "clock").is_some_and(|c| c == "virtual");
        let seed = super::query::param(&query, "seed").and_then(|v| v.parse().ok()).unwrap_or(0);
        let v = on.then_some(Virtual { now: START_MS, origin: START_MS, stream: Some(seed) });
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

/// Virtual milliseconds since this page's virtual time began.
pub fn elapsed() -> Option<u64> {
    state().map(|v| v.now.saturating_sub(v.origin))
}

/// Stops this page's clock at `now` (the real time it reads): from here on
/// time moves only when the test runs it. Keeps a page already on the
/// test's clock as it is; returns whether the clock was taken now.
pub fn take_over(now: u64) -> bool {
    if state().is_some() {
        return false;
    }
    STATE.with(|s| s.set(Some(Some(Virtual { now, origin: now, stream: None }))));
    true
}

/// Gives a taken clock back to the wall (`real_now`): time runs in real time
/// again, from where virtual time stood, so it never goes back (a lockstep
/// run usually puts a page ahead of the wall; it stays that far ahead).
/// Returns whether there was a clock to give back.
pub fn give_back(real_now: u64) -> bool {
    let Some(v) = state() else { return false };
    AHEAD.with(|a| a.set(a.get() + v.now.saturating_sub(real_now)));
    STATE.with(|s| s.set(Some(None)));
    true
}

/// Milliseconds to add to the wall clock on a page whose clock was given back.
pub fn ahead() -> u64 {
    AHEAD.with(Cell::get)
}

/// Moves virtual time on by `ms` (nothing on a page on real time).
pub fn advance(ms: u64) {
    update(|v| v.now = v.now.saturating_add(ms));
}

/// Fills `out` from the page's seeded stream; `false` on a page on real
/// time or on a clock taken over mid-game (the caller then draws from the
/// browser's CSPRNG).
pub fn draw(out: &mut [u8]) -> bool {
    if state().and_then(|v| v.stream).is_none() {
        return false;
    }
    update(|v| {
        if let Some(stream) = v.stream.as_mut() {
            for chunk in out.chunks_mut(8) {
                let z = super::random::splitmix64(stream);
                chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
            }
        }
    });
    true
}

/// A clock comparable across tabs and browser contexts, sub-millisecond:
/// `performance.timeOrigin + performance.now()`.
pub fn precise() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.time_origin() + p.now())
}
