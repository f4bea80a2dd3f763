//! Starting Practice as this device chose (issue 33; the choice and its words
//! are `crate::course::PracticeStart`'s): one station with a bot crew around
//! you against the slowest bots, or the whole ship against Medium bots.

use super::{identity, seed, start_practice};
use crate::course::{practice_start, remember_practice_start, PracticeStart};
use crate::pause;
use crate::platform::storage;
use crate::session::{practice, BotPace};
use crate::store::Store;

/// Where the app shell (web/boot.js) hands over a Practice tapped before the
/// game had arrived: a choice's key ("weapons", "crew", …), or "chosen" for
/// the start this device remembers. In the tab's session storage, taken once.
const SHELL_KEY: &str = "dice-duel/shell-practice";

/// Whether the shell handed the game a Practice to start (looked at, not taken): the game's
/// home is then not the first screen.
pub fn shell_offered() -> bool {
    storage::session_get(SHELL_KEY).is_some()
}

/// A first visit's Practice, tapped in the shell while the game loaded, starts
/// as the game starts (issue 49: the game's home is not built first, only to
/// be tapped through). Returns whether it started. Not over a saved practice:
/// Practice there asks first, so the shell taps the game's home as before
/// (the key is left for it to take back).
pub fn from_shell(store: Store) -> bool {
    if crate::net::saves::has_practice() {
        return false;
    }
    let Some(asked) = storage::session_get(SHELL_KEY) else { return false };
    let start = if asked == "chosen" { practice_start() } else { PracticeStart::from_key(&asked) };
    let Some(start) = start else { return false };
    storage::session_take(SHELL_KEY);
    practice_as(store, start);
    true
}

/// Starts a practice as `start` says, and remembers the choice.
pub fn practice_as(store: Store, start: PracticeStart) {
    let first = practice_start().is_none();
    remember_practice_start(start);
    match start {
        PracticeStart::Crew => super::quick_practice(store),
        PracticeStart::Station(station) => {
            // A first game at a relaxed pace, unless this device already chose one.
            if first && !pause::pace_chosen() {
                store.set_bot_pace(BotPace::Relaxed);
            }
            start_practice(store, practice::one_station(&store.opts, seed(store), identity(), station));
            store.toasts.info(format!(
                "You are White's {}: bots crew the rest of White. To take more stations, tap Seats at the top \
                 and Take one.",
                station.name()
            ));
        }
    }
}

/// "Practice again" after a result: as Practice would start now (the whole
/// ship when this device never chose).
pub fn practice_again(store: Store) {
    practice_as(store, practice_start().unwrap_or(PracticeStart::Crew));
}

#[cfg(test)]
mod tests {
    use duel_core::Station;
    use leptos::prelude::*;

    use super::*;
    use crate::net::saves::{forget_host, has_practice, PRACTICE};
    use crate::session::{Options, SessionKind};

    #[test]
    fn a_practice_tapped_in_the_shell_starts_with_the_game_once_and_never_over_a_saved_one() {
        let owner = Owner::new();
        owner.set();
        let store = Store::new(
            Options { seed: Some(7), bots_paused: true, ..Options::default() },
            super::super::SERVICES,
        );
        forget_host(PRACTICE);
        assert!(!from_shell(store), "nothing handed, nothing starts");
        storage::session_set(SHELL_KEY, "nonsense");
        assert!(!from_shell(store), "a key the game does not know starts nothing");
        assert!(storage::session_get(SHELL_KEY).is_some(), "and is left for the page to take back");

        storage::session_set(SHELL_KEY, "weapons");
        assert!(from_shell(store));
        assert_eq!(store.kind.get_untracked(), SessionKind::Practice);
        assert_eq!(storage::session_get(SHELL_KEY), None, "taken once");
        assert_eq!(practice_start(), Some(PracticeStart::Station(Station::Weapons)), "and remembered");

        // A practice is saved now: Practice over it asks first, on the game's home.
        assert!(has_practice());
        storage::session_set(SHELL_KEY, "chosen");
        assert!(!from_shell(store));
        assert_eq!(storage::session_get(SHELL_KEY).as_deref(), Some("chosen"));
        forget_host(PRACTICE);
        storage::session_take(SHELL_KEY);
    }
}
