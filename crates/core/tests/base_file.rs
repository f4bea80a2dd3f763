//! The core without Thunderstruck Duel's rules (the `thunderstruck` feature off): what the app's
//! base file runs (issue 32). Every type the wire carries stays, and a duel is refused in words,
//! so a device on the base file loads the full app instead of playing a game it cannot check.
//! `scripts/test` runs it in a browser, as the base file does, beside `wasm_replay` (its step
//! `wasm-core`: `cargo test -p duel-core --target wasm32-unknown-unknown --no-default-features
//! --test wasm_replay --test base_file`); natively, `cargo test -p duel-core
//! --no-default-features --test base_file`. With the feature on there is nothing here.
#![cfg(not(feature = "thunderstruck"))]

use duel_core::error::{RuleError, SetupError};
use duel_core::thunderstruck::Config;
use duel_core::{Game, GameConfig, Intent, SeatId};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[test]
fn a_thunderstruck_duel_is_refused_until_the_full_app_is_loaded() {
    let err = Game::new(GameConfig::thunderstruck(Config::default())).unwrap_err();
    assert_eq!(err, SetupError::ModeNotLoaded);
    assert_eq!(err.to_string(), "Thunderstruck Duel is not loaded on this device yet");
}

#[test]
fn a_dice_duel_still_starts_and_a_duel_intent_is_refused_in_words() {
    let game = Game::new(GameConfig::duel()).expect("a Dice Duel needs no Thunderstruck rules");
    let intent = Intent::Thunderstruck(duel_core::thunderstruck::Intent::CommitSeed {
        seed: duel_core::seal::Digest([0; 32]),
    });
    let err = game.validate(SeatId(0), &intent).unwrap_err();
    assert!(matches!(err, RuleError::OtherMode | RuleError::ModeNotLoaded), "{err:?}");
    assert!(!err.to_string().is_empty());
}

#[test]
fn thunderstruck_events_still_read_from_the_wire() {
    // The wire format does not depend on the feature: a duel's config round-trips.
    let config = GameConfig::thunderstruck(Config::default());
    let bytes = postcard::to_allocvec(&config).expect("encodes");
    let back: GameConfig = postcard::from_bytes(&bytes).expect("decodes");
    assert_eq!(back, config);
}
