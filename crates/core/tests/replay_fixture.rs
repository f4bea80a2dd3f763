//! A recorded random game (events as postcard) and its final state hash, kept
//! as a fixture: the same bytes must give the same hash natively and in wasm
//! (`tests/wasm_replay.rs`). Regenerate with `REGENERATE_FIXTURE=1`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::{Event, Game, GameConfig};

const SEED: u64 = 20261121;

fn replay(bytes: &[u8]) -> u64 {
    let events: Vec<Event> = postcard::from_bytes(bytes).unwrap();
    let mut game = Game::new(GameConfig::quick_duel(SEED)).unwrap();
    for e in &events {
        game.apply(e);
    }
    game.state_hash()
}

#[test]
fn recorded_log_replays_to_the_recorded_hash() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/replay.bin");
    if std::env::var_os("REGENERATE_FIXTURE").is_some() {
        let (game, log) = support::random_game(SEED, GameConfig::quick_duel(SEED), 4000);
        std::fs::write(path, postcard::to_allocvec(&log).unwrap()).unwrap();
        std::fs::write(format!("{path}.hash"), format!("{:016x}\n", game.state_hash())).unwrap();
    }
    let bytes = std::fs::read(path).unwrap();
    let expected = std::fs::read_to_string(format!("{path}.hash")).unwrap();
    assert_eq!(format!("{:016x}", replay(&bytes)), expected.trim());
}
