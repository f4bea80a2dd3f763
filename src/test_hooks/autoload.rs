//! A bot crew that keeps a seat's torpedo ready (`test_hook_autoload`), so a
//! browser test can fire again and again without playing the seat's stations.

use std::time::Duration;

use duel_bots::{Crew, Difficulty};
use duel_core::{Intent, SeatId};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::{fire_intent, store, with_hooks};

/// How often the autoload crew looks at the game.
const AUTOLOAD_EVERY: Duration = Duration::from_millis(20);
/// The autoload crew's clock runs this many times faster than the tab's.
const AUTOLOAD_SPEED: u64 = 10;

/// Keeps `seat`'s torpedo ready: until the seat fires, a Hard bot crew
/// (`duel-bots`, the crews practice runs) plays it whenever it has no legal
/// Fire, every action but Fire (the test declares the Fire itself).
#[wasm_bindgen]
pub fn test_hook_autoload(seat: u8) {
    let seat = SeatId(seat);
    let start = with_hooks(|h| {
        let crew = Crew::new(Difficulty::Hard, &[seat]).seeded(u64::from(seat.0) + 1);
        h.autoload.insert(seat, crew);
        !std::mem::replace(&mut h.timer, true)
    });
    if start {
        set_interval(autoload_step, AUTOLOAD_EVERY);
    }
}

/// One look by each autoload crew at the game (when nothing of ours is pending).
fn autoload_step() {
    let Some(store) = store() else { return };
    if with_hooks(|h| h.autoload.is_empty()) {
        return;
    }
    let clock = crate::platform::now_ms() * AUTOLOAD_SPEED;
    let wanted = store.with_session(|s| {
        let game = s.game()?;
        if s.pending() > 0 {
            return None;
        }
        with_hooks(|h| {
            let mut wanted = Vec::new();
            for (seat, crew) in &mut h.autoload {
                if let Some(fire) = fire_intent(game, *seat) {
                    h.armed.insert(*seat, fire);
                    continue;
                }
                // Every action but Fire (the test declares that): its other freezes too, and
                // their resolution. A crew kept from its Tractor or Warp chose it again and
                // again while its other stations waited for a change (a 90 s stall in CI).
                if let Some((s, intent)) = crew.next_action(game, clock, &[]) {
                    if !matches!(intent, Intent::Fire { .. }) {
                        wanted.push((s, intent));
                    }
                }
            }
            Some(wanted)
        })
    });
    for (seat, intent) in wanted.flatten().unwrap_or_default() {
        // A crew acting on a copy a moment old may be refused: it tries again.
        let _ = store.submit(seat, intent);
    }
}
