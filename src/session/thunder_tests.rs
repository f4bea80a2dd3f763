//! Thunderstruck on the room's host (R23): a room's bots fly every seat, and
//! practice runs the same host with its verifiable dice and its deadlines.

use duel_core::thunderstruck::{self as ts, Phase, Planning, Player as Colour};
use duel_core::{Event, SeatId};
use duel_net::{Command, LobbyEdit, SeatHolder};

use super::practice::{self, ThunderPractice};
use super::tests::{me, run};
use super::*;

#[test]
fn r23_bots_fly_every_seat_of_a_thunderstruck_room_to_the_end() {
    use duel_core::thunderstruck::{Config, Player as Seat};
    let opts = Options { speed: 50, fast: true, ..Options::default() };
    let mut s = practice::lobby(&opts, 9, me());
    let now = run(&mut s, 1_000, 2_000, |s| s.room().is_some_and(|r| r.seats[1] == SeatHolder::Bot));
    let mode = duel_core::Mode::Thunderstruck(Config { players: 3, rounds: 6, first: Seat(1) });
    s.command(now, Command::Edit(LobbyEdit::Mode(mode))).expect("mode");
    for seat in 0..3 {
        s.command(now, Command::Edit(LobbyEdit::Bot { seat: SeatId(seat), bot: true })).expect("bot");
    }
    s.command(now, Command::Start).expect("start");
    let now = run(&mut s, now, 2_000, |s| s.game().is_some());
    assert!(s.game().and_then(|g| g.thunderstruck()).is_some(), "a Thunderstruck match");
    let end = run(&mut s, now, 900_000, |s| s.game().is_some_and(|g| g.outcome().is_some()));
    let duel = s.game().and_then(|g| g.thunderstruck()).expect("duel");
    assert!(duel.is_over(), "no result after {} ms: round {}, {:?}", end - now, duel.round(), duel.phase());
}

/// Practice runs the room's host: the person's seat left alone is sat out by
/// the plan deadline (D36), a hit it never answers takes its default (D38),
/// the bots play on to the duel's end, and the replica's audit re-derives
/// every beacon from the host's committed dice.
#[test]
fn thunderstruck_practice_runs_on_the_host_with_its_deadlines_and_verifiable_dice() {
    let opts = Options { speed: 50, fast: true, checkpoint: Some(16), ..Options::default() };
    let choice =
        ThunderPractice { players: 3, rounds: 6, level: duel_bots::Difficulty::Easy, red_first: true };
    let mut s = practice::thunderstruck(&opts, 21, me(), choice);
    let now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let room = s.room().expect("room");
    assert_eq!(room.seats[0], SeatHolder::Player(s.me().expect("me")), "the person flies Red");
    assert_eq!(&room.seats[1..], &[SeatHolder::Bot, SeatHolder::Bot]);
    let duel = s.game().and_then(|g| g.thunderstruck()).expect("a Thunderstruck duel");
    assert_eq!((duel.config().players, duel.config().rounds, duel.first()), (3, 6, Colour(0)));
    assert!(matches!(duel.phase(), Phase::Planning { .. }));

    // Nobody at Red's screen: the session's desk commits Red's seed at once, so the beacon does
    // not wait; no plan is sealed for Red, so the plan deadline sits Red out (D36).
    let timing = s.timing();
    let beacon = |s: &dyn SessionApi| {
        s.history().iter().any(|e| matches!(e, Event::Thunderstruck(ts::Event::Beacon { .. })))
    };
    let rolled = run(&mut s, now, timing.plan_ms / 2, beacon);
    assert!(beacon(&s), "the beacon waited for Red's seed: {} ms", rolled - now);
    let red = |s: &dyn SessionApi| {
        s.game().and_then(|g| g.thunderstruck()).and_then(|d| d.ship(Colour(0)).map(|r| r.planning))
    };
    let at = run(&mut s, rolled, 3 * timing.plan_ms, |s| red(s) == Some(Planning::Forfeit));
    assert_eq!(red(&s), Some(Planning::Forfeit), "no plan by the deadline: no dice this round (D36)");
    assert!(at - rolled >= timing.plan_ms, "Red sat out before its deadline: {} ms", at - rolled);

    // The bots play on to the end; then the host shows its last key.
    let over = |s: &dyn SessionApi| s.game().is_some_and(|g| g.outcome().is_some());
    let mut end = at;
    while !over(&s) && end < at + 40 * timing.plan_ms {
        end += 200;
        s.pump(end);
    }
    assert!(over(&s), "no result after {} ms", end - at);
    let red_hit = s
        .history()
        .iter()
        .any(|e| matches!(e, Event::Thunderstruck(ts::Event::HitTaken { player: Colour(0), .. })));
    assert!(red_hit, "Red's unanswered hits took their default");
    run(&mut s, end, 15_000, |_| false);
    let audit = s.dev.replica.audit();
    let beacons =
        s.history().iter().filter(|e| matches!(e, Event::Thunderstruck(ts::Event::Beacon { .. }))).count();
    assert!(beacons >= 2, "{beacons} beacons");
    assert!(audit.checked >= beacons as u64, "every beacon re-derived: {audit:?}");
    assert_eq!((audit.tampered, audit.withheld, audit.unchecked), (None, None, 0), "{audit:?}");
}

/// A reload between a bot's seal and its reveal: the bot seats' desks are
/// kept with the room, so the restored tab's bot still reveals the plan it
/// sealed, well before the deadline would sit it out. (Red's plan is sealed
/// first, by the person through the session's desk: the reveals wait for it.)
#[test]
fn a_bot_reveals_its_sealed_plan_after_the_host_tab_reloads() {
    let opts = Options { speed: 50, fast: true, ..Options::default() };
    let choice =
        ThunderPractice { players: 3, rounds: 6, level: duel_bots::Difficulty::Easy, red_first: true };
    let mut s = practice::thunderstruck(&opts, 5, me(), choice);
    let now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let now = run(&mut s, now, 2_000, super::thunder_desk_tests::rolled);
    super::thunder_desk_tests::seal_for_red(&mut s, now);
    let sealed = |s: &dyn SessionApi| {
        let Some(d) = s.game().and_then(|g| g.thunderstruck()) else { return 0 };
        d.players()
            .filter(|p| d.ship(*p).is_some_and(|x| matches!(x.planning, Planning::Sealed { .. })))
            .count()
    };
    let timing = s.timing();
    let at = run(&mut s, now, 2 * timing.plan_ms, |s| sealed(s) == 2);
    assert_eq!(sealed(&s), 2, "Red and one bot sealed, the other bot not yet");

    let mut bots = BotDriver::new(opts.speed, 77, false);
    for (seat, bytes) in s.bots_ref().desks() {
        bots.keep_desk(seat, &bytes);
    }
    let saved = s.save().expect("the host saves");
    let mut back = Session::restore(&saved, Offline, me(), bots, timing).expect("restores");
    let acting = |s: &dyn SessionApi| {
        s.game().and_then(|g| g.thunderstruck()).is_some_and(|d| matches!(d.phase(), Phase::Action { .. }))
    };
    let end = run(&mut back, at, timing.plan_ms / 2, acting);
    assert!(acting(&back), "the plans were not revealed within {} ms of the reload", end - at);
}
