//! Numbers no honest peer sends: a batch or a snapshot numbered at the end
//! of `u64`, an election in the last round there is, a room view naming the
//! last player number or command id. Each is refused (and counted, or
//! answered with its reason), nothing else changes, and nothing panics:
//! these tests run in debug, where an overflow would.
#![allow(clippy::unwrap_used)]

#[path = "common/replies.rs"]
mod replies;
use replies::refusals;

use duel_core::{Event, Game, GameConfig, SeatId};
use duel_net::wire::{encode_host, encode_peer, HostDecoder};
use duel_net::{
    AuditReport, Command, CommandId, Epoch, GameRecord, Host, HostConfig, HostMsg, HostRefusal, MeshMsg,
    Outbound, PeerId, PeerMsg, PlayerNo, PlayerToken, RecordError, RecordInfo, Replica, ReplicaConfig,
    SeatHolder, SeatSig, Seq, Standing, Succession, SuccessionTiming,
};

const BUILD: &str = "b1";
const OWNER: PeerId = PeerId(1);
const GUEST: PeerId = PeerId(2);
const WATCHER: PeerId = PeerId(3);

/// A host and the guest's replica, wired in process (the owner and a
/// watcher speak raw datagrams; only the guest's traffic is delivered).
struct Room {
    host: Host,
    guest: Replica,
}

impl Room {
    fn peer_sends(&mut self, from: PeerId, msg: PeerMsg) -> Vec<Outbound> {
        // Each scripted player signs its commands with its own seat key.
        let msg = duel_net::fuzz::signed_for(&self.host, from, msg);
        let out = self.host.handle(0, from, &encode_peer(&msg).unwrap());
        self.deliver(out.clone());
        out
    }

    fn guest_sends(&mut self, datagrams: Vec<Vec<u8>>) {
        let out = datagrams.iter().flat_map(|d| self.host.handle(0, GUEST, d)).collect();
        self.deliver(out);
    }

    /// The host's datagrams for the guest, its answers, and so on until quiet.
    fn deliver(&mut self, mut down: Vec<Outbound>) {
        for _ in 0..16 {
            let mine = down.iter().filter(|o| o.to == GUEST);
            let up: Vec<Vec<u8>> = mine.flat_map(|o| self.guest.handle(0, &o.datagram)).collect();
            if up.is_empty() {
                return;
            }
            down = up.iter().flat_map(|d| self.host.handle(0, GUEST, d)).collect();
        }
    }

    /// A host message to the guest, as if from its host.
    fn host_tells_guest(&mut self, msg: &HostMsg) {
        for d in encode_host(self.host.epoch(), msg, &mut 0).unwrap() {
            self.guest.handle(0, &d);
        }
    }
}

fn hello(token: u128) -> PeerMsg {
    let seat = duel_net::fuzz::seat_key_of(PlayerToken(token));
    let key = seat.public();
    // Every scripted player commits the same test chain (signed by its own
    // seat key), so `cmd` needs no token.
    let chain = duel_net::fuzz::commit_of(PlayerToken(0), &seat);
    PeerMsg::Hello { player: PlayerToken(token), name: format!("P{token}"), build: BUILD.into(), key, chain }
}

fn cmd(id: u32, command: Command) -> PeerMsg {
    duel_net::fuzz::command_of(PlayerToken(0), duel_net::PlayerNo(0), CommandId(id), command)
}

fn replies(out: &[Outbound], to: PeerId) -> Vec<HostMsg> {
    let mut d = HostDecoder::default();
    out.iter().filter(|o| o.to == to).filter_map(|o| d.decode(&o.datagram).unwrap()).map(|s| s.msg).collect()
}

/// A started quick duel: the owner (player 0) on seat 0, the guest (player 1)
/// on seat 1, a watcher (player 2); the guest's copy is synced.
fn started() -> Room {
    let mut config = HostConfig::new(BUILD, PlayerToken(1), 5);
    config.lobby = GameConfig::quick_duel(5);
    let guest = Replica::new(ReplicaConfig::new(PlayerToken(2), "Guest", BUILD));
    let mut host = Host::new(config);
    host.sign_heads_with(duel_net::fuzz::seat_key_of(PlayerToken(1)));
    let mut room = Room { host, guest };
    room.peer_sends(OWNER, hello(1));
    let hello_guest = room.guest.connect(0);
    room.guest_sends(hello_guest);
    room.peer_sends(WATCHER, hello(3));
    room.peer_sends(OWNER, cmd(0, Command::Claim { seat: SeatId(0) }));
    let claim = room.guest.command(0, Command::Claim { seat: SeatId(1) }).unwrap();
    room.guest_sends(claim.datagrams);
    room.peer_sends(OWNER, cmd(1, Command::Start));
    assert!(room.guest.game().is_some(), "the guest's copy is synced");
    room.guest.drain_notices();
    room
}

/// Everything about the guest's copy a refusal must leave alone.
fn copy(r: &Replica) -> (Seq, Option<u64>, bool, AuditReport, Option<usize>) {
    let log = r.history().map(|(_, _, events)| events.len());
    (r.head(), r.game().map(Game::state_hash), r.desynced(), r.audit(), log)
}

/// The host's signed head at `seq` with `chain` (the owner's device's key).
fn host_signs(seq: Seq, chain: [u8; 32]) -> duel_net::chain::SignedHead {
    let key = duel_net::fuzz::seat_key_of(PlayerToken(1));
    duel_net::chain::SignedHead::sign(&key, &duel_net::fair::room_digest(""), duel_net::Epoch(0), seq, chain)
}

fn away() -> Event {
    Event::SeatAway { seat: SeatId(0), away: true }
}

#[test]
fn events_numbered_past_any_game_are_refused_and_change_nothing() {
    let mut room = started();
    let before = copy(&room.guest);
    let head = room.guest.head();
    let cases = [
        (Seq(u64::MAX), vec![away()]),
        (Seq(u64::MAX - 1), vec![away(), away(), away()]),
        (Seq(Seq::LIMIT.0), vec![away()]),
        (Seq(0), vec![away()]),
    ];
    for (n, (from, events)) in cases.into_iter().enumerate() {
        room.host_tells_guest(&HostMsg::Events { from, events, hash: None, marks: vec![], signed: None });
        assert_eq!(room.guest.refused_messages(), n as u64 + 1, "batch at {from:?} is counted");
        assert_eq!(copy(&room.guest), before, "batch at {from:?} changed nothing");
        assert!(room.guest.drain_notices().is_empty());
    }
    // Up to the limit a batch is merely early: held for the gap, not refused
    // (signed by the host, as it signs every batch of a room of two or more).
    let last = Seq(Seq::LIMIT.0 - 1);
    room.host_tells_guest(&HostMsg::Events {
        from: last,
        events: vec![away()],
        hash: None,
        marks: vec![],
        signed: Some(host_signs(last, [0; 32])),
    });
    assert_eq!(room.guest.refused_messages(), 4);
    // And the copy still takes the host's real events.
    let events = vec![Event::SeatAway { seat: SeatId(1), away: true }];
    let chain = duel_net::chain::extend(duel_net::chain::extend([0; 32], room.host.log()), &events);
    room.host_tells_guest(&HostMsg::Events {
        from: head.next(),
        events,
        hash: None,
        marks: vec![],
        signed: Some(host_signs(head.next(), chain)),
    });
    assert_eq!(room.guest.head(), head.next());
}

#[test]
fn a_snapshot_numbered_past_any_game_is_refused_and_changes_nothing() {
    let mut room = started();
    let before = copy(&room.guest);
    let game = room.host.game().unwrap().clone();
    let mut after = game.clone();
    after.apply(&away());
    // The hash is right: only the numbering lies.
    for seq in [Seq(u64::MAX), Seq(Seq::LIMIT.0)] {
        let snapshot = duel_net::wire::Snapshot {
            seq,
            game: game.clone(),
            tail: vec![away()],
            hash: after.state_hash(),
            marks: vec![],
            chain: duel_net::chain::GENESIS,
            signed: None,
        };
        room.host_tells_guest(&HostMsg::Sync(Box::new(snapshot)));
        assert_eq!(copy(&room.guest), before, "a snapshot at {seq:?} changed nothing");
        assert!(room.guest.drain_notices().is_empty());
    }
    assert_eq!(room.guest.refused_messages(), 2);
}

#[test]
fn a_fetched_batch_numbered_past_any_game_is_refused_and_changes_nothing() {
    // What a candidate adopts from a voter's copy during an election (`MeshMsg::Batch`).
    let mut room = started();
    let before = copy(&room.guest);
    for from in [Seq(u64::MAX), Seq(Seq::LIMIT.0), Seq(0)] {
        let head = duel_net::chain::SignedHead {
            epoch: Epoch(0),
            seq: from,
            chain: duel_net::chain::extend(duel_net::chain::GENESIS, &[away()]),
            sig: SeatSig([0; 32], [0; 32]),
        };
        assert_eq!(room.guest.adopt(from, vec![away()], vec![], &head), 0);
        assert_eq!(copy(&room.guest), before, "a batch at {from:?} changed nothing");
    }
    assert_eq!(room.guest.refused_messages(), 3);
    assert!(room.guest.drain_notices().is_empty());
}

#[test]
fn a_device_following_the_last_epoch_never_stands_for_a_lower_one() {
    let mut room = started();
    let mut succession = Succession::new(SuccessionTiming::default());
    // A peer announces an election won in the last epoch there is: far past
    // the rounds a device votes in, it is refused whatever it carries.
    let elected = MeshMsg::Elected {
        epoch: Epoch(u32::MAX),
        host: PlayerNo(0xFFFF),
        peer: PeerId(66),
        votes: vec![],
        of: 2,
        sig: SeatSig([0; 32], [0; 32]),
    };
    let (_, decision) = succession.handle(0, PeerId(66), elected, &mut room.guest, None);
    assert_eq!(decision, None);
    assert_eq!(succession.refused(), 1);
    // Were it following that epoch anyway (its host's word, not an election's):
    room.guest.follow(0, Epoch(u32::MAX), Some(PlayerNo(0)));
    assert_eq!(room.guest.epoch(), Epoch(u32::MAX));
    // That host goes silent. The guest is the first successor, and a room of
    // two needs only its vote; but no round comes after the last, and an
    // epoch lower than the one it follows would be a host nobody follows.
    for now in [10_000, 10_200, 20_000] {
        let (out, decision) = succession.tick(now, &mut room.guest, false);
        assert!(out.is_empty() && decision.is_none(), "at {now} ms: {out:?} {decision:?}");
        assert_eq!(succession.standing(), Standing::Quiet);
    }
}

#[test]
fn a_successor_gives_no_newcomer_a_listed_number_or_a_command_id_at_the_end() {
    let room = started();
    let mut heir = room.guest.heir().unwrap();
    // The old host's room view lied: the owner holds the last player number...
    let last = PlayerNo(u16::MAX);
    for p in &mut heir.room.players {
        if p.no == PlayerNo(0) {
            p.no = last;
        }
    }
    for s in &mut heir.room.seats {
        if *s == SeatHolder::Player(PlayerNo(0)) {
            *s = SeatHolder::Player(last);
        }
    }
    heir.room.host = Some(last);
    // ...and the watcher's next command is the last id.
    let watcher = PlayerNo(2);
    heir.books.insert(watcher, CommandId(u32::MAX));
    let mut host = Host::succeed(heir, Epoch(0x1_0001), 9, GUEST, (vec![], 3), 0);
    let before = host.room();

    // A newcomer would have been numbered u16::MAX, taking the owner's entry
    // and seat. Numbers never run out (issue 43): it gets a free one instead.
    let stranger = PeerId(4);
    let out = host.handle(0, stranger, &encode_peer(&hello(4)).unwrap());
    assert_eq!(refusals(&replies(&out, stranger)), vec![]);
    let no = host.player_of(stranger).unwrap();
    assert!(no != last && before.players.iter().all(|p| p.no != no), "{no:?}");
    assert_eq!(host.room().seats, before.seats);
    let after = host.room().players;
    assert!(before.players.iter().all(|p| after.iter().any(|a| a.no == p.no && a.key == p.key)));

    // The last id would have run, and run again on every resend.
    let rename = cmd(u32::MAX, Command::Rename { name: "Twice".into() });
    for _ in 0..2 {
        let rename = duel_net::fuzz::signed_for(&host, WATCHER, rename.clone());
        let out = host.handle(0, WATCHER, &encode_peer(&rename).unwrap());
        let expected = CommandId(u32::MAX);
        assert_eq!(
            refusals(&replies(&out, WATCHER)),
            vec![HostRefusal::OutOfSequence { got: expected, expected }]
        );
        assert_eq!(host.room().player(watcher).unwrap().name, "P3");
    }
}

#[test]
fn a_record_numbered_past_any_game_is_refused() {
    let base = Game::new(GameConfig::quick_duel(1)).unwrap();
    for base_seq in [u64::MAX, Seq::LIMIT.0] {
        let record = GameRecord::new(RecordInfo::default(), base_seq, base.clone(), vec![away()], vec![]);
        let loaded = GameRecord::from_bytes(&record.to_bytes());
        assert!(matches!(loaded, Err(RecordError::Malformed(_))), "{base_seq}: {loaded:?}");
    }
    // The same record numbered from the start loads.
    let record = GameRecord::new(RecordInfo::default(), 0, base, vec![away()], vec![]);
    assert!(GameRecord::from_bytes(&record.to_bytes()).is_ok());
}
