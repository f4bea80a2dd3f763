//! Issue 31, "dice nobody can grind": one command has one possible set of
//! dice, fixed before the host sees it. A host that tries nonces for its own
//! crew's rolls gets the fair rate; a host that delays or reorders a
//! command gets the same dice for it; a nonce its device never committed to
//! is refused and changes nothing.
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::Mesh;
use duel_core::{GameConfig, Intent, SeatId};
use duel_net::fuzz::{command_of, started_host};
use duel_net::host::Cheat;
use duel_net::wire::{encode_peer, HostDecoder};
use duel_net::{Command, CommandId, Conditions, Host, HostMsg, HostRefusal, PeerId, PeerMsg, PlayerToken};

/// The face the grinding host wants.
const WANTED: u8 = 6;

#[test]
fn a_host_grinding_nonces_for_its_own_crew_rolls_the_fair_rate() {
    // Before issue 31 a host trying 16 nonces got its face 45 times in 48.
    let (mut wanted, mut rolled) = (0u64, 0u64);
    let mut seed = 1;
    while rolled < 600 {
        let mut m = Mesh::started(
            seed,
            GameConfig::quick_duel(seed),
            &[vec![SeatId(0)], vec![SeatId(1)]],
            Conditions::PERFECT,
        );
        m.devices[0].as_mut().unwrap().host.as_mut().unwrap().cheat(Cheat::Grind { tries: 16, face: WANTED });
        m.play(120_000, 500);
        let (w, r) = m.dev(0).host.as_ref().unwrap().grind_tally();
        let refused = m.rejected.iter().filter(|r| r.contains("nonce")).count();
        assert_eq!(refused, 0, "the host ran every command with its committed nonce");
        wanted += w;
        rolled += r;
        seed += 1;
    }
    let rate = wanted as f64 / rolled as f64;
    // Fair is 1/6; 600 dice give a standard deviation of 0.015: 0.05 is over three of them.
    assert!((rate - 1.0 / 6.0).abs() < 0.05, "{wanted} of {rolled} dice showed {WANTED}: {rate:.3}");
}

/// The first intent of `seat` that rolls dice at the start of a quick duel.
fn a_roll(host: &Host, seat: SeatId) -> Intent {
    let game = host.game().unwrap();
    game.legal_intents(seat)
        .into_iter()
        .find(
            |i| matches!(i, Intent::RollEnergy { dice } | Intent::RollDice { dice, .. } if !dice.is_empty()),
        )
        .expect("a roll is legal at the start")
}

fn replies(out: &[duel_net::Outbound], to: PeerId) -> Vec<HostMsg> {
    let mut d = HostDecoder::default();
    out.iter().filter(|o| o.to == to).filter_map(|o| d.decode(&o.datagram).unwrap()).map(|s| s.msg).collect()
}

/// What `token` (on peer `peer`) sending command `id` did to the log: the events it added.
fn run(host: &mut Host, peer: u128, token: u128, id: u32, command: Command) -> Vec<duel_core::Event> {
    let before = host.log().len();
    let player = host.player_of(PeerId(peer)).unwrap();
    let msg = command_of(PlayerToken(token), player, CommandId(id), command);
    host.handle(0, PeerId(peer), &encode_peer(&msg).unwrap());
    host.log()[before..].to_vec()
}

#[test]
fn a_command_delayed_behind_another_gets_the_same_dice() {
    // Player A (token 1, peer 1, seat 0) rolls; player B (token 2, peer 2, seat 1) rolls too.
    let mut first = started_host();
    let mut later = started_host();
    let a = Command::Intent { seat: SeatId(0), intent: a_roll(&first, SeatId(0)) };
    let b = Command::Intent { seat: SeatId(1), intent: a_roll(&first, SeatId(1)) };
    // One host runs A at once; the other holds A back until B's roll is logged.
    let a_first = run(&mut first, 1, 1, 2, a.clone());
    assert!(!run(&mut later, 2, 2, 1, b).is_empty(), "B rolled first");
    let a_later = run(&mut later, 1, 1, 2, a);
    assert!(!a_first.is_empty());
    assert_eq!(a_first, a_later, "the same command, the same dice, wherever the host put it");
    let at = |h: &Host| h.marks().last().unwrap().at;
    assert_ne!(at(&first), at(&later), "at another position in the log");
}

#[test]
fn a_nonce_the_device_never_committed_to_is_refused_and_changes_nothing() {
    let mut host = started_host();
    let roll = Command::Intent { seat: SeatId(0), intent: a_roll(&host, SeatId(0)) };
    let (head, hash) = (host.head(), host.game().unwrap().state_hash());
    let unsigned = duel_net::SeatSig([0; 32], [0; 32]);
    let forged = PeerMsg::Command { id: CommandId(2), command: roll.clone(), nonce: [9; 32], sig: unsigned };
    // Signed by the device itself: only the nonce is wrong.
    let forged = duel_net::fuzz::signed_for(&host, PeerId(1), forged);
    let out = host.handle(0, PeerId(1), &encode_peer(&forged).unwrap());
    let refused = replies(&out, PeerId(1));
    assert!(
        refused.contains(&HostMsg::Rejected {
            id: CommandId(2),
            reason: HostRefusal::ForgedNonce(CommandId(2))
        }),
        "{refused:?}"
    );
    assert_eq!((host.head(), host.game().unwrap().state_hash()), (head, hash), "nothing changed");
    assert!(HostRefusal::ForgedNonce(CommandId(2)).to_string().contains("nonce"));
    // Another player's link is not this player's either.
    let theirs = command_of(PlayerToken(2), duel_net::PlayerNo(1), CommandId(3), roll.clone());
    let PeerMsg::Command { nonce, .. } = theirs else { unreachable!() };
    let stolen = PeerMsg::Command { id: CommandId(3), command: roll.clone(), nonce, sig: unsigned };
    let stolen = duel_net::fuzz::signed_for(&host, PeerId(1), stolen);
    host.handle(0, PeerId(1), &encode_peer(&stolen).unwrap());
    assert_eq!(host.head(), head, "a link of another chain is refused too");
    // The committed link runs.
    assert!(!run(&mut host, 1, 1, 4, roll).is_empty(), "the device's own link is accepted");
}
