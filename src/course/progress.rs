//! What this device remembers about lessons: the running one (so a reload
//! keeps its card), the ones completed, and whether the home screen should
//! still offer them. Starting and leaving a lesson is `crate::boot::learn`.

use crate::platform::storage;

use super::{find, Lesson};

/// The lesson the saved practice is, so a reload keeps its card.
const RUNNING_KEY: &str = "dice-duel/lesson";
/// Ids of the lessons completed on this device, comma-separated.
const DONE_KEY: &str = "dice-duel/lessons-done";
/// Set once a lesson is completed or the home screen's offer dismissed (web/boot.js writes it
/// too: the app shell's "No thanks", before the game has loaded).
const SEEN_KEY: &str = "dice-duel/lessons-seen";

/// Remembers that the saved practice is `lesson`.
pub fn remember_running(lesson: &Lesson) {
    let _ = storage::set(RUNNING_KEY, lesson.id);
}

/// The lesson the saved practice is, if any.
pub fn running() -> Option<&'static Lesson> {
    storage::get(RUNNING_KEY).and_then(|id| find(&id))
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
