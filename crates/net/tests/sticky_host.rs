//! Issue 43, attacks 2 and 4: a live host keeps its room. Each test plays
//! the adversary with its own seat key and duel-net's public API: a guest
//! that elects itself in a room of two, one that claims every round of the
//! election window, and one that polls a lossy room every 10 ms hoping to
//! catch its voters between two heartbeats. Certificates count one seat key
//! once, however many players it signs as.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;

use common::mesh::{four_officers, room_of_two, Mesh};
use duel_net::seat_key::Statement;
use duel_net::wire::{decode_mesh, encode_host, encode_mesh, Ballot, CopyState, Vote};
use duel_net::{
    Conditions, Epoch, Forgery, HostMsg, MemoryEndpoint, MeshMsg, PeerId, PlayerNo, SeatKey, Transport,
};

/// What the adversary knows: its own seat key, player number, address and
/// the room's digest, and its own end of the wire.
struct Adversary {
    key: SeatKey,
    me: PlayerNo,
    at: PeerId,
    room: [u8; 32],
    wire: MemoryEndpoint,
}

impl Adversary {
    /// Device `i`'s player turns adversary (its tab keeps running unless the test takes it).
    fn of(m: &Mesh, i: usize) -> Adversary {
        let d = m.dev(i);
        Adversary {
            key: d.replica.seat_key().clone(),
            me: d.replica.me().unwrap(),
            at: m.ids[i],
            room: d.replica.room_digest(),
            wire: m.net.endpoint(m.ids[i]),
        }
    }

    /// A granted ballot for `candidate` in `epoch`, in `voter`'s name, signed with its own key.
    fn ballot(&self, epoch: Epoch, candidate: PlayerNo, voter: PlayerNo) -> Ballot {
        let vote = Vote { epoch, candidate, voter, granted: true, state: CopyState::default() };
        Ballot::sign(vote, &self.key, &self.room)
    }

    fn poll(&self, epoch: Epoch) -> MeshMsg {
        let sig = self.key.sign(Statement::Poll, &self.room, &(epoch, self.me));
        MeshMsg::Poll { epoch, candidate: self.me, sig }
    }

    /// "I won `epoch`" with `votes`, signed as a winner signs it.
    fn elected(&self, epoch: Epoch, votes: Vec<Ballot>, of: u16) -> MeshMsg {
        let sig = self.key.sign(Statement::Elected, &self.room, &(epoch, self.me, self.at));
        MeshMsg::Elected { epoch, host: self.me, peer: self.at, votes, of, sig }
    }

    fn send_to(&mut self, m: &Mesh, to: &[usize], msg: &MeshMsg) {
        for &i in to {
            self.wire.send(m.ids[i], encode_mesh(msg).unwrap());
        }
    }

    /// The granted ballots for itself in `epoch` that reached it (the rest is dropped).
    fn collect(&mut self, epoch: Epoch, into: &mut BTreeMap<PlayerNo, Ballot>) {
        for (_, d) in self.wire.receive() {
            if let Ok(MeshMsg::Vote { ballot }) = decode_mesh(&d) {
                let v = ballot.vote;
                if v.granted && v.epoch == epoch && v.candidate == self.me {
                    into.insert(v.voter, ballot);
                }
            }
        }
    }
}

fn settled(seed: u64, conditions: Conditions) -> Mesh {
    let mut m = four_officers(seed, conditions);
    m.play(3_000, 300);
    assert!(m.settle(), "{}", m.describe());
    m
}

fn the_room_is_told(m: &mut Mesh, i: usize, why: Forgery) {
    let told = m.devices[i].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&why), "device {i} was told {told:?}");
    assert!(why.to_string().contains("still hosts"), "in words: {why}");
}

#[test]
fn attack2_a_guest_cannot_take_a_room_of_two_from_a_live_host() {
    let mut m = room_of_two(431);
    let mut guest = Adversary::of(&m, 1);
    let epoch = Epoch(0).after(guest.me).unwrap();
    // Its own real ballot is a majority of a room of two by the old count.
    let claim = guest.elected(epoch, vec![guest.ballot(epoch, guest.me, guest.me)], 2);
    guest.send_to(&m, &[0], &claim);
    m.run_for(2_000);
    assert_eq!(m.hosts(), vec![0], "the live host keeps the room: {}", m.describe());
    assert_eq!(m.dev(0).replica.epoch(), Epoch(0));
    assert!(m.dev(0).refused_elections().0 > 0, "the refusal is counted");
    the_room_is_told(&mut m, 0, Forgery::LiveHost);
    m.play(2_000, 300);
    assert!(m.settle(), "the game goes on: {}", m.describe());
}

#[test]
fn attack2_a_guest_that_goes_quiet_first_cannot_take_a_room_of_two_either() {
    let mut m = room_of_two(432);
    let mut guest = Adversary::of(&m, 1);
    // The guest's tab stops talking to the host (no transport event) long
    // enough that the host may think it gone, then announces itself.
    m.devices[1].take();
    m.run_for(3_000);
    let epoch = Epoch(0).after(guest.me).unwrap();
    let claim = guest.elected(epoch, vec![guest.ballot(epoch, guest.me, guest.me)], 2);
    for _ in 0..3 {
        guest.send_to(&m, &[0], &claim);
        m.run_for(1_000);
    }
    assert_eq!(m.hosts(), vec![0], "the live host keeps the room");
    assert_eq!(m.dev(0).replica.epoch(), Epoch(0));
    the_room_is_told(&mut m, 0, Forgery::LiveHost);
}

#[test]
fn attack2_the_survivor_of_a_room_of_two_hosts_when_the_host_leaves() {
    let mut m = room_of_two(433);
    let saved = m.dev(0).host.as_ref().unwrap().save();
    // The host's tab closes: the transport says so, the guest hosts at once.
    m.kill(0);
    assert!(m.run_until(1_000, |m| m.hosts() == vec![1]), "within a second: {}", m.describe());
    m.play(2_000, 300);
    assert!(m.settle());
    // The tab opens again from its save, thinking it hosts: it follows.
    m.reopen(0, Some(&saved));
    assert!(m.settle(), "the returning host follows: {}", m.describe());
    assert_eq!(m.hosts(), vec![1]);
    // Now the new host's laptop sleeps (no word, no transport event): the
    // other hosts after the silence, and the sleeper follows when it wakes.
    let sleeper = m.devices[1].take().unwrap();
    m.partition(&[1], &[0]);
    let slept = m.now;
    assert!(m.run_until(3_000, |m| m.hosts() == vec![0]), "within the silence bound: {}", m.describe());
    assert!(m.now - slept <= 3_000);
    m.run_for(4_000);
    m.heal(&[1], &[0]);
    m.devices[1] = Some(sleeper);
    assert!(m.settle(), "the sleeper wakes and follows: {}", m.describe());
    assert_eq!(m.hosts(), vec![0]);
    m.play(2_000, 300);
    assert!(m.settle());
}

/// Where the mathematics forbids refusing: a room of two cut in half while
/// both tabs run. The guest, hearing nothing, hosts alone; the host, live,
/// never yields to the guest's own vote. Healed, both host, and both screens
/// say so in words: the players choose.
#[test]
fn a_room_of_two_cut_in_half_keeps_both_hosts_and_both_screens_say_so() {
    let mut m = room_of_two(439);
    m.partition(&[0], &[1]);
    assert!(m.run_until(4_000, |m| m.hosts() == vec![0, 1]), "the guest hosts alone: {}", m.describe());
    m.heal(&[0], &[1]);
    m.run_for(5_000);
    assert_eq!(m.hosts(), vec![0, 1], "neither host yields: {}", m.describe());
    the_room_is_told(&mut m, 0, Forgery::LiveHost);
    let told = m.devices[1].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&Forgery::TwoHosts), "the guest was told {told:?}");
    assert!(Forgery::TwoHosts.to_string().contains("choose"), "{}", Forgery::TwoHosts);
}

/// Device 0 goes silent; `adversary` (another device's player, its tab
/// taken over) polls every round of the window for itself at every step.
fn claim_every_round(m: &mut Mesh, adversary: usize, ms: u64) -> Adversary {
    let mut a = Adversary::of(m, adversary);
    m.devices[adversary].take();
    m.vanish(0);
    let polls: Vec<MeshMsg> = (1..=32).map(|r| a.poll(Epoch::at(r, a.me))).collect();
    let others: Vec<usize> = (1..m.devices.len()).filter(|i| *i != adversary).collect();
    let end = m.now + ms;
    while m.now < end && m.hosts().len() != 1 {
        for p in &polls {
            a.send_to(m, &others, p);
        }
        a.wire.receive();
        m.step();
    }
    a
}

#[test]
fn attack4_one_guest_cannot_claim_the_round_window() {
    let mut m = settled(434, Conditions::PERFECT);
    let heir = m.first_successor();
    let adversary = (1..5).find(|i| *i != heir).unwrap();
    claim_every_round(&mut m, adversary, 10_000);
    assert_eq!(m.hosts(), vec![heir], "the heir still takes the room: {}", m.describe());
    assert!(m.settle(), "{}", m.describe());
}

#[test]
fn attack4_a_first_successor_that_claims_the_window_and_never_announces_does_not_stall_the_room() {
    let mut m = settled(435, Conditions::PERFECT);
    let heir = m.first_successor();
    claim_every_round(&mut m, heir, 15_000);
    assert_eq!(m.hosts().len(), 1, "the next successor takes the room: {}", m.describe());
    assert!(m.settle(), "{}", m.describe());
}

#[test]
fn attack4_polling_on_a_lossy_network_does_not_depose_a_live_host() {
    let lossy = Conditions { min_delay_ms: 5, max_delay_ms: 30, loss_permille: 50, ..Conditions::PERFECT };
    let mut m = settled(436, lossy);
    // The strongest adversary: the first successor, whose turn comes first.
    let first = m.first_successor();
    let mut a = Adversary::of(&m, first);
    m.devices[first].take();
    let others: Vec<usize> = (0..5).filter(|i| *i != first).collect();
    let epoch = Epoch(0).after(a.me).unwrap();
    let mut granted = BTreeMap::new();
    let mut announced = 0;
    // A minute of polls every 10 ms; whenever it holds a majority of the
    // room's five, it announces its election to everyone.
    let poll = a.poll(epoch);
    for step in 0..6_000u64 {
        a.send_to(&m, &others, &poll);
        a.collect(epoch, &mut granted);
        if granted.len() + 1 >= 3 && step % 100 == 0 {
            let mut votes = vec![a.ballot(epoch, a.me, a.me)];
            votes.extend(granted.values().copied());
            let claim = a.elected(epoch, votes, 5);
            a.send_to(&m, &others, &claim);
            announced += 1;
        }
        m.step();
    }
    println!("granted by {:?}, announced {announced} times", granted.keys().collect::<Vec<_>>());
    assert_eq!(m.hosts(), vec![0], "the live host keeps the room: {}", m.describe());
    assert!(m.alive().all(|d| d.replica.epoch() == Epoch(0)), "nobody follows: {}", m.describe());
}

#[test]
fn attack4_real_votes_from_a_moment_of_silence_do_not_depose_a_live_host() {
    let mut m = settled(438, Conditions::PERFECT);
    let first = m.first_successor();
    let mut a = Adversary::of(&m, first);
    m.devices[first].take();
    let voters: Vec<usize> = (1..5).filter(|i| *i != first).take(2).collect();
    // Two voters lose the host for a moment: long enough to grant real votes.
    m.partition(&[0], &voters);
    let epoch = Epoch(0).after(a.me).unwrap();
    let poll = a.poll(epoch);
    let mut granted = BTreeMap::new();
    let cut = m.now;
    while m.now < cut + 2_500 {
        a.send_to(&m, &voters, &poll);
        a.collect(epoch, &mut granted);
        m.step();
    }
    assert_eq!(granted.len(), 2, "a majority of five with its own");
    // They hear the host again; the adversary shows its certificate to everyone.
    m.heal(&[0], &voters);
    m.run_for(500);
    let mut votes = vec![a.ballot(epoch, a.me, a.me)];
    votes.extend(granted.values().copied());
    let claim = a.elected(epoch, votes, 5);
    let others: Vec<usize> = (0..5).filter(|i| *i != first).collect();
    a.send_to(&m, &others, &claim);
    m.run_for(3_000);
    assert_eq!(m.hosts(), vec![0], "the live host keeps the room: {}", m.describe());
    assert!(m.alive().all(|d| d.replica.epoch() == Epoch(0)), "nobody follows: {}", m.describe());
    the_room_is_told(&mut m, 0, Forgery::LiveHost);
    for v in voters {
        let told = m.devices[v].as_mut().unwrap().drain_refused_elections();
        assert!(told.contains(&Forgery::HostHeard), "device {v} was told {told:?}");
    }
}

#[test]
fn certificate_counts_one_key_once() {
    let mut m = settled(437, Conditions::PERFECT);
    const VICTIM: usize = 4;
    let mut a = Adversary::of(&m, 3);
    // The room as the victim hears it from its host lists three players
    // under the adversary's one key (a device that took three places).
    let mut view = m.dev(VICTIM).replica.room().unwrap().clone();
    view.version += 1;
    let names: Vec<PlayerNo> = (1..4).map(|i| m.dev(i).replica.me().unwrap()).collect();
    for p in view.players.iter_mut().filter(|p| names.contains(&p.no)) {
        p.key = a.key.public();
    }
    let mut host = m.net.endpoint(m.ids[0]);
    for d in encode_host(Epoch(0), &HostMsg::Room(Box::new(view)), &mut 0).unwrap() {
        host.send(m.ids[VICTIM], d);
    }
    m.run_for(100);
    let keys =
        |m: &Mesh| m.dev(VICTIM).replica.room().unwrap().players.iter().map(|p| p.key).collect::<Vec<_>>();
    assert_eq!(keys(&m).iter().filter(|k| **k == a.key.public()).count(), 3, "the victim's view");
    // The victim stops hearing its host, so a real certificate would move it.
    m.partition(&[0], &[VICTIM]);
    m.run_for(2_500);
    let epoch = Epoch(0).after(a.me).unwrap();
    let votes: Vec<Ballot> = names.iter().map(|p| a.ballot(epoch, a.me, *p)).collect();
    for of in [5, 1] {
        let claim = a.elected(epoch, votes.clone(), of);
        a.send_to(&m, &[VICTIM], &claim);
    }
    m.run_for(200);
    assert_eq!(m.dev(VICTIM).replica.epoch(), Epoch(0), "one key is one vote: {}", m.describe());
    assert_eq!(m.dev(VICTIM).refused_elections(), (2, Some(Forgery::Certificate)));
}
