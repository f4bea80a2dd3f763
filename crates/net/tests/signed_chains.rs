//! Issue 31, signed nonce-chain commitments: the commitment a device makes
//! to its nonces (in `Hello`, and each `Command::Chain` renewal) is signed
//! with its seat key. The host refuses one that is not, and every replica
//! refuses a commitment in the room view that its player's key did not sign:
//! so a host cannot swap in a chain of its own (whose links it knows, and
//! could grind) for a player's. Each refusal changes nothing else, is
//! counted, and the players are told in words.
#![allow(clippy::unwrap_used)]

mod common;

#[path = "common/replies.rs"]
mod replies;
use replies::refusals;

use common::mesh::Mesh;
use duel_core::{GameConfig, SeatId};
use duel_net::fair::{room_digest, ChainCommit};
use duel_net::fuzz::{chain_of, commit_of, seat_key_of};
use duel_net::host::Cheat;
use duel_net::wire::{encode_peer, HostDecoder};
use duel_net::{
    AuditFinding, Command, CommandId, Conditions, Host, HostMsg, HostRefusal, Notice, Outbound, PeerId,
    PeerMsg, PlayerToken,
};

fn decode(out: &[Outbound], to: PeerId) -> Vec<HostMsg> {
    let mut d = HostDecoder::default();
    out.iter().filter(|o| o.to == to).filter_map(|o| d.decode(&o.datagram).unwrap()).map(|s| s.msg).collect()
}

fn send(host: &mut Host, from: PeerId, msg: &PeerMsg) -> Vec<HostMsg> {
    let out = host.handle(0, from, &encode_peer(msg).unwrap());
    decode(&out, from)
}

#[test]
fn a_hello_whose_chain_another_key_signed_is_refused_and_changes_nothing() {
    let mut host = duel_net::fuzz::started_host();
    let before = host.room();
    let (token, thief) = (PlayerToken(5), seat_key_of(PlayerToken(6)));
    // Token 5's key, but a chain signed by someone else's key.
    let hello = PeerMsg::Hello {
        player: token,
        name: "E".into(),
        build: duel_net::fuzz::BUILD.into(),
        key: seat_key_of(token).public(),
        chain: commit_of(token, &thief),
    };
    let reply = send(&mut host, PeerId(5), &hello);
    assert_eq!(refusals(&reply), vec![HostRefusal::UnsignedChain]);
    assert!(HostRefusal::UnsignedChain.to_string().contains("not signed"), "readable");
    assert_eq!(host.room(), before, "nobody was admitted, nothing changed");
    // The same Hello, signed by its own key, is welcome.
    let hello = duel_net::fuzz::hello_of(token, "E", duel_net::fuzz::BUILD);
    assert!(send(&mut host, PeerId(5), &hello).iter().any(|m| matches!(m, HostMsg::Welcome { .. })));
}

#[test]
fn a_chain_renewal_not_signed_by_its_players_key_is_rejected_and_changes_nothing() {
    let mut host = duel_net::fuzz::started_host();
    let guest = PlayerToken(2);
    let before = host.room();
    // The guest's next command renews its chain, but the renewal is signed by another key.
    let first = CommandId(2);
    let next = chain_of(PlayerToken(40)).tip();
    let forged = ChainCommit::signed(first, next, &seat_key_of(PlayerToken(1)), &room_digest(""));
    let renewal = duel_net::fuzz::command_of(
        guest,
        duel_net::PlayerNo(1),
        CommandId(1),
        Command::Chain { tip: next, sig: forged.sig },
    );
    let reply = send(&mut host, PeerId(2), &renewal);
    assert_eq!(refusals(&reply), vec![HostRefusal::UnsignedChain], "{reply:?}");
    let after = host.room();
    let chains = |r: &duel_net::RoomView| r.players.iter().map(|p| p.chains.clone()).collect::<Vec<_>>();
    assert_eq!(chains(&after), chains(&before), "no chain was committed");
    // Signed by the guest's own key, it is taken (its next command, id 2, commits from 3).
    let signed = ChainCommit::signed(CommandId(3), next, &seat_key_of(guest), &room_digest(""));
    let renewal = duel_net::fuzz::command_of(
        guest,
        duel_net::PlayerNo(1),
        CommandId(2),
        Command::Chain { tip: next, sig: signed.sig },
    );
    let reply = send(&mut host, PeerId(2), &renewal);
    assert!(refusals(&reply).is_empty(), "{reply:?}");
    let no = host.player_of(PeerId(2)).unwrap();
    let view = host.room();
    let p = view.player(no).unwrap();
    assert_eq!(p.chains.last().map(|c| (c.first, c.tip)), Some((CommandId(3), next)));
}

/// Device 0 hosts and holds seat 0, device 1 seat 1, device 2 watches.
fn room(seed: u64) -> Mesh {
    let seats = [vec![SeatId(0)], vec![SeatId(1)], vec![]];
    Mesh::started(seed, GameConfig::quick_duel(seed), &seats, Conditions::PERFECT)
}

#[test]
fn a_host_that_swaps_in_its_own_chain_for_a_player_is_refused_by_every_replica_and_named() {
    let mut m = room(41);
    m.play(2_000, 400);
    assert!(m.settle());
    let victim = m.dev(1).replica.me().unwrap();
    let refused_before: Vec<u64> = (1..3).map(|i| m.dev(i).replica.refused_messages()).collect();
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::SwapChains);
    let mut said: Vec<Vec<String>> = vec![Vec::new(); 3];
    let end = m.now + 30_000;
    let named = |m: &Mesh| (1..3).all(|i| m.dev(i).replica.audit().withheld.is_some());
    while m.now < end && !named(&m) && m.host_game().outcome().is_none() {
        m.random_intents(400);
        m.now += common::STEP;
        m.net.set_time(m.now);
        let now = m.now;
        for (i, d) in m.devices.iter_mut().enumerate() {
            let Some(d) = d else { continue };
            d.pump(now);
            for n in d.replica.drain_notices() {
                if let Notice::DiceUnchecked(f) = n {
                    said[i].push(f.to_string());
                }
            }
        }
    }
    let host_no = m.dev(0).replica.me().unwrap();
    for i in 1..3 {
        let r = &m.dev(i).replica;
        let f = r.audit().withheld.unwrap_or_else(|| panic!("replica {i} named the host"));
        assert_eq!(f.why, AuditFinding::ChainNotSigned { player: victim }, "replica {i}: {f}");
        assert!(r.refused_messages() > refused_before[i - 1], "replica {i} counted the refusal");
        assert!(r.failed_audit().contains(&host_no), "replica {i} holds it against the host");
        assert!(
            said[i].iter().any(|s| s.contains("never signed") && s.contains(&format!("player {}", victim.0))),
            "replica {i} told its player in words: {:?}",
            said[i]
        );
        // The refused chain was not learnt: the host's links for the victim's
        // commands are nonces nobody committed to, not dice anyone vouches for.
        let view = r.room().unwrap();
        assert!(view
            .player(victim)
            .is_some_and(|p| p.chains.iter().any(|c| !c.signed_by(&p.key, &r.room_digest()))));
    }
    // The game goes on (the audit tells; it does not undo the game).
    m.play(2_000, 300);
    assert!(m.settle());
}

#[test]
fn an_honest_room_refuses_no_chain_across_renewals_and_a_new_host() {
    let mut m = room(42);
    // Enough commands for the busiest player to renew its chain at least once (1,024 links).
    let end = m.now + 600_000;
    while m.now < end && m.host_game().outcome().is_none() && m.submitted < 2_500 {
        m.random_intents(1_000);
        m.step();
    }
    assert!(m.settle());
    let renewed = m.dev(0).host.as_ref().unwrap().room().players.iter().any(|p| p.chains.len() > 1);
    assert!(renewed, "a chain was renewed with a signed Command::Chain");
    let heir = m.first_successor();
    m.kill(0);
    assert!(m.run_until(10_000, |m| m.hosts() == vec![heir]));
    m.play(3_000, 300);
    assert!(m.settle());
    for d in m.alive() {
        let a = d.replica.audit();
        assert_eq!(a.withheld, None, "{a:?}");
        assert_eq!(d.replica.refused_messages(), 0);
    }
}
