//! A match that plays Thunderstruck Duel (R23): the room protocol's one
//! `Game` carries the duel; intents, events and host actions are routed to
//! it, and the Dice Duel half refuses everything.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use duel_core::thunderstruck::{self as ts, Player};
use duel_core::{Event, FixedDice, Game, GameConfig, HostAction, Intent, RuleError, SeatId, SetupError};

fn config(players: u8) -> GameConfig {
    GameConfig::thunderstruck(ts::Config { players, rounds: 6, first: Player(0) })
}

#[test]
fn r23_a_thunderstruck_match_routes_everything_to_the_duel() {
    let mut g = Game::new(config(3)).unwrap();
    let duel = g.thunderstruck().expect("a Thunderstruck match");
    assert_eq!(duel.config().players, 3);
    let seed = ts::Secret([9; 32]);
    let events = g
        .play(
            SeatId(2),
            &Intent::Thunderstruck(ts::Intent::CommitSeed { seed: seed.digest() }),
            &mut FixedDice::new(&[]),
        )
        .unwrap();
    assert!(matches!(events[..], [Event::Thunderstruck(ts::Event::SeedCommitted { player: Player(2), .. })]));
    // A replica applying the wrapped events reaches the same state.
    let mut replica = Game::new(config(3)).unwrap();
    for e in &events {
        replica.apply(e);
    }
    assert_eq!(replica.state_hash(), g.state_hash());
    assert_eq!(
        g.validate(SeatId(0), &Intent::RollEnergy { dice: vec![0] }),
        Err(RuleError::OtherMode),
        "no Dice Duel intent in a Thunderstruck match"
    );
    assert_eq!(g.host(&HostAction::Resume, &mut FixedDice::new(&[])), Err(RuleError::OtherMode));
    let beacon = HostAction::Thunderstruck(ts::HostAction::Beacon);
    assert_eq!(g.host(&beacon, &mut FixedDice::cycling(&[1])).map(|e| e.len()), Ok(1));
    assert!(g.is_consistent());
    assert!(g.legal_intents(SeatId(0)).is_empty(), "planning intents need the seat's secret");
}

#[test]
fn a_dice_duel_refuses_thunderstruck_intents() {
    let g = Game::new(GameConfig::duel()).unwrap();
    let intent = Intent::Thunderstruck(ts::Intent::CommitSeed { seed: ts::Secret([1; 32]).digest() });
    assert_eq!(g.validate(SeatId(0), &intent), Err(RuleError::OtherMode));
    assert!(g.thunderstruck().is_none());
}

#[test]
fn a_thunderstruck_match_needs_one_seat_per_player_and_a_valid_duel() {
    let mut c = config(2);
    c.seats.pop();
    assert!(matches!(Game::new(c), Err(SetupError::Seat { .. })));
    let bad = GameConfig::thunderstruck(ts::Config { players: 4, rounds: 6, first: Player(0) });
    assert_eq!(Game::new(bad).err(), Some(SetupError::Thunderstruck(ts::ConfigError::Players(4))));
}
