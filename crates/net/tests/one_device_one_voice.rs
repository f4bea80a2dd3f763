//! Issue 43, "one device, one voice": a player is its device's seat key.
//! Each test below is the adversary, with duel-net's public API and keys of
//! its own: a guest that says `Hello` again with other tokens (attack 1), one
//! that churns through players to use up their numbers (attack 1), and a
//! past host that knows a player's token and tries to bind its own key to
//! that player (attack 7). Then the honest side: a device that reloads with
//! its key is still its player, and one that lost its key is told why and
//! joins as a new player.
#![allow(clippy::unwrap_used)]

mod common;

#[path = "common/replies.rs"]
mod replies;
use replies::refusals;

use std::collections::BTreeSet;

use common::{token, ReplicaNode, Sim};
use duel_core::{GameConfig, SeatId};
use duel_net::fair::room_digest;
use duel_net::fuzz::{command_of, commit_of, hello_of, seat_key_of, BUILD};
use duel_net::wire::{encode_peer, Ballot, CopyState, HostDecoder, Vote};
use duel_net::{
    Command, CommandId, Conditions, Epoch, Host, HostConfig, HostMsg, HostRefusal, Outbound, PeerId, PeerMsg,
    PlayerNo, PlayerToken, Replica, ReplicaConfig, SeatKey, Seq,
};

const OWNER: PeerId = PeerId(1);
const GUEST: PeerId = PeerId(2);

fn decode(out: &[Outbound], to: PeerId) -> Vec<HostMsg> {
    let mut d = HostDecoder::default();
    out.iter().filter(|o| o.to == to).filter_map(|o| d.decode(&o.datagram).unwrap()).map(|s| s.msg).collect()
}

/// Everything the host sent, to anyone, for one datagram from `from`.
fn send_all(host: &mut Host, from: PeerId, msg: &PeerMsg) -> Vec<Outbound> {
    // Each connection's device signs its commands with its own seat key.
    let msg = duel_net::fuzz::signed_for(host, from, msg.clone());
    host.handle(0, from, &encode_peer(&msg).unwrap())
}

fn send(host: &mut Host, from: PeerId, msg: &PeerMsg) -> Vec<HostMsg> {
    decode(&send_all(host, from, msg), from)
}

fn welcomed(reply: &[HostMsg]) -> Option<CommandId> {
    reply.iter().find_map(|m| match m {
        HostMsg::Welcome { next_command, .. } => Some(*next_command),
        _ => None,
    })
}

/// The adversary's `Hello`: any token it likes, any key it holds, and a
/// nonce chain that key really signed (so only the identity rules can stop it).
fn hello(player: PlayerToken, key: &SeatKey) -> PeerMsg {
    PeerMsg::Hello {
        player,
        name: format!("P{}", player.0),
        build: BUILD.into(),
        key: key.public(),
        chain: commit_of(PlayerToken(0), key),
    }
}

/// The scripted players' commands (each commits [`commit_of`]`(PlayerToken(0), …)`).
fn cmd(id: u32, command: Command) -> PeerMsg {
    command_of(PlayerToken(0), PlayerNo(0), CommandId(id), command)
}

fn lobby(capacity: u16) -> Host {
    let mut config = HostConfig::new(BUILD, PlayerToken(1), 7);
    config.lobby = GameConfig::quick_duel(7);
    config.capacity = capacity;
    let mut host = Host::new(config);
    send(&mut host, OWNER, &hello(PlayerToken(1), &seat_key_of(PlayerToken(1))));
    send(&mut host, GUEST, &hello(PlayerToken(2), &seat_key_of(PlayerToken(2))));
    host
}

/// A started quick duel: the owner on seat 0, the guest on seat 1.
fn started(capacity: u16) -> Host {
    let mut host = lobby(capacity);
    send(&mut host, OWNER, &cmd(0, Command::Claim { seat: SeatId(0) }));
    send(&mut host, GUEST, &cmd(0, Command::Claim { seat: SeatId(1) }));
    send(&mut host, OWNER, &cmd(1, Command::Start));
    assert!(host.game().is_some());
    host
}

fn keys(host: &Host) -> Vec<duel_net::SeatPublic> {
    host.room().players.iter().map(|p| p.key).collect()
}

#[test]
fn attack1_one_connection_cannot_mint_players() {
    let mut host = lobby(16);
    let guest_key = seat_key_of(PlayerToken(2));
    let me = host.player_of(GUEST).unwrap();
    let before = host.room().players;
    let refused = host.refused_hellos();
    // On its own connection: new tokens, half with its own key, half with fresh ones.
    for t in 100u8..110 {
        let key = if t % 2 == 0 { guest_key.clone() } else { SeatKey::from_seed([t; 32]) };
        let reply = send(&mut host, GUEST, &hello(PlayerToken(t.into()), &key));
        assert_eq!(welcomed(&reply), None, "token {t} was admitted on the guest's connection");
        assert_eq!(refusals(&reply), vec![HostRefusal::OtherPlayer], "{reply:?}");
    }
    // On connections of its own, new tokens signed with its key: one key, one player.
    for t in 200u8..205 {
        let reply = send(&mut host, PeerId(t.into()), &hello(PlayerToken(t.into()), &guest_key));
        assert_eq!(welcomed(&reply), None, "token {t} was admitted with the guest's key");
        assert_eq!(refusals(&reply), vec![HostRefusal::SeatKeyInUse], "{reply:?}");
    }
    for said in [HostRefusal::OtherPlayer.to_string(), HostRefusal::SeatKeyInUse.to_string()] {
        assert!(said.contains("one device plays as one player"), "{said}");
    }
    assert_eq!(host.room().players, before, "nobody was minted, nothing else changed");
    assert_eq!(host.refused_hellos(), refused + 15, "each refusal counted");
    assert_eq!(host.player_of(GUEST), Some(me), "the connection still speaks for its own player");
    let distinct: BTreeSet<_> = keys(&host).into_iter().collect();
    assert_eq!(distinct.len(), host.room().players.len(), "each listed key is one player");
    // Its ballots count once: no other listed player takes its signature.
    let room = room_digest("");
    let vote = |voter| Vote {
        epoch: Epoch(1),
        candidate: me,
        voter,
        granted: true,
        state: CopyState { epoch: Epoch(0), head: Seq(0), hash: None, signed: None },
    };
    let speaks_for: Vec<PlayerNo> = host
        .room()
        .players
        .iter()
        .filter(|p| Ballot::sign(vote(p.no), &guest_key, &room).signed_by(&p.key, &room))
        .map(|p| p.no)
        .collect();
    assert_eq!(speaks_for, vec![me]);
    // And the guest is still itself: its commands run.
    let reply = send(&mut host, GUEST, &cmd(0, Command::Rename { name: "Bo".into() }));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { .. })), "{reply:?}");
}

#[test]
fn attack1_player_numbers_cannot_be_exhausted() {
    let started_at = std::time::Instant::now();
    let mut host = lobby(3);
    // The adversary: a fresh connection and token for every player, each
    // gone as soon as it is in (a full room forgets it for the next); two
    // keys in turn, so no key is listed twice.
    let keys = [SeatKey::from_seed([7; 32]), SeatKey::from_seed([8; 32])];
    let sybils = 65_540u32;
    for i in 0..sybils {
        let peer = PeerId(1_000_000 + u128::from(i));
        let key = &keys[i as usize % 2];
        let out = send_all(&mut host, peer, &hello(PlayerToken(1_000_000 + u128::from(i)), key));
        // Admitted (read from the host, not its reply: decoding 65,540 room views is slow).
        if host.player_of(peer).is_none() {
            panic!("sybil {i} refused: {:?}", refusals(&decode(&out, peer)));
        }
        host.disconnected(peer);
    }
    // An honest newcomer still gets in, mid-game too, with a number it plays
    // under: Cy takes seat 1 from the guest, plays one command (a mark of
    // its number in the log), hands the seat back and leaves.
    send(&mut host, OWNER, &cmd(0, Command::Claim { seat: SeatId(0) }));
    send(&mut host, GUEST, &cmd(0, Command::Claim { seat: SeatId(1) }));
    send(&mut host, OWNER, &cmd(1, Command::Start));
    let cy = PeerId(3);
    let reply = send(&mut host, cy, &hello(PlayerToken(3), &seat_key_of(PlayerToken(3))));
    let Some(cy_first) = welcomed(&reply) else { panic!("Cy was refused: {:?}", refusals(&reply)) };
    send(&mut host, GUEST, &cmd(1, Command::Release { seat: SeatId(1) }));
    send(&mut host, cy, &cmd(cy_first.0, Command::Claim { seat: SeatId(1) }));
    let mut next = cy_first.0 + 1;
    for intent in host.game().unwrap().legal_intents(SeatId(1)) {
        let reply = send(&mut host, cy, &cmd(next, Command::Intent { seat: SeatId(1), intent }));
        next += 1;
        if reply.iter().any(|m| matches!(m, HostMsg::Accepted { .. })) {
            break;
        }
    }
    let cy_no = host.player_of(cy).unwrap();
    let cy_marks: Vec<CommandId> =
        host.marks().iter().filter_map(|m| m.by).filter(|(p, _)| *p == cy_no).map(|(_, id)| id).collect();
    assert!(!cy_marks.is_empty(), "Cy left a mark");
    send(&mut host, cy, &cmd(next, Command::Release { seat: SeatId(1) }));
    host.disconnected(cy);
    let newcomer = PeerId(9);
    let reply = send(&mut host, newcomer, &hello(PlayerToken(9), &seat_key_of(PlayerToken(9))));
    let Some(first) = welcomed(&reply) else { panic!("the newcomer was refused: {:?}", refusals(&reply)) };
    let no = host.player_of(newcomer).unwrap();
    assert_eq!(host.room().players.len(), 3);
    // Numbers ran out long ago: the newcomer has Cy's, the lowest free one.
    // Its commands go on past Cy's, so no mark of Cy's is ever taken for one
    // of the newcomer's (its device would say the host forged its nonce).
    assert_eq!(no, cy_no);
    assert!(cy_marks.iter().all(|id| *id < first), "{first:?} after Cy's marks {cy_marks:?}");
    let reply = send(&mut host, newcomer, &cmd(first.0, Command::Rename { name: "New".into() }));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { .. })), "{reply:?}");
    eprintln!("{sybils} sybils in {:?}", started_at.elapsed());
}

#[test]
fn attack7_a_token_alone_never_rebinds_a_key() {
    let mut host = started(16);
    let victim = host.player_of(GUEST).unwrap();
    let victim_key = seat_key_of(PlayerToken(2)).public();
    // A past host saw the guest's token in its Hello; it signs with its own key.
    let thief = SeatKey::from_seed([66; 32]);
    let before = host.room();
    let refused = host.refused_hellos();
    let out = send_all(&mut host, PeerId(66), &hello(PlayerToken(2), &thief));
    let reply = decode(&out, PeerId(66));
    assert_eq!(welcomed(&reply), None, "the thief was admitted as the guest");
    assert_eq!(refusals(&reply), vec![HostRefusal::SeatKeyChanged], "{reply:?}");
    assert!(decode(&out, GUEST).is_empty(), "the real player heard nothing (no `Replaced`)");
    assert_eq!(host.room(), before, "nothing changed");
    assert_eq!(host.refused_hellos(), refused + 1, "counted");
    assert_eq!(host.room().player(victim).unwrap().key, victim_key);
    assert_eq!(host.player_of(GUEST), Some(victim));
    assert_eq!(host.player_of(PeerId(66)), None);
    // So the thief's votes are not the guest's.
    let room = room_digest("");
    let vote = Vote {
        epoch: Epoch(1),
        candidate: PlayerNo(7),
        voter: victim,
        granted: true,
        state: CopyState { epoch: Epoch(0), head: Seq(0), hash: None, signed: None },
    };
    assert!(!Ballot::sign(vote, &thief, &room).signed_by(&host.room().player(victim).unwrap().key, &room));
    // The guest plays on.
    let reply = send(&mut host, GUEST, &cmd(1, Command::Rename { name: "Bo".into() }));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { .. })), "{reply:?}");
    // Nor while the guest is gone: its player waits for its own key.
    host.disconnected(GUEST);
    let reply = send(&mut host, PeerId(67), &hello(PlayerToken(2), &thief));
    assert_eq!(welcomed(&reply), None, "the thief took the absent guest's place");
    assert_eq!(host.room().player(victim).unwrap().key, victim_key);
    let reply = send(&mut host, PeerId(22), &hello_of(PlayerToken(2), "B", BUILD));
    assert!(welcomed(&reply).is_some(), "{reply:?}");
    assert_eq!(host.player_of(PeerId(22)), Some(victim));
    assert_eq!(host.seats_of(victim), vec![SeatId(1)]);
}

/// The decision for a key that is really lost (a device whose storage was
/// cleared): the token alone cannot bring the player back, whoever holds
/// it, so the device is told so in words and joins as a new player, who may
/// take the departed player's seat like anyone's.
#[test]
fn a_device_that_lost_its_key_is_told_why_and_joins_as_a_new_player() {
    let mut host = started(16);
    let old = host.player_of(GUEST).unwrap();
    host.disconnected(GUEST);
    let new_key = SeatKey::from_seed([42; 32]);
    let reply = send(&mut host, PeerId(22), &hello(PlayerToken(2), &new_key));
    assert_eq!(welcomed(&reply), None);
    assert_eq!(refusals(&reply), vec![HostRefusal::SeatKeyChanged]);
    assert!(HostRefusal::SeatKeyChanged.to_string().contains("join only as a new player"));
    // A new token with the new key: a new player, who takes its old seat once it shows as gone.
    let reply = send(&mut host, PeerId(23), &hello(PlayerToken(222), &new_key));
    assert!(welcomed(&reply).is_some(), "{reply:?}");
    let now = duel_net::Timing::default().away_after_ms + 1_000;
    host.tick(now);
    let claim = duel_net::fuzz::signed_for(&host, PeerId(23), cmd(0, Command::Claim { seat: SeatId(1) }));
    let claim = encode_peer(&claim).unwrap();
    let reply = decode(&host.handle(now, PeerId(23), &claim), PeerId(23));
    assert!(reply.iter().any(|m| matches!(m, HostMsg::Accepted { .. })), "{reply:?}");
    let new = host.player_of(PeerId(23)).unwrap();
    assert_ne!(new, old);
    assert_eq!(host.seats_of(new), vec![SeatId(1)]);
}

/// The honest side of attack 7: a device that reloads keeps its seat key
/// (the app keeps it beside the token) and draws a new nonce seed; under a
/// new transport id, with the old link not yet known dead, it is its player
/// again, seats and command ids included. So is a reconnect of a live tab.
#[test]
fn an_honest_device_reloading_with_its_key_is_still_its_player() {
    let mut sim = Sim::new(43, GameConfig::quick_duel(43), 3, Conditions::PERFECT);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![]]);
    assert!(sim.play_random(60, 600));
    let me = sim.peers[1].replica.me().unwrap();
    // The reloaded page: same token and key, a fresh nonce seed, a new transport id.
    let mut cfg = ReplicaConfig::new(token(1), "P1", common::BUILD);
    cfg.nonce_seed = [0xA5; 32];
    assert_eq!(cfg.seat_key, sim.peers[1].replica.seat_key().clone(), "the device's key");
    let id = common::peer_id(1, 1);
    sim.peers[1] = ReplicaNode::new(Replica::new(cfg), sim.net.endpoint(id), sim.host_id);
    sim.net.connect(sim.host_id, id);
    assert!(sim.run_until(30_000, |s| s.peers[1].replica.game().is_some() && s.converged()));
    assert_eq!(sim.peers[1].replica.me(), Some(me), "the same player");
    assert_eq!(sim.peers[1].replica.my_seats(), vec![SeatId(1)]);
    assert!(sim.play_random(60, 600), "its commands run after the reload");
    // A live tab's new transport id (same replica, same chain).
    let watcher = sim.peers[2].replica.me();
    sim.reconnect(2, 1);
    assert!(sim.settle());
    assert!(sim.play_random(30, 600));
    assert_eq!(sim.peers[2].replica.me(), watcher);
    assert!(sim.peers.iter().all(|p| p.replica.refused().is_none()), "nobody was refused");
}
