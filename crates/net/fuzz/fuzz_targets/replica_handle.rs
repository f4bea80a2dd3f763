//! A stream of datagrams into a replica. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| duel_net::fuzz::replica_handle(data));
