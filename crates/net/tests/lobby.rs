//! The lobby through real replicas: the owner edits the game, players
//! claim seats (one device may hold several), a bot seat is driven by the
//! owner's app through the same command path, Start builds the game; in
//! the game a released seat shows as away until claimed again.
#![allow(clippy::unwrap_used)]

mod common;

use common::{pick, Sim};
use duel_core::{Event, GameConfig, HouseRules, SeatId, SeatSpec, ShipId};
use duel_net::{Command, Conditions, LobbyEdit, SeatHolder, SubmitError};

#[test]
fn owner_sets_up_players_claim_bots_play_and_seats_come_and_go() {
    let mut sim = Sim::new(31, GameConfig::quick_duel(31), 4, Conditions::CHAOTIC);
    assert!(sim.run_until(10_000, |s| s.peers.iter().all(|p| p.replica.me().is_some())));
    let mut ruleset = GameConfig::duel().ruleset;
    ruleset.house = HouseRules::mcguire();
    let seats = [SeatSpec::recommended(ShipId(0), 2), SeatSpec::recommended(ShipId(1), 2)].concat();
    sim.command(0, Command::Edit(LobbyEdit::Ruleset(ruleset)));
    sim.command(0, Command::Edit(LobbyEdit::Seats(seats.clone())));
    sim.command(0, Command::Edit(LobbyEdit::Bot { seat: SeatId(3), bot: true }));
    assert!(sim.run_until(10_000, |s| s.all_idle()));
    // Player 1 crews both stations of ship 0 from one tablet; player 2 takes seat 2; player 3 watches.
    sim.command(1, Command::Claim { seat: SeatId(0) });
    sim.command(1, Command::Claim { seat: SeatId(1) });
    sim.command(2, Command::Claim { seat: SeatId(2) });
    sim.command(3, Command::Claim { seat: SeatId(3) }); // the bot's: refused
    assert!(sim.run_until(10_000, |s| s.all_idle()));
    assert_eq!(sim.stats.reasons.keys().collect::<Vec<_>>(), vec!["seat 3 is played by a bot"]);
    sim.command(0, Command::Start);
    // The snapshot and the room view saying "started" may arrive in either order (jitter): wait for both.
    let started = |p: &common::ReplicaNode<_>| p.replica.room().is_some_and(|r| r.started);
    assert!(sim.run_until(10_000, |s| s.all_idle()
        && s.peers.iter().all(|p| p.replica.game().is_some() && started(p))));

    let game = sim.host_game();
    assert_eq!(game.ruleset(), &ruleset);
    assert_eq!(game.seats(), &seats[..]);
    for p in &sim.peers {
        let room = p.replica.room().unwrap();
        assert!(room.started);
        assert_eq!(room.seats[3], SeatHolder::Bot);
    }
    assert_eq!(sim.peers[1].replica.my_seats(), vec![SeatId(0), SeatId(1)]);
    assert_eq!(sim.peers[0].replica.bot_seats_to_drive(), vec![SeatId(3)]);
    assert!(sim.peers[1].replica.bot_seats_to_drive().is_empty());

    // The bot acts through the owner's replica, like anyone.
    let legal = sim.peers[0].replica.game().unwrap().legal_intents(SeatId(3));
    let game = sim.peers[0].replica.game().unwrap().clone();
    let intent = pick(&mut sim.rng, &game, SeatId(3), &legal).unwrap();
    let now = sim.now;
    assert_eq!(sim.peers[1].submit(now, SeatId(3), intent.clone()), Err(SubmitError::NotYourSeat(SeatId(3))));
    sim.peers[0].submit(now, SeatId(3), intent).unwrap();
    let before = sim.stats.rejected;
    assert!(sim.play_random(300, 600), "converged");
    assert!(sim.stats.rejected >= before);

    // A seat given back mid-game passes to a bot (issue 30: every station stays crewed, never
    // away), and anyone may take it from the bot.
    let held = |sim: &Sim| sim.peers[0].replica.room().map(|r| r.seats[2]);
    sim.command(2, Command::Release { seat: SeatId(2) });
    assert!(sim.run_until(10_000, |s| s.all_idle() && held(s) == Some(SeatHolder::Bot)));
    assert!(!sim.host_game().is_away(SeatId(2)), "a bot answers for it");
    assert!(sim.peers[0].replica.bot_seats_to_drive().contains(&SeatId(2)));
    sim.command(3, Command::Claim { seat: SeatId(2) });
    // The room view reaches player 3 on its own path (a lost one is re-asked after the next Pong).
    // So does the owner's, whose bot steps aside when it arrives.
    let seated = |s: &Sim| {
        s.peers[3].replica.my_seats() == vec![SeatId(2)]
            && !s.peers[0].replica.bot_seats_to_drive().contains(&SeatId(2))
    };
    assert!(sim.run_until(10_000, |s| s.all_idle() && s.converged() && seated(s)));
    assert!(!sim.peers[0].replica.bot_seats_to_drive().contains(&SeatId(2)), "the bot stepped aside");
    let flips = sim.log().iter().filter(|e| matches!(e, Event::SeatAway { seat: SeatId(2), .. })).count();
    assert_eq!(flips, 0, "seat 2 was never left empty");
}

/// A guest who came by link names itself in the lobby: every peer sees the
/// new name, control characters are dropped, an empty one is "Cadet", and
/// a later Hello (a reconnect) keeps it.
#[test]
fn a_guest_renames_itself_and_every_peer_sees_the_name() {
    let mut sim = Sim::new(32, GameConfig::quick_duel(32), 3, Conditions::CHAOTIC);
    assert!(sim.run_until(10_000, |s| s.peers.iter().all(|p| p.replica.me().is_some())));
    let me = sim.peers[2].replica.me().unwrap();
    let name_of = |sim: &Sim, peer: usize| {
        let room = sim.peers[peer].replica.room().unwrap();
        room.players.iter().find(|p| p.no == me).map(|p| p.name.clone()).unwrap_or_default()
    };
    sim.command(2, Command::Rename { name: "Ada\u{7}  Lovelace".into() });
    assert!(sim.run_until(10_000, |s| s.all_idle() && (0..3).all(|i| name_of(s, i) == "Ada  Lovelace")));
    sim.command(2, Command::Rename { name: "   ".into() });
    assert!(sim.run_until(10_000, |s| s.all_idle() && (0..3).all(|i| name_of(s, i) == "Cadet")));
    sim.command(2, Command::Rename { name: "Grace".repeat(20) });
    assert!(sim.run_until(10_000, |s| s.all_idle() && name_of(s, 0) == "Grace".repeat(20)[..32]));
}
