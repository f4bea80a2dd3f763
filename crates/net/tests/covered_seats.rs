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
    // One side per player: holding Black's seat, player 2 may not take White's.
    let before = sim.stats.rejected;
    sim.command(2, duel_net::Command::Claim { seat: SeatId(0) });
    sim.run_until(5_000, |s| s.all_idle());
    assert_eq!(sim.stats.rejected, before + 1);
    assert!(sim.stats.reasons.keys().any(|r| r.contains("on the other side")), "{:?}", sim.stats.reasons);

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

/// One game of four players (each crewing one seat of a two-seat-a-ship duel) with bot crews,
/// on a chaotic network, where the non-owner devices leave (a dead link) and come back at
/// random: the owner's bots play whatever is covered, rebuilt whenever that changes. Returns
/// (finished, converged, covers seen, intents the covering bots sent).
fn leaving_game(seed: u64) -> (bool, bool, u32, u32) {
    use duel_bots::{Crew, Difficulty};
    use rand_core::RngCore;
    let seats = [duel_core::ShipId(0), duel_core::ShipId(1)]
        .into_iter()
        .flat_map(|ship| duel_core::SeatSpec::recommended(ship, 2))
        .collect();
    let config = GameConfig { seats, ..GameConfig::quick_duel(seed) };
    let seats = config.seats.len();
    let mut sim = Sim::new(seed, config, seats, Conditions::CHAOTIC);
    let claims: Vec<Vec<SeatId>> = (0..seats).map(|i| vec![SeatId(i as u8)]).collect();
    sim.seat_and_start(&claims);
    let pace = common::drill_pace(Difficulty::Medium);
    let mut crews: Vec<Crew> =
        (0..seats).map(|i| Crew::with_profile(pace, &[SeatId(i as u8)], seed ^ i as u64)).collect();
    let mut cover: (Vec<SeatId>, Crew) = (Vec::new(), Crew::with_profile(pace, &[], seed));
    let mut gone: Vec<Option<u64>> = vec![None; seats];
    let mut generation = vec![0u32; seats];
    let (mut covers, mut cover_acts) = (0, 0);
    let end = sim.now + 15 * 60_000;
    while sim.now < end && sim.host_game().outcome().is_none() {
        let now = sim.now;
        // About one device in 20 s leaves for 6-20 s (long enough to be covered), then returns.
        for i in 1..seats {
            match gone[i] {
                None if sim.rng.next_u32() % 20_000 < 20 => {
                    sim.drop_peer(i);
                    gone[i] = Some(now + 6_000 + u64::from(sim.rng.next_u32() % 14_000));
                }
                Some(back) if now >= back => {
                    generation[i] += 1;
                    sim.reconnect(i, generation[i]);
                    gone[i] = None;
                }
                _ => {}
            }
        }
        let driven = sim.peers[0].replica.bot_seats_to_drive();
        if driven != cover.0 {
            covers += u32::from(driven.len() > cover.0.len());
            cover = (driven.clone(), Crew::with_profile(pace, &driven, seed ^ now));
        }
        // Each device's own crew, then the owner's covering bots (on the owner's device, 0).
        let drivers = crews.iter_mut().enumerate().chain(std::iter::once((0, &mut cover.1)));
        for (n, (peer, crew)) in drivers.enumerate() {
            if gone[peer].is_some() || sim.peers[peer].replica.pending() > 0 {
                continue;
            }
            let Some(game) = sim.peers[peer].replica.game() else { continue };
            if let Some((seat, intent)) = crew.next_action(game, now, &[]) {
                let sent = sim.peers[peer].submit(now, seat, intent).is_ok();
                cover_acts += u32::from(sent && n == seats);
            }
        }
        sim.step();
    }
    let finished = sim.host_game().outcome().is_some();
    for (i, g) in gone.iter().enumerate() {
        if g.is_some() {
            generation[i] += 1;
            sim.reconnect(i, generation[i]);
        }
    }
    (finished, sim.settle(), covers, cover_acts)
}

#[test]
fn devices_that_leave_and_return_mid_game_never_stop_a_game() {
    let (mut covers, mut acts) = (0, 0);
    for seed in 0..6 {
        let (finished, converged, c, a) = leaving_game(seed);
        assert!(finished, "seed {seed}: the game did not reach a result");
        assert!(converged, "seed {seed}: a replica diverged");
        covers += c;
        acts += a;
    }
    assert!(covers > 0 && acts > 0, "some device was covered ({covers}) and its bots played ({acts})");
}

/// The long run: `cargo test -p duel-net --release --test covered_seats -- --ignored --nocapture`
/// (`DUEL_GAMES` overrides the count, 2,000 by default).
#[test]
#[ignore]
fn two_thousand_games_with_devices_leaving_and_returning() {
    let count: u64 = std::env::var("DUEL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let start = std::time::Instant::now();
    let (mut finished, mut diverged, mut covers, mut acts) = (0, 0, 0, 0);
    for seed in 0..count {
        let (f, c, n, a) = leaving_game(10_000 + seed);
        finished += u64::from(f);
        diverged += u64::from(!c);
        covers += u64::from(n);
        acts += u64::from(a);
    }
    println!(
        "{count} games with devices leaving: {finished} finished, {diverged} divergent, {covers} covers, \
         {acts} intents from the covering bots, in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!((finished, diverged), (count, 0));
}

#[test]
fn the_owner_chooses_each_bots_level_and_the_cover_and_every_replica_sees_them() {
    use duel_net::{BotLevel, Command, LobbyEdit};
    let mut sim = room(35);
    let levels = |s: &Sim, i: usize| s.peers[i].replica.room().map(|r| r.bots.clone());
    // Mid-game too: the bots' play changes no rule.
    sim.command(0, Command::Edit(LobbyEdit::Level { seat: SeatId(1), level: BotLevel::Hard }));
    sim.command(0, Command::Edit(LobbyEdit::Cover(Some(BotLevel::Learning))));
    assert!(sim.run_until(5_000, |s| s.all_idle() && (0..3).all(|i| levels(s, i) == levels(s, 0))));
    let room = sim.peers[2].replica.room().unwrap();
    assert_eq!(room.bots.level(SeatId(1)), BotLevel::Hard);
    assert_eq!(room.bots.cover, Some(BotLevel::Learning));
    assert_eq!(room.bot_level(SeatId(1)), BotLevel::Hard, "its player is here: the seat's own level");
    // A guest may not touch them; a seat past the table is no seat.
    let before = sim.stats.rejected;
    sim.command(1, Command::Edit(LobbyEdit::Cover(None)));
    sim.command(0, Command::Edit(LobbyEdit::Level { seat: SeatId(9), level: BotLevel::Easy }));
    sim.run_until(5_000, |s| s.all_idle());
    assert_eq!(sim.stats.rejected, before + 2);
    assert_eq!(sim.peers[2].replica.room().unwrap().bots.cover, Some(BotLevel::Learning), "unchanged");

    // Player 1 leaves: the bot covering its seat plays at the room's cover level.
    sim.drop_peer(1);
    assert!(
        sim.run_until(8_000, |s| s.peers[2].replica.room().is_some_and(|r| !r.covered_seats().is_empty()))
    );
    assert_eq!(sim.peers[0].replica.room().unwrap().bot_level(SeatId(1)), BotLevel::Learning);

    // The owner hands its own seat to a bot mid-game: that bot, too, plays at the cover level.
    sim.command(0, Command::Release { seat: SeatId(0) });
    assert!(sim.run_until(5_000, |s| s.all_idle()
        && s.peers[2].replica.room().is_some_and(|r| r.bot_seats().contains(&SeatId(0)))));
    assert_eq!(sim.peers[2].replica.room().unwrap().bot_level(SeatId(0)), BotLevel::Learning);
}

#[test]
fn with_cover_off_a_departed_players_seats_wait_for_it_and_anyone_may_take_them() {
    use duel_net::{Command, LobbyEdit};
    let mut sim = room(37);
    sim.command(0, Command::Edit(LobbyEdit::Cover(None)));
    assert!(sim.run_until(5_000, |s| s.all_idle() && s.peers[2].replica.room().unwrap().bots.cover.is_none()));
    let p1 = sim.peers[1].replica.me().unwrap();
    sim.drop_peer(1);
    let away = |s: &Sim| s.peers[2].replica.room().is_some_and(|r| r.player(p1).is_some_and(|p| p.away));
    assert!(sim.run_until(8_000, away), "player 1 is away");
    let room = sim.peers[0].replica.room().unwrap();
    assert_eq!(room.covered_seats(), vec![], "no bot covers it");
    assert_eq!(sim.peers[0].replica.bot_seats_to_drive(), vec![]);
    assert!(sim.host_game().is_away(SeatId(1)), "the seat is idle in the game");
    assert_eq!(
        act_for(&mut sim, 0, SeatId(1)),
        Err(SubmitError::NotYourSeat(SeatId(1))),
        "the owner may not act for it"
    );
    // A friend slides into the empty chair.
    sim.command(2, Command::Claim { seat: SeatId(1) });
    let p2 = sim.peers[2].replica.me().unwrap();
    assert!(sim.run_until(5_000, |s| s.all_idle()
        && s.peers[0].replica.room().unwrap().seats_of(p2) == [SeatId(1)]));
    assert_eq!(act_for(&mut sim, 2, SeatId(1)), Ok(0));
}

#[test]
fn a_successor_after_a_host_death_keeps_the_bots_levels_and_covers_the_old_hosts_seat() {
    use common::mesh::four_officers;
    use duel_net::{BotLevel, Command, LobbyEdit};
    let mut mesh = four_officers(39, Conditions::PERFECT);
    mesh.command(0, Command::Edit(LobbyEdit::Level { seat: SeatId(3), level: BotLevel::Skilled }));
    mesh.command(0, Command::Edit(LobbyEdit::Cover(Some(BotLevel::Hard))));
    let seen = |m: &common::mesh::Mesh| {
        m.alive().all(|d| d.replica.room().is_some_and(|r| r.bots.cover == Some(BotLevel::Hard)))
    };
    assert!(mesh.run_until(10_000, seen), "every replica has the plan");
    let old_host = mesh.dev(0).replica.me().unwrap();
    mesh.kill(0);
    assert!(
        mesh.run_until(30_000, |m| m.hosts().len() == 1 && m.hosts()[0] != 0 && seen(m)),
        "a successor hosts"
    );
    let heir = mesh.host();
    let room = mesh.dev(heir).host.as_ref().unwrap().room();
    assert_eq!(room.bots.level(SeatId(3)), BotLevel::Skilled, "the levels survive the host");
    assert_eq!(room.bots.cover, Some(BotLevel::Hard));
    assert!(
        mesh.run_until(10_000, |m| {
            let room = m.dev(m.host()).replica.room().unwrap();
            room.covered_seats() == [(SeatId(0), old_host)]
        }),
        "the old host's seat is covered on the successor"
    );
    let room = mesh.dev(heir).replica.room().unwrap();
    assert_eq!(room.bot_level(SeatId(0)), BotLevel::Hard, "at the room's cover level");
    assert_eq!(mesh.dev(heir).replica.bot_seats_to_drive(), vec![SeatId(0)], "the new host's bots play it");
}
