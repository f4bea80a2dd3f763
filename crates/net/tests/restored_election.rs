//! Issue 45: a forked host that reloads before it rejoins. A room of two
//! whose guest's links dropped forks: the guest wins the election alone and
//! hosts its copy while the host, whose links held, keeps its own. Here the
//! guest's tab reloads before the two meet again: all it has is its save.
//! The save keeps the election it won (its lineage), so the restored host
//! tells the older one who won, both are told of two tables, and either
//! player's choice makes the room one again, as when nothing reloaded
//! (`two_hosts.rs`). The save is untrusted: an election altered in it (a
//! certificate forged with the adversary's own key, another device's
//! election, a room made up and signed by the adversary) is refused on
//! restore, whole, and the bytes of a damaged one fail their checksum.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::{room_of_two, Mesh};
use duel_net::seat_key::Statement;
use duel_net::wire::{decode_mesh, Ballot, CopyState, Lineage, MeshMsg, SignedRoom, Vote};
use duel_net::{Epoch, Forgery, Host, RestoreError, SeatKey};

/// The guest's links drop and it hosts alone; each side plays on; the
/// guest's save is taken and its tab closed. Returns the mesh (the guest
/// dead) and the guest's save.
fn forked_and_saved(seed: u64) -> (Mesh, Vec<u8>) {
    let mut m = room_of_two(seed);
    m.rebuild_socket(1);
    assert!(m.run_until(3_000, |m| m.hosts() == vec![0, 1]), "the guest hosts alone: {}", m.describe());
    m.play(2_000, 300);
    let saved = m.dev(1).host.as_ref().unwrap().save();
    m.kill(1);
    (m, saved)
}

/// The guest's tab comes back from its save and meets the older host.
fn reloaded_and_met(seed: u64) -> (Mesh, Epoch) {
    let (mut m, saved) = forked_and_saved(seed);
    let elected = Host::restore(&saved).unwrap().epoch();
    assert!(elected > Epoch(0));
    m.run_for(1_000);
    m.reopen(1, Some(&saved));
    m.run_for(5_000);
    (m, elected)
}

#[test]
fn a_forked_host_restored_from_its_save_is_named_beside_the_older_host() {
    let (mut m, elected) = reloaded_and_met(451);
    assert_eq!(m.hosts(), vec![0, 1], "two hosts until a player chooses: {}", m.describe());
    assert_eq!(m.dev(0).host.as_ref().unwrap().epoch(), Epoch(0), "the live host kept its room");
    assert_eq!(m.dev(1).host.as_ref().unwrap().epoch(), elected);
    let told = m.devices[0].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&Forgery::LiveHost), "the older host checked the restored election: {told:?}");
    let told = m.devices[1].as_mut().unwrap().drain_refused_elections();
    assert!(told.contains(&Forgery::TwoHosts), "the restored host was told {told:?}");
    let (host, guest) = (m.dev(0).replica.me().unwrap(), m.dev(1).replica.me().unwrap());
    assert_eq!(m.dev(0).rival().map(|r| r.host), Some(guest));
    assert_eq!(m.dev(1).rival().map(|r| r.host), Some(host));
}

#[test]
fn a_forked_host_restored_from_its_save_either_player_s_choice_makes_one_room() {
    for (seed, chooser) in [(452, 0), (453, 1)] {
        let (mut m, elected) = reloaded_and_met(seed);
        let now = m.now;
        m.devices[chooser].as_mut().unwrap().follow_rival(now);
        assert!(m.settle(), "one room: {}", m.describe());
        assert_eq!(m.hosts(), vec![1 - chooser], "the other table: {}", m.describe());
        if chooser == 0 {
            assert_eq!(m.epoch(), elected, "the older host follows the election the save kept");
        } else {
            assert!(m.epoch() > elected, "the older host hosts the round after");
        }
        assert!(m.alive().all(|d| d.rival().is_none()), "nothing left to choose");
        m.play(2_000, 300);
        assert!(m.settle(), "the game goes on: {}", m.describe());
    }
}

#[test]
fn the_save_keeps_the_election_and_the_restored_host_announces_it() {
    let (mut m, saved) = forked_and_saved(454);
    m.reopen(1, Some(&saved));
    let told = m.dev(1).host.as_ref().unwrap().elected_msg().map(|d| decode_mesh(&d).unwrap());
    let Some(MeshMsg::Elected { epoch, peer, .. }) = told else { panic!("no election to tell: {told:?}") };
    assert_eq!((epoch, peer), (m.dev(1).host.as_ref().unwrap().epoch(), m.ids[1]), "signed for its new id");
    let host = Host::restore(&saved).unwrap();
    let last = host.lineage().steps.last().expect("the save kept the election");
    assert_eq!(last.elected.epoch, host.epoch());
    assert_eq!(last.elected.host, last.elected.epoch.candidate());
    // Saved again, it is the same election.
    let again = Host::restore(&host.save()).unwrap();
    assert_eq!(again.lineage(), host.lineage());
}

/// The guest's save with its lineage replaced by `forge(lineage)`, saved
/// again as the guest's modified client would (its checksum is right).
fn with_lineage(saved: &[u8], forge: impl FnOnce(&mut Lineage)) -> Vec<u8> {
    let mut host = Host::restore(saved).unwrap();
    let mut lineage = host.lineage().clone();
    forge(&mut lineage);
    host.descend_from(lineage);
    host.save()
}

/// One way of altering the saved lineage.
type Forge<'a> = Box<dyn FnOnce(&mut Lineage) + 'a>;

#[test]
fn an_election_altered_in_a_save_is_refused_whole() {
    let (m, saved) = forked_and_saved(455);
    let room = m.dev(0).replica.room_digest();
    let adversary = SeatKey::from_seed([45; 32]);
    let last = |l: &mut Lineage| l.steps.len() - 1;
    let forgeries: Vec<(&str, Forge<'_>)> = vec![
        (
            "the winner's own vote replaced by the host's, signed with the adversary's key",
            Box::new(|l: &mut Lineage| {
                let i = last(l);
                let host = l.steps[i].before.view.host.unwrap();
                let e = &mut l.steps[i].elected;
                let vote = Vote {
                    epoch: e.epoch,
                    candidate: e.host,
                    voter: host,
                    granted: true,
                    state: CopyState::default(),
                };
                e.votes = vec![Ballot::sign(vote, &adversary, &room)];
            }),
        ),
        (
            "the winner's signature made with the adversary's key",
            Box::new(|l: &mut Lineage| {
                let i = last(l);
                let e = &mut l.steps[i].elected;
                e.sig = adversary.sign(Statement::Elected, &room, &(e.epoch, e.host, e.peer));
            }),
        ),
        (
            "the election moved to a later round",
            Box::new(|l: &mut Lineage| {
                let i = last(l);
                let e = &mut l.steps[i].elected;
                e.epoch = Epoch::at(e.epoch.round() + 1, e.host);
            }),
        ),
        (
            "a room made up and signed by the adversary, listing its own key for the old host",
            Box::new(|l: &mut Lineage| {
                let i = last(l);
                let before = &mut l.steps[i].before;
                let host = before.view.host.unwrap();
                before
                    .view
                    .players
                    .iter_mut()
                    .filter(|p| p.no == host)
                    .for_each(|p| p.key = adversary.public());
                before.sig = SignedRoom::sign(&adversary, &room, before.epoch, &before.view);
            }),
        ),
        (
            "an election with no room before it",
            Box::new(|l: &mut Lineage| l.steps.iter_mut().for_each(|s| s.before.view.host = None)),
        ),
    ];
    for (what, forge) in forgeries {
        let forged = with_lineage(&saved, forge);
        assert_eq!(Host::restore(&forged).err(), Some(RestoreError::Unelected), "{what}");
    }
    // Another device's election copied into a save: the older host's save
    // (the room's creator, epoch 0) with the guest's election in it.
    let stolen = Host::restore(&saved).unwrap().lineage().clone();
    let mut older = Host::restore(&m.dev(0).host.as_ref().unwrap().save()).unwrap();
    assert!(older.lineage().steps.is_empty(), "the creator was elected by nobody");
    older.descend_from(stolen);
    assert_eq!(
        Host::restore(&older.save()).err(),
        Some(RestoreError::Unelected),
        "another device's election"
    );
    // Damaged bytes (storage cut the save short, or a bit flipped in the lineage) fail their checksum.
    let mut flipped = saved.clone();
    let at = flipped.len() - 40;
    flipped[at] ^= 0x10;
    assert_eq!(Host::restore(&flipped).err(), Some(RestoreError::Checksum));
    assert_eq!(Host::restore(&saved[..saved.len() - 1]).err(), Some(RestoreError::Checksum));
    // The genuine save still restores, with its election.
    assert!(Host::restore(&saved).unwrap().lineage().steps.last().is_some());
}
