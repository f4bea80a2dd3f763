//! Entry points for fuzzers: the cargo-fuzz targets in `crates/net/fuzz`
//! and the proptest harness in `tests/fuzz.rs` call these, so both feed the
//! very same code. Each must never panic, whatever the bytes.

use duel_core::{GameConfig, SeatId};

use crate::device::Device;
use crate::fair::{room_digest, ChainCommit, NonceChain};
use crate::host::{Host, HostConfig};
use crate::ids::{CommandId, Epoch, PeerId, PlayerNo, PlayerToken};
use crate::replica::{Replica, ReplicaConfig};
use crate::seat_key::{SeatKey, SeatPublic};
use crate::succession::{Succession, SuccessionTiming};
use crate::transport::{MemoryNet, Transport};
use crate::wire::{decode_mesh, decode_peer, encode_peer, Command, HostDecoder, PeerMsg};

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
    thread_local! {
        // Built once per token and thread: a scripted test sends thousands
        // of commands, and a debug build hashes a 1,024-link chain slowly.
        static CHAINS: std::cell::RefCell<std::collections::BTreeMap<u128, NonceChain>> =
            const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
    }
    CHAINS.with(|chains| {
        chains
            .borrow_mut()
            .entry(token.0)
            .or_insert_with(|| {
                let mut seed = [0u8; 32];
                seed[..16].copy_from_slice(&token.0.to_le_bytes());
                NonceChain::new(&seed, CommandId(0))
            })
            .clone()
    })
}

/// The seat key a scripted peer with `token` signs with (derived from the
/// token: for tests only, see [`ReplicaConfig::new`]).
pub fn seat_key_of(token: PlayerToken) -> SeatKey {
    crate::replica::test_seat_key(token)
}

/// [`chain_of`]`(chain)`'s commitment, signed by `key` for a room of the
/// default (empty) name, as the fuzz and scripted hosts are.
pub fn commit_of(chain: PlayerToken, key: &SeatKey) -> ChainCommit {
    chain_of(chain).commit(key, &room_digest(""))
}

/// A scripted `Hello` from `token`, committing [`chain_of`].
pub fn hello_of(token: PlayerToken, name: &str, build: &str) -> PeerMsg {
    let key = seat_key_of(token);
    PeerMsg::Hello {
        player: token,
        name: name.into(),
        build: build.into(),
        key: key.public(),
        chain: commit_of(token, &key),
    }
}

/// A scripted command `id` from `token`, admitted as `player`, with the
/// nonce [`chain_of`] gives it, signed with [`seat_key_of`] for a room of
/// the default (empty) name.
pub fn command_of(token: PlayerToken, player: PlayerNo, id: CommandId, command: Command) -> PeerMsg {
    let sig = crate::command_sig::sign_command(&seat_key_of(token), &room_digest(""), player, id, &command);
    PeerMsg::Command { id, command, nonce: chain_of(token).link(id).unwrap_or_default(), sig }
}

/// A scripted test's private key for `public`, if it is one of the keys
/// scripted peers use: [`seat_key_of`] a token below 64 or among the 64
/// from `0xD1CE_0000` (the integration tests' `common::token`), or
/// `SeatKey::from_seed([b; 32])` for any byte `b`.
pub fn test_key_for(public: &SeatPublic) -> Option<SeatKey> {
    thread_local! {
        static KEYS: std::collections::BTreeMap<SeatPublic, SeatKey> = (0..64u128)
            .chain(0xD1CE_0000..0xD1CE_0040)
            .map(|t| seat_key_of(PlayerToken(t)))
            .chain((0..=255u8).map(|b| SeatKey::from_seed([b; 32])))
            .map(|k| (k.public(), k))
            .collect();
    }
    KEYS.with(|keys| keys.get(public).cloned())
}

/// `msg` as the device on connection `from` would send it to `host`: a
/// command signed with the key the host lists for that connection's player
/// (a scripted key, see [`test_key_for`]); anything else as it is. For tests
/// whose scripted players share one command helper.
pub fn signed_for(host: &Host, from: PeerId, msg: PeerMsg) -> PeerMsg {
    let PeerMsg::Command { id, command, nonce, sig } = msg else { return msg };
    let Some(player) = host.player_of(from) else { return PeerMsg::Command { id, command, nonce, sig } };
    let key = host.room().player(player).and_then(|p| test_key_for(&p.key));
    let sig = key.map_or(sig, |k| {
        crate::command_sig::sign_command(&k, &room_digest(host.room_name()), player, id, &command)
    });
    PeerMsg::Command { id, command, nonce, sig }
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
        (1, command_of(owner, PlayerNo(0), CommandId(0), Command::Claim { seat: SeatId(0) })),
        (2, command_of(PlayerToken(2), PlayerNo(1), CommandId(0), Command::Claim { seat: SeatId(1) })),
        (1, command_of(owner, PlayerNo(0), CommandId(1), Command::Start)),
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
    for (peer, step, datagram) in records(data) {
        now += step;
        host.handle(now, PeerId(u128::from(peer % 4) + 1), datagram);
        host.tick(now);
    }
    host
}

/// Feeds `data`, split like [`host_handle`]'s input, to a fresh replica.
pub fn replica_handle(data: &[u8]) {
    let mut replica = Replica::new(ReplicaConfig::new(PlayerToken(9), "R", BUILD));
    replica.connect(0);
    let mut now = 0u64;
    for (_, step, datagram) in records(data) {
        now += step;
        replica.handle(now, datagram);
        replica.tick(now);
    }
}

/// `data` as `(peer byte, time step in ms, datagram)` records: `[peer,
/// step, length, bytes…]` repeated, the step in units of 97 ms.
pub fn records(data: &[u8]) -> Vec<(u8, u64, &[u8])> {
    let mut out = Vec::new();
    let mut rest = data;
    while let [peer, step, len, tail @ ..] = rest {
        let n = usize::from(*len).min(tail.len());
        let (datagram, next) = tail.split_at(n);
        out.push((*peer, u64::from(*step) * 97, datagram));
        rest = next;
    }
    out
}

/// Player B's replica holding a copy of [`started_host`]'s game (so it is a
/// successor with something to stand on), and a fresh succession machine.
pub fn heir() -> (Replica, Succession) {
    let mut host = started_host();
    let mut replica = Replica::new(ReplicaConfig::new(PlayerToken(2), "B", BUILD));
    let mut up = replica.connect(0);
    // Hello, Welcome, room and snapshot, answers: a few hops settle it.
    for _ in 0..8 {
        let mut down = Vec::new();
        for d in up {
            down.extend(host.handle(0, PeerId(2), &d).into_iter().filter(|o| o.to == PeerId(2)));
        }
        up = down.iter().flat_map(|o| replica.handle(0, &o.datagram)).collect();
    }
    (replica, Succession::new(SuccessionTiming::default()))
}

/// Election datagrams into a succession beside a replica (see [`heir`]),
/// from four peers, with the clock moving: `steps` are `(peer byte, time
/// step in ms, datagram)`. The peer byte's bit 2 says whether this device
/// hosts (epoch 0), bit 3 that the transport lost the host.
pub fn succession_run<'a>(steps: impl IntoIterator<Item = (u8, u64, &'a [u8])>) {
    let (mut replica, mut succession) = heir();
    let mut now = 0u64;
    for (peer, step, datagram) in steps {
        now = now.saturating_add(step);
        let hosting = (peer & 4 != 0).then_some(Epoch(0));
        if peer & 8 != 0 {
            succession.host_lost(now, &mut replica);
        }
        if let Ok(msg) = decode_mesh(datagram) {
            let from = PeerId(u128::from(peer % 4) + 1);
            let _ = succession.handle(now, from, msg, &mut replica, hosting);
        }
        let _ = succession.tick(now, &mut replica, hosting.is_some());
        let _ = replica.tick(now);
    }
}

/// [`succession_run`] over `data` split like [`host_handle`]'s input.
pub fn succession_handle(data: &[u8]) {
    succession_run(records(data));
}

/// Arbitrary datagrams into two devices on the in-memory network: one
/// hosting [`started_host`] (transport id 1, its own replica player A), one
/// a guest (id 2, player B) that joins it over the network. Each step's
/// datagram comes from peer `byte % 4 + 1` (1 and 2 are the devices' own
/// ids: a forged host or guest) to device 1, or to device 2 if bit 2 is set.
pub fn device_run<'a>(steps: impl IntoIterator<Item = (u8, u64, &'a [u8])>) {
    let net = MemoryNet::new(7);
    let (a, b) = (PeerId(1), PeerId(2));
    for p in 1..=4u128 {
        for q in (p + 1)..=4 {
            net.connect(PeerId(p), PeerId(q));
        }
    }
    let replica = Replica::new(ReplicaConfig::new(PlayerToken(1), "A", BUILD));
    let timing = SuccessionTiming::default();
    let mut host = Device::hosting(started_host(), replica, net.endpoint(a), a, timing, 11);
    let replica = Replica::new(ReplicaConfig::new(PlayerToken(2), "B", BUILD));
    let mut guest = Device::join(replica, net.endpoint(b), b, a, timing, 13);
    let mut now = 0u64;
    for (peer, step, datagram) in steps {
        let from = PeerId(u128::from(peer % 4) + 1);
        let to = if peer & 4 != 0 { b } else { a };
        if from != to {
            let mut sender = net.endpoint(from);
            sender.send(to, datagram.to_vec());
        }
        now = now.saturating_add(step);
        net.set_time(now);
        host.pump(now);
        guest.pump(now);
    }
}

/// [`device_run`] over `data` split like [`host_handle`]'s input.
pub fn device_handle(data: &[u8]) {
    device_run(records(data));
}
