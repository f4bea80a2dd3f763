//! The one way to act, without a screen: an errand reaches the runner the
//! services handed the store, with its answer back; a game act reaches the
//! session as the intent it means.

use std::cell::RefCell;

use duel_core::{Event, SeatId, Station};
use duel_net::{PlayerToken, SeatKey};
use leptos::prelude::*;

use super::{Act, Acted, Errand, Services, Store};
use crate::session::{practice, Identity, Options, SessionKind};

thread_local! {
    /// The errands the test's runner was handed, in words.
    static RAN: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// A runner as `boot::run` is one: it notes each errand and answers.
fn runner(_: Store, errand: Errand) -> Acted {
    let (noted, answer) = match errand {
        Errand::Leave => ("leave".to_string(), Acted::Done),
        Errand::EnterRoom(room) => (format!("enter {room}"), Acted::NotDone),
        Errand::SetName { name, tell_room } => (format!("name {name} {tell_room}"), Acted::Done),
        _ => ("another errand".to_string(), Acted::Done),
    };
    RAN.with(|r| r.borrow_mut().push(noted));
    answer
}

fn persist(_: SessionKind, _: &[u8], _: &[(SeatId, Vec<u8>)], _: (bool, bool)) {}

fn store() -> Store {
    let opts = Options { seed: Some(7), bots_paused: true, ..Options::default() };
    Store::new(opts, Services { persist, run: runner })
}

#[test]
fn an_errand_reaches_the_registered_runner_and_its_answer_comes_back() {
    let owner = Owner::new();
    owner.set();
    let store = store();
    assert_eq!(store.act(Errand::Leave), Acted::Done);
    assert_eq!(store.act(Errand::EnterRoom("k3x9".into())), Acted::NotDone);
    assert_eq!(store.act(Errand::SetName { name: "Ada".into(), tell_room: true }), Acted::Done);
    RAN.with(|r| assert_eq!(*r.borrow(), ["leave", "enter k3x9", "name Ada true"]));
}

#[test]
fn a_game_act_sends_its_intent_to_the_session() {
    let owner = Owner::new();
    owner.set();
    let store = store();
    let player = Identity { token: PlayerToken(1), key: SeatKey::from_seed([1; 32]), name: "Ada".into() };
    store.install(Box::new(practice::quick(&store.opts, 7, player)), SessionKind::Practice);
    assert!(store.game.with_untracked(Option::is_some), "the quick practice's battle began");
    let before = store.with_history(<[Event]>::len).unwrap_or(0);
    // Seat 0 crews the whole of White: its Engineering rolls the energy dice.
    let acted = store.act(Act::Roll { seat: SeatId(0), station: Station::Engineering });
    assert_eq!(acted, Acted::Done);
    let history = store.with_history(<[Event]>::to_vec).unwrap_or_default();
    assert!(
        history[before..].iter().any(|e| matches!(e, Event::EnergyRolled { .. })),
        "the roll reached the host: {:?}",
        &history[before..]
    );
    // A refused intent is the core's words in a toast, and nothing is sent.
    let after = store.with_history(<[Event]>::len).unwrap_or(0);
    assert_eq!(store.act(Act::Send { seat: SeatId(1), intent: duel_core::Intent::WarpJump }), Acted::NotDone);
    assert_eq!(store.with_history(<[Event]>::len), Some(after));
}

#[test]
fn a_pairing_act_with_no_room_does_nothing() {
    let owner = Owner::new();
    owner.set();
    let store = store();
    assert_eq!(store.act(Act::Invite), Acted::NotDone);
    assert_eq!(store.act(Act::ScannedAnswer("DD1:nothing".into())), Acted::NotDone);
    assert_eq!(store.showing(), None);
    assert!(!store.serverless());
}

#[test]
fn saving_and_deleting_a_map_changes_the_one_list_both_screens_read() {
    let owner = Owner::new();
    owner.set();
    let store = store();
    let before = store.maps.list.with_untracked(Vec::len);
    let mine = duel_core::map::MapSpec { name: "Orbit of Ada".into(), ..crate::atlas::new_map() };
    assert_eq!(store.act(Act::SaveMap(Box::new(mine.clone()))), Acted::Done);
    assert!(store.maps.list.with_untracked(|l| l.iter().any(|m| m.name == "Orbit of Ada")));
    assert_eq!(store.maps.list.with_untracked(Vec::len), before + 1);
    // A refusal (no name) is a toast, and the list is as it was.
    let unnamed = duel_core::map::MapSpec { name: "  ".into(), ..mine };
    assert_eq!(store.act(Act::SaveMap(Box::new(unnamed))), Acted::NotDone);
    assert_eq!(store.maps.list.with_untracked(Vec::len), before + 1);
    assert_eq!(store.act(Act::DeleteMap("Orbit of Ada".into())), Acted::Done);
    assert_eq!(store.maps.list.with_untracked(Vec::len), before);
}
