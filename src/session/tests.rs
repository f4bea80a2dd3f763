//! The session on a simulated clock: practice starts, bots play through the
//! same path as people, a saved room comes back.

use duel_core::{Intent, SeatId, SeatSpec, ShipId, Station};
use duel_net::{Command, LobbyEdit, PlayerToken, SeatHolder};

use super::*;

fn me() -> Player {
    Player { token: PlayerToken(0xABCD), name: "Tester".into() }
}

/// Pumps every 20 ms until `done` or `max_ms` pass; returns the time reached.
fn run(s: &mut dyn SessionApi, from: u64, max_ms: u64, done: impl Fn(&dyn SessionApi) -> bool) -> u64 {
    let mut now = from;
    while now < from + max_ms && !done(s) {
        now += 20;
        s.pump(now);
    }
    now
}

#[test]
fn one_tap_practice_seats_the_player_and_starts() {
    let opts = Options { bots_paused: true, ..Options::default() };
    let mut s = practice::quick(&opts, 3, me());
    run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let room = s.room().expect("room");
    assert!(room.started);
    assert_eq!(room.seats[0], SeatHolder::Player(s.me().expect("me")));
    assert_eq!(room.seats[1], SeatHolder::Bot);
    assert!(s.is_owner());
}

#[test]
fn a_refused_intent_comes_back_with_the_rule_text() {
    let opts = Options { bots_paused: true, ..Options::default() };
    let mut s = practice::quick(&opts, 3, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let err = s.submit(now, SeatId(0), Intent::RollDice { station: Station::Sensors, dice: vec![0] });
    assert!(err.expect_err("no energy").contains("Sensors"));
}

#[test]
fn events_reach_the_ui_in_order_once_applied() {
    let opts = Options { bots_paused: true, ..Options::default() };
    let mut s = practice::quick(&opts, 3, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    s.submit(now, SeatId(0), Intent::RollEnergy { dice: vec![0, 1, 2, 3, 4, 5] }).expect("roll");
    let p = s.pump(now + 20);
    assert!(p.game_changed);
    assert!(matches!(p.events.as_slice(), [(_, duel_core::Event::EnergyRolled { .. })]), "{:?}", p.events);
}

#[test]
fn bots_play_a_whole_game_to_a_winner_at_speed() {
    let opts = Options { speed: 50, fast: true, ..Options::default() };
    let mut s = practice::lobby(&opts, 11, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.room().is_some_and(|r| r.seats[1] == SeatHolder::Bot));
    s.command(now, Command::Release { seat: SeatId(0) }).expect("release");
    s.command(now, Command::Edit(LobbyEdit::Bot { seat: SeatId(0), bot: true })).expect("bot");
    s.command(now, Command::Start).expect("start");
    let now = run(&mut s, now, 2_000, |s| s.game().is_some());
    let end = run(&mut s, now, 900_000, |s| s.game().is_some_and(|g| g.outcome().is_some()));
    assert!(s.game().and_then(|g| g.outcome()).is_some(), "no winner after {} ms", end - now);
}

#[test]
fn one_person_and_eleven_bots_reach_a_winner() {
    let opts = Options { speed: 50, fast: true, ..Options::default() };
    let mut s = practice::lobby(&opts, 5, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.room().is_some_and(|r| r.seats.len() == 2));
    let seats: Vec<SeatSpec> = [ShipId(0), ShipId(1)]
        .into_iter()
        .flat_map(|ship| {
            duel_core::station::ALL_STATIONS.map(|st| SeatSpec { ship, stations: vec![st], captain: false })
        })
        .collect();
    s.command(now, Command::Edit(LobbyEdit::Seats(seats))).expect("seats");
    s.command(now, Command::Claim { seat: SeatId(4) }).expect("claim shields");
    for i in (0..12).filter(|i| *i != 4) {
        s.command(now, Command::Edit(LobbyEdit::Bot { seat: SeatId(i), bot: true })).expect("bot");
    }
    s.command(now, Command::Start).expect("start");
    let now = run(&mut s, now, 2_000, |s| s.game().is_some());
    assert_eq!(s.room().map(|r| r.bot_seats().len()), Some(11));
    run(&mut s, now, 900_000, |s| s.game().is_some_and(|g| g.outcome().is_some()));
    assert!(s.game().and_then(|g| g.outcome()).is_some(), "the bots never finished");
}

#[test]
fn a_saved_room_resumes_with_the_same_game() {
    let opts = Options { bots_paused: false, speed: 10, ..Options::default() };
    let mut s = practice::quick(&opts, 9, me());
    let now = run(&mut s, 1_000, 20_000, |s| s.game().is_some_and(|g| g.events_applied() > 40));
    let saved = s.save().expect("host save");
    let hash = s.game().map(|g| g.state_hash());
    let mut back =
        Session::restore(&saved, Offline, me(), BotDriver::new(1, 9, true), opts.timing()).expect("restores");
    run(&mut back, now, 2_000, |s| s.game().is_some());
    assert_eq!(back.game().map(|g| g.state_hash()), hash);
    assert_eq!(back.room().map(|r| r.seats[0]), Some(SeatHolder::Player(back.me().expect("me"))));
}

#[test]
fn set_up_phase_bot_team_places_its_tokens() {
    let opts = Options { speed: 10, ..Options::default() };
    let mut s = practice::lobby(&opts, 4, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.room().is_some_and(|r| r.seats[1] == SeatHolder::Bot));
    s.command(now, Command::Edit(LobbyEdit::Preplaced(None))).expect("set-up phase");
    s.command(now, Command::Start).expect("start");
    let now = run(&mut s, now, 2_000, |s| s.game().is_some());
    assert_eq!(s.game().and_then(|g| g.setup_turn()).map(|t| t.0), Some(0), "White places first");
    let seat = SeatId(0);
    let token = suggest_token(s.game().expect("game"), seat, 4).expect("a square");
    s.submit(now, seat, token).expect("placed");
    let turn = |s: &dyn SessionApi| s.game().and_then(|g| g.setup_turn()).map(|t| t.0);
    let now = run(&mut s, now, 1_000, |s| turn(s) == Some(1));
    run(&mut s, now, 5_000, |s| turn(s) == Some(0));
    assert_eq!(s.game().map(|g| g.tokens_left().0), Some(8), "the bot answered with one token");
    let mirrored = s.game().map(|g| g.obstacles().len() == 2);
    assert_eq!(mirrored, Some(true));
}
