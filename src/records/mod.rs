//! Finished games kept for watching again (issue 17): every finished game is
//! kept in the browser ([`keeper`], [`db`]); a `session::ReplaySession` plays
//! one back (`boot::watch` opens it) for the replay screen (`crate::replay`)
//! through the same board, displays and story as the live game; a game
//! travels as a file or a link ([`db::pack`]); the home screen lists them
//! (`crate::home`).
//!
//! Addresses: `#/replay?id=KEY` a saved game, `#/replay?g=DDG1.…` a game
//! carried by the link itself.

pub mod db;
pub mod keeper;
pub mod record;

pub use keeper::Keeper;

use crate::platform;
use crate::route::Route;

/// The address of a saved game.
pub fn address(key: &str) -> String {
    format!("{}?id={key}", Route::Replay.hash())
}

/// What the replay address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wanted {
    Saved(String),
    Link(String),
    Nothing,
}

/// Reads `#/replay?id=…` or `#/replay?g=…`.
pub fn wanted(hash: &str) -> Wanted {
    let Some((_, params)) = hash.split_once('?') else { return Wanted::Nothing };
    if let Some(g) = platform::query::param(params, "g").filter(|g| !g.is_empty()) {
        return Wanted::Link(g);
    }
    match platform::query::param(params, "id").filter(|k| !k.is_empty()) {
        Some(key) => Wanted::Saved(key),
        None => Wanted::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_addresses_name_a_saved_game_or_carry_one() {
        assert_eq!(wanted("#/replay?id=00ab-12cd"), Wanted::Saved("00ab-12cd".into()));
        assert_eq!(wanted("#/replay?g=DDG1.xyz"), Wanted::Link("DDG1.xyz".into()));
        assert_eq!(wanted("#/replay"), Wanted::Nothing);
        assert_eq!(wanted("#/replay?id="), Wanted::Nothing);
        assert_eq!(address("k1"), "#/replay?id=k1");
    }
}
