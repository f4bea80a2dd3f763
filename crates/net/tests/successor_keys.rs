//! Issue 43, attack 5: "a successor rolls unchecked under the departed
//! host's key", and its converse, an honest successor blamed for dice it
//! only re-served. Written as the adversary: the elected host labels its
//! own batches with the last key of the host before it (committed, never
//! shown: that host left first) and leaves its seals out until just before
//! a checkpoint would need one. Every other replica must name it, not
//! pass its dice as the departed host's. And when the first host hid its
//! dice and an honest guest takes over, the guest's snapshot of that
//! history must not make it the one accused; nor can a successor frame the
//! departed host by rewriting the marks of the history it re-serves.
#![allow(clippy::unwrap_used)]

mod common;

use common::findings::{against, run, settle, step, tampered_by, watched_room as room};
use duel_net::host::Cheat;
use duel_net::{AuditFinding, Seq};

#[test]
fn attack5_a_successor_rolling_under_its_predecessors_key_is_named() {
    let mut m = room(51);
    let mut said = vec![Vec::new(); m.devices.len()];
    run(&mut m, 3_000, &mut said);
    // The host's key at its last batch: committed in a seal, never shown, as the host leaves now.
    let (_, marks) = m.dev(1).replica.events_from(Seq(1), 1 << 16);
    let old = marks.iter().rev().find(|mk| mk.key.epoch == 0).unwrap().key;
    let start = m.dev(1).replica.head().0;
    let first = m.dev(0).replica.me().unwrap();
    let every = m.dev(1).replica.room().unwrap().timing.checkpoint_every;
    m.kill(0);
    // Whichever guest is elected labels its own batches with that key from its first one on,
    // until just before the next checkpoint, where a seal only the departed host could make is due.
    let stop = (start / every + 1) * every - 16;
    let cheat = Some(Cheat::PredecessorKey(old));
    let end = m.now + 60_000;
    while !(m.hosts().len() == 1 && m.converged() && m.dev(m.host()).replica.head().0 >= stop) {
        assert!(m.now < end, "{}", m.describe());
        step(&mut m, &mut said, cheat, true);
    }
    // No more play: the audit confirms what was rolled, and no checkpoint comes.
    for _ in 0..20 {
        step(&mut m, &mut said, cheat, false);
    }
    let heir = m.host();
    let second = m.dev(heir).replica.me().unwrap();
    let rolled = m.dev(heir).replica.head().0 - start;
    assert!(m.dev(heir).replica.head().0 < (start / every + 1) * every, "no checkpoint was reached");
    assert!(rolled >= 20, "the successor rolled under the old key for a while: {rolled} events");
    for i in (1..m.devices.len()).filter(|i| *i != heir) {
        let named = against(&said[i], second);
        assert!(
            !named.is_empty(),
            "replica {i} names the successor ({rolled} events under the old key): {:?}",
            said[i]
        );
        assert!(named.iter().all(|f| f.why == AuditFinding::KeyOutOfTurn), "replica {i}: {named:?}");
        assert!(m.dev(i).replica.failed_audit().contains(&second), "replica {i} never votes it back in");
        // The successor strips the seals of the history it re-serves too: the host that
        // delivered that history first, with its seals, is not framed by it.
        assert!(against(&said[i], first).is_empty(), "replica {i} accused the departed host: {:?}", said[i]);
    }
}

#[test]
fn attack5_an_honest_successor_is_not_blamed_for_the_hidden_dice_it_re_serves() {
    let mut m = room(52);
    let mut said = vec![Vec::new(); m.devices.len()];
    run(&mut m, 2_000, &mut said);
    // The first host gives its players' commands nonces of its own choosing: found, and named.
    let first = m.dev(0).replica.me().unwrap();
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::ForgeNonces);
    run(&mut m, 1_500, &mut said);
    m.kill(0);
    settle(&mut m, &mut said);
    let heir = m.host();
    let second = m.dev(heir).replica.me().unwrap();
    // The honest successor serves the room, its snapshots re-serving that history.
    run(&mut m, 20_000, &mut said);
    for (i, s) in said.iter().enumerate().skip(1) {
        assert!(!against(s, first).is_empty(), "replica {i} named the host that forged: {s:?}");
        assert!(
            against(s, second).is_empty() && !tampered_by(s, second),
            "replica {i} blamed the honest successor: {s:?}"
        );
        assert!(!m.dev(i).replica.failed_audit().contains(&second), "replica {i} would never vote for it");
    }
}
