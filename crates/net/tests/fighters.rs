//! Die Fighter over the network: the three missions' freezes (Fire, BOMB,
//! LAUNCH …) arbitrated by the host on a chaotic network, and re-seating
//! after a Fighter is lost going through the host as a command.
#![allow(clippy::unwrap_used)]

mod common;

use common::Sim;
use duel_core::{Event, GameConfig, Intent, Mission, SeatId, SeatSpec, ShipId, Station};
use duel_net::{Command, Conditions, HostRefusal};

const MISSIONS: [Mission; 3] = [Mission::CarrierStrike, Mission::FighterAssault, Mission::FighterDuel];

/// One player per seat of the mission's default table.
fn mission_room(mission: Mission, seed: u64, conditions: Conditions) -> Sim {
    Sim::one_per_seat(seed, GameConfig::quick_mission(mission, seed), conditions)
}

#[test]
fn every_mission_converges_on_a_chaotic_network() {
    let mut freezes = 0;
    for (i, mission) in MISSIONS.into_iter().enumerate() {
        for seed in 0..3 {
            let mut sim = mission_room(mission, 40 + seed + 10 * i as u64, Conditions::CHAOTIC);
            assert!(
                sim.play_random(1_500, 600),
                "{mission:?} seed {seed}: a replica did not reach the host's hash"
            );
            freezes += sim.log().iter().filter(|e| matches!(e, Event::FreezeDeclared { .. })).count();
        }
    }
    assert!(freezes > 0, "the missions' freezes went through the host");
}

#[test]
fn a_team_reseats_through_the_host_after_its_fighter_is_lost() {
    // Mission 1, one player per seat: 0 White's Capital, 1 White's Pilot,
    // 2 Black's Capital, 3 Black's Pilot (D18). Random play without LAUNCH
    // until a Fighter is down.
    let mut sim = mission_room(Mission::CarrierStrike, 7, Conditions::PERFECT);
    let down = |sim: &Sim| {
        let g = sim.host_game();
        [ShipId(1), ShipId(3)]
            .into_iter()
            .find(|f| g.ship(*f).is_some_and(|s| s.destroyed) && g.outcome().is_none())
    };
    let mut fighter = None;
    for _ in 0..200_000 {
        if let Some(f) = down(&sim) {
            fighter = Some(f);
            break;
        }
        if sim.host_game().outcome().is_some() {
            break;
        }
        sim.random_intents_where(600, |i| !matches!(i, Intent::Launch { .. }));
        sim.step();
    }
    let fighter = fighter.expect("random play destroyed a Fighter");
    assert!(sim.settle());
    // A freeze the random play left open refuses every reseat until it resolves (D20).
    assert!(sim.run_until(120_000, |s| s.host_game().freeze().is_none()), "the freeze resolves");
    assert!(sim.settle());
    assert_eq!(sim.host_game().ship(fighter).map(|s| s.destroyed), Some(true), "still down");
    let (capital, capital_seat, pilot_seat) =
        if fighter == ShipId(1) { (ShipId(0), 0usize, 1usize) } else { (ShipId(2), 2, 3) };
    let other_team_seat = if capital_seat == 0 { 2 } else { 0 };
    use Station::*;
    let spec = |stations: &[Station]| SeatSpec { ship: capital, stations: stations.to_vec(), captain: false };
    let change = vec![
        (SeatId(capital_seat as u8), spec(&[Engineering, Helm, Weapons, Sensors])),
        (SeatId(pilot_seat as u8), spec(&[Engineering, Shields, Tractor])),
    ];
    // The other team may not move this team's seats.
    let before = sim.log().len();
    sim.command(other_team_seat, Command::Reseat { seats: change.clone() });
    assert!(sim.settle());
    assert_eq!(sim.log().len(), before, "refused: nothing changed");
    // The downed Pilot joins the Capital's crew.
    sim.command(pilot_seat, Command::Reseat { seats: change });
    assert!(sim.settle());
    assert!(
        sim.log()[before..].iter().any(|e| matches!(e, Event::Reseated { .. })),
        "{:?}",
        sim.stats.reasons
    );
    for p in &sim.peers {
        let g = p.replica.game().unwrap();
        assert_eq!(g.seat_ship(SeatId(pilot_seat as u8)), Some(capital), "every replica sees the new crew");
        assert!(g.holds(SeatId(pilot_seat as u8), Shields));
    }
    // The other team's attempt came back to it with the host's reason.
    let refused = sim.stats.reasons.keys().cloned().collect::<Vec<_>>();
    let theirs = HostRefusal::NotYourSeat(SeatId(capital_seat as u8)).to_string();
    assert!(refused.contains(&theirs), "{refused:?}");
}
