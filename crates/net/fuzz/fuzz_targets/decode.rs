//! Any bytes into every decoder: peer messages, host messages (with chunk
//! reassembly) and saved rooms. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| duel_net::fuzz::decode_any(data));
