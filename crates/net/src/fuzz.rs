//! Entry points for fuzzers: the cargo-fuzz targets in `crates/net/fuzz`
//! and the proptest harness in `tests/fuzz.rs` call these, so both feed the
//! very same code. Each must never panic, whatever the bytes.

use duel_core::{GameConfig, SeatId};

use crate::fair::NonceChain;
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

/// A fixed nonce chain for `token` (what the scripted peers of tests and
/// fuzzers commit to; a real device draws its seed from a crypto RNG).
pub fn chain_of(token: PlayerToken) -> NonceChain {
    let mut seed = [0u8; 32];
    seed[..16].copy_from_slice(&token.0.to_le_bytes());
    NonceChain::new(&seed, CommandId(0))
}

/// A scripted `Hello` from `token`, committing [`chain_of`].
pub fn hello_of(token: PlayerToken, name: &str, build: &str) -> PeerMsg {
    PeerMsg::Hello { player: token, name: name.into(), build: build.into(), chain: chain_of(token).commit() }
}

/// A scripted command `id` from `token`, with the nonce [`chain_of`] gives it.
pub fn command_of(token: PlayerToken, id: CommandId, command: Command) -> PeerMsg {
    PeerMsg::Command { id, command, nonce: chain_of(token).link(id).unwrap_or_default() }
}

/// A host with two players seated on the two ships of a started quick duel.
pub fn started_host() -> Host {
    let owner = PlayerToken(1);
    let mut config = HostConfig::new(BUILD, owner, 7);
    config.lobby = GameConfig::quick_duel(7);
    let mut host = Host::new(config);
    let script = [
        (1, hello_of(owner, "A", BUILD)),
        (2, hello_of(PlayerToken(2), "B", BUILD)),
        (1, command_of(owner, CommandId(0), Command::Claim { seat: SeatId(0) })),
        (2, command_of(PlayerToken(2), CommandId(0), Command::Claim { seat: SeatId(1) })),
        (1, command_of(owner, CommandId(1), Command::Start)),
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
