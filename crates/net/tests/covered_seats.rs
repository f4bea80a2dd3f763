//! A seat never dies with its device (issue 30): when a player's device goes
//! silent mid-game, its seats pass to the room owner's bots on every replica
//! (`RoomView::covered_seats`), the owner may act for them and nobody else
//! may, and the moment the device comes back they are its own again.
#![allow(clippy::unwrap_used)]

mod common;

use common::Sim;
use duel_core::{GameConfig, SeatId};
use duel_net::{Conditions, PlayerNo, SubmitError};

/// Player 0 (the owner) on seat 0, player 1 on seat 1, player 2 watching.
fn room(seed: u64) -> Sim {
    let mut sim = Sim::new(seed, GameConfig::quick_duel(seed), 3, Conditions::PERFECT);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![]]);
    sim
}

/// Player `by` sends the first legal intent for `seat`; the notice count of refusals after it settles.
fn act_for(sim: &mut Sim, by: usize, seat: SeatId) -> Result<u64, SubmitError> {
    let intent = sim.host_game().legal_intents(seat).into_iter().next().expect("a legal intent");
    let now = sim.now;
    let before = sim.stats.rejected;
    sim.peers[by].submit(now, seat, intent)?;
    sim.run_until(5_000, |s| s.all_idle());
    Ok(sim.stats.rejected - before)
}

#[test]
fn a_silent_device_has_its_seats_played_by_the_owners_bots_until_it_returns() {
    let mut sim = room(31);
    let p1 = sim.peers[1].replica.me().unwrap();
    assert_eq!(sim.peers[0].replica.room().unwrap().covered_seats(), vec![]);
    assert_eq!(
        act_for(&mut sim, 0, SeatId(1)),
        Err(SubmitError::NotYourSeat(SeatId(1))),
        "not while its player is here"
    );

    // Player 1's phone locks: silent past `away_after_ms` (5 s), its seat is covered everywhere.
    sim.drop_peer(1);
    let covered = |s: &Sim, want: &[(SeatId, PlayerNo)]| {
        [0, 2].iter().all(|&i| s.peers[i].replica.room().is_some_and(|r| r.covered_seats() == want))
    };
    assert!(sim.run_until(8_000, |s| covered(s, &[(SeatId(1), p1)])), "covered within 8 s");
    for i in [0, 2] {
        let room = sim.peers[i].replica.room().unwrap();
        assert!(room.bot_seats().contains(&SeatId(1)), "a bot plays it");
    }
    assert_eq!(sim.peers[0].replica.bot_seats_to_drive(), vec![SeatId(1)], "the owner's app drives it");
    assert_eq!(sim.peers[2].replica.bot_seats_to_drive(), vec![], "nobody else does");

    // The owner's bot acts for it and the host takes it; a spectator may not.
    let head = sim.host_game().state_hash();
    assert_eq!(act_for(&mut sim, 0, SeatId(1)), Ok(0), "the owner's bot plays the covered seat");
    assert_ne!(sim.host_game().state_hash(), head);
    assert_eq!(act_for(&mut sim, 2, SeatId(1)), Err(SubmitError::NotYourSeat(SeatId(1))));

    // The phone comes back with its token: the seat is its own again, at once.
    sim.reconnect(1, 1);
    assert!(
        sim.run_until(10_000, |s| covered(s, &[]) && s.all_idle() && s.converged()),
        "uncovered on return"
    );
    assert_eq!(sim.peers[0].replica.bot_seats_to_drive(), vec![]);
    assert_eq!(act_for(&mut sim, 1, SeatId(1)), Ok(0), "its player plays it again");
    assert_eq!(act_for(&mut sim, 0, SeatId(1)), Err(SubmitError::NotYourSeat(SeatId(1))));
}

#[test]
fn mid_game_anyone_takes_a_seat_a_bot_plays_and_hands_theirs_to_a_bot() {
    let mut sim = room(33);
    let p2 = sim.peers[2].replica.me().unwrap();
    // Player 1's device goes; player 2, watching, slides into the empty chair.
    sim.drop_peer(1);
    assert!(
        sim.run_until(8_000, |s| s.peers[2].replica.room().is_some_and(|r| !r.covered_seats().is_empty()))
    );
    sim.command(2, duel_net::Command::Claim { seat: SeatId(1) });
    let mine = |s: &Sim, i: usize, no: PlayerNo| {
        s.peers[i].replica.room().is_some_and(|r| r.seats_of(no) == [SeatId(1)])
    };
    assert!(sim.run_until(5_000, |s| s.all_idle() && mine(s, 0, p2) && mine(s, 2, p2)), "taken");
    assert_eq!(sim.peers[0].replica.room().unwrap().covered_seats(), vec![], "no bot plays it now");
    assert_eq!(act_for(&mut sim, 2, SeatId(1)), Ok(0), "its new player plays it");

    // Player 1 comes back: the seat stays with whoever took it; player 1 watches.
    sim.reconnect(1, 1);
    assert!(sim.run_until(10_000, |s| s.all_idle() && s.converged()));
    assert_eq!(sim.peers[1].replica.room().unwrap().seats_of(sim.peers[1].replica.me().unwrap()), vec![]);

    // Player 2 hands it to a bot: the owner's bots play it, nobody's chair is empty.
    sim.command(2, duel_net::Command::Release { seat: SeatId(1) });
    assert!(sim.run_until(5_000, |s| s.all_idle() && s.peers[0].replica.bot_seats_to_drive() == [SeatId(1)]));
    assert_eq!(act_for(&mut sim, 0, SeatId(1)), Ok(0), "the owner's bot plays it");
    // A present player's seat cannot be taken.
    sim.command(1, duel_net::Command::Claim { seat: SeatId(0) });
    let before = sim.stats.rejected;
    sim.run_until(5_000, |s| s.all_idle());
    assert_eq!(sim.stats.rejected, before + 1, "seat 0 is its player's");
    assert_eq!(sim.stats.reasons.get("seat 0 is taken"), Some(&1));
}
