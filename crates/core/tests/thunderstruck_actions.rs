//! Thunderstruck Duel's actions on written-down positions (`Game::arranged`):
//! Boost, Fire and shields, destruction, Power and every use of a cube
//! (the seed's Double-Barrel and Trip-Burn). Rulings cited by id.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use duel_core::thunderstruck::{
    Act, ConsoleSpace, Event, Facing, Intent, Outcome, Phase, Shield, Shot, ThunderRuleError,
};
use support::thunder::*;

#[test]
fn boost_moves_the_ship_the_die_s_number_of_spaces() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 3)]),
            ship(11, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    assert_eq!(at(&g, RED), 3);
    assert_eq!(g.turn(), Some(BLUE));
}

#[test]
fn t7_both_boost_dice_together_are_one_move_and_one_action() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::BoostB, 3)]),
            ship(11, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    act(&mut g, RED, Act { with: Some(ConsoleSpace::BoostB), ..Act::plain(ConsoleSpace::BoostA) });
    assert_eq!(at(&g, RED), 5);
    assert_eq!(g.turn(), Some(BLUE));
    assert!(!g.ship(RED).unwrap().console.has_dice());
}

#[test]
fn boost_does_not_count_occupied_spaces_nor_land_on_a_ship() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::BoostA, 3)]),
            ship(2, Facing::Down, &[(ConsoleSpace::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    assert_eq!(at(&g, RED), 4);
}

#[test]
fn d35_boost_stops_at_the_end_of_the_track() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::FireA, 1)]),
            ship(9, Facing::Up, &[(ConsoleSpace::BoostA, 6)]),
        ],
        BLUE,
    );
    plain(&mut g, BLUE, ConsoleSpace::BoostA);
    assert_eq!(at(&g, BLUE), 11);
}

#[test]
fn t4_fire_hits_within_the_die_and_misses_beyond() {
    let setup = || {
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::FireA, 3), (ConsoleSpace::FireB, 4)]),
            ship(4, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
        ]
    };
    let mut g = duel(setup(), RED);
    let e = plain(&mut g, RED, ConsoleSpace::FireA);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::Fired { distance: 4, shot: Shot::Miss, .. }, .. }
    ));
    let mut g = duel(setup(), RED);
    let e = plain(&mut g, RED, ConsoleSpace::FireB);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::Fired { shot: Shot::Shielded { frontal: true }, .. }, .. }
    ));
    assert_eq!(g.waiting_on(), vec![BLUE]);
}

#[test]
fn t3_an_unshielded_hit_destroys_the_ship_and_ends_a_two_player_duel() {
    let mut blue = ship(4, Facing::Down, &[(ConsoleSpace::PowerA, 1)]);
    blue.shields = vec![];
    let mut g = duel(vec![ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5)]), blue], RED);
    let e = plain(&mut g, RED, ConsoleSpace::FireA);
    assert!(e.contains(&Event::Destroyed { player: BLUE }));
    assert_eq!(g.phase(), &Phase::Over { winner: Some(RED) });
}

#[test]
fn t4_shields_guard_only_their_side_mid_guards_both() {
    // Blue faces away from Red (Up, Red behind it): the shot is from the rear.
    let mut blue = ship(4, Facing::Up, &[(ConsoleSpace::PowerA, 1)]);
    blue.shields = vec![Shield::Front];
    let mut g = duel(vec![ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5)]), blue.clone()], RED);
    plain(&mut g, RED, ConsoleSpace::FireA);
    assert!(g.is_over(), "a front shield does not stop a shot from the rear");
    blue.shields = vec![Shield::Front, Shield::Mid];
    let mut g = duel(vec![ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5)]), blue], RED);
    plain(&mut g, RED, ConsoleSpace::FireA);
    assert_eq!(g.hit_answers(BLUE).iter().map(|a| a.0).collect::<std::collections::BTreeSet<_>>().len(), 1);
    assert_eq!(
        g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: ConsoleSpace::FireA }),
        Err(ThunderRuleError::ShieldFacesAway(Shield::Front))
    );
}

#[test]
fn d32_damage_goes_where_the_shield_s_table_says_and_removes_a_waiting_die() {
    let mut blue = ship(4, Facing::Down, &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::ManoeuvreA, 1)]);
    blue.shields = vec![Shield::Front];
    let mut g =
        duel(vec![ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5), (ConsoleSpace::PowerA, 1)]), blue], RED);
    plain(&mut g, RED, ConsoleSpace::FireA);
    assert_eq!(
        g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: ConsoleSpace::BoostB }),
        Err(ThunderRuleError::NoDamageThere(ConsoleSpace::BoostB)),
        "a front hit damages the A spaces or the front shield's"
    );
    g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: ConsoleSpace::BoostA }).unwrap();
    let c = &g.ship(BLUE).unwrap().console;
    assert!(
        c.is_damaged(ConsoleSpace::BoostA)
            && c.die(ConsoleSpace::BoostA).is_none()
            && !c.shield_up(Shield::Front)
    );
    assert_eq!(g.turn(), Some(BLUE), "the turn passes once the hit is answered");
}

#[test]
fn t3_both_fire_spaces_damaged_destroys_the_ship() {
    let mut blue = ship(4, Facing::Down, &[(ConsoleSpace::PowerA, 1)]);
    blue.damaged = vec![ConsoleSpace::FireA];
    let mut g = duel(vec![ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5)]), blue], RED);
    plain(&mut g, RED, ConsoleSpace::FireA);
    let e = g.play(BLUE, &Intent::TakeHit { shield: Shield::Mid, damage: ConsoleSpace::FireB }).unwrap();
    assert!(e.contains(&Event::Destroyed { player: BLUE }));
    assert_eq!(g.phase(), &Phase::Over { winner: Some(RED) });
}

#[test]
fn shields_action_raises_a_shield_and_a_raised_one_changes_nothing() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::ShieldRear, 3), (ConsoleSpace::ShieldMid, 6)]),
            ship(11, Facing::Down, &[(ConsoleSpace::FireA, 1), (ConsoleSpace::FireB, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, ConsoleSpace::ShieldRear);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::ShieldRaised { shield: Shield::Rear, already: false }, .. }
    ));
    plain(&mut g, BLUE, ConsoleSpace::FireA);
    let e = plain(&mut g, RED, ConsoleSpace::ShieldMid);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::ShieldRaised { shield: Shield::Mid, already: true }, .. }
    ));
}

#[test]
fn t6_power_gains_one_cube_two_on_a_six_and_holds_at_most_four() {
    let mut red = ship(0, Facing::Up, &[(ConsoleSpace::PowerA, 6), (ConsoleSpace::PowerB, 2)]);
    red.cubes = 2;
    let mut g =
        duel(vec![red, ship(11, Facing::Down, &[(ConsoleSpace::FireA, 1), (ConsoleSpace::FireB, 1)])], RED);
    plain(&mut g, RED, ConsoleSpace::PowerA);
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 4);
    plain(&mut g, BLUE, ConsoleSpace::FireA);
    plain(&mut g, RED, ConsoleSpace::PowerB);
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 4, "at most four");
}

#[test]
fn t6_a_cube_moves_a_pip_within_one_to_six() {
    let mut red = ship(0, Facing::Up, &[(ConsoleSpace::FireA, 4), (ConsoleSpace::FireB, 6)]);
    red.cubes = 2;
    let mut g = duel(vec![red, ship(5, Facing::Down, &[(ConsoleSpace::PowerA, 1)])], RED);
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { pips: 1, ..Act::plain(ConsoleSpace::FireB) })),
        Err(ThunderRuleError::OffTheDie)
    );
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { pips: 3, ..Act::plain(ConsoleSpace::FireA) })),
        Err(ThunderRuleError::NotEnoughCubes { need: 3, have: 2 })
    );
    let e = act(&mut g, RED, Act { pips: 1, ..Act::plain(ConsoleSpace::FireA) });
    assert!(matches!(e[0], Event::Acted { outcome: Outcome::Fired { shot: Shot::Shielded { .. }, .. }, .. }));
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 1);
}

#[test]
fn t6_a_moved_die_must_fit_its_new_space() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(ConsoleSpace::FireA, 4), (ConsoleSpace::BoostA, 1)]),
            ship(11, Facing::Down, &[(ConsoleSpace::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(
        g.validate(
            RED,
            &Intent::Act(Act { to: Some(ConsoleSpace::ShieldFront), ..Act::plain(ConsoleSpace::FireA) })
        ),
        Err(ThunderRuleError::WouldNotFit { slot: ConsoleSpace::ShieldFront, pip: duel_core::Pip::new(4) })
    );
    act(&mut g, RED, Act { to: Some(ConsoleSpace::ShieldRear), ..Act::plain(ConsoleSpace::FireA) });
    assert!(g.ship(RED).unwrap().console.shield_up(Shield::Rear));
}

#[test]
fn t6_no_cube_may_empty_boost_before_the_boost_was_taken() {
    let mut red = ship(
        0,
        Facing::Up,
        &[(ConsoleSpace::BoostA, 2), (ConsoleSpace::ManoeuvreA, 3), (ConsoleSpace::FireA, 1)],
    );
    red.cubes = 2;
    let g =
        duel(vec![red, ship(11, Facing::Down, &[(ConsoleSpace::PowerA, 1), (ConsoleSpace::PowerB, 1)])], RED);
    let leave = Intent::Act(Act { to: Some(ConsoleSpace::FireB), ..Act::plain(ConsoleSpace::BoostA) });
    assert_eq!(
        g.validate(RED, &leave),
        Err(ThunderRuleError::WouldEmpty(duel_core::thunderstruck::System::Boost))
    );
    let leave_m = Intent::Act(Act { to: Some(ConsoleSpace::FireB), ..Act::plain(ConsoleSpace::ManoeuvreA) });
    assert!(matches!(g.validate(RED, &leave_m), Err(ThunderRuleError::WouldEmpty(_))));
}

#[test]
fn double_barrel_the_last_weapon_fires_twice_by_repopulating_its_space() {
    // `004_…` Power 6: one undamaged Fire space left; fire it, then a cube
    // moves another die onto it and it fires again.
    let mut red = ship(0, Facing::Up, &[(ConsoleSpace::FireA, 5), (ConsoleSpace::PowerA, 4)]);
    red.damaged = vec![ConsoleSpace::FireB];
    red.cubes = 1;
    let mut blue = ship(4, Facing::Down, &[(ConsoleSpace::BoostA, 1), (ConsoleSpace::BoostB, 1)]);
    blue.shields = vec![Shield::Front, Shield::Mid];
    let mut g = duel(vec![red, blue], RED);
    plain(&mut g, RED, ConsoleSpace::FireA);
    g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: ConsoleSpace::PowerA }).unwrap();
    act(&mut g, BLUE, Act { with: Some(ConsoleSpace::BoostB), ..Act::plain(ConsoleSpace::BoostA) });
    assert_eq!(at(&g, BLUE), 2);
    let e = act(&mut g, RED, Act { to: Some(ConsoleSpace::FireA), ..Act::plain(ConsoleSpace::PowerA) });
    assert!(
        matches!(
            e[0],
            Event::Acted { outcome: Outcome::Fired { distance: 2, shot: Shot::Shielded { .. }, .. }, .. }
        ),
        "{e:?}"
    );
}

#[test]
fn trip_burn_boost_three_times_in_one_round() {
    // `004_…` Power 6: a used Boost space repopulated by a cube.
    let mut red = ship(
        0,
        Facing::Up,
        &[(ConsoleSpace::BoostA, 1), (ConsoleSpace::BoostB, 1), (ConsoleSpace::FireA, 1)],
    );
    red.cubes = 1;
    let mut g = duel(
        vec![
            red,
            ship(
                11,
                Facing::Down,
                &[(ConsoleSpace::PowerA, 1), (ConsoleSpace::PowerB, 1), (ConsoleSpace::ShieldFront, 1)],
            ),
        ],
        RED,
    );
    plain(&mut g, RED, ConsoleSpace::BoostA);
    plain(&mut g, BLUE, ConsoleSpace::PowerA);
    plain(&mut g, RED, ConsoleSpace::BoostB);
    plain(&mut g, BLUE, ConsoleSpace::PowerB);
    act(&mut g, RED, Act { to: Some(ConsoleSpace::BoostA), ..Act::plain(ConsoleSpace::FireA) });
    assert_eq!(at(&g, RED), 3);
    assert_eq!(g.ship(RED).unwrap().boost_token, 3);
}
