//! Host succession on the chaotic in-memory network: the host dies (or is
//! cut off) at every kind of moment, a successor is elected from the
//! replicated state, and no event or accepted command is lost or doubled.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::Mesh;
use duel_core::{GameConfig, SeatId, SeatSpec, ShipId};
use duel_net::{Conditions, Epoch, Standing};

/// Two officers per ship plus a spectator: five devices, the host on seat 0.
fn four_officers(seed: u64, conditions: Conditions) -> Mesh {
    let mut config = GameConfig::quick_duel(seed);
    config.seats = [SeatSpec::recommended(ShipId(0), 2), SeatSpec::recommended(ShipId(1), 2)].concat();
    let seats = vec![vec![SeatId(0)], vec![SeatId(1)], vec![SeatId(2)], vec![SeatId(3)], vec![]];
    Mesh::started(seed, config, &seats, conditions)
}

#[test]
fn the_room_survives_its_host_and_plays_on() {
    let mut m = four_officers(1, Conditions::CHAOTIC);
    m.play(20_000, 300);
    assert!(m.settle(), "converged before");
    let head = m.dev(0).host.as_ref().unwrap().head();
    let heir = m.first_successor();
    m.kill(0);
    assert!(m.run_until(10_000, |m| m.hosts().len() == 1), "a successor takes over");
    assert_eq!(m.host(), heir, "the first successor in the replicated order");
    assert!(m.settle(), "everyone follows the new host");
    assert_eq!(m.epoch(), Epoch(1));
    assert!(m.dev(heir).host.as_ref().unwrap().head() >= head);
    m.play(20_000, 300);
    assert!(m.settle(), "play goes on under the new host");
}
