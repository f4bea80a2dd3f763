//! duel-net benchmarks: host throughput, replica apply rate, snapshot
//! size, intent → applied on 8 replicas over 0 ms in-memory links, and a
//! recorded game's size, load and jumps.
//!
//! `cargo bench -p duel-net --bench net`. Figures are recorded in
//! `docs/PROTOCOL.md` (Performance).
#![allow(clippy::unwrap_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{pick, Sim};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use duel_core::{GameConfig, SeatId};
use duel_net::fuzz::{started_host, BUILD};
use duel_net::wire::{encode_host, encode_peer};
use duel_net::{
    Command, CommandId, Conditions, GameRecord, Host, HostMsg, PeerId, PlayerNo, RecordInfo, Replay, Replica,
    ReplicaConfig,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// What a recorded game feeds the host: a datagram or a clock tick.
enum Step {
    Datagram(PeerId, Vec<u8>, u64),
    Tick(u64),
}

/// Plays a random game on a `started_host` (peer 1 holds seat 0, peer 2
/// seat 1), recording every input so it replays identically on a fresh
/// host (same seed, same dice). Also returns what peer 2 received.
fn record(intents: usize) -> (Vec<Step>, Vec<Vec<u8>>, usize) {
    let mut host = started_host();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut steps, mut to_peer2) = (Vec::new(), Vec::new());
    // Peer 2 joined before the recording: welcome it and give it the game as it started.
    let welcome = HostMsg::Welcome {
        build: BUILD.into(),
        you: PlayerNo(2),
        next_command: CommandId(1),
        commits: vec![],
    };
    to_peer2.extend(encode_host(duel_net::Epoch(0), &welcome, &mut 0).unwrap());
    let start: duel_net::wire::Snapshot = postcard::from_bytes(&host.snapshot_bytes().unwrap()).unwrap();
    to_peer2.extend(encode_host(duel_net::Epoch(0), &HostMsg::Sync(Box::new(start)), &mut 0).unwrap());
    let mut next_id = [1u32, 1u32];
    let mut now = 0;
    for _ in 0..intents {
        now += 50;
        let who = (rng.next_u32() % 2) as usize;
        let game = host.game().unwrap();
        if game.outcome().is_some() {
            break;
        }
        if let Some(intent) = pick(&mut rng, game, SeatId(who as u8), &game.legal_intents(SeatId(who as u8)))
        {
            let id = CommandId(next_id[who]);
            next_id[who] += 1;
            let token = duel_net::PlayerToken(who as u128 + 1);
            let player = duel_net::PlayerNo(who as u16);
            let command = Command::Intent { seat: SeatId(who as u8), intent };
            let msg = duel_net::fuzz::command_of(token, player, id, command);
            let bytes = encode_peer(&msg).unwrap();
            let peer = PeerId(who as u128 + 1);
            let out = host.handle(now, peer, &bytes);
            to_peer2.extend(out.into_iter().filter(|o| o.to == PeerId(2)).map(|o| o.datagram));
            steps.push(Step::Datagram(peer, bytes, now));
        }
        let out = host.tick(now);
        to_peer2.extend(out.into_iter().filter(|o| o.to == PeerId(2)).map(|o| o.datagram));
        steps.push(Step::Tick(now));
    }
    let events = host.log().len();
    (steps, to_peer2, events)
}

fn replay(host: &mut Host, steps: &[Step]) {
    for s in steps {
        match s {
            Step::Datagram(peer, bytes, now) => black_box(host.handle(*now, *peer, bytes)),
            Step::Tick(now) => black_box(host.tick(*now)),
        };
    }
}

fn host_throughput(c: &mut Criterion) {
    let (steps, _, _) = record(2_000);
    let intents = steps.iter().filter(|s| matches!(s, Step::Datagram(..))).count();
    let mut g = c.benchmark_group("host");
    g.throughput(Throughput::Elements(intents as u64));
    g.bench_function("intents validated, sequenced, encoded", |b| {
        b.iter_batched(started_host, |mut host| replay(&mut host, &steps), BatchSize::LargeInput)
    });
    // The same with the host's signed heads (issue 31, part E): one signature per batch.
    let signing = || {
        let mut host = started_host();
        host.sign_heads_with(duel_net::SeatKey::from_seed([5; 32]));
        host
    };
    g.bench_function("intents validated, sequenced, encoded, heads signed", |b| {
        b.iter_batched(signing, |mut host| replay(&mut host, &steps), BatchSize::LargeInput)
    });
    g.finish();
}

fn replica_apply(c: &mut Criterion) {
    let (_, datagrams, events) = record(2_000);
    let fresh = || {
        let mut r = Replica::new(ReplicaConfig::new(duel_net::PlayerToken(2), "B", BUILD));
        r.connect(0);
        r
    };
    let mut g = c.benchmark_group("replica");
    g.throughput(Throughput::Elements(events as u64));
    g.bench_function("events decoded and applied", |b| {
        b.iter_batched(
            fresh,
            |mut r| {
                for d in &datagrams {
                    black_box(r.handle(0, d));
                }
                assert_eq!(r.head().0 as usize, events);
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn snapshot_size(c: &mut Criterion) {
    let (steps, _, _) = record(1_500);
    let mut host = started_host();
    replay(&mut host, &steps[..steps.len() / 2]);
    let game = postcard::to_allocvec(host.game().unwrap()).unwrap().len();
    let sync = host.snapshot_bytes().unwrap().len();
    println!("snapshot at event {}: game {game} bytes, checkpoint + tail {sync} bytes", host.head().0);
    let mut g = c.benchmark_group("snapshot");
    g.bench_function("encode mid-game snapshot", |b| b.iter(|| black_box(host.snapshot_bytes())));
    g.finish();
}

/// Time from `submit` on one replica to the events applied on all eight,
/// CPU only (0 ms links); choosing the intent is not timed.
fn intent_to_eight_replicas(c: &mut Criterion) {
    let fresh = || {
        let mut sim = Sim::new(9, GameConfig::quick_duel(9), 8, Conditions::PERFECT);
        sim.seat_and_start(&[
            vec![SeatId(0)],
            vec![SeatId(1)],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
        ]);
        sim
    };
    let mut sim = fresh();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    c.bench_function("intent -> applied on 8 replicas", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                let who = (rng.next_u32() % 2) as usize;
                let legal = sim.peers[who].replica.game().unwrap().legal_intents(SeatId(who as u8));
                let game = sim.peers[who].replica.game().unwrap().clone();
                let Some(intent) = pick(&mut rng, &game, SeatId(who as u8), &legal) else {
                    sim.run_for(1_000);
                    if sim.host_game().outcome().is_some() || sim.log().len() > 5_000 {
                        sim = fresh();
                    }
                    continue;
                };
                let now = sim.now;
                let t = Instant::now();
                sim.peers[who].submit(now, SeatId(who as u8), intent).unwrap();
                sim.host.pump(now);
                for p in &mut sim.peers {
                    p.pump(now);
                }
                spent += t.elapsed();
                done += 1;
                sim.now += 1;
                sim.net.set_time(sim.now);
            }
            spent
        })
    });
}

/// The verifiable dice: one batch's key derivation (SHA-256 over secret,
/// room, key, sequence number and nonce, then a ChaCha20 stream) and its first
/// roll, as every intent that rolls pays it; and the dice after the first.
fn verifiable_dice(c: &mut Criterion) {
    use duel_core::DiceSource;
    use duel_net::fair::{room_digest, Cause, FairDice, KeyId, Secret};
    let secret = Secret([7; 32]);
    let room = room_digest("bench-room");
    let key = KeyId { epoch: 1, index: 3 };
    let mut seq = 0u32;
    c.bench_function("verifiable dice: derive a batch's dice and roll one", |b| {
        b.iter(|| {
            seq += 1;
            let cause = Cause::Host { step: seq };
            let mut dice = FairDice::new(&secret, &room, key, cause, &[5; 32]);
            dice.roll()
        })
    });
    let mut dice = FairDice::new(&secret, &room, key, Cause::Host { step: 1 }, &[2; 32]);
    c.bench_function("verifiable dice: each further roll", |b| b.iter(|| dice.roll()));
}

/// Issue 31's nonce chains: building a device's chain (what a replica does
/// once per `CHAIN_LEN` commands) and checking a link against the tip (the
/// worst case a check pays: the whole chain) and against the link before it
/// (what the host pays per command).
fn nonce_chains(c: &mut Criterion) {
    use duel_net::fair::{NonceChain, CHAIN_LEN};
    c.bench_function("nonce chain: build one (1024 links)", |b| {
        b.iter(|| black_box(NonceChain::new(&[7; 32], CommandId(0))))
    });
    let chain = NonceChain::new(&[7; 32], CommandId(0));
    let commit = chain.commit(&duel_net::SeatKey::from_seed([1; 32]), &[0; 32]);
    let last = CommandId(CHAIN_LEN - 1);
    let (link, before) = (chain.link(last).unwrap(), chain.link(CommandId(CHAIN_LEN - 2)).unwrap());
    c.bench_function("nonce chain: check the last link against the tip (worst case)", |b| {
        b.iter(|| assert!(commit.verifies(last, black_box(&link), None)))
    });
    c.bench_function("nonce chain: check a link against the one before it", |b| {
        b.iter(|| assert!(commit.verifies(last, black_box(&link), Some((CHAIN_LEN - 2, before)))))
    });
}

/// A whole Hard game (drill pace) as a guest's record: its size, reading
/// it back (decode, check every event, replay to the hash), and jumps.
fn recorded_game(c: &mut Criterion) {
    let mut sim = Sim::new(21, GameConfig::quick_duel(21), 2, Conditions::PERFECT);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)]]);
    assert!(sim.play_crews(duel_bots::Difficulty::Hard, 30 * 60_000, 0));
    let (base_seq, base, events) = sim.peers[1].replica.history().unwrap();
    let times: Vec<(u32, u32)> = (0..events.len() as u32).map(|i| (i, i * 300)).collect();
    let record = GameRecord::new(RecordInfo::default(), base_seq.0, base.clone(), events.to_vec(), times);
    let bytes = record.to_bytes();
    println!(
        "recorded game: {} events, {} bytes ({:.1} B/event)",
        events.len(),
        bytes.len(),
        bytes.len() as f64 / events.len() as f64
    );
    let mut g = c.benchmark_group("recorded game");
    g.bench_function("read a file (decode, check, replay to the hash)", |b| {
        b.iter(|| black_box(GameRecord::from_bytes(&bytes).unwrap()))
    });
    g.bench_function("open the viewer (Replay::new)", |b| b.iter(|| black_box(Replay::new(record.clone()))));
    let mut replay = Replay::new(record.clone());
    let len = replay.len();
    g.bench_function("jump from the end to the middle and back", |b| {
        b.iter(|| {
            replay.seek(len / 2);
            replay.seek(len);
        })
    });
    g.finish();
}

/// Issue 31: what a vote costs, signed by its voter and checked by a follower.
fn seat_keys(c: &mut Criterion) {
    use duel_net::wire::{Ballot, CopyState, Vote};
    let key = duel_net::SeatKey::from_seed([7; 32]);
    let public = key.public();
    let room = [3; 32];
    let vote = Vote {
        epoch: duel_net::Epoch(0x1_0001),
        candidate: duel_net::PlayerNo(1),
        voter: duel_net::PlayerNo(2),
        granted: true,
        state: CopyState::default(),
    };
    c.bench_function("seat_keys/sign_vote", |b| b.iter(|| Ballot::sign(black_box(vote), &key, &room)));
    let ballot = Ballot::sign(vote, &key, &room);
    c.bench_function("seat_keys/verify_vote", |b| b.iter(|| black_box(ballot).signed_by(&public, &room)));
}

/// Issue 31, part E: the log's hash chain (one link per event) and the
/// host's signed head (one signature per batch, one check per replica).
fn chain_heads(c: &mut Criterion) {
    use duel_net::chain::{self, SignedHead};
    let host = started_host();
    let event =
        host.log().last().cloned().unwrap_or(duel_core::Event::SeatAway { seat: SeatId(0), away: true });
    let prev = [9; 32];
    c.bench_function("chain/link one event", |b| b.iter(|| chain::link(black_box(&prev), black_box(&event))));
    let key = duel_net::SeatKey::from_seed([7; 32]);
    let (public, room) = (key.public(), [3; 32]);
    let (epoch, seq) = (duel_net::Epoch(0), duel_net::Seq(1_234));
    c.bench_function("chain/sign a head", |b| {
        b.iter(|| SignedHead::sign(&key, &room, epoch, black_box(seq), black_box(prev)))
    });
    let head = SignedHead::sign(&key, &room, epoch, seq, prev);
    c.bench_function("chain/verify a head", |b| b.iter(|| black_box(head).signed_by(&public, &room)));
}

/// Issue 43, point 10: commands signed end to end. A device signs each
/// command it sends; the host checks it; every replica checks, before
/// applying a batch, the host's signed head and each command's signature.
fn signed_batches(c: &mut Criterion) {
    use duel_net::chain::SignedHead;
    use duel_net::wire::{Act, Mark};
    let key = duel_net::SeatKey::from_seed([7; 32]);
    let (public, room) = (key.public(), [3; 32]);
    let (player, id) = (PlayerNo(1), CommandId(40));
    let intent = duel_core::Intent::RollEnergy { dice: vec![0, 1, 2] };
    let command = Command::Intent { seat: SeatId(1), intent: intent.clone() };
    c.bench_function("signed batch/sign a command", |b| {
        b.iter(|| duel_net::sign_command(&key, &room, player, black_box(id), &command))
    });
    let mut mark = Mark::new(
        duel_net::Seq(7),
        duel_net::fair::KeyId { epoch: 0, index: 0 },
        [0; 32],
        Some((player, id)),
        Act::Play { seat: SeatId(1), intent },
    );
    mark.sig = Some(duel_net::sign_command(&key, &room, player, id, &command));
    c.bench_function("signed batch/check a command's mark", |b| {
        b.iter(|| black_box(&mark).signed_by(&public, &room))
    });
    let head = SignedHead::sign(&key, &room, duel_net::Epoch(0), duel_net::Seq(7), [9; 32]);
    c.bench_function("signed batch/check a batch (its head and one command)", |b| {
        b.iter(|| black_box(head).signed_by(&public, &room) && black_box(&mark).signed_by(&public, &room))
    });
}

criterion_group!(
    benches,
    signed_batches,
    chain_heads,
    seat_keys,
    host_throughput,
    replica_apply,
    snapshot_size,
    intent_to_eight_replicas,
    verifiable_dice,
    nonce_chains,
    recorded_game
);
criterion_main!(benches);
