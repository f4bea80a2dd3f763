//! A practice saved by one file and resumed by another (issue 49).
//!
//! The practice file signs nothing (duel-net without `signatures`): a game it
//! saves carries its commands unsigned, which a build that signs would refuse
//! as forged when its own replica reads them back. So a practice the practice
//! file saved after its game began resumes on the practice file: a build that
//! signs goes back to it (a reload of `/#/play`, its mark for the full app
//! taken off) instead of failing and dropping the save. A practice saved
//! before its game began (a lobby, which carries no commands) resumes
//! anywhere: that is how a practice lobby turned to Thunderstruck Duel
//! reaches the full app.
//!
//! The other way, the practice file resumes a signed practice as long as it
//! knows this device's public key (`net::saves::seat_key`, kept by any build
//! that signs); a save older than that keeping loads the full app.

use duel_net::seat_key::SIGNS;
use leptos::prelude::*;

use crate::platform::{self, full_app, storage};
use crate::route::Route;
use crate::store::Store;

/// The mark of a save the practice file made after its game began (`room`'s).
fn unsigned_key(room: &str) -> String {
    format!("dice-duel/unsigned/{room}")
}

/// Marks `room`'s save as made by this build: unsigned (the practice file,
/// once its game began) or not.
pub fn mark(room: &str, started: bool) {
    if !SIGNS && started {
        let _ = storage::set(&unsigned_key(room), "1");
    } else {
        storage::remove(&unsigned_key(room));
    }
}

/// Whether `room`'s save resumes on another file than this one: an unsigned
/// game on a build that signs, or a signed one the practice file cannot
/// speak for (this device's public key unknown to it).
pub fn elsewhere(room: &str) -> bool {
    let unsigned = storage::get(&unsigned_key(room)).is_some();
    if SIGNS {
        unsigned
    } else {
        !unsigned && crate::net::saves::seat_key().public() == duel_net::SeatPublic::NONE
    }
}

/// Resumes `room`'s practice on the file that can: returns whether it went
/// there (the caller leaves the save alone), as `full_first::to_resume`.
pub fn to_resume(store: Store, room: &str) -> bool {
    if !elsewhere(room) {
        return false;
    }
    if SIGNS {
        // This tab asked for the full app (or a room link brought it here): the practice file
        // again, at the practice's address.
        let _ = storage::session_take(full_app::FULL_KEY);
        platform::assign_url(&format!("/{}", Route::Play.hash()));
    } else {
        store.ui.loads_full.set(Some("This practice was saved by the whole game: it resumes there."));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsigned_practice_resumes_on_the_practice_file_until_a_signing_build_saves_it() {
        let room = "marks~";
        storage::set(&unsigned_key(room), "1").unwrap();
        // This test's build signs (the app's default features): it sends the save back.
        const { assert!(SIGNS) };
        assert!(elsewhere(room), "an unsigned game is not this build's to resume");
        // Saved again here (a practice lobby turned to Thunderstruck, resumed on the full app).
        mark(room, true);
        assert!(!elsewhere(room), "signed now: it resumes here");
        assert_eq!(storage::get(&unsigned_key(room)), None);
    }
}
