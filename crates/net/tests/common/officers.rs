//! The rooms the succession and forged-history tests start from: officers
//! on a [`Mesh`], on any network or settled on a perfect one.

use duel_core::{GameConfig, SeatId};
use duel_net::Conditions;

use super::mesh::Mesh;

/// A started room: two officers per ship plus a spectator, five devices,
/// the host (device 0) on seat 0.
pub fn four_officers(seed: u64, conditions: Conditions) -> Mesh {
    let mut config = GameConfig::quick_duel(seed);
    config.seats = [
        duel_core::SeatSpec::recommended(duel_core::ShipId(0), 2),
        duel_core::SeatSpec::recommended(duel_core::ShipId(1), 2),
    ]
    .concat();
    let seats = vec![vec![SeatId(0)], vec![SeatId(1)], vec![SeatId(2)], vec![SeatId(3)], vec![]];
    Mesh::started(seed, config, &seats, conditions)
}

/// [`four_officers`] on a perfect network, played a little and settled:
/// every copy at one head, device 1 the first successor (the forged-history
/// tests' starting room).
pub fn settled_officers(seed: u64) -> Mesh {
    let mut m = four_officers(seed, Conditions::PERFECT);
    m.play(3_000, 300);
    assert!(m.settle());
    assert_eq!(m.first_successor(), 1);
    m
}

/// A room of two on a perfect network, played a little and settled: device
/// 0 hosts on seat 0, device 1 holds seat 1 (the one-to-one duel).
pub fn room_of_two(seed: u64) -> Mesh {
    let seats = vec![vec![SeatId(0)], vec![SeatId(1)]];
    let mut m = Mesh::started(seed, GameConfig::quick_duel(seed), &seats, Conditions::PERFECT);
    m.play(2_000, 300);
    assert!(m.settle());
    m
}
