//! Issue 43, point 9, "warnings a peer can silence": the audit names every
//! host it catches, not only the first; and issue 48: a host that left
//! before showing its key is told apart from one that cheated (a caution
//! naming the departed host, not a warning).
//!
//! Written as the table sees it: host 0 hides its dice keys and is named;
//! its tab closes, a guest is elected, and that successor hides its keys
//! too. Every other replica must name the second host as well.
#![allow(clippy::unwrap_used)]

mod common;

use common::findings::{against, run, settle, watched_room as room};
use duel_net::host::Cheat;
use duel_net::{AuditFinding, Finding, Notice};

#[test]
fn attack9_a_second_cheating_host_is_named_too() {
    let mut m = room(91);
    let mut said = vec![Vec::new(); m.devices.len()];
    run(&mut m, 2_000, &mut said);
    assert!(said.iter().all(Vec::is_empty), "an honest host is not named: {said:?}");

    // The first host hides its keys: every replica names it.
    let first = m.dev(0).replica.me().unwrap();
    m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::StripSeals);
    run(&mut m, 60_000, &mut said);
    for (i, s) in said.iter().enumerate().skip(1) {
        assert!(!against(s, first).is_empty(), "replica {i} named the first host: {s:?}");
    }

    // Its tab closes; a guest is elected and hides its keys as well.
    m.kill(0);
    settle(&mut m, &mut said);
    let heir = m.host();
    let second = m.dev(heir).replica.me().unwrap();
    assert_ne!(second, first);
    let before: Vec<usize> = said.iter().map(Vec::len).collect();
    m.devices[heir].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::StripSeals);
    run(&mut m, 60_000, &mut said);
    for i in (1..m.devices.len()).filter(|i| *i != heir) {
        let new = &said[i][before[i]..];
        let named = against(new, second);
        assert!(!named.is_empty(), "replica {i} named the second host too: {new:?}");
        assert!(named.iter().all(|f| f.why == AuditFinding::SealMissing), "{named:?}");
        // Still one notice per host: the first host's cheat is not told again and again.
        assert!(new.len() <= 3, "replica {i}: {new:?}");
    }
}

#[test]
fn a_host_that_leaves_before_showing_its_key_is_named_in_a_caution_not_accused() {
    let mut m = room(92);
    let mut said = vec![Vec::new(); m.devices.len()];
    run(&mut m, 3_000, &mut said);
    let gone = m.dev(0).replica.me().unwrap();
    m.kill(0);
    settle(&mut m, &mut said);
    run(&mut m, 5_000, &mut said);
    for (i, s) in said.iter().enumerate().skip(1) {
        assert!(against(s, gone).is_empty(), "replica {i} accused an honest host that left: {s:?}");
        let caution: Vec<&Finding> = s
            .iter()
            .filter_map(|n| match n {
                Notice::DiceUnchecked(f) => Some(f),
                _ => None,
            })
            .collect();
        assert_eq!(caution.len(), 1, "replica {i}: told once: {caution:?}");
        for f in caution {
            assert_eq!((f.why, f.host), (AuditFinding::HostGone, Some(gone)), "replica {i}");
            assert!(!f.accuses());
        }
    }
}
