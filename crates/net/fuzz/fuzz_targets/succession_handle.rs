//! A stream of election datagrams into a succession beside a replica with a copy. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| duel_net::fuzz::succession_handle(data));
