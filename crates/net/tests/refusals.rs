//! What the host refuses, and that a refusal changes nothing else:
//! unauthorised intents, malformed, oversized and chunked datagrams, the
//! wrong protocol version or build, a full room, lobby edits by a guest.
#![allow(clippy::unwrap_used)]

#[path = "common/replies.rs"]
mod replies;
use replies::refusals;

use duel_core::{GameConfig, Intent, Layout, RuleError, SeatId};
use duel_net::wire::{encode_peer, HostDecoder, MAX_DATAGRAM, PROTOCOL_VERSION};
use duel_net::{
    Command, CommandId, Host, HostConfig, HostMsg, HostRefusal, LobbyEdit, Notice, Outbound, PeerId, PeerMsg,
    PlayerToken, Replica, ReplicaConfig,
};

const BUILD: &str = "b1";
const OWNER: PeerId = PeerId(1);
const GUEST: PeerId = PeerId(2);
const WATCHER: PeerId = PeerId(3);

fn decode(out: &[Outbound], to: PeerId) -> Vec<HostMsg> {
    let mut d = HostDecoder::default();
    out.iter().filter(|o| o.to == to).filter_map(|o| d.decode(&o.datagram).unwrap()).map(|s| s.msg).collect()
}

fn send(host: &mut Host, from: PeerId, msg: PeerMsg) -> Vec<HostMsg> {
    // Each scripted player signs its commands with its own seat key.
    let msg = duel_net::fuzz::signed_for(host, from, msg);
    let out = host.handle(0, from, &encode_peer(&msg).unwrap());
    decode(&out, from)
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

/// A started quick duel: owner on seat 0, guest on seat 1, a watcher.
fn started() -> Host {
    let mut config = HostConfig::new(BUILD, PlayerToken(1), 5);
    config.lobby = GameConfig::quick_duel(5);
    let mut host = Host::new(config);
    send(&mut host, OWNER, hello(1));
    send(&mut host, GUEST, hello(2));
    send(&mut host, WATCHER, hello(3));
    send(&mut host, OWNER, cmd(0, Command::Claim { seat: SeatId(0) }));
    send(&mut host, GUEST, cmd(0, Command::Claim { seat: SeatId(1) }));
    let reply = send(&mut host, OWNER, cmd(1, Command::Start));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { id: CommandId(1), .. })), "{reply:?}");
    host
}

/// Everything durable about the room, for "nothing else changed".
fn state(host: &Host) -> (u64, usize, Vec<duel_net::SeatHolder>) {
    (host.game().map(|g| g.state_hash()).unwrap_or(0), host.log().len(), host.room().seats)
}

#[test]
fn intents_for_seats_the_sender_does_not_hold_are_refused() {
    let mut host = started();
    let before = state(&host);
    let legal = host.game().unwrap().legal_intents(SeatId(0));
    let intent = legal.first().unwrap().clone();
    let cases = [
        (GUEST, 1, SeatId(0), HostRefusal::NotYourSeat(SeatId(0))),
        (WATCHER, 0, SeatId(0), HostRefusal::NotYourSeat(SeatId(0))),
        (GUEST, 2, SeatId(9), HostRefusal::NoSuchSeat(SeatId(9))),
    ];
    for (from, id, seat, why) in cases {
        let reply = send(&mut host, from, cmd(id, Command::Intent { seat, intent: intent.clone() }));
        assert_eq!(refusals(&reply), vec![why.clone()]);
        assert!(!why.to_string().is_empty());
        assert_eq!(state(&host), before, "nothing changed");
    }
    // The owner holding seat 0 may: the same intent is carried out.
    let reply = send(&mut host, OWNER, cmd(2, Command::Intent { seat: SeatId(0), intent }));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { id: CommandId(2), .. })), "{reply:?}");
    assert!(host.log().len() > before.1);
}

#[test]
fn rule_breaking_intents_come_back_with_the_rules_reason() {
    let mut host = started();
    let before = state(&host);
    let reply = send(&mut host, OWNER, cmd(2, Command::Intent { seat: SeatId(0), intent: Intent::WarpJump }));
    let reasons = refusals(&reply);
    assert_eq!(reasons.len(), 1);
    assert!(matches!(&reasons[0], HostRefusal::Rule(RuleError::WarpNeedsCrystal)), "{reasons:?}");
    assert_eq!(state(&host), before);
    // A duplicate gets the same answer and still changes nothing.
    let again = send(&mut host, OWNER, cmd(2, Command::Intent { seat: SeatId(0), intent: Intent::WarpJump }));
    assert_eq!(refusals(&again), reasons);
}

#[test]
fn malformed_oversized_chunked_and_foreign_datagrams_are_refused() {
    let mut host = started();
    let before = (state(&host), host.save());
    let good = encode_peer(&PeerMsg::Ping { nonce: 1 }).unwrap();
    let mut trailing = good.clone();
    trailing.push(0);
    let mut chunk = good.clone();
    chunk[4] = 1;
    let mut unknown_variant = good.clone();
    unknown_variant[5] = 200;
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![], "shorter than the header"),
        (b"XX\x01\x00\x00".to_vec(), "bad magic"),
        (trailing, "stray bytes"),
        (chunk, "peers may not send chunked"),
        (unknown_variant, "cannot decode"),
        (vec![b'D', b'D', PROTOCOL_VERSION as u8, 0, 9], "unknown datagram kind"),
    ];
    for (bytes, why) in cases {
        let reply = decode(&host.handle(0, GUEST, &bytes), GUEST);
        let reasons = refusals(&reply);
        assert!(matches!(&reasons[..], [HostRefusal::Malformed(m)] if m.contains(why)), "{why}: {reasons:?}");
    }
    let huge = vec![0u8; MAX_DATAGRAM + 1];
    let reply = decode(&host.handle(0, GUEST, &huge), GUEST);
    assert!(matches!(&refusals(&reply)[..], [HostRefusal::Oversized { .. }]), "{reply:?}");
    assert_eq!((state(&host), host.save()), before, "nothing changed");
}

#[test]
fn a_wrong_protocol_version_or_build_is_told_to_reload() {
    let mut host = started();
    let before = host.save();
    let mut other = encode_peer(&hello(7)).unwrap();
    other[2..4].copy_from_slice(&(PROTOCOL_VERSION + 1).to_le_bytes());
    let reply = decode(&host.handle(0, PeerId(7), &other), PeerId(7));
    let reasons = refusals(&reply);
    assert_eq!(reasons, vec![HostRefusal::Version { host: PROTOCOL_VERSION, peer: PROTOCOL_VERSION + 1 }]);
    assert!(reasons[0].to_string().contains("reload"));
    let chain = duel_net::fuzz::commit_of(PlayerToken(0), &duel_net::fuzz::seat_key_of(PlayerToken(7)));
    let stale = PeerMsg::Hello {
        player: PlayerToken(7),
        name: "old tab".into(),
        build: "b0".into(),
        key: duel_net::SeatPublic::NONE,
        chain,
    };
    let reasons = refusals(&send(&mut host, PeerId(7), stale));
    assert!(matches!(&reasons[..], [HostRefusal::Build { .. }]) && reasons[0].to_string().contains("reload"));
    assert_eq!(host.save(), before, "not admitted");

    // The other side: a replica hearing a host on another version stops and says why.
    let mut replica = Replica::new(ReplicaConfig::new(PlayerToken(7), "x", BUILD));
    replica.connect(0);
    let mut msg = duel_net::wire::encode_host(
        duel_net::Epoch(0),
        &HostMsg::Accepted { id: CommandId(0), at: duel_net::Seq(0) },
        &mut 0,
    )
    .unwrap();
    msg[0][2..4].copy_from_slice(&(PROTOCOL_VERSION + 1).to_le_bytes());
    replica.handle(0, &msg[0]);
    assert!(matches!(replica.refused(), Some(HostRefusal::Version { .. })));
    assert!(matches!(replica.drain_notices()[..], [Notice::Refused(HostRefusal::Version { .. })]));
}

#[test]
fn a_full_room_refuses_newcomers_but_readmits_its_players() {
    let mut config = HostConfig::new(BUILD, PlayerToken(1), 5);
    config.capacity = 2;
    let mut host = Host::new(config);
    send(&mut host, OWNER, hello(1));
    send(&mut host, GUEST, hello(2));
    send(&mut host, GUEST, cmd(0, Command::Claim { seat: SeatId(1) }));
    let before = host.room();
    let reasons = refusals(&send(&mut host, WATCHER, hello(3)));
    assert_eq!(reasons, vec![HostRefusal::RoomFull { capacity: 2 }]);
    assert_eq!(host.room(), before);
    // The guest drops and comes back under a new transport id: still its seat.
    host.disconnected(GUEST);
    let reply = send(&mut host, PeerId(22), hello(2));
    assert!(matches!(reply[0], HostMsg::Welcome { next_command: CommandId(1), .. }), "{reply:?}");
    assert_eq!(host.room().seats_of(host.player_of(PeerId(22)).unwrap()), vec![SeatId(1)]);
}

#[test]
fn strangers_and_guests_cannot_steer_the_room() {
    let mut host = Host::new(HostConfig::new(BUILD, PlayerToken(1), 5));
    let reply = send(&mut host, GUEST, PeerMsg::Ping { nonce: 0 });
    assert_eq!(refusals(&reply), vec![HostRefusal::NotJoined]);
    send(&mut host, OWNER, hello(1));
    send(&mut host, GUEST, hello(2));
    let before = host.room();
    let edit = cmd(0, Command::Edit(LobbyEdit::Layout(Layout::TwoPerSide)));
    assert_eq!(refusals(&send(&mut host, GUEST, edit)), vec![HostRefusal::NotOwner]);
    assert_eq!(refusals(&send(&mut host, GUEST, cmd(1, Command::Start))), vec![HostRefusal::NotOwner]);
    let intent = Command::Intent { seat: SeatId(0), intent: Intent::WarpJump };
    assert_eq!(refusals(&send(&mut host, GUEST, cmd(2, intent))), vec![HostRefusal::NotStarted]);
    // Nothing changed but the guest's command counter (refused commands are answered once too).
    let steered = |r: duel_net::RoomView| (r.config, r.seats, r.owner, r.started);
    assert_eq!(steered(host.room()), steered(before));
    // Seats: one holder each; bots only on open seats; the owner's edits work.
    send(&mut host, GUEST, cmd(3, Command::Claim { seat: SeatId(1) }));
    assert_eq!(
        refusals(&send(&mut host, OWNER, cmd(0, Command::Claim { seat: SeatId(1) }))),
        vec![HostRefusal::SeatTaken(SeatId(1))]
    );
    let bot = Command::Edit(LobbyEdit::Bot { seat: SeatId(1), bot: true });
    assert_eq!(refusals(&send(&mut host, OWNER, cmd(1, bot))), vec![HostRefusal::SeatTaken(SeatId(1))]);
    let bot = Command::Edit(LobbyEdit::Bot { seat: SeatId(0), bot: true });
    assert!(send(&mut host, OWNER, cmd(2, bot))
        .iter()
        .any(|m| matches!(m, HostMsg::Accepted { id: CommandId(2), .. })));
    assert_eq!(host.bot_seats(), vec![SeatId(0)]);
    // A map that cannot be played is refused as it is chosen, with the reason.
    let map = duel_core::map::MapSpec { cols: 3, ..Default::default() };
    let reasons = refusals(&send(&mut host, OWNER, cmd(3, Command::Edit(LobbyEdit::Map(map)))));
    assert_eq!(reasons, vec![HostRefusal::Setup("a map must be 5 to 16 squares each way, not 3×9".into())]);
    // A tile map clears the preplaced tokens (D42) and refuses new ones.
    let rift_field = duel_core::map::builtin("Rift Field").unwrap();
    send(&mut host, OWNER, cmd(4, Command::Edit(LobbyEdit::Map(rift_field))));
    assert_eq!(host.room().config.preplaced, None);
    let tokens = Command::Edit(LobbyEdit::Preplaced(Some(Default::default())));
    assert!(matches!(&refusals(&send(&mut host, OWNER, cmd(5, tokens)))[..], [HostRefusal::Setup(_)]));
    // A config the core refuses cannot start: four ships on a two-start map (D45).
    send(&mut host, OWNER, cmd(6, Command::Edit(LobbyEdit::Layout(duel_core::Layout::TwoPerSide))));
    let reasons = refusals(&send(&mut host, OWNER, cmd(7, Command::Start)));
    assert_eq!(
        reasons,
        vec![HostRefusal::Setup("this map has start squares for 2 ships; this game needs 4".into())],
        "{reasons:?}"
    );
    assert!(host.game().is_none());
}
