//! A match's mode (Dice Duel, or a Thunderstruck duel) is part of the saved
//! and sent `Game`: its bytes and its state hash must not change when the
//! code that holds the mode does. Pinned from the build before `Game`'s mode
//! became an enum (issue 35): hosts' saves and replicas' snapshots hold them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use duel_core::hash::stable_hash;
use duel_core::thunderstruck::{self as ts, Player};
use duel_core::{FixedDice, Game, GameConfig, Intent, SeatId};

fn pinned(game: &Game) -> (usize, u64, u64) {
    let bytes = postcard::to_allocvec(game).unwrap();
    let back: Game = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(&back, game, "a game decodes to itself");
    (bytes.len(), stable_hash(&bytes), game.state_hash())
}

#[test]
fn a_dice_duel_match_keeps_its_bytes_and_hash() {
    let game = Game::new(GameConfig::duel()).unwrap();
    assert_eq!(pinned(&game), (196, 10145090678814252841, 2912696532219701447));
}

#[test]
fn a_thunderstruck_match_keeps_its_bytes_and_hash() {
    let mut game =
        Game::new(GameConfig::thunderstruck(ts::Config { players: 3, rounds: 6, first: Player(0) })).unwrap();
    let seed = ts::Intent::CommitSeed { seed: ts::Secret([9; 32]).digest() };
    game.play(SeatId(2), &Intent::Thunderstruck(seed), &mut FixedDice::new(&[])).unwrap();
    assert_eq!(pinned(&game), (352, 5113842158321570226, 11292431241217494398));
}
