//! Issue 43, attack 8, after the owner has left: a tab whose link pins the
//! owner's key must still find the room. Its host is now a successor whose
//! key the link does not name; it proves its place with its lineage (the
//! owner's signed room and the election won in it, checked as every
//! replica checked it). A tab that reloads, and a newcomer, both follow it;
//! a guest of the room that claims to be a successor with a certificate of
//! its own making, forged ballots, a room view it signed itself, or the
//! successor's own lineage is refused and never hears the tab's `Hello`.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{settled_officers, Mesh, ROOM};
use common::{token, BUILD};
use duel_net::pin::{Certificate, Lineage, SignedRoom, Step};
use duel_net::seat_key::Statement;
use duel_net::wire::{decode_peer, encode_host, Ballot, CopyState, Vote};
use duel_net::{
    Device, Epoch, HostMsg, KeyPin, NotTheHost, Notice, PeerId, PeerMsg, PlayerNo, Replica, ReplicaConfig,
    SeatKey, SuccessionTiming,
};

/// The owner (device 0) leaves; returns the device of the successor the room elected.
fn owner_gone(seed: u64) -> (Mesh, KeyPin, usize) {
    let mut m = settled_officers(seed);
    let pin = KeyPin::of(&m.dev(0).replica.seat_key().public());
    m.kill(0);
    let elected = m.run_until(20_000, |m| m.hosts().len() == 1 && m.epoch() > Epoch(0));
    assert!(elected, "a successor is elected: {}", m.describe());
    let heir = m.host();
    assert_eq!(m.dev(heir).host.as_ref().unwrap().lineage().steps.len(), 1, "its lineage: one election");
    (m, pin, heir)
}

fn pinned(i: usize, pin: KeyPin) -> Replica {
    let mut cfg = ReplicaConfig::new(token(i), format!("P{i}"), BUILD);
    cfg.room = ROOM.into();
    cfg.nonce_seed[0] = 0xA0 + i as u8;
    cfg.pin = Some(pin);
    Replica::new(cfg)
}

/// A tab for player `i` opens the pinned link, and finds the successor.
fn open_pinned(m: &mut Mesh, i: usize, pin: KeyPin, heir: usize) -> usize {
    let at = PeerId(0xB0B0_0000 + i as u128);
    for j in 0..m.ids.len() {
        if m.devices[j].is_some() {
            m.net.connect(at, m.ids[j]);
        }
    }
    let wire = m.net.endpoint(at);
    let d = Device::join(pinned(i, pin), wire, at, m.ids[heir], SuccessionTiming::default(), 99 + i as u64);
    if i < m.devices.len() {
        m.ids[i] = at;
        m.devices[i] = Some(d);
        i
    } else {
        m.ids.push(at);
        m.devices.push(Some(d));
        m.devices.len() - 1
    }
}

#[test]
fn attack8_a_pinned_tab_follows_the_successor_the_room_elected() {
    let (mut m, pin, heir) = owner_gone(43);
    let epoch = m.epoch();
    // A spectator reloads its tab (the link it opened pins the owner), and a newcomer opens the link.
    m.kill(4);
    let reloaded = open_pinned(&mut m, 4, pin, heir);
    let newcomer = open_pinned(&mut m, 9, pin, heir);
    let joined = m.run_until(10_000, |m| {
        [reloaded, newcomer]
            .iter()
            .all(|&i| m.dev(i).replica.me().is_some() && m.dev(i).replica.game().is_some())
    });
    for i in [reloaded, newcomer] {
        let r = &m.dev(i).replica;
        assert!(joined && !r.knocking(), "tab {i} still waits for a proof: {}", m.describe());
        assert_eq!(r.epoch(), epoch, "tab {i} follows the elected host");
        assert_eq!(r.refused_messages(), 0, "tab {i} refused the successor");
        // The elections behind its host are its own now (it could prove them if it hosted).
        assert_eq!(r.lineage(), m.dev(heir).host.as_ref().unwrap().lineage());
    }
    assert!(m.settle(), "{}", m.describe());
}

/// A guest of the room (not the successor) playing the rogue: its key, its
/// number, the owner's signed room it saw, and the successor's lineage.
struct Rogue {
    key: SeatKey,
    me: PlayerNo,
    room: [u8; 32],
    owners_room: SignedRoom,
    heirs: Lineage,
}

impl Rogue {
    fn ballot(&self, epoch: Epoch, voter: PlayerNo) -> Ballot {
        let state = CopyState { epoch: Epoch(0), head: Default::default(), hash: None, signed: None };
        Ballot::sign(Vote { epoch, candidate: self.me, voter, granted: true, state }, &self.key, &self.room)
    }

    /// "I won `epoch`", with `votes`, signed with its own key as a winner would.
    fn elected(&self, epoch: Epoch, votes: Vec<Ballot>, of: u16) -> Certificate {
        let peer = PeerId(66);
        let sig = self.key.sign(Statement::Elected, &self.room, &(epoch, self.me, peer));
        Certificate { epoch, host: self.me, peer, votes, of, sig }
    }

    fn lineage(&self, before: SignedRoom, elected: Certificate) -> Lineage {
        Lineage { steps: vec![Step { before, elected }] }
    }

    /// Answers `tab`'s knock as the host of `epoch` with `lineage`; returns what the tab said back.
    fn answer(&self, tab: &mut Replica, epoch: Epoch, lineage: Lineage) -> Vec<Vec<u8>> {
        let knock = tab.connect(0);
        let Ok(PeerMsg::Knock { challenge }) = decode_peer(&knock[0]) else { panic!("no knock") };
        let sig = self.key.sign(Statement::HostProof, &self.room, &(challenge, epoch));
        let proof = HostMsg::Proof { key: self.key.public(), sig, lineage };
        encode_host(epoch, &proof, &mut 0).unwrap().iter().flat_map(|d| tab.handle(0, d)).collect()
    }
}

#[test]
fn attack8_a_guest_that_claims_a_succession_it_did_not_win_is_refused() {
    let (mut m, pin, heir) = owner_gone(44);
    let rogue_at = (1..5).find(|&i| i != heir).unwrap();
    let heirs = m.dev(heir).host.as_ref().unwrap().lineage().clone();
    let r = &m.dev(rogue_at).replica;
    let rogue = Rogue {
        key: r.seat_key().clone(),
        me: r.me().unwrap(),
        room: r.room_digest(),
        owners_room: heirs.steps[0].before.clone(),
        heirs,
    };
    let refused = |tab: &mut Replica, said: Vec<Vec<u8>>, why: NotTheHost, what: &str| {
        assert!(said.is_empty() && tab.me().is_none(), "{what}: the tab said Hello to the rogue");
        assert!(tab.drain_notices().contains(&Notice::NotTheHost(why)), "{what}: not told {why:?}");
    };
    let mut tab = pinned(9, pin);

    // 1. Elected by its own vote alone, in the owner's signed room (of 5 players).
    let alone =
        rogue.elected(Epoch::at(1, rogue.me), vec![rogue.ballot(Epoch::at(1, rogue.me), rogue.me)], 1);
    let said = rogue.answer(&mut tab, alone.epoch, rogue.lineage(rogue.owners_room.clone(), alone));
    refused(&mut tab, said, NotTheHost::Unelected, "a self-made certificate");

    // 2. A majority of ballots, each signed by the rogue in other players' names.
    let e = Epoch::at(1, rogue.me);
    let votes = (0..5).map(|v| rogue.ballot(e, PlayerNo(v))).collect();
    let said =
        rogue.answer(&mut tab, e, rogue.lineage(rogue.owners_room.clone(), rogue.elected(e, votes, 5)));
    refused(&mut tab, said, NotTheHost::Unelected, "forged ballots");

    // 3. A room view of its own making, naming itself the host, that it signed.
    let mut view = rogue.owners_room.view.clone();
    view.host = Some(rogue.me);
    view.players.retain(|p| p.no == rogue.me);
    let sig = SignedRoom::sign(&rogue.key, &rogue.room, Epoch(0), &view);
    let own_room = SignedRoom { epoch: Epoch(0), view, sig };
    let small = rogue.elected(e, vec![rogue.ballot(e, rogue.me)], 1);
    let said = rogue.answer(&mut tab, e, rogue.lineage(own_room, small));
    refused(&mut tab, said, NotTheHost::OtherKey, "a room the rogue signed");

    // 4. The successor's true lineage, shown with the rogue's own key.
    let said = rogue.answer(&mut tab, m.epoch(), rogue.heirs.clone());
    refused(&mut tab, said, NotTheHost::Unelected, "the successor's lineage");
    assert_eq!(tab.refused_messages(), 4);

    // Then the successor itself answers: the same tab joins it.
    let host = m.devices[heir].as_mut().unwrap().host.as_mut().unwrap();
    let mut up = tab.connect(1_000);
    for _ in 0..8 {
        let down: Vec<_> = up.iter().flat_map(|d| host.handle(1_000, PeerId(9), d)).collect();
        up = down.iter().filter(|o| o.to == PeerId(9)).flat_map(|o| tab.handle(1_000, &o.datagram)).collect();
    }
    assert!(tab.me().is_some(), "the tab did not join the successor");
    assert_eq!(host.player_of(PeerId(9)), tab.me());
}
