//! Starting, resuming and leaving a lesson, and what this device remembers
//! about lessons (the running one, the ones completed, whether the home
//! screen should still offer them).

use leptos::prelude::*;

use crate::boot;
use crate::platform::{random, storage};
use crate::route::{go, Route};
use crate::session::practice;
use crate::store::Store;

use super::{find, Lesson};

/// The lesson the saved practice is, so a reload keeps its card.
const RUNNING_KEY: &str = "dice-duel/lesson";
/// Ids of the lessons completed on this device, comma-separated.
const DONE_KEY: &str = "dice-duel/lessons-done";
/// Set once a lesson is completed or the home screen's offer dismissed (web/boot.js writes it
/// too: the app shell's "No thanks", before the game has loaded).
const SEEN_KEY: &str = "dice-duel/lessons-seen";

/// Starts `lesson` afresh as the practice and shows it.
pub fn begin(store: Store, lesson: &'static Lesson) {
    let position = match lesson.position() {
        Ok(p) => p,
        Err(e) => {
            store.toasts.error(format!("This lesson cannot start: {e}"));
            return;
        }
    };
    // The card of the lesson before goes first, so nothing of it reacts to the new game.
    store.lesson.set(None);
    let seed = store.opts.seed.unwrap_or_else(random::u64);
    boot::start_practice(store, practice::lesson(&store.opts, seed, boot::player(), position));
    // The lesson's station in front, so "press Roll" means its Roll (and R rolls its dice),
    // not the first tab's (issue 33).
    store.lesson.set(Some(lesson));
    let _ = storage::set(RUNNING_KEY, lesson.id);
}

/// Starts the lesson a `#/learn/<id>` address names; an unknown id shows the list.
pub fn begin_by_id(store: Store, id: &str) {
    match find(id) {
        Some(lesson) => begin(store, lesson),
        None => {
            store
                .toasts
                .error(format!("There is no lesson called \u{201c}{id}\u{201d}: here are the lessons."));
            go(store, Route::Learn);
        }
    }
}

/// "Play a practice game as Engineering with bots around you".
pub fn practice_as_engineering(store: Store) {
    let seed = store.opts.seed.unwrap_or_else(random::u64);
    boot::start_practice(store, practice::as_engineering(&store.opts, seed, boot::player()));
}

/// After a reload resumed the saved practice: gives it back its lesson card.
pub fn restore(store: Store) {
    if store.mode.get_untracked() != boot::Mode::Practice {
        return;
    }
    if let Some(lesson) = storage::get(RUNNING_KEY).and_then(|id| find(&id)) {
        store.lesson.set(Some(lesson));
    }
}

/// Shows the lesson's own station, so "press Roll" and R mean its Roll (issue 33). The
/// card calls it once its game is on screen: a tab changed while the game before was
/// still being taken down made that screen read its disposed state.
pub fn show_station(store: Store, lesson: &Lesson) {
    if let Some(station) = lesson.station() {
        store.ui.show(crate::ui::state::Tab::Station { seat: duel_core::SeatId(0), station });
    }
}

/// Leaves the lesson (and its practice) for the lessons list.
pub fn leave(store: Store) {
    forget_saved();
    boot::leave_quietly(store);
    go(store, Route::Learn);
}

/// The saved practice is no lesson (a new practice started).
pub fn forget_saved() {
    storage::remove(RUNNING_KEY);
}

/// Remembers that `lesson` was completed on this device.
pub fn mark_done(lesson: &Lesson) {
    let mut done = done_ids();
    if !done.iter().any(|d| d == lesson.id) {
        done.push(lesson.id.to_string());
        let _ = storage::set(DONE_KEY, &done.join(","));
    }
    dismiss_offer();
}

/// The lessons completed on this device.
pub fn done_ids() -> Vec<String> {
    storage::get(DONE_KEY)
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether the home screen still offers the lessons to a first-time visitor.
pub fn offer_due() -> bool {
    storage::get(SEEN_KEY).is_none()
}

/// The visitor said no thanks, or learned a station: no more offer.
pub fn dismiss_offer() {
    let _ = storage::set(SEEN_KEY, "1");
}
