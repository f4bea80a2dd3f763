//! Arbitrary datagrams into a hosting device and a guest device. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| duel_net::fuzz::device_handle(data));
