//! Issue 31: a guest cannot take the room. Every election message is
//! signed with its sender's seat key and checked against the keys the
//! receiver's own room view lists; whatever does not hold changes nothing
//! and is counted (`Device::refused_elections`).
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{four_officers, Mesh};
use duel_core::{Event, ShipId};
use duel_net::chain::SignedHead;
use duel_net::seat_key::Statement;
use duel_net::wire::{decode_mesh, encode_mesh, Ballot, Vote};
use duel_net::{
    Conditions, Epoch, Forgery, MemoryEndpoint, MeshMsg, PeerId, PlayerNo, SeatKey, Seq, Transport,
};

/// The forger: a guest that is not the first successor.
const FORGER: usize = 3;

fn settled(seed: u64) -> Mesh {
    let mut m = four_officers(seed, Conditions::PERFECT);
    m.play(3_000, 300);
    assert!(m.settle());
    m
}

/// What the forger knows: its own seat key, player number, address and the room's digest.
struct Forger {
    key: SeatKey,
    me: PlayerNo,
    at: PeerId,
    room: [u8; 32],
    wire: MemoryEndpoint,
}

fn forger(m: &Mesh, i: usize) -> Forger {
    let d = m.dev(i);
    Forger {
        key: d.replica.seat_key().clone(),
        me: d.replica.me().unwrap(),
        at: m.ids[i],
        room: d.replica.room_digest(),
        wire: m.net.endpoint(m.ids[i]),
    }
}

impl Forger {
    fn ballot(&self, epoch: Epoch, candidate: PlayerNo, voter: PlayerNo, head: u64) -> Ballot {
        let state = duel_net::wire::CopyState { epoch: Epoch(0), head: Seq(head), hash: None, signed: None };
        Ballot::sign(Vote { epoch, candidate, voter, granted: true, state }, &self.key, &self.room)
    }

    /// "I won `epoch`" with `votes`, signed with its own key as a winner would.
    fn elected(&self, epoch: Epoch, votes: Vec<Ballot>, of: u16) -> MeshMsg {
        let sig = self.key.sign(Statement::Elected, &self.room, &(epoch, self.me, self.at));
        MeshMsg::Elected { epoch, host: self.me, peer: self.at, votes, of, sig }
    }

    fn send_to(&mut self, m: &Mesh, to: &[usize], msg: &MeshMsg) {
        for &i in to {
            self.wire.send(m.ids[i], encode_mesh(msg).unwrap());
        }
    }
}

fn refused(m: &Mesh, i: usize) -> u64 {
    m.dev(i).refused_elections().0
}

/// Every live device but `but`.
fn all_but(m: &Mesh, but: usize) -> Vec<usize> {
    (0..m.devices.len()).filter(|j| *j != but && m.devices[*j].is_some()).collect()
}

#[test]
fn a_guests_forged_election_at_the_next_round_changes_nothing() {
    let mut m = settled(311);
    let mut f = forger(&m, FORGER);
    let epoch = Epoch(0).after(f.me).unwrap();
    // Its own real vote, and votes in the names of two others signed with its own key.
    let mine = f.ballot(epoch, f.me, f.me, 0);
    let fake = [PlayerNo(1), PlayerNo(2)].map(|p| f.ballot(epoch, f.me, p, 0));
    let forged = f.elected(epoch, [vec![mine], fake.to_vec()].concat(), 5);
    // And one that claims a room of one, so its own vote would be a majority.
    let tiny = f.elected(epoch, vec![mine], 1);
    let victims = all_but(&m, FORGER);
    f.send_to(&m, &victims, &forged);
    f.send_to(&m, &victims, &tiny);
    m.run_for(2_000);
    assert_eq!(m.hosts(), vec![0], "the healthy host keeps hosting");
    assert!(m.alive().all(|d| d.replica.epoch() == Epoch(0)), "nobody follows the forger");
    for i in victims {
        assert_eq!(refused(&m, i), 2, "device {i} counted both");
        assert_eq!(m.dev(i).refused_elections().1, Some(Forgery::Certificate));
    }
    assert!(m.settle());
}

#[test]
fn an_election_at_the_last_epoch_is_refused_and_a_later_honest_one_still_works() {
    let mut m = settled(312);
    let mut f = forger(&m, FORGER);
    let last = Epoch::at(u16::MAX, f.me);
    let forged = f.elected(last, vec![f.ballot(last, f.me, f.me, 0)], 5);
    let victims = all_but(&m, FORGER);
    f.send_to(&m, &victims, &forged);
    m.run_for(1_000);
    assert_eq!(m.hosts(), vec![0]);
    assert!(m.alive().all(|d| d.replica.epoch() == Epoch(0)));
    for i in &victims {
        assert_eq!(m.dev(*i).refused_elections(), (1, Some(Forgery::BeyondWindow)), "device {i}");
    }
    // The real host dies: the room elects its successor in the next round.
    let heir = m.first_successor();
    m.kill(0);
    assert!(m.run_until(10_000, |m| m.hosts().len() == 1), "{}", m.describe());
    assert_eq!(m.host(), heir);
    assert!(m.settle());
    assert_eq!(m.epoch().round(), 1);
}

#[test]
fn a_vote_signed_with_another_players_key_is_refused_and_the_election_completes() {
    let mut m = settled(313);
    let mut f = forger(&m, FORGER);
    let heir = m.first_successor();
    let heir_no = m.dev(heir).replica.me().unwrap();
    m.kill(0);
    // While the heir campaigns, the forger sends "no" votes in others' names.
    let mut sent = 0;
    while m.hosts().len() != 1 && m.now < 30_000 {
        if matches!(m.dev(heir).standing(), duel_net::Standing::Campaigning { epoch, .. } if epoch.round() >= 1)
        {
            let epoch = Epoch(0).after(heir_no).unwrap();
            for p in [PlayerNo(1), PlayerNo(2)] {
                let mut b = f.ballot(epoch, heir_no, p, 0);
                b.vote.granted = false;
                f.send_to(&m, &[heir], &MeshMsg::Vote { ballot: b });
                sent += 1;
            }
        }
        m.step();
    }
    assert!(sent > 0, "the forger spoke during the campaign");
    assert_eq!(m.host(), heir, "{}", m.describe());
    assert!(refused(&m, heir) > 0);
    assert_eq!(m.dev(heir).refused_elections().1, Some(Forgery::Signature));
    assert!(m.settle());
}

#[test]
fn votes_replayed_from_an_older_round_do_not_elect_anyone() {
    let mut m = settled(314);
    let heir = m.first_successor();
    m.kill(0);
    assert!(m.settle(), "{}", m.describe());
    assert_eq!(m.host(), heir);
    let won = m.dev(heir).host.as_ref().unwrap().elected_msg().unwrap();
    let MeshMsg::Elected { epoch, votes: old, .. } = decode_mesh(&won).unwrap() else {
        panic!("an election")
    };
    assert!(old.len() >= 3, "a real certificate of round 1");
    // Whoever holds the winner's key (the winner itself, say) tries to make a
    // round-2 election of those round-1 votes, sent from another address.
    let mut f = forger(&m, heir);
    f.at = m.ids[FORGER];
    f.wire = m.net.endpoint(m.ids[FORGER]);
    let next = Epoch(epoch.0 + 0x1_0000);
    let replayed: Vec<Ballot> = old.iter().filter(|b| b.vote.voter != f.me).copied().collect();
    let forged = f.elected(next, [vec![f.ballot(next, f.me, f.me, 0)], replayed].concat(), 4);
    let victims: Vec<usize> = all_but(&m, heir).into_iter().filter(|i| *i != FORGER).collect();
    f.send_to(&m, &victims, &forged);
    m.run_for(1_000);
    for i in victims {
        assert_eq!(m.dev(i).replica.epoch(), epoch, "device {i} still follows round 1 at its real address");
        assert_eq!(m.dev(i).refused_elections(), (1, Some(Forgery::Certificate)));
    }
    assert!(m.settle());
}

/// Events that end the game, as a forger would write them.
fn the_end() -> Vec<Event> {
    vec![Event::ShipDestroyed { ship: ShipId(1) }, Event::GameOver { winner: None }]
}

#[test]
fn a_guests_unrequested_batch_during_an_election_is_not_adopted() {
    let mut m = settled(315);
    let mut f = forger(&m, FORGER);
    let heir = m.first_successor();
    let next = m.dev(heir).replica.head().next();
    m.kill(0);
    let batch = MeshMsg::Batch { from: next, events: the_end(), marks: vec![] };
    while m.hosts().len() != 1 && m.now < 30_000 {
        f.send_to(&m, &all_but(&m, FORGER), &batch);
        m.step();
    }
    assert!(m.settle(), "{}", m.describe());
    assert_eq!(m.host(), heir);
    assert!(m.host_game().outcome().is_none(), "the forger's game over was not adopted");
    assert!(m.alive().all(|d| d.replica.game().is_some_and(|g| g.outcome().is_none())));
    assert!(refused(&m, heir) > 0);
    assert_eq!(m.dev(heir).refused_elections().1, Some(Forgery::UnrequestedBatch));
}

#[test]
fn a_voter_that_claims_a_copy_it_does_not_serve_is_passed_over() {
    let mut m = settled(316);
    let mut f = forger(&m, FORGER);
    let heir = m.first_successor();
    let head = m.dev(heir).replica.head();
    let signed = m.dev(FORGER).replica.signed_head().unwrap();
    // The forger's tab stops answering; the forger answers in its place.
    m.devices[FORGER].take();
    m.kill(0);
    let long = head.0 + 1_000;
    let mut lied = 0;
    while m.hosts().len() != 1 && m.now < 30_000 {
        for (from, d) in f.wire.receive() {
            match decode_mesh(&d) {
                // "Yes, and my copy is a thousand events longer" (its host's
                // signed head, moved on: the signature no longer holds).
                Ok(MeshMsg::Poll { epoch, candidate, .. }) => {
                    let mut vote = f.ballot(epoch, candidate, f.me, long).vote;
                    vote.state.signed = Some(SignedHead { seq: Seq(long), ..signed });
                    let ballot = Ballot::sign(vote, &f.key, &f.room);
                    f.wire.send(from, encode_mesh(&MeshMsg::Vote { ballot }).unwrap());
                    lied += 1;
                }
                // Asked for them, it sends the game's end from somewhere else.
                Ok(MeshMsg::Fetch { from: seq, .. }) => {
                    let batch = MeshMsg::Batch { from: seq.next(), events: the_end(), marks: vec![] };
                    f.wire.send(from, encode_mesh(&batch).unwrap());
                }
                _ => {}
            }
        }
        m.step();
    }
    assert!(lied > 0, "the heir asked the liar");
    assert!(m.run_until(10_000, |m| m.hosts().len() == 1), "the election completes: {}", m.describe());
    assert_eq!(m.hosts(), vec![heir], "{}", m.describe());
    assert_eq!(m.epoch().round(), 1, "in the first round: no successor stood while it caught up");
    assert!(m.dev(heir).host.as_ref().unwrap().head() >= head);
    assert!(m.host_game().outcome().is_none());
    assert!(refused(&m, heir) > 0, "the head its host never signed is counted");
    assert_eq!(m.dev(heir).refused_elections().1, Some(Forgery::UnsignedHistory));
    assert!(m.settle());
}

#[test]
fn repeated_false_claims_to_host_do_not_stop_an_election() {
    let mut m = settled(317);
    let mut f = forger(&m, FORGER);
    let heir = m.first_successor();
    m.kill(0);
    let now_hosting = MeshMsg::Hosting { epoch: Epoch(0) };
    let newer = MeshMsg::Hosting { epoch: Epoch(0x7_0000 | u32::from(f.me.0)) };
    while m.hosts().len() != 1 && m.now < 30_000 {
        let others = all_but(&m, FORGER);
        f.send_to(&m, &others, &now_hosting);
        f.send_to(&m, &others, &newer);
        m.step();
    }
    assert!(m.settle(), "the election completes: {}", m.describe());
    assert_eq!(m.host(), heir);
    assert_eq!(m.epoch().round(), 1);
    assert!(refused(&m, heir) > 0);
    assert_eq!(m.dev(heir).refused_elections().1, Some(Forgery::FalseHosting));
    // What the app tells the players: each kind once, however many arrived.
    let told = m.devices[heir].as_mut().unwrap().drain_refused_elections();
    assert_eq!(told.iter().filter(|f| **f == Forgery::FalseHosting).count(), 1, "{told:?}");
    assert!(m.devices[heir].as_mut().unwrap().drain_refused_elections().is_empty(), "told once");
}
