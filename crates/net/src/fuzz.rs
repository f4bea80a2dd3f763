//! Entry points for fuzzers: the cargo-fuzz targets in `crates/net/fuzz`
//! and the proptest harness in `tests/fuzz.rs` call these, so both feed the
//! very same code. Each must never panic, whatever the bytes.

use duel_core::{GameConfig, SeatId};

use crate::host::{Host, HostConfig};
use crate::ids::{CommandId, PeerId, PlayerToken};
use crate::replica::{Replica, ReplicaConfig};
use crate::wire::{decode_peer, encode_peer, Command, HostDecoder, PeerMsg};

/// The build id the fuzz rooms run.
pub const BUILD: &str = "fuzz";

/// Decodes `bytes` every way the app does: as a peer message, an election
/// message, a host message (twice, so a chunk can meet its transfer), and as
/// a saved room.
pub fn decode_any(bytes: &[u8]) {
    let _ = decode_peer(bytes);
    let _ = crate::wire::decode_mesh(bytes);
    let _ = crate::wire::kind_of(bytes);
    let mut d = HostDecoder::default();
    let _ = d.decode(bytes);
    let _ = d.decode(bytes);
    let _ = Host::restore(bytes);
}

/// A host with two players seated on the two ships of a started quick duel.
pub fn started_host() -> Host {
    let owner = PlayerToken(1);
    let mut config = HostConfig::new(BUILD, owner, 7);
    config.lobby = GameConfig::quick_duel(7);
    let mut host = Host::new(config);
    let script = [
        (
            1,
            PeerMsg::Hello {
                player: owner,
                name: "A".into(),
                build: BUILD.into(),
                key: crate::SeatKey::from_seed([1; 32]).public(),
            },
        ),
        (
            2,
            PeerMsg::Hello {
                player: PlayerToken(2),
                name: "B".into(),
                build: BUILD.into(),
                key: crate::SeatKey::from_seed([2; 32]).public(),
            },
        ),
        (1, PeerMsg::Command { id: CommandId(0), command: Command::Claim { seat: SeatId(0) }, nonce: 1 }),
        (2, PeerMsg::Command { id: CommandId(0), command: Command::Claim { seat: SeatId(1) }, nonce: 2 }),
        (1, PeerMsg::Command { id: CommandId(1), command: Command::Start, nonce: 3 }),
    ];
    for (peer, msg) in script {
        if let Ok(bytes) = encode_peer(&msg) {
            host.handle(0, PeerId(peer), &bytes);
        }
    }
    host
}

/// Splits `data` into datagrams and feeds them to [`started_host`], from
/// one of four peers (two seated, two strangers), with the clock moving.
/// Record layout: `[peer, time step, length, bytes…]`, repeated.
pub fn host_handle(data: &[u8]) -> Host {
    let mut host = started_host();
    let mut now = 0u64;
    let mut rest = data;
    while let [peer, step, len, tail @ ..] = rest {
        let n = usize::from(*len).min(tail.len());
        let (datagram, next) = tail.split_at(n);
        now += u64::from(*step) * 97;
        host.handle(now, PeerId(u128::from(peer % 4) + 1), datagram);
        host.tick(now);
        rest = next;
    }
    host
}

/// Feeds `data`, split like [`host_handle`]'s input, to a fresh replica.
pub fn replica_handle(data: &[u8]) {
    let mut replica = Replica::new(ReplicaConfig::new(PlayerToken(9), "R", BUILD));
    replica.connect(0);
    let mut now = 0u64;
    let mut rest = data;
    while let [_, step, len, tail @ ..] = rest {
        let n = usize::from(*len).min(tail.len());
        let (datagram, next) = tail.split_at(n);
        now += u64::from(*step) * 97;
        replica.handle(now, datagram);
        replica.tick(now);
        rest = next;
    }
}
