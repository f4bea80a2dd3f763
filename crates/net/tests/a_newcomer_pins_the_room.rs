//! Issue 43, attack 8, "the first beacon wins a newcomer": a fresh tab
//! followed the first peer that answered as host and handed it its token.
//! The room link now pins the owner's seat key (`KeyPin`); the adversary
//! below is a peer with keys of its own that answers first, as an honest
//! looking host of its own room, as a host that skips straight to
//! `Welcome`, and as one replaying a proof the owner signed for someone
//! else. Then the honest path: the same newcomer joins the real host.
#![allow(clippy::unwrap_used)]

use duel_net::fuzz::{seat_key_of, BUILD};
use duel_net::pin::Lineage;
use duel_net::seat_key::Statement;
use duel_net::wire::{decode_peer, encode_host};
use duel_net::{
    CommandId, Epoch, Host, HostConfig, HostMsg, KeyPin, NotTheHost, Notice, PeerId, PeerMsg, PlayerNo,
    PlayerToken, Replica, ReplicaConfig, SeatKey,
};

const NEWCOMER: PeerId = PeerId(9);
const OWNER: PeerId = PeerId(1);

fn owner_key() -> SeatKey {
    seat_key_of(PlayerToken(1))
}

/// A room hosted by `token`'s device, signing with `key`.
fn room_of(token: PlayerToken, key: &SeatKey) -> Host {
    let mut host = Host::new(HostConfig::new(BUILD, token, 7));
    host.sign_heads_with(key.clone());
    host
}

/// The newcomer: a fresh tab whose link names the owner's key.
fn newcomer(pin: Option<KeyPin>) -> Replica {
    tab_of(PlayerToken(0xC0FFEE), pin)
}

fn tab_of(token: PlayerToken, pin: Option<KeyPin>) -> Replica {
    let mut cfg = ReplicaConfig::new(token, "New", BUILD);
    cfg.pin = pin;
    Replica::new(cfg)
}

/// Everything the newcomer says to `host` until nobody has more to say.
/// Returns what the host heard from it.
fn talk(host: &mut Host, replica: &mut Replica, first: Vec<Vec<u8>>, now: u64) -> Vec<PeerMsg> {
    let mut heard = Vec::new();
    let mut up = first;
    for _ in 0..8 {
        let mut down = Vec::new();
        for d in &up {
            heard.push(decode_peer(d).unwrap());
            down.extend(host.handle(now, NEWCOMER, d).into_iter().filter(|o| o.to == NEWCOMER));
        }
        up = down.iter().flat_map(|o| replica.handle(now, &o.datagram)).collect();
        if up.is_empty() {
            break;
        }
    }
    heard
}

fn said_hello(heard: &[PeerMsg]) -> bool {
    heard.iter().any(|m| matches!(m, PeerMsg::Hello { .. }))
}

fn from_rogue(replica: &mut Replica, msg: &HostMsg) -> Vec<Vec<u8>> {
    encode_host(Epoch(0), msg, &mut 0).unwrap().iter().flat_map(|d| replica.handle(0, d)).collect()
}

#[test]
fn attack8_a_newcomer_follows_only_the_host_its_link_names() {
    let owner = owner_key();
    let pin = KeyPin::of(&owner.public());
    let mut real = room_of(PlayerToken(1), &owner);
    let mut tab = newcomer(Some(pin));

    // 1. A rogue runs a room of its own under its own key and answers first.
    let rogue_key = SeatKey::from_seed([0x66; 32]);
    let mut rogue = room_of(PlayerToken(66), &rogue_key);
    let first = tab.connect(0);
    let heard = talk(&mut rogue, &mut tab, first, 0);
    assert!(!said_hello(&heard), "the rogue was handed the newcomer's Hello (its token): {heard:?}");
    assert_eq!(rogue.player_of(NEWCOMER), None, "the rogue listed the newcomer");
    assert_eq!(tab.me(), None, "the newcomer followed the rogue");
    let notices = tab.drain_notices();
    assert!(notices.contains(&Notice::NotTheHost(NotTheHost::OtherKey)), "{notices:?}");
    assert_eq!(tab.refused_messages(), 1, "the refusal is counted");

    // 2. A rogue that skips the proof and welcomes the newcomer at once (and
    //    shows a room), and one that claims the owner's key without its signature.
    let welcome = HostMsg::Welcome {
        build: BUILD.into(),
        you: PlayerNo(5),
        next_command: CommandId(0),
        commits: vec![],
    };
    let mut said = from_rogue(&mut tab, &welcome);
    said.extend(from_rogue(&mut tab, &HostMsg::Room(Box::new(rogue.room()))));
    let sig = rogue_key.sign(Statement::HostProof, &[0; 32], &());
    let stolen = HostMsg::Proof { key: owner.public(), sig, lineage: Lineage::default() };
    said.extend(from_rogue(&mut tab, &stolen));
    assert!(said.is_empty(), "the newcomer answered a host that proved nothing");
    assert_eq!((tab.me(), tab.room()), (None, None), "the newcomer followed an unproven welcome");
    assert!(tab.drain_notices().contains(&Notice::NotTheHost(NotTheHost::BadSignature)));

    // 3. A proof the owner really signed, for another newcomer's challenge, replayed.
    let mut other = tab_of(PlayerToken(50), Some(pin));
    let knock = other.connect(0);
    let owner_said = real.handle(0, PeerId(50), &knock[0]);
    let mut replayed = Vec::new();
    for o in owner_said.iter().filter(|o| o.to == PeerId(50)) {
        replayed.extend(tab.handle(0, &o.datagram));
    }
    assert!(replayed.is_empty() && tab.me().is_none(), "a replayed proof was followed");
    assert_eq!(tab.refused_messages(), 3);

    // 4. Then the real host: it proves the pinned key, and the newcomer joins it.
    let first = tab.connect(1_000);
    let heard = talk(&mut real, &mut tab, first, 1_000);
    assert!(matches!(heard.first(), Some(PeerMsg::Knock { .. })), "{heard:?}");
    assert!(said_hello(&heard));
    assert!(tab.me().is_some(), "the newcomer did not join the real host");
    assert_eq!(real.player_of(NEWCOMER), tab.me());
}

#[test]
fn a_newcomer_with_the_pin_joins_the_real_host_and_keeps_following_it() {
    let owner = owner_key();
    let mut real = room_of(PlayerToken(1), &owner);
    // The owner's own tab joins its host as every tab does.
    let mut own = tab_of(PlayerToken(1), None);
    let first = own.connect(0);
    for d in first {
        real.handle(0, OWNER, &d);
    }
    let mut tab = newcomer(Some(KeyPin::of(&owner.public())));
    let first = tab.connect(0);
    talk(&mut real, &mut tab, first, 0);
    assert!(tab.me().is_some());
    let room = tab.room().unwrap();
    assert_eq!(room.owner.and_then(|o| room.player(o)).map(|p| p.key), Some(owner.public()));
    // A reconnect (the transport lost the host a moment) knocks no more: the tab knows its room.
    let again = tab.connect(2_000);
    assert!(again.iter().any(|d| matches!(decode_peer(d), Ok(PeerMsg::Hello { .. }))));
}

#[test]
fn a_link_without_the_pin_keeps_todays_join() {
    let mut real = room_of(PlayerToken(1), &owner_key());
    let mut tab = newcomer(None);
    let first = tab.connect(0);
    let heard = talk(&mut real, &mut tab, first, 0);
    assert!(matches!(heard.first(), Some(PeerMsg::Hello { .. })));
    assert!(tab.me().is_some());
    assert_eq!(tab.refused_messages(), 0);
}
