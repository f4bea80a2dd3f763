//! Shared by the bot scenario tests: positions are changed through the
//! core's validated `Setup`, never by forging events.

use duel_core::{Game, Setup};

/// Changes the position through `Setup`; the result must be a position the rules allow.
pub fn edit<T>(game: &mut Game, change: impl FnOnce(&mut Setup) -> T) -> T {
    let mut setup = game.to_setup().expect("a position at rest");
    let out = change(&mut setup);
    *game = setup.into_game().unwrap_or_else(|e| panic!("not a possible position: {e}"));
    out
}
