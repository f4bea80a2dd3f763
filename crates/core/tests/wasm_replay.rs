//! The recorded fixture replays to the same state hash in a browser (wasm32)
//! as natively: no platform-dependent widths or orders leak into the state.
//! Run: `cargo test -p duel-core --target wasm32-unknown-unknown --test wasm_replay`
//! (needs wasm-bindgen-test-runner and chromedriver; `scripts/test` does it).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use duel_core::{Event, Game, GameConfig};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const LOG: &[u8] = include_bytes!("fixtures/replay.bin");
const HASH: &str = include_str!("fixtures/replay.bin.hash");

#[wasm_bindgen_test]
fn fixture_replays_to_the_native_hash_in_wasm() {
    let events: Vec<Event> = postcard::from_bytes(LOG).unwrap();
    let mut game = Game::new(GameConfig::quick_duel(20261121)).unwrap();
    for e in &events {
        game.apply(e);
    }
    assert_eq!(format!("{:016x}", game.state_hash()), HASH.trim());
}
