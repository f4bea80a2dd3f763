//! The practices of one station on the simulated clock: a lesson's position,
//! a player at Engineering among bots, a first practice at Weapons (split from
//! `tests.rs` by concept).

use duel_core::{Intent, SeatId, ShipId, Station};
use duel_net::SeatHolder;

use super::tests::{me, run};
use super::*;

#[test]
fn a_lesson_starts_from_its_position_with_the_enemy_idle() {
    let lesson = crate::course::find("helm").expect("the helm lesson");
    let position = lesson.position().expect("a valid position");
    let mut s = practice::lesson(&Options::default(), 5, me(), position.clone());
    let now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let game = s.game().expect("started");
    assert_eq!(game.to_setup().as_ref(), Some(&position), "the lesson's position, not a new game");
    let room = s.room().expect("room");
    assert_eq!(room.seats[0], SeatHolder::Player(s.me().expect("me")));
    assert_eq!(room.seats[1], SeatHolder::Bot);
    let head = s.history().len();
    run(&mut s, now, 3_000, |_| false);
    assert_eq!(s.history().len(), head, "the enemy crew waits for the learner");
}

#[test]
fn practice_as_engineering_seats_the_player_at_engineering_and_bots_elsewhere() {
    let opts = Options { bots_paused: true, ..Options::default() };
    let mut s = practice::as_engineering(&opts, 3, me());
    run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let room = s.room().expect("room");
    let me = s.me().expect("me");
    let mine = room.seats_of(me);
    assert_eq!(mine.len(), 1);
    assert_eq!(room.config.seats[usize::from(mine[0].0)].stations, vec![Station::Engineering]);
    let bots = room.seats.iter().filter(|h| **h == SeatHolder::Bot).count();
    assert_eq!(bots, room.seats.len() - 1, "every other seat is a bot");
}

#[test]
fn the_bots_around_the_engineer_use_the_energy_it_sends() {
    let opts = Options { speed: 20, ..Options::default() };
    let mut s = practice::as_engineering(&opts, 9, me());
    let mut now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let seat = s.room().and_then(|r| s.me().map(|me| r.seats_of(me)[0])).expect("my seat");
    let white_busy = |s: &dyn SessionApi| {
        s.game().and_then(|g| g.ship(ShipId(0))).is_some_and(|ship| {
            [Station::Helm, Station::Weapons, Station::Sensors, Station::Shields, Station::Tractor]
                .iter()
                .any(|st| ship.station_dice(*st).iter().any(|d| *d != duel_core::ship::DieState::Idle))
        })
    };
    for _ in 0..20 {
        if white_busy(&s) {
            break;
        }
        let pool: Vec<(u8, Option<duel_core::Pip>)> =
            s.game().and_then(|g| g.ship(ShipId(0))).map(|sh| sh.pool().collect()).unwrap_or_default();
        // Send a die that powers a station, else roll the pool.
        let intent = match pool.iter().find(|(_, p)| p.is_some_and(|p| p.value() <= 5)) {
            Some((die, _)) => Intent::SendEnergy { die: *die },
            None => Intent::RollEnergy { dice: pool.iter().map(|(d, _)| *d).collect() },
        };
        let _ = s.submit(now, seat, intent);
        now = run(&mut s, now, 1_500, white_busy);
    }
    assert!(white_busy(&s), "a bot officer of White rolled or placed with the energy sent");
}

#[test]
fn a_first_practice_seats_one_station_beside_a_hard_crew_against_learning_bots() {
    let opts = Options { bots_paused: true, ..Options::default() };
    let mut s = practice::one_station(&opts, 3, me(), Station::Weapons);
    run(&mut s, 1_000, 2_000, |s| s.game().is_some());
    let room = s.room().expect("room");
    let mine = room.seats_of(s.me().expect("me"));
    assert_eq!(mine, vec![SeatId(0)]);
    assert_eq!(room.config.seats[0].stations, vec![Station::Weapons]);
    let rest = &room.config.seats[1];
    assert_eq!((rest.ship, rest.stations.len()), (ShipId(0), 5), "a bot crew holds the rest of White");
    assert_eq!(room.bot_level(SeatId(1)), duel_net::BotLevel::Hard);
    assert_eq!(room.bot_level(SeatId(2)), duel_net::BotLevel::Learning);
    assert_eq!(room.bot_seats(), vec![SeatId(1), SeatId(2)]);
}

/// A newcomer at Weapons, played here by a Learning bot acting at the rivals'
/// speed (a person following the station's hints is no slower at a relaxed
/// pace), wins a first practice most of the time: 6 of 8 seeded games (the
/// seed fixes the replicas' nonces too, so each game replays exactly).
#[test]
fn a_newcomer_at_weapons_wins_a_first_practice() {
    let opts = Options { speed: 50, fast: true, ..Options::default() };
    let mut wins = 0;
    for seed in 1..=8u64 {
        // The replicas' nonces feed the dice: fixed here, the games replay.
        #[cfg(not(target_arch = "wasm32"))]
        crate::platform::random::seed_this_thread(seed);
        let mut s = practice::one_station(&opts, seed, me(), Station::Weapons);
        let mut now = run(&mut s, 1_000, 2_000, |s| s.game().is_some());
        let mut newcomer = duel_bots::Crew::new(duel_bots::Difficulty::Learning, &[SeatId(0)]).seeded(seed);
        let end = now + 900_000;
        while now < end && s.game().is_none_or(|g| g.outcome().is_none()) {
            now += 20;
            s.pump(now);
            let action = s.game().and_then(|g| newcomer.next_action(g, now * 50, &[]));
            if let Some((seat, intent)) = action {
                let _ = s.submit(now, seat, intent);
            }
        }
        let winner = s.game().and_then(|g| g.outcome()).flatten();
        wins += u32::from(winner == Some(duel_core::TeamId(0)));
    }
    assert!(wins >= 6, "the newcomer's crew won {wins} of 8 first practices");
}
