//! Starting, resuming and leaving a lesson ("Learn a station"): a lesson is
//! a practice with its card. What the device remembers of lessons is
//! `crate::course`'s.

use leptos::prelude::*;

use crate::course::{self, Lesson};
use crate::platform::random;
use crate::route::Route;
use crate::session::{practice, SessionKind};
use crate::store::Store;

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
    store.set_lesson(None);
    let seed = store.opts.seed.unwrap_or_else(random::u64);
    super::start_practice(store, practice::lesson(&store.opts, seed, super::identity(), position));
    // The lesson's station in front, so "press Roll" means its Roll (and R rolls its dice),
    // not the first tab's (issue 33).
    store.set_lesson(Some(lesson));
    course::remember_running(lesson);
}

/// Starts the lesson a `#/learn/<id>` address names; an unknown id shows the list.
pub fn begin_by_id(store: Store, id: &str) {
    match course::find(id) {
        Some(lesson) => begin(store, lesson),
        None => {
            store
                .toasts
                .error(format!("There is no lesson called \u{201c}{id}\u{201d}: here are the lessons."));
            store.go(Route::Learn);
        }
    }
}

/// "Play a practice game as Engineering with bots around you".
pub fn practice_as_engineering(store: Store) {
    let seed = store.opts.seed.unwrap_or_else(random::u64);
    super::start_practice(store, practice::as_engineering(&store.opts, seed, super::identity()));
}

/// After a reload resumed the saved practice: gives it back its lesson card.
pub fn restore(store: Store) {
    if store.kind.get_untracked() != SessionKind::Practice {
        return;
    }
    if let Some(lesson) = course::running() {
        store.set_lesson(Some(lesson));
    }
}

/// Leaves the lesson (and its practice) for the lessons list.
pub fn leave(store: Store) {
    course::forget_saved();
    super::leave_quietly(store);
    store.go(Route::Learn);
}
