//! The bots' battle thinking (duel-bots' crews, about 24 KB of the practice file's Brotli) as a
//! split point (issue 49, `platform::split`): a first Practice's first download leaves it out.
//! The file is asked for when a practice's bots first look at the game ([`warm`], from
//! [`BotDriver::next`]); until it is here the bots wait (a fraction of a second on a phone's
//! network), then every call is answered at once. In a build that does not split, at once always.
//!
//! A download that fails (no connection before the service worker kept the file) is told to the
//! players once, and asked again every few seconds until it comes; the game itself goes on.

use std::future::Future;
use std::task::Poll;

use duel_bots::Difficulty;
use duel_core::{Game, Intent, SeatId, Station};

use super::BotDriver;

crate::platform::split::split_point! {
    /// A ship's crews' next battle move.
    pub(super) mod battle_file: fn battle(driver: &mut BotDriver, game: &Game, seats: &[SeatId], humans: &[SeatId]) -> Option<(SeatId, Intent)> {
        driver.battle_now(game, seats, humans)
    }
}

crate::platform::split::split_point! {
    /// A bot working an idle person's stations (D46).
    pub(super) mod work_file: fn work(
        driver: &mut BotDriver,
        game: &Game,
        seats: &[SeatId],
        stations: &[Station],
        level: Difficulty,
    ) -> Option<(SeatId, Intent)> {
        driver.work_now(game, seats, stations, level)
    }
}

/// What the players are told when the bots' file cannot be downloaded.
#[cfg_attr(not(all(feature = "split", target_arch = "wasm32")), allow(dead_code))]
pub const MISSING: &str = "The bots could not download their part of the game (no connection?). \
     They will wait and try again every few seconds.";
/// ... and when it came after all.
#[cfg_attr(not(all(feature = "split", target_arch = "wasm32")), allow(dead_code))]
pub const ARRIVED: &str = "The bots' part of the game has arrived: they play on.";

#[cfg(all(feature = "split", target_arch = "wasm32"))]
mod fetch {
    use std::cell::Cell;

    /// How long after a failed download the bots ask again.
    const RETRY_MS: u64 = 4_000;

    #[derive(Clone, Copy, PartialEq, Eq)]
    enum State {
        NotAsked,
        Asked,
        Here,
        Failed { at: u64 },
    }

    thread_local! {
        static STATE: Cell<State> = const { Cell::new(State::NotAsked) };
        /// A line for the players, taken once ([`super::news`]).
        static NEWS: Cell<Option<&'static str>> = const { Cell::new(None) };
        static FAILED_BEFORE: Cell<bool> = const { Cell::new(false) };
    }

    pub fn here() -> bool {
        STATE.get() == State::Here
    }

    pub fn warm() {
        let now = crate::platform::now_ms();
        match STATE.get() {
            State::NotAsked => {}
            State::Failed { at } if now.saturating_sub(at) >= RETRY_MS => {}
            _ => return,
        }
        STATE.set(State::Asked);
        wasm_bindgen_futures::spawn_local(async {
            // Both files at once (one after the other cost a second round trip).
            let (battle, work) = futures::join!(super::battle_file::preload(), super::work_file::preload());
            if battle.is_ok() && work.is_ok() {
                STATE.set(State::Here);
                if FAILED_BEFORE.get() {
                    NEWS.set(Some(super::ARRIVED));
                }
            } else {
                STATE.set(State::Failed { at: crate::platform::now_ms() });
                if !FAILED_BEFORE.replace(true) {
                    NEWS.set(Some(super::MISSING));
                }
            }
        });
    }

    pub fn news() -> Option<&'static str> {
        NEWS.take()
    }
}

/// Asks for the bots' file (once; again a while after a failure), without waiting for it.
pub fn warm() {
    #[cfg(all(feature = "split", target_arch = "wasm32"))]
    fetch::warm();
}

/// What the players should hear of the bots' file, once: it failed, or came after a failure.
pub fn news() -> Option<&'static str> {
    #[cfg(all(feature = "split", target_arch = "wasm32"))]
    return fetch::news();
    #[cfg(not(all(feature = "split", target_arch = "wasm32")))]
    None
}

/// The call's answer now, or `None` while the bots' file is on its way (or failed).
pub fn now<T>(call: impl Future<Output = Result<T, crate::platform::split::LoadFailed>>) -> Option<T> {
    #[cfg(all(feature = "split", target_arch = "wasm32"))]
    if !fetch::here() {
        fetch::warm();
        return None;
    }
    let mut call = std::pin::pin!(call);
    match crate::platform::split::poll_once(call.as_mut()) {
        Poll::Ready(answer) => answer.ok(),
        Poll::Pending => None,
    }
}
