//! A stream of datagrams from four peers into a host with a started game.
//! Must never panic, and the game must stay consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let host = duel_net::fuzz::host_handle(data);
    assert!(host.game().is_some_and(|g| g.is_consistent()));
});
