//! Starting Practice as this device chose (issue 33; the choice and its words
//! are `crate::course::PracticeStart`'s): one station with a bot crew around
//! you against the slowest bots, or the whole ship against Medium bots.

use super::{identity, seed, start_practice};
use crate::course::{practice_start, remember_practice_start, PracticeStart};
use crate::pause;
use crate::session::{practice, BotPace};
use crate::store::Store;

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
