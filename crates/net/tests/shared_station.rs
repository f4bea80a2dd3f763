//! A table that never stalls (issue 45, D46): with two players a ship,
//! Engineering is shared (R8). When one White device leaves, the owner's
//! bots cover its seat and work the shared Engineering beside the remaining
//! person once it has been idle; a person who sends nothing at all has their
//! stations offered to a bot on their own device. Either way White still
//! moves and fires.
//!
//! The soak (`cargo test -p duel-net --release --test shared_station -- --ignored --nocapture`,
//! `DUEL_GAMES` sets the count) plays whole games of each kind to their result.
#![allow(clippy::unwrap_used)]

mod common;

use std::time::Instant;

use common::{drill_pace, Sim};
use duel_bots::share::station_of;
use duel_bots::{shared_stations, Crew, Difficulty, IdleOffer, IDLE_OFFER_MS, SHARED_IDLE_MS};
use duel_core::station::ALL_STATIONS;
use duel_core::{Event, GameConfig, SeatId, SeatSpec, ShipId, Station};
use duel_net::{Conditions, RoomView, SeatHolder};

/// The owner (peer 0) crews Black's seat 2, peer 3 Black's seat 3; peer 1
/// holds the White seat that leaves, peer 2 the White seat that stays.
const OWNER: usize = 0;
const LEAVER: usize = 1;
const PERSON: usize = 2;
/// After the cover starts, White must move and fire within this much game time.
const BOUND_MS: u64 = 90_000;

/// What the remaining White person does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Person {
    /// Works their own stations, never Engineering.
    Busy,
    /// Sends nothing at all (their device offers their stations to a bot).
    Idle,
    /// Works their whole seat, Engineering included.
    Engineer,
}

fn two_a_ship(seed: u64) -> GameConfig {
    let mut config = GameConfig::quick_duel(seed);
    config.seats = [ShipId(0), ShipId(1)].into_iter().flat_map(|s| SeatSpec::recommended(s, 2)).collect();
    config
}

/// Seats a present person plays (as the app's `held_by_people`).
fn people(room: &RoomView) -> Vec<SeatId> {
    let covered = room.covered_seats();
    (0..room.seats.len())
        .filter(|&i| matches!(room.seats[i], SeatHolder::Player(_)))
        .map(|i| SeatId(i as u8))
        .filter(|s| !covered.iter().any(|(c, _)| c == s))
        .collect()
}

#[derive(Debug, Default)]
struct Run {
    covered_at: Option<u64>,
    moved_at: Option<u64>,
    fired_at: Option<u64>,
    over: bool,
    /// Game time when the run stopped.
    ended_at: u64,
    /// Engineering intents White's people and bots sent after the cover: (person, covering bot).
    engineering: (u64, u64),
}

impl Run {
    fn within(&self, bound: u64) -> bool {
        let by = |t: Option<u64>| t.zip(self.covered_at).is_some_and(|(t, c)| t - c <= bound);
        by(self.moved_at) && by(self.fired_at)
    }
}

/// One game: White's `leaver_seat` (0 or 1) device leaves after 5 s; plays
/// until the result, or until `stop` says so.
fn game(seed: u64, leaver_seat: u8, person: Person, cap_ms: u64, stop: impl Fn(&Run) -> bool) -> Run {
    game_sharing(seed, leaver_seat, person, cap_ms, SHARED_IDLE_MS, stop)
}

fn game_sharing(
    seed: u64,
    leaver_seat: u8,
    person: Person,
    cap_ms: u64,
    share_ms: u64,
    stop: impl Fn(&Run) -> bool,
) -> Run {
    let mut sim = Sim::new(seed, two_a_ship(seed), 4, Conditions::PERFECT);
    let stays = SeatId(1 - leaver_seat);
    sim.seat_and_start(&[vec![SeatId(2)], vec![SeatId(leaver_seat)], vec![stays], vec![SeatId(3)]]);
    let pace = drill_pace(Difficulty::Medium);
    // Black plays at Easy's own pace, so the game lasts long enough to see White fly.
    let black = Difficulty::Easy.profile();
    let mut crews: Vec<Crew> = (0..4)
        .map(|i| {
            let profile = if i == OWNER || i == 3 { black } else { pace };
            Crew::with_profile(profile, &sim.peers[i].replica.my_seats(), seed ^ i as u64)
        })
        .collect();
    if person == Person::Busy {
        let game = sim.peers[PERSON].replica.game().unwrap();
        let own: Vec<Station> = ALL_STATIONS
            .into_iter()
            .filter(|s| *s != Station::Engineering && game.holds(stays, *s))
            .collect();
        crews[PERSON] = crews[PERSON].clone().working_only(&own);
    }
    let mut offer = IdleOffer::new(IDLE_OFFER_MS);
    let mut offered: Option<Crew> = None;
    let mut cover: Option<Crew> = None;
    let mut run = Run::default();
    let mut seen = sim.host.host.log().len();
    let start = sim.now;
    while sim.now < start + cap_ms && sim.host_game().outcome().is_none() && !stop(&run) {
        let now = sim.now;
        if now >= start + 5_000 {
            sim.drop_peer(LEAVER);
        }
        let mut sent: Vec<(usize, SeatId, duel_core::Intent, bool)> = Vec::new();
        for (i, crew) in crews.iter_mut().enumerate() {
            let idle = i == PERSON && person == Person::Idle;
            if i == LEAVER || idle || sim.peers[i].replica.pending() > 0 {
                continue;
            }
            let Some(game) = sim.peers[i].replica.game() else { continue };
            if let Some((seat, intent)) = crew.next_action(game, now, &[]) {
                sent.push((i, seat, intent, false));
            }
        }
        // The owner's device: its bots cover the departed seat, sharing Engineering with the person.
        let drive = sim.peers[OWNER].replica.bot_seats_to_drive();
        if cover.is_none() && !drive.is_empty() {
            let (game, room) =
                (sim.peers[OWNER].replica.game().unwrap(), sim.peers[OWNER].replica.room().unwrap());
            let shared = shared_stations(game, &drive, &people(room));
            cover = Some(Crew::with_profile(pace, &drive, seed ^ 99).sharing(&shared, share_ms));
            run.covered_at = Some(now);
        }
        if let (Some(crew), Some(game)) = (cover.as_mut(), sim.peers[OWNER].replica.game()) {
            if let Some((seat, intent)) = crew.next_action(game, now, &[]) {
                sent.push((OWNER, seat, intent, true));
            }
        }
        // The idle person's own device offers their stations to a bot.
        if person == Person::Idle {
            let game = sim.peers[PERSON].replica.game().unwrap();
            if offer.poll(game, &[stays], now).is_some() {
                offered = Some(Crew::with_profile(pace, &[stays], seed ^ 7).working_only(offer.offered()));
            }
            if let Some(crew) = offered.as_mut() {
                if let Some((seat, intent)) = crew.next_action(game, now, &[]) {
                    sent.push((PERSON, seat, intent, false));
                }
            }
        }
        for (i, seat, intent, covering) in sent {
            let counted =
                seat.0 < 2 && station_of(&intent) == Some(Station::Engineering) && run.covered_at.is_some();
            let ok = sim.peers[i].replica.pending() == 0 && sim.peers[i].submit(now, seat, intent).is_ok();
            if ok && counted {
                // White's Engineering, after the cover: who worked it.
                if covering {
                    run.engineering.1 += 1;
                } else {
                    run.engineering.0 += 1;
                }
            }
        }
        sim.step();
        let log = sim.host.host.log();
        for e in &log[seen..] {
            if run.covered_at.is_none() {
                continue;
            }
            match e {
                Event::ShipMoved { ship: ShipId(0), .. } => run.moved_at = run.moved_at.or(Some(sim.now)),
                Event::TorpedoesLaunched { ship: ShipId(0), .. } => {
                    run.fired_at = run.fired_at.or(Some(sim.now))
                }
                _ => {}
            }
        }
        seen = log.len();
    }
    run.over = sim.host_game().outcome().is_some();
    run.ended_at = sim.now;
    run
}

fn moves_and_fires(seed: u64, leaver_seat: u8, person: Person) {
    let run = game(seed, leaver_seat, person, 300_000, |r| r.within(BOUND_MS));
    let after = |t: Option<u64>| t.zip(run.covered_at).map(|(t, c)| t - c);
    println!(
        "seed {seed}, leaver on seat {leaver_seat}, {person:?}: moved {:?} ms, fired {:?} ms after the cover",
        after(run.moved_at),
        after(run.fired_at)
    );
    assert!(run.covered_at.is_some(), "seed {seed}: the seat was never covered");
    assert!(
        run.within(BOUND_MS) || run.over,
        "seed {seed}, leaver on seat {leaver_seat}, {person:?}: White did not move and fire within {BOUND_MS} ms: {run:?}"
    );
    assert!(run.within(BOUND_MS), "seed {seed}: the game ended before White moved and fired: {run:?}");
}

#[test]
fn d46_covering_bot_works_shared_engineering() {
    // The remaining person is busy at their own stations and never touches Engineering.
    for seed in 1..=3 {
        moves_and_fires(seed, 1, Person::Busy);
        moves_and_fires(seed, 0, Person::Busy);
    }
}

#[test]
fn d46_an_idle_persons_stations_go_to_a_bot_and_the_ship_still_flies() {
    for seed in 1..=3 {
        moves_and_fires(seed, 1, Person::Idle);
        moves_and_fires(seed, 0, Person::Idle);
    }
}

#[test]
fn d46_the_covering_bot_leaves_engineering_to_a_person_working_it() {
    let share = |share_ms| {
        let (mut person, mut bot) = (0, 0);
        for seed in 1..=3 {
            for leaver in [0, 1] {
                let run = game_sharing(seed, leaver, Person::Engineer, 60_000, share_ms, |_| false);
                person += run.engineering.0;
                bot += run.engineering.1;
            }
        }
        (person, bot)
    };
    let (person0, bot0) = share(0);
    println!("Engineering after the cover, unthrottled: the person {person0}, the covering bot {bot0}");
    let (person, bot) = share(SHARED_IDLE_MS);
    println!("Engineering after the cover: the person {person}, the covering bot {bot}");
    assert!(person > 100, "the person works Engineering: {person}");
    // Unthrottled (as before D46) the bot sent about half; now at most a quarter, in the person's lulls.
    assert!(bot0 * 5 >= (bot0 + person0) * 2, "the comparison means something: {bot0} of {}", bot0 + person0);
    assert!(bot * 4 <= bot + person, "the bot leaves it to the person: {bot} of {}", bot + person);
}

#[test]
#[ignore = "a soak: 600 whole games"]
fn d46_soak_every_game_finishes() {
    let count: u64 = std::env::var("DUEL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(600);
    let from: u64 = std::env::var("DUEL_FROM").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let started = Instant::now();
    let (mut finished, mut flew, mut game_ms) = (0u64, 0u64, 0u64);
    for seed in from..from + count {
        let person = [Person::Busy, Person::Idle, Person::Engineer][(seed % 3) as usize];
        let leaver = (seed / 3 % 2) as u8;
        // Forty minutes of game time: a stalled ship would never end its game.
        let run = game(seed, leaver, person, 2_400_000, |_| false);
        assert!(run.over, "seed {seed} ({person:?}, leaver seat {leaver}) did not finish: {run:?}");
        finished += 1;
        if run.within(BOUND_MS) {
            flew += 1;
        } else {
            println!("seed {seed} ({person:?}, leaver seat {leaver}): not both within the bound: {run:?}");
        }
        game_ms = game_ms.max(run.ended_at);
    }
    println!(
        "{count} two-a-ship games with a White device gone: {finished} finished, {flew} where White moved and fired \
         within {} s of the cover; longest game {} s of game time; in {:.1} s",
        BOUND_MS / 1000,
        game_ms / 1000,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(finished, count);
}
