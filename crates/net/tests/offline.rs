//! The host tab's own seats go through a loopback, beside the remote
//! peers: `WithLocal` routes the local replica's datagrams over a perfect
//! in-memory link and everyone else's over the (here chaotic) network.
//! And a save that storage damaged is refused, never half-trusted.
#![allow(clippy::unwrap_used)]

mod common;

use common::{pick, token, HostNode, ReplicaNode, BUILD};
use duel_core::{GameConfig, SeatId};
use duel_net::{
    Command, Conditions, Host, HostConfig, MemoryEndpoint, MemoryNet, PeerId, Replica, ReplicaConfig,
    RestoreError, WithLocal,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const HOST: PeerId = PeerId(1);
const LOCAL: PeerId = PeerId(2);
const REMOTE: PeerId = PeerId(3);

#[test]
fn the_host_tab_plays_through_a_loopback_beside_a_remote_peer() {
    let (loopback, network) = (MemoryNet::new(1), MemoryNet::new(2));
    network.set_conditions(Conditions::CHAOTIC);
    loopback.connect(HOST, LOCAL);
    network.connect(HOST, REMOTE);
    let mut config = HostConfig::new(BUILD, token(0), 3);
    config.lobby = GameConfig::quick_duel(3);
    let transport = WithLocal::new(network.endpoint(HOST), loopback.endpoint(HOST), vec![LOCAL]);
    let mut host = HostNode::new(common::signing(Host::new(config), token(0)), transport);
    let replica = |i: usize| Replica::new(ReplicaConfig::new(token(i), format!("P{i}"), BUILD));
    let mut peers: Vec<ReplicaNode<MemoryEndpoint>> = vec![
        ReplicaNode::new(replica(0), loopback.endpoint(LOCAL), HOST),
        ReplicaNode::new(replica(1), network.endpoint(REMOTE), HOST),
    ];
    let mut now = 0;
    let mut step = |host: &mut HostNode<_>, peers: &mut Vec<ReplicaNode<MemoryEndpoint>>| {
        now += 10;
        loopback.set_time(now);
        network.set_time(now);
        for p in peers.iter_mut() {
            p.pump(now);
        }
        host.pump(now);
        now
    };
    let mut t = 0;
    while peers.iter().any(|p| p.replica.me().is_none()) {
        t = step(&mut host, &mut peers);
    }
    for (i, p) in peers.iter_mut().enumerate() {
        p.command(t, Command::Claim { seat: SeatId(i as u8) }).unwrap();
    }
    peers[0].command(t, Command::Start).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..3_000 {
        let t = step(&mut host, &mut peers);
        for (i, p) in peers.iter_mut().enumerate() {
            let Some(game) = p.replica.game() else { continue };
            if p.replica.pending() == 0 {
                if let Some(intent) =
                    pick(&mut rng, game, SeatId(i as u8), &game.legal_intents(SeatId(i as u8)))
                {
                    let _ = p.submit(t, SeatId(i as u8), intent);
                }
            }
        }
    }
    for _ in 0..6_000 {
        step(&mut host, &mut peers);
    }
    let game = host.host.game().unwrap();
    assert!(host.host.log().len() > 500, "the game went on");
    for p in &peers {
        assert_eq!(p.replica.game().map(|g| g.state_hash()), Some(game.state_hash()));
    }
}

#[test]
fn a_damaged_save_is_refused_not_trusted() {
    let mut sim = common::Sim::new(5, GameConfig::quick_duel(5), 2, Conditions::PERFECT);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)]]);
    sim.play_random(200, 600);
    let saved = sim.host.host.save();
    assert!(Host::restore(&saved).is_ok());
    let mut flipped = saved.clone();
    flipped[saved.len() / 2] ^= 0x10;
    assert_eq!(Host::restore(&flipped).err(), Some(RestoreError::Checksum));
    assert_eq!(Host::restore(&saved[..saved.len() - 3]).err(), Some(RestoreError::Checksum));
    assert_eq!(Host::restore(b"{\"room\":1}").err(), Some(RestoreError::NotASave));
    let mut future = saved.clone();
    future[4] = 99;
    assert_eq!(Host::restore(&future).err(), Some(RestoreError::Format(99)));
    // Formats 7 and 8 are read as what they were (settings before the speed
    // bump's `bump_ms`, marks with 64-bit nonces: `host::save`'s own test
    // restores a real one): today's body under their number is not one, and
    // is refused, never half-loaded.
    let mut previous = saved.clone();
    previous[4..6].copy_from_slice(&8u16.to_le_bytes());
    assert!(
        matches!(Host::restore(&previous), Err(RestoreError::Malformed(_))),
        "a format-9 body is no format-8 save"
    );
    let mut older = saved.clone();
    older[4..6].copy_from_slice(&6u16.to_le_bytes());
    assert_eq!(Host::restore(&older).err(), Some(RestoreError::Format(6)));
    assert!(Host::restore(&[]).is_err());
}
