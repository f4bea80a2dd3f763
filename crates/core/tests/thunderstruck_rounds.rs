//! Thunderstruck Duel's rounds on written-down positions: Manoeuvre and
//! warp, the turn order, the Reflex die, the round limit, three ships and a
//! retirement, and the deadline defaults. Rulings cited by id.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::thunderstruck::{
    Act, ConsoleSpace, Event, Facing, Intent, Outcome, Phase, Shield, Shot, Space, Steer, ThunderRuleError,
};
use support::thunder::*;

#[test]
fn t5_the_highest_manoeuvre_total_in_a_sector_wins_and_all_manoeuvre_dice_go() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::ManoeuvreA, 5), (ConsoleSpace::FireA, 1)]),
            ship(4, Facing::Down, &[(ConsoleSpace::ManoeuvreA, 3), (ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners == &vec![(RED, false)])
    );
    assert!(g.ship(BLUE).unwrap().console.die(ConsoleSpace::ManoeuvreA).is_none());
    assert_eq!(g.steers(RED), vec![Steer::Flip, Steer::Hold]);
    g.play(RED, &Intent::Steer(Steer::Flip)).unwrap();
    assert_eq!(g.ship(RED).unwrap().facing, Facing::Down);
    assert_eq!(g.turn(), Some(BLUE));
}

#[test]
fn t5_a_manoeuvre_tie_means_nobody_manoeuvres_and_only_one_per_round() {
    let mut red = ship(
        2,
        Facing::Up,
        &[(ConsoleSpace::ManoeuvreA, 4), (ConsoleSpace::FireA, 1), (ConsoleSpace::FireB, 2)],
    );
    red.cubes = 1;
    let mut g = duel(
        vec![red, ship(4, Facing::Down, &[(ConsoleSpace::ManoeuvreA, 4), (ConsoleSpace::FireA, 1)])],
        RED,
    );
    let e = plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners.is_empty())
    );
    assert_eq!(g.turn(), Some(BLUE));
    plain(&mut g, BLUE, ConsoleSpace::FireA);
    assert_eq!(
        g.validate(
            RED,
            &Intent::Act(Act { to: Some(ConsoleSpace::ManoeuvreA), ..Act::plain(ConsoleSpace::FireB) })
        ),
        Err(ThunderRuleError::ManoeuvreDone)
    );
}

#[test]
fn t5_each_sector_has_its_own_winner() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::ManoeuvreA, 1), (ConsoleSpace::FireA, 1)]),
            ship(9, Facing::Down, &[(ConsoleSpace::ManoeuvreA, 2), (ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners.len() == 2)
    );
    assert_eq!(g.waiting_on(), vec![RED, BLUE]);
    g.play(BLUE, &Intent::Steer(Steer::Hold)).unwrap();
    g.play(RED, &Intent::Steer(Steer::Hold)).unwrap();
    assert_eq!(g.turn(), Some(BLUE));
}

#[test]
fn d33_warp_needs_two_manoeuvre_dice_and_a_free_spot_across_the_battlefield() {
    let mut g = duel(
        vec![
            ship(
                2,
                Facing::Up,
                &[(ConsoleSpace::ManoeuvreA, 3), (ConsoleSpace::ManoeuvreB, 2), (ConsoleSpace::FireA, 1)],
            ),
            ship(10, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    let warps: Vec<Steer> = g.steers(RED).into_iter().filter(|s| matches!(s, Steer::Warp { .. })).collect();
    assert_eq!(
        warps,
        vec![
            Steer::Warp { to: Space(7), facing: Facing::Up },
            Steer::Warp { to: Space(7), facing: Facing::Down }
        ]
    );
    assert_eq!(
        g.validate(RED, &Intent::Steer(Steer::Warp { to: Space(10), facing: Facing::Up })),
        Err(ThunderRuleError::NotAWarpSpot)
    );
    g.play(RED, &Intent::Steer(Steer::Warp { to: Space(7), facing: Facing::Up })).unwrap();
    assert_eq!((at(&g, RED), g.ship(RED).unwrap().facing), (7, Facing::Up));
}

#[test]
fn warp_is_refused_with_one_manoeuvre_die() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::ManoeuvreA, 3), (ConsoleSpace::FireA, 1)]),
            ship(10, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    assert_eq!(
        g.validate(RED, &Intent::Steer(Steer::Warp { to: Space(7), facing: Facing::Up })),
        Err(ThunderRuleError::CannotWarp)
    );
}

#[test]
fn t7_players_alternate_and_one_without_dice_passes() {
    let mut g = duel(
        vec![
            ship(
                0,
                Facing::Up,
                &[(ConsoleSpace::PowerA, 1), (ConsoleSpace::PowerB, 1), (ConsoleSpace::FireA, 1)],
            ),
            ship(11, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(
        g.validate(BLUE, &Intent::Act(Act::plain(ConsoleSpace::PowerA))),
        Err(ThunderRuleError::NotYourTurn { turn: RED })
    );
    plain(&mut g, RED, ConsoleSpace::PowerA);
    plain(&mut g, BLUE, ConsoleSpace::PowerA);
    plain(&mut g, RED, ConsoleSpace::PowerB);
    assert_eq!(g.turn(), Some(RED), "Blue has no dice left and passes");
}

#[test]
fn t8_the_opponent_of_the_slowest_takes_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::ManoeuvreA, 1)]),
            ship(11, Facing::Down, &[(ConsoleSpace::BoostA, 5), (ConsoleSpace::ManoeuvreA, 4)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    plain(&mut g, BLUE, ConsoleSpace::BoostA);
    plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    let e = hold_all(&mut g);
    assert!(e.contains(&Event::RoundEnded { reflex: Some(BLUE), closed: None }), "{e:?}");
    assert_eq!((g.round(), g.dice_count(BLUE), g.dice_count(RED)), (2, 5, 4));
    assert_eq!(g.first(), BLUE, "the turn marker passes");
}

#[test]
fn t8_a_tie_on_both_tokens_gives_nobody_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::ManoeuvreA, 3)]),
            ship(11, Facing::Down, &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::ManoeuvreA, 3)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    plain(&mut g, BLUE, ConsoleSpace::BoostA);
    plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    let e = hold_all(&mut g);
    assert!(e.contains(&Event::RoundEnded { reflex: None, closed: None }), "{e:?}");
}

#[test]
fn t9_least_damage_wins_at_the_round_limit_and_equal_is_a_draw() {
    let mut blue = ship(11, Facing::Down, &[(ConsoleSpace::PowerA, 1)]);
    blue.damaged = vec![ConsoleSpace::BoostB];
    let mut g = duel_of(vec![ship(0, Facing::Up, &[(ConsoleSpace::PowerA, 1)]), blue], RED, 6, 6);
    plain(&mut g, RED, ConsoleSpace::PowerA);
    let e = plain(&mut g, BLUE, ConsoleSpace::PowerA);
    assert_eq!(e.last(), Some(&Event::Over { winner: Some(RED) }));
    let mut g = duel_of(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::PowerA, 1)]),
            ship(11, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
        ],
        RED,
        12,
        12,
    );
    plain(&mut g, RED, ConsoleSpace::PowerA);
    plain(&mut g, BLUE, ConsoleSpace::PowerA);
    assert_eq!(g.phase(), &Phase::Over { winner: None });
}

#[test]
fn t4_with_three_players_the_shooter_picks_the_target() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::FireA, 6)]),
            ship(6, Facing::Up, &[(ConsoleSpace::PowerA, 1)]),
            ship(15, Facing::Up, &[(ConsoleSpace::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(g.validate(RED, &Intent::Act(Act::plain(ConsoleSpace::FireA))), Err(ThunderRuleError::Target));
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { target: Some(RED), ..Act::plain(ConsoleSpace::FireA) })),
        Err(ThunderRuleError::Target)
    );
    let e = act(&mut g, RED, Act { target: Some(GREEN), ..Act::plain(ConsoleSpace::FireA) });
    // Green is 3 spaces behind Red round the ring, and faces Red: frontal.
    assert!(matches!(
        e[0],
        Event::Acted {
            outcome: Outcome::Fired { target: GREEN, distance: 3, shot: Shot::Shielded { frontal: true } },
            ..
        }
    ));
}

#[test]
fn a_destroyed_ship_retires_and_three_players_play_on_then_d34_closes_a_sector() {
    let mut green = ship(15, Facing::Up, &[(ConsoleSpace::PowerA, 1)]);
    green.shields = vec![];
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::FireA, 6)]),
            ship(4, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
            green,
        ],
        RED,
    );
    let e = act(&mut g, RED, Act { target: Some(GREEN), ..Act::plain(ConsoleSpace::FireA) });
    assert!(g.ship(GREEN).unwrap().destroyed && !g.is_over());
    // Red and Blue already share sector 0: sector 2 (behind it) closes as
    // Green retires, not at the round's end.
    assert_eq!(e.last(), Some(&Event::SectorClosed { sector: 2 }), "{e:?}");
    assert_eq!(g.board().closed(), Some(2));
    assert_eq!(g.turn(), Some(BLUE));
    let e = plain(&mut g, BLUE, ConsoleSpace::PowerA);
    assert!(e.contains(&Event::RoundEnded { reflex: None, closed: None }), "{e:?}");
    assert!(!e.iter().any(|e| matches!(e, Event::SectorClosed { .. })), "closed once: {e:?}");
    assert_eq!(
        g.validate(GREEN, &Intent::Act(Act::plain(ConsoleSpace::PowerA))),
        Err(ThunderRuleError::Retired)
    );
}

#[test]
fn d34_sector_closes_the_moment_the_two_ships_meet() {
    // Green has retired; Red (sector 0) and Blue (sector 1) play on.
    let mut green = ship(15, Facing::Up, &[]);
    green.destroyed = true;
    let ships = vec![
        ship(2, Facing::Up, &[(ConsoleSpace::BoostA, 5)]),
        ship(9, Facing::Up, &[(ConsoleSpace::BoostA, 4)]),
        green,
    ];
    let mut g = duel(ships.clone(), RED);
    let mut log = plain(&mut g, RED, ConsoleSpace::BoostA);
    // Red boosts to space 7, into Blue's sector 1: sector 0, behind it, closes now.
    assert_eq!(at(&g, RED), 7);
    assert_eq!(log.last(), Some(&Event::SectorClosed { sector: 0 }), "{log:?}");
    log.extend(plain(&mut g, BLUE, ConsoleSpace::BoostA));
    // Blue leaves for sector 2 in the same round; the sector stays closed.
    assert_eq!(at(&g, BLUE), 13);
    assert!(log.iter().any(|e| matches!(e, Event::RoundEnded { .. })), "{log:?}");
    assert_eq!(g.board().closed(), Some(0));
    assert!(!g.board().is_open(Space(2)));
    // A replica applying the log from the same position reaches the same state.
    let mut replica = duel(ships, RED);
    for e in &log {
        replica.apply(e);
    }
    assert_eq!(replica.state_hash(), g.state_hash());
}

#[test]
fn a_ship_destroyed_before_its_turn_is_skipped() {
    let mut blue = ship(4, Facing::Down, &[(ConsoleSpace::PowerA, 1)]);
    blue.shields = vec![];
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::FireA, 6)]),
            blue,
            ship(12, Facing::Up, &[(ConsoleSpace::PowerA, 1), (ConsoleSpace::PowerB, 1)]),
        ],
        RED,
    );
    act(&mut g, RED, Act { target: Some(BLUE), ..Act::plain(ConsoleSpace::FireA) });
    assert_eq!(g.turn(), Some(GREEN));
}

#[test]
fn d37_a_die_is_left_off_only_when_no_free_space_takes_it() {
    use duel_core::thunderstruck::{Console, Misplaced, Placement};
    let console = Console::default();
    let dice: Vec<duel_core::Pip> = [1, 2, 3, 4].iter().map(|p| duel_core::Pip::new(*p)).collect();
    let left_off = Placement::new(vec![
        Some(ConsoleSpace::BoostA),
        Some(ConsoleSpace::ManoeuvreA),
        Some(ConsoleSpace::FireA),
        None,
    ]);
    assert_eq!(left_off.check(&dice, &console), Err(Misplaced::LeftOff(duel_core::Pip::new(4))));
}

#[test]
fn d38_a_deadline_takes_the_stated_default() {
    // A turn: the first die in console order, no cubes, at the nearest ship.
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::FireA, 6), (ConsoleSpace::PowerA, 1)]),
            ship(5, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
        ],
        RED,
    );
    let e =
        g.host(duel_core::thunderstruck::HostAction::Default, &mut duel_core::FixedDice::new(&[])).unwrap();
    assert!(matches!(
        e[0],
        Event::Acted { player: RED, act: Act { die: ConsoleSpace::FireA, pips: 0, to: None, .. }, .. }
    ));
    // A hit: the first shield that can take it and its first damage space.
    let e =
        g.host(duel_core::thunderstruck::HostAction::Default, &mut duel_core::FixedDice::new(&[])).unwrap();
    assert_eq!(e[0], Event::HitTaken { player: BLUE, shield: Shield::Mid, damage: ConsoleSpace::BoostA });
}

#[test]
fn d39_with_three_players_the_fastest_rival_takes_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 1), (ConsoleSpace::ManoeuvreA, 1)]),
            ship(6, Facing::Up, &[(ConsoleSpace::BoostA, 4), (ConsoleSpace::ManoeuvreA, 2)]),
            ship(12, Facing::Up, &[(ConsoleSpace::BoostA, 3), (ConsoleSpace::ManoeuvreA, 6)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    plain(&mut g, BLUE, ConsoleSpace::BoostA);
    plain(&mut g, GREEN, ConsoleSpace::BoostA);
    plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    let e = hold_all(&mut g);
    // Red is lowest on both tokens; Green (3 + 6) outpaces Blue (4 + 2).
    assert!(e.contains(&Event::RoundEnded { reflex: Some(GREEN), closed: None }), "{e:?}");
}

#[test]
fn d41_a_ship_alone_in_its_sector_wins_there_with_any_manoeuvre_die() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(ConsoleSpace::ManoeuvreA, 1), (ConsoleSpace::FireA, 1)]),
            ship(9, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, ConsoleSpace::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners == &vec![(RED, false)])
    );
}
