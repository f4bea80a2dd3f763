//! A replica checks the host's state hash against its copy after applying the batch the
//! hash came with. A host tick can send several batches at once (choices that time out
//! together, then the resume): an honest host's hash must describe the state at the end of
//! the batch it rides on, or its replicas see a desync that is not there, throw their copy
//! away for a snapshot, and a game kept for replay loses its beginning.
#![allow(clippy::unwrap_used)]

mod common;

use common::Sim;
use duel_bots::Difficulty;
use duel_core::{GameConfig, SeatId};
use duel_net::{Conditions, Timing};

#[test]
fn batches_sent_in_one_tick_never_make_an_honest_host_look_desynced() {
    // Deadlines as short as the host allows: choices opened together expire in one tick.
    let timing = Timing { choice_ms: 50, review_ms: 50, ..Timing::default() };
    for seed in 0..6 {
        let mut sim = Sim::with_timing(seed, GameConfig::quick_duel(seed), 2, Conditions::PERFECT, timing);
        sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)]]);
        assert!(sim.play_crews(Difficulty::Hard, 10 * 60_000, 0), "seed {seed}: the copies converge");
        assert_eq!(sim.stats.desyncs, 0, "seed {seed}: no replica saw a desync");
        for (i, peer) in sim.peers.iter().enumerate() {
            let (base, _, _) = peer.replica.history().unwrap();
            assert_eq!(base.0, 0, "seed {seed}: replica {i} kept its copy from the start");
        }
    }
}
