//! The fuzz harness that runs on stable Rust (cargo-fuzz needs nightly,
//! which this machine lacks): random and mutated bytes into the decoders,
//! the host's handler and the replica's, and structured random messages
//! into the host, checking it never panics and its game stays consistent;
//! election messages (well-formed and not) into a succession beside a
//! replica holding a copy, and arbitrary datagrams into two devices (a host
//! and a guest) on the in-memory network.
//! The targets in `crates/net/fuzz` call the same `duel_net::fuzz` entry
//! points. `FUZZ_ITERS` scales every loop (e.g. for a long release run).
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use duel_core::station::{MineId, Station, TubeSide};
use duel_core::Spot;
use duel_core::{Answer, ChoiceId, Game, Intent, SeatId, ShipId, Square, Target};
use duel_net::fuzz::{
    decode_any, device_run, host_handle, replica_handle, started_host, succession_handle, succession_run,
    BUILD,
};
use duel_net::wire::{encode_host, encode_peer};
use duel_net::{Command, CommandId, HostMsg, MeshMsg, PeerId, PeerMsg, PlayerToken, Seq};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn iters(default: u64) -> u64 {
    std::env::var("FUZZ_ITERS").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Valid datagrams both ways, from a real started game: the seeds mutations start from.
fn corpus() -> Vec<Vec<u8>> {
    let host = started_host();
    let game = host.game().unwrap();
    let mut msgs = vec![
        HostMsg::Room(Box::new(host.room())),
        HostMsg::Welcome {
            build: BUILD.into(),
            you: duel_net::PlayerNo(1),
            next_command: CommandId(3),
            commits: vec![],
        },
        HostMsg::Pong { nonce: 1, head: Seq(4), hash: Some(game.state_hash()), room: 3, signed: None },
        HostMsg::Probe { nonce: 2 },
        HostMsg::Rejected { id: CommandId(2), reason: duel_net::HostRefusal::NotOwner },
        HostMsg::Events {
            from: Seq(1),
            events: host.log().to_vec(),
            hash: Some(1),
            marks: vec![],
            signed: None,
        },
    ];
    if let Some(bytes) = host.snapshot_bytes() {
        if let Ok(s) = postcard::from_bytes(&bytes) {
            msgs.push(HostMsg::Sync(Box::new(s)));
        }
    }
    let mut out: Vec<Vec<u8>> =
        msgs.iter().flat_map(|m| encode_host(duel_net::Epoch(0), m, &mut 0).unwrap()).collect();
    for intent in game.legal_intents(SeatId(0)).into_iter().take(20) {
        let cmd = duel_net::fuzz::command_of(
            PlayerToken(1),
            duel_net::PlayerNo(0),
            CommandId(2),
            Command::Intent { seat: SeatId(0), intent },
        );
        out.push(encode_peer(&cmd).unwrap());
    }
    out.push(encode_peer(&duel_net::fuzz::hello_of(PlayerToken(1), "A", BUILD)).unwrap());
    out.push(encode_peer(&PeerMsg::Echo { nonce: 2 }).unwrap());
    out.push(host.save());
    // Election messages, and a batch of events with their marks as a peer fetches them.
    let e = duel_net::Epoch(0x1_0002);
    let key = duel_net::SeatKey::from_seed([1; 32]);
    let (room, candidate) = ([0; 32], duel_net::PlayerNo(2));
    let sig = key.sign(duel_net::seat_key::Statement::Poll, &room, &(e, candidate));
    let vote = duel_net::wire::Vote {
        epoch: e,
        candidate,
        voter: duel_net::PlayerNo(1),
        granted: true,
        state: Default::default(),
    };
    let ballot = duel_net::wire::Ballot::sign(vote, &key, &room);
    let mesh = [
        MeshMsg::Poll { epoch: e, candidate: duel_net::PlayerNo(2), sig },
        MeshMsg::Vote { ballot },
        MeshMsg::Fetch { epoch: e, from: Seq(1) },
        MeshMsg::Batch { from: Seq(1), events: host.log().to_vec(), marks: host.marks().to_vec() },
        MeshMsg::Elected {
            epoch: e,
            host: duel_net::PlayerNo(2),
            peer: PeerId(7),
            votes: vec![ballot],
            of: 3,
            sig,
        },
        MeshMsg::Hosting { epoch: e },
    ];
    out.extend(mesh.iter().filter_map(|m| duel_net::wire::encode_mesh(m).ok()));
    out
}

fn mutate(rng: &mut ChaCha8Rng, seed: &[u8]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..=(rng.next_u32() % 4) {
        let at = |rng: &mut ChaCha8Rng, len: usize| (rng.next_u32() as usize) % len.max(1);
        match rng.next_u32() % 5 {
            0 if !b.is_empty() => {
                let i = at(rng, b.len());
                b[i] ^= 1 << (rng.next_u32() % 8);
            }
            1 if !b.is_empty() => {
                let i = at(rng, b.len());
                b[i] = rng.next_u32() as u8;
            }
            2 => b.truncate(at(rng, b.len() + 1)),
            3 => {
                let i = at(rng, b.len() + 1);
                b.insert(i.min(b.len()), rng.next_u32() as u8);
            }
            _ => {
                let i = at(rng, b.len() + 1).min(b.len());
                b.splice(i..i, (0..rng.next_u32() % 16).map(|_| rng.next_u32() as u8));
            }
        }
    }
    b
}

#[test]
fn random_and_mutated_bytes_never_panic_the_decoders() {
    let corpus = corpus();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let n = iters(20_000);
    let start = Instant::now();
    for i in 0..n {
        let bytes = if i % 4 == 0 {
            let len = (rng.next_u32() % 512) as usize;
            (0..len).map(|_| rng.next_u32() as u8).collect()
        } else {
            let pick = (rng.next_u32() as usize) % corpus.len();
            mutate(&mut rng, &corpus[pick])
        };
        decode_any(&bytes);
    }
    println!("decoder: {n} executions in {:.2} s", start.elapsed().as_secs_f64());
}

#[test]
fn random_datagram_streams_never_panic_the_host_or_a_replica() {
    let corpus = corpus();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let n = iters(2_000);
    let start = Instant::now();
    for _ in 0..n {
        let mut data = Vec::new();
        for _ in 0..(rng.next_u32() % 8) {
            let pick = (rng.next_u32() as usize) % corpus.len();
            let d = mutate(&mut rng, &corpus[pick]);
            let d = &d[..d.len().min(255)];
            data.extend_from_slice(&[rng.next_u32() as u8, (rng.next_u32() % 40) as u8, d.len() as u8]);
            data.extend_from_slice(d);
        }
        let host = host_handle(&data);
        assert!(host.game().unwrap().is_consistent());
        replica_handle(&data);
    }
    println!("host + replica handlers: {n} executions in {:.2} s", start.elapsed().as_secs_f64());
}

/// Random and mutated datagrams (election messages among them) into a
/// succession beside a replica that holds a copy of the game.
#[test]
fn random_datagram_streams_never_panic_a_succession() {
    let corpus = corpus();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let n = iters(500);
    let start = Instant::now();
    for _ in 0..n {
        let mut data = Vec::new();
        for _ in 0..(rng.next_u32() % 12) {
            let pick = (rng.next_u32() as usize) % corpus.len();
            let d = mutate(&mut rng, &corpus[pick]);
            let d = &d[..d.len().min(255)];
            data.extend_from_slice(&[rng.next_u32() as u8, (rng.next_u32() % 40) as u8, d.len() as u8]);
            data.extend_from_slice(d);
        }
        succession_handle(&data);
    }
    println!("succession: {n} executions in {:.2} s", start.elapsed().as_secs_f64());
}

// ----- structured: well-formed messages with arbitrary contents -----

fn station() -> impl Strategy<Value = Station> {
    (0..6usize).prop_map(|i| duel_core::station::ALL_STATIONS[i])
}

fn square() -> impl Strategy<Value = Square> {
    (any::<u8>(), any::<u8>()).prop_map(|(c, r)| Square::new(c % 12, r % 12))
}

fn spot() -> impl Strategy<Value = Spot> {
    (station(), any::<u8>()).prop_map(|(st, i)| {
        let all = Spot::all_for(st);
        all.get(usize::from(i) % all.len().max(1)).copied().unwrap_or(Spot::Lock)
    })
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        any::<bool>().prop_map(|f| Answer::Side(if f { TubeSide::Front } else { TubeSide::Rear })),
        square().prop_map(Answer::Square),
        prop::collection::vec(any::<u8>(), 0..4).prop_map(Answer::Dice),
        Just(Answer::RollAgain),
    ]
}

fn intent() -> impl Strategy<Value = Intent> {
    let dice = || prop::collection::vec(0u8..10, 0..8);
    prop_oneof![
        dice().prop_map(|dice| Intent::RollEnergy { dice }),
        (0u8..10).prop_map(|die| Intent::SendEnergy { die }),
        station().prop_map(|station| Intent::ReturnEnergy { station }),
        (station(), dice()).prop_map(|(station, dice)| Intent::RollDice { station, dice }),
        (station(), 0u8..8, spot()).prop_map(|(station, die, spot)| Intent::PlaceDie { station, die, spot }),
        (station(), 0u8..8).prop_map(|(station, die)| Intent::RemoveDie { station, die }),
        (any::<u8>(), 0u8..5, square()).prop_map(|(count, t, sq)| Intent::Fire {
            count: count % 4,
            target: Some(if t < 4 { Target::Ship(ShipId(t)) } else { Target::Mine(sq) }),
            side: None,
        }),
        (0u8..5).prop_map(|t| Intent::TractorShip { target: ShipId(t) }),
        Just(Intent::WarpJump),
        Just(Intent::EnergySurge),
        Just(Intent::ReleaseMine { mine: MineId::A }),
        (0u8..8).prop_map(|crystal| Intent::TractorCrystal { crystal }),
        (square(), square()).prop_map(|(at, to)| Intent::TractorMine { at, to }),
        (0u32..6, answer()).prop_map(|(c, answer)| Intent::Answer { choice: ChoiceId(c), answer }),
    ]
}

fn peer_msg() -> impl Strategy<Value = PeerMsg> {
    let command = prop_oneof![
        (0u8..4, intent()).prop_map(|(s, intent)| Command::Intent { seat: SeatId(s), intent }),
        (0u8..4).prop_map(|s| Command::Claim { seat: SeatId(s) }),
        (0u8..4).prop_map(|s| Command::Release { seat: SeatId(s) }),
        Just(Command::Start),
    ];
    prop_oneof![
        6 => (0u32..12, command, 1u128..5).prop_map(|(id, command, t)| duel_net::fuzz::command_of(PlayerToken(t), duel_net::PlayerNo(t as u16 - 1), CommandId(id), command)),
        1 => (1u128..5, ".{0,40}", any::<bool>()).prop_map(|(t, name, ok)| duel_net::fuzz::hello_of(
            PlayerToken(t),
            &name,
            if ok { BUILD } else { "other" },
        )),
        1 => any::<u64>().prop_map(|nonce| PeerMsg::Ping { nonce }),
        1 => any::<u64>().prop_map(|s| PeerMsg::Resend { from: Seq(s % 64) }),
        1 => Just(PeerMsg::SnapshotPlease),
        1 => Just(PeerMsg::RoomPlease),
        1 => Just(PeerMsg::Bye),
        1 => any::<u64>().prop_map(|nonce| PeerMsg::Echo { nonce }),
    ]
}

fn epoch() -> impl Strategy<Value = duel_net::Epoch> {
    prop_oneof![0u32..4, any::<u32>()].prop_map(duel_net::Epoch)
}

fn player() -> impl Strategy<Value = duel_net::PlayerNo> {
    prop_oneof![0u16..5, any::<u16>()].prop_map(duel_net::PlayerNo)
}

fn seq() -> impl Strategy<Value = Seq> {
    prop_oneof![0u64..64, any::<u64>()].prop_map(Seq)
}

/// A signature of arbitrary bytes (never a valid one: what a forger sends).
fn sig() -> impl Strategy<Value = duel_net::seat_key::SeatSig> {
    (any::<[u8; 32]>(), any::<[u8; 32]>()).prop_map(|(r, s)| duel_net::seat_key::SeatSig(r, s))
}

/// A signed head with arbitrary numbers, chain and signature.
fn signed_head() -> impl Strategy<Value = Option<duel_net::chain::SignedHead>> {
    proptest::option::of(
        (epoch(), seq(), any::<[u8; 32]>(), sig())
            .prop_map(|(epoch, seq, chain, sig)| duel_net::chain::SignedHead { epoch, seq, chain, sig }),
    )
}

/// Where a voter's copy stands, with arbitrary numbers.
fn copy_state() -> impl Strategy<Value = duel_net::wire::CopyState> {
    (epoch(), seq(), any::<Option<u64>>(), signed_head())
        .prop_map(|(epoch, head, hash, signed)| duel_net::wire::CopyState { epoch, head, hash, signed })
}

/// A vote with arbitrary numbers and signature.
fn ballot() -> impl Strategy<Value = duel_net::wire::Ballot> {
    (epoch(), player(), player(), any::<bool>(), copy_state(), sig()).prop_map(
        |(epoch, candidate, voter, granted, state, sig)| duel_net::wire::Ballot {
            vote: duel_net::wire::Vote { epoch, candidate, voter, granted, state },
            sig,
        },
    )
}

/// Election messages with arbitrary numbers, and batches cut from a real log.
fn mesh_msg() -> impl Strategy<Value = MeshMsg> {
    let host = started_host();
    let (log, marks) = (host.log().to_vec(), host.marks().to_vec());
    prop_oneof![
        (epoch(), player(), sig()).prop_map(|(epoch, candidate, sig)| MeshMsg::Poll {
            epoch,
            candidate,
            sig
        }),
        ballot().prop_map(|ballot| MeshMsg::Vote { ballot }),
        (epoch(), seq()).prop_map(|(epoch, from)| MeshMsg::Fetch { epoch, from }),
        (seq(), 0..=log.len(), 0..=log.len(), any::<bool>()).prop_map(move |(from, a, b, with_marks)| {
            let events = log[a.min(b)..a.max(b)].to_vec();
            MeshMsg::Batch { from, events, marks: if with_marks { marks.clone() } else { vec![] } }
        }),
        (epoch(), player(), 0u128..6, prop::collection::vec(ballot(), 0..5), any::<u16>(), sig()).prop_map(
            |(epoch, host, peer, votes, of, sig)| MeshMsg::Elected {
                epoch,
                host,
                peer: PeerId(peer),
                votes,
                of,
                sig
            }
        ),
        epoch().prop_map(|epoch| MeshMsg::Hosting { epoch }),
    ]
}

/// One datagram for a device: an encoded message of either direction, a
/// mutated real datagram, or noise.
fn device_datagram() -> impl Strategy<Value = Vec<u8>> {
    let corpus = corpus();
    prop_oneof![
        mesh_msg().prop_map(|m| duel_net::wire::encode_mesh(&m).unwrap()),
        peer_msg().prop_map(|m| encode_peer(&m).unwrap()),
        (any::<u64>(), 0..corpus.len())
            .prop_map(move |(seed, pick)| { mutate(&mut ChaCha8Rng::seed_from_u64(seed), &corpus[pick]) }),
        prop::collection::vec(any::<u8>(), 0..64),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: iters(64) as u32, .. ProptestConfig::default() })]

    /// Well-formed election messages with arbitrary contents, from four
    /// peers, to a device that hosts or follows and may have lost its host:
    /// the succession never panics.
    #[test]
    fn arbitrary_election_messages_never_panic_a_succession(
        msgs in prop::collection::vec((any::<u8>(), 0u64..3_000, mesh_msg()), 1..24)
    ) {
        let encoded: Vec<(u8, u64, Vec<u8>)> =
            msgs.into_iter().map(|(p, dt, m)| (p, dt, duel_net::wire::encode_mesh(&m).unwrap())).collect();
        succession_run(encoded.iter().map(|(p, dt, d)| (*p, *dt, d.as_slice())));
    }

    /// Arbitrary datagrams of every kind, forged senders included, into a
    /// hosting device and a guest device: neither panics.
    #[test]
    fn arbitrary_datagrams_never_panic_a_device(
        steps in prop::collection::vec((any::<u8>(), 0u64..1_500, device_datagram()), 1..16)
    ) {
        device_run(steps.iter().map(|(p, dt, d)| (*p, *dt, d.as_slice())));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: iters(512) as u32, .. ProptestConfig::default() })]

    /// Arbitrary well-formed messages from four peers (two seated, two
    /// strangers): the host never panics, its game stays consistent, and
    /// its log still replays to its state.
    #[test]
    fn arbitrary_messages_keep_the_host_consistent(
        msgs in prop::collection::vec((0u128..4, 0u64..3_000, peer_msg()), 1..40)
    ) {
        let mut host = started_host();
        let mut now = 0;
        for (peer, dt, msg) in msgs {
            now += dt;
            host.handle(now, PeerId(peer + 1), &encode_peer(&msg).unwrap());
            host.tick(now);
        }
        let game = host.game().unwrap();
        prop_assert!(game.is_consistent());
        let restored = duel_net::Host::restore(&host.save()).unwrap();
        let replayed: &Game = restored.game().unwrap();
        prop_assert_eq!(replayed.state_hash(), game.state_hash());
    }
}
