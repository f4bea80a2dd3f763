//! Thunderstruck Duel in a room (R23, T10): the same host, replicas,
//! succession and dice audit as Dice Duel, with hidden planning by
//! commit and reveal. Each device keeps its seat's secrets in a `Desk`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::mesh::Mesh;
use duel_core::thunderstruck::{self as ts, Phase, Placement, Planning, Player};
use duel_core::{GameConfig, Intent, SeatId};
use duel_net::thunder::Desk;
use duel_net::wire::{decode_peer, kind_of, Command, Kind, PeerMsg};
use duel_net::Conditions;
use rand_core::RngCore;

fn room(seed: u64, players: u8, conditions: Conditions) -> (Mesh, Vec<Desk>) {
    let config = GameConfig::thunderstruck(ts::Config { players, rounds: 12, first: Player(0) });
    let mut seats: Vec<Vec<SeatId>> = (0..players).map(|p| vec![SeatId(p)]).collect();
    seats.push(vec![]); // a spectator
    let mesh = Mesh::started(seed, config, &seats, conditions);
    let desks = (0..players).map(|p| Desk::new(Player(p), [seed as u8 ^ p.wrapping_mul(31); 32])).collect();
    (mesh, desks)
}

/// What device `i` would send now for its seat: the protocol step its desk
/// says is due, a plan (a random legal placement), or a random legal action.
fn next_move(m: &mut Mesh, desks: &mut [Desk], i: usize) -> Option<Intent> {
    let roll = m.rng.next_u32() as usize;
    let d = m.dev(i);
    if d.replica.pending() > 0 {
        return None;
    }
    let duel = d.replica.game()?.thunderstruck()?;
    let desk = desks.get_mut(i)?;
    let me = desk.player();
    if let Some(step) = desk.next_intent(duel) {
        return Some(Intent::Thunderstruck(step));
    }
    let ship = duel.ship(me)?;
    if matches!(duel.phase(), Phase::Planning { beacon: Some(_) })
        && matches!(ship.planning, Planning::Seeded { .. })
    {
        let dice = desk.dice(duel, 0)?;
        let all = Placement::all(&dice, &ship.console);
        let pick = all[roll % all.len()].clone();
        return desk.seal(duel, 0, pick).ok().map(Intent::Thunderstruck);
    }
    if duel.waiting_on().contains(&me) {
        let legal = duel.legal_intents(me);
        return legal.get(roll % legal.len().max(1)).cloned().map(Intent::Thunderstruck);
    }
    None
}

/// Every seated device makes its move, then the room runs a step.
fn drive(m: &mut Mesh, desks: &mut [Desk], quiet: &[usize]) {
    for i in 0..desks.len() {
        if quiet.contains(&i) {
            continue;
        }
        if let Some(intent) = next_move(m, desks, i) {
            let now = m.now;
            let _ = m.devices[i].as_mut().expect("live").submit(now, SeatId(i as u8), intent);
        }
    }
    m.step();
}

/// Every device plans and seals, but holds its reveal back, until `done` (at most a minute).
fn seal_without_revealing(m: &mut Mesh, desks: &mut [Desk], done: impl Fn(&Mesh) -> bool) {
    let end = m.now + 60_000;
    while m.now < end && !done(m) {
        for i in 0..desks.len() {
            let step = next_move(m, desks, i);
            if let Some(intent) =
                step.filter(|s| !matches!(s, Intent::Thunderstruck(ts::Intent::Reveal { .. })))
            {
                let now = m.now;
                let _ = m.devices[i].as_mut().unwrap().submit(now, SeatId(i as u8), intent);
            }
        }
        m.step();
    }
}

fn over(m: &Mesh) -> bool {
    m.alive().all(|d| d.replica.game().is_some_and(|g| g.outcome().is_some()))
}

#[test]
fn r23_a_thunderstruck_room_plays_to_the_end_over_a_chaotic_network_and_its_dice_are_audited() {
    for (seed, players) in [(1, 2), (2, 3), (3, 2)] {
        let (mut m, mut desks) = room(seed, players, Conditions::CHAOTIC);
        let end = m.now + 3_600_000;
        while m.now < end && !over(&m) {
            drive(&mut m, &mut desks, &[]);
        }
        assert!(over(&m), "seed {seed}: the duel ends\n{}", m.describe());
        assert!(m.run_until(60_000, Mesh::converged), "seed {seed}: every copy agrees\n{}", m.describe());
        assert_eq!(m.tampered, 0, "an honest host's beacons pass the audit");
        assert!(m.rejected.iter().all(|r| !r.contains("not the plan")), "{:?}", m.rejected);
    }
}

#[test]
fn t10_nothing_on_the_wire_reveals_a_plan_before_every_plan_is_sealed() {
    let (mut m, mut desks) = room(11, 2, Conditions::PERFECT);
    m.net.tap();
    let sealed = |m: &Mesh| {
        m.alive().all(|d| {
            d.replica.game().and_then(|g| g.thunderstruck()).is_some_and(|g| {
                g.living().all(|p| matches!(g.ship(p).unwrap().planning, Planning::Sealed { .. }))
            })
        })
    };
    // Seal, but hold the reveals back until the transcript is read.
    seal_without_revealing(&mut m, &mut desks, sealed);
    assert!(sealed(&m), "both plans sealed\n{}", m.describe());
    let before = m.net.tapped();
    let duel = m.dev(0).replica.game().unwrap().thunderstruck().unwrap().clone();
    let reveals: Vec<ts::Intent> =
        desks.iter().map(|d| d.next_intent(&duel).expect("a reveal is due")).collect();
    let secrets: Vec<[u8; 32]> = reveals
        .iter()
        .map(|r| match r {
            ts::Intent::Reveal { seed, .. } => seed.0,
            other => panic!("{other:?}"),
        })
        .collect();
    let contains = |bytes: &[u8], secret: &[u8; 32]| bytes.windows(32).any(|w| w == secret);
    for datagram in &before {
        for secret in &secrets {
            assert!(
                !contains(datagram, secret),
                "a seed (hence the dice) crossed the wire before the reveal"
            );
        }
        if kind_of(datagram) == Some(Kind::Peer) {
            if let Ok(PeerMsg::Command { command: Command::Intent { intent, .. }, .. }) =
                decode_peer(datagram)
            {
                assert!(!matches!(intent, Intent::Thunderstruck(ts::Intent::Reveal { .. })));
            }
        }
    }
    // The host's own copy holds digests only: no console has a die yet.
    let host_duel = m.host_game().thunderstruck().unwrap();
    assert!(host_duel.players().all(|p| !host_duel.ship(p).unwrap().console.has_dice()));
    // Now the reveals go: the same detector sees the seeds (it can fail).
    for (i, reveal) in reveals.into_iter().enumerate() {
        let now = m.now;
        m.devices[i].as_mut().unwrap().submit(now, SeatId(i as u8), Intent::Thunderstruck(reveal)).unwrap();
    }
    m.run_for(1_000);
    let after = m.net.tapped();
    assert!(after[before.len()..].iter().any(|d| contains(d, &secrets[0])), "the reveal carries the seed");
    assert!(matches!(m.host_game().thunderstruck().unwrap().phase(), Phase::Action { .. }));
}

#[test]
fn t10_a_reveal_that_is_not_the_sealed_plan_is_refused_and_changes_nothing() {
    let (mut m, mut desks) = room(21, 2, Conditions::PERFECT);
    let all_sealed = |m: &Mesh| {
        m.host_game().thunderstruck().is_some_and(|g| {
            g.living().all(|p| matches!(g.ship(p).unwrap().planning, Planning::Sealed { .. }))
        })
    };
    seal_without_revealing(&mut m, &mut desks, all_sealed);
    m.run_for(500);
    let duel = m.dev(1).replica.game().unwrap().thunderstruck().unwrap().clone();
    let Some(ts::Intent::Reveal { seed, rerolls, placement, next }) = desks[1].next_intent(&duel) else {
        panic!("a reveal is due");
    };
    let mut other = placement.slots().to_vec();
    other.rotate_left(1);
    let forged = ts::Intent::Reveal { seed, rerolls, placement: Placement::new(other), next };
    let hash = m.host_game().state_hash();
    // The player's own app refuses it before anything is sent…
    let now = m.now;
    let local = m.devices[1].as_mut().unwrap().submit(now, SeatId(1), Intent::Thunderstruck(forged.clone()));
    assert_eq!(local.err().map(|e| e.to_string()), Some("That reveal is not the plan you locked in.".into()));
    // …and a doctored app that sends it anyway is refused by the host.
    let host = m.host();
    let me = m.dev(1).replica.me().unwrap();
    let next =
        m.dev(host).host.as_ref().unwrap().room().players.iter().find(|p| p.no == me).unwrap().next_command;
    let command = Command::Intent { seat: SeatId(1), intent: Intent::Thunderstruck(forged) };
    let nonce = m.dev(1).replica.nonce_for(next);
    let replica = &m.dev(1).replica;
    let sig = duel_net::sign_command(replica.seat_key(), &replica.room_digest(), me, next, &command);
    let bytes = duel_net::wire::encode_peer(&PeerMsg::Command { id: next, command, nonce, sig }).unwrap();
    let (from, to) = (m.ids[1], m.ids[host]);
    duel_net::Transport::send(&mut m.net.endpoint(from), to, bytes);
    m.run_for(1_000);
    assert!(m.rejected.iter().any(|r| r.contains("not the plan you locked in")), "{:?}", m.rejected);
    assert_eq!(m.host_game().state_hash(), hash, "nothing changed");
}

#[test]
fn d36_a_player_who_never_reveals_sits_the_round_out_at_the_deadline() {
    let (mut m, mut desks) = room(31, 2, Conditions::PERFECT);
    // Player 1's device goes quiet after the start: it never seals nor reveals.
    let end = m.now + 200_000;
    let action = |m: &Mesh| matches!(m.host_game().thunderstruck().unwrap().phase(), Phase::Action { .. });
    while m.now < end && !action(&m) {
        drive(&mut m, &mut desks, &[1]);
    }
    let duel = m.host_game().thunderstruck().unwrap();
    assert!(action(&m), "the table moved on without player 1\n{}", m.describe());
    assert_eq!(duel.ship(Player(1)).unwrap().planning, Planning::Forfeit);
    assert!(!duel.ship(Player(1)).unwrap().console.has_dice());
    assert!(m.now >= duel_net::Timing::default().plan_ms, "only after the deadline");
}

#[test]
fn a_host_that_bends_the_beacon_is_caught_by_every_replica() {
    let (mut m, mut desks) = room(41, 2, Conditions::PERFECT);
    let host = m.host();
    m.devices[host].as_mut().unwrap().host.as_mut().unwrap().bend_dice([7; 32]);
    let end = m.now + 3_600_000;
    while m.now < end && !over(&m) {
        drive(&mut m, &mut desks, &[]);
    }
    m.run_for(2_000);
    assert!(m.tampered > 0, "the bent beacon was noticed\n{}", m.describe());
}
