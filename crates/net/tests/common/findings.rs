//! A room watched for what its replicas say of the dice: the mesh stepped
//! with each device's dice findings kept (the mesh's own `step` drains
//! them), and the findings against one host. Shared by the tests that play
//! a cheating host and check who is named (`every_cheat_named.rs`,
//! `successor_keys.rs`).

use duel_core::{GameConfig, SeatId};
use duel_net::host::Cheat;
use duel_net::{Conditions, Finding, Notice, PlayerNo};

use super::mesh::Mesh;

/// Host 0 on no seat, two crews, two watchers: a successor can be elected
/// among four, and two replicas watch it.
pub fn watched_room(seed: u64) -> Mesh {
    let seats = [vec![], vec![SeatId(0)], vec![SeatId(1)], vec![], vec![]];
    Mesh::started(seed, GameConfig::quick_duel(seed), &seats, Conditions::PERFECT)
}

/// One step of the mesh, keeping each device's dice findings in `said`;
/// `play`: with random play (while one host runs); `cheat`: any guest that
/// hosts cheats so from its first batch.
pub fn step(m: &mut Mesh, said: &mut [Vec<Notice>], cheat: Option<Cheat>, play: bool) {
    if play && m.hosts().len() == 1 {
        m.random_intents(400);
    }
    m.now += super::STEP;
    m.net.set_time(m.now);
    let now = m.now;
    for (i, d) in m.devices.iter_mut().enumerate() {
        let Some(d) = d else { continue };
        d.pump(now);
        if let (Some(c), Some(h)) = (cheat, d.host.as_mut().filter(|_| i > 0)) {
            h.cheat(c);
        }
        for n in d.replica.drain_notices() {
            if matches!(n, Notice::DiceUnchecked(_) | Notice::DiceTampered { .. }) {
                said[i].push(n);
            }
        }
    }
}

/// Runs the room `ms` on (or to the game's end) with random play.
pub fn run(m: &mut Mesh, ms: u64, said: &mut [Vec<Notice>]) {
    let end = m.now + ms;
    while m.now < end && m.host_game().outcome().is_none() {
        step(m, said, None, true);
    }
}

/// Steps until every device follows one host on one state (an election's end).
pub fn settle(m: &mut Mesh, said: &mut [Vec<Notice>]) {
    let end = m.now + 30_000;
    while !m.converged() {
        assert!(m.now < end, "a successor hosts\n{}", m.describe());
        step(m, said, None, false);
    }
}

/// The findings `notices` hold against `host` (warnings only).
pub fn against(notices: &[Notice], host: PlayerNo) -> Vec<Finding> {
    notices
        .iter()
        .filter_map(|n| match n {
            Notice::DiceUnchecked(f) if f.accuses() && f.host == Some(host) => Some(*f),
            _ => None,
        })
        .collect()
}

/// Whether `notices` say `host` delivered dice other than its key gives.
pub fn tampered_by(notices: &[Notice], host: PlayerNo) -> bool {
    notices.iter().any(|n| matches!(n, Notice::DiceTampered { host: Some(h), .. } if *h == host))
}
