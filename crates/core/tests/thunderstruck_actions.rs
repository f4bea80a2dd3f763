//! Thunderstruck Duel: each action, the power cubes, Manoeuvre and warp,
//! destruction, the Reflex die and the round limit, on written-down
//! positions (`Game::arranged`). Rulings cited by id (T1–T10, D32–D39).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use duel_core::thunderstruck::{
    Act, Arrangement, Config, Event, Facing, Game, Intent, Outcome, Phase, Player, Refusal, Shield,
    ShipSetup, Shot, Slot, Space, Steer,
};

const RED: Player = Player(0);
const BLUE: Player = Player(1);
const GREEN: Player = Player(2);

fn ship(at: u8, facing: Facing, dice: &[(Slot, u8)]) -> ShipSetup {
    ShipSetup { dice: dice.to_vec(), ..ShipSetup::at(at, facing) }
}

fn duel(ships: Vec<ShipSetup>, turn: Player) -> Game {
    duel_of(ships, turn, 1, 12)
}

fn duel_of(ships: Vec<ShipSetup>, turn: Player, round: u8, rounds: u8) -> Game {
    let config = Config { players: ships.len() as u8, rounds, first: Player(0) };
    Game::arranged(config, &Arrangement { ships, round, turn }).expect("a reachable position")
}

fn act(g: &mut Game, p: Player, a: Act) -> Vec<Event> {
    g.play(p, &Intent::Act(a)).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

fn plain(g: &mut Game, p: Player, slot: Slot) -> Vec<Event> {
    act(g, p, Act::plain(slot))
}

/// Both ships sit in their own sectors, so both win there; both hold.
fn hold_all(g: &mut Game) -> Vec<Event> {
    let mut events = vec![];
    for p in g.waiting_on() {
        events.extend(g.play(p, &Intent::Steer(Steer::Hold)).unwrap());
    }
    events
}

fn at(g: &Game, p: Player) -> u8 {
    g.ship(p).unwrap().at.0
}

#[test]
fn boost_moves_the_ship_the_die_s_number_of_spaces() {
    let mut g = duel(
        vec![ship(0, Facing::Up, &[(Slot::BoostA, 3)]), ship(11, Facing::Down, &[(Slot::FireA, 1)])],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    assert_eq!(at(&g, RED), 3);
    assert_eq!(g.turn(), Some(BLUE));
}

#[test]
fn t7_both_boost_dice_together_are_one_move_and_one_action() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::BoostA, 2), (Slot::BoostB, 3)]),
            ship(11, Facing::Down, &[(Slot::FireA, 1)]),
        ],
        RED,
    );
    act(&mut g, RED, Act { with: Some(Slot::BoostB), ..Act::plain(Slot::BoostA) });
    assert_eq!(at(&g, RED), 5);
    assert_eq!(g.turn(), Some(BLUE));
    assert!(!g.ship(RED).unwrap().console.has_dice());
}

#[test]
fn boost_does_not_count_occupied_spaces_nor_land_on_a_ship() {
    let mut g = duel(
        vec![ship(0, Facing::Up, &[(Slot::BoostA, 3)]), ship(2, Facing::Down, &[(Slot::FireA, 1)])],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    assert_eq!(at(&g, RED), 4);
}

#[test]
fn d35_boost_stops_at_the_end_of_the_track() {
    let mut g =
        duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 1)]), ship(9, Facing::Up, &[(Slot::BoostA, 6)])], BLUE);
    plain(&mut g, BLUE, Slot::BoostA);
    assert_eq!(at(&g, BLUE), 11);
}

#[test]
fn t4_fire_hits_within_the_die_and_misses_beyond() {
    let setup = || {
        vec![
            ship(0, Facing::Up, &[(Slot::FireA, 3), (Slot::FireB, 4)]),
            ship(4, Facing::Down, &[(Slot::PowerA, 1)]),
        ]
    };
    let mut g = duel(setup(), RED);
    let e = plain(&mut g, RED, Slot::FireA);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::Fired { distance: 4, shot: Shot::Miss, .. }, .. }
    ));
    let mut g = duel(setup(), RED);
    let e = plain(&mut g, RED, Slot::FireB);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::Fired { shot: Shot::Shielded { frontal: true }, .. }, .. }
    ));
    assert_eq!(g.waiting_on(), vec![BLUE]);
}

#[test]
fn t3_an_unshielded_hit_destroys_the_ship_and_ends_a_two_player_duel() {
    let mut blue = ship(4, Facing::Down, &[(Slot::PowerA, 1)]);
    blue.shields = vec![];
    let mut g = duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 5)]), blue], RED);
    let e = plain(&mut g, RED, Slot::FireA);
    assert!(e.contains(&Event::Destroyed { player: BLUE }));
    assert_eq!(g.phase(), &Phase::Over { winner: Some(RED) });
}

#[test]
fn t4_shields_guard_only_their_side_mid_guards_both() {
    // Blue faces away from Red (Up, Red behind it): the shot is from the rear.
    let mut blue = ship(4, Facing::Up, &[(Slot::PowerA, 1)]);
    blue.shields = vec![Shield::Front];
    let mut g = duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 5)]), blue.clone()], RED);
    plain(&mut g, RED, Slot::FireA);
    assert!(g.is_over(), "a front shield does not stop a shot from the rear");
    blue.shields = vec![Shield::Front, Shield::Mid];
    let mut g = duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 5)]), blue], RED);
    plain(&mut g, RED, Slot::FireA);
    assert_eq!(g.hit_answers(BLUE).iter().map(|a| a.0).collect::<std::collections::BTreeSet<_>>().len(), 1);
    assert_eq!(
        g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: Slot::FireA }),
        Err(Refusal::ShieldFacesAway(Shield::Front))
    );
}

#[test]
fn d32_damage_goes_where_the_shield_s_table_says_and_removes_a_waiting_die() {
    let mut blue = ship(4, Facing::Down, &[(Slot::BoostA, 2), (Slot::ManoeuvreA, 1)]);
    blue.shields = vec![Shield::Front];
    let mut g = duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 5), (Slot::PowerA, 1)]), blue], RED);
    plain(&mut g, RED, Slot::FireA);
    assert_eq!(
        g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: Slot::BoostB }),
        Err(Refusal::NoDamageThere(Slot::BoostB)),
        "a front hit damages the A spaces or the front shield's"
    );
    g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: Slot::BoostA }).unwrap();
    let c = &g.ship(BLUE).unwrap().console;
    assert!(c.is_damaged(Slot::BoostA) && c.die(Slot::BoostA).is_none() && !c.shield_up(Shield::Front));
    assert_eq!(g.turn(), Some(BLUE), "the turn passes once the hit is answered");
}

#[test]
fn t3_both_fire_spaces_damaged_destroys_the_ship() {
    let mut blue = ship(4, Facing::Down, &[(Slot::PowerA, 1)]);
    blue.damaged = vec![Slot::FireA];
    let mut g = duel(vec![ship(0, Facing::Up, &[(Slot::FireA, 5)]), blue], RED);
    plain(&mut g, RED, Slot::FireA);
    let e = g.play(BLUE, &Intent::TakeHit { shield: Shield::Mid, damage: Slot::FireB }).unwrap();
    assert!(e.contains(&Event::Destroyed { player: BLUE }));
    assert_eq!(g.phase(), &Phase::Over { winner: Some(RED) });
}

#[test]
fn shields_action_raises_a_shield_and_a_raised_one_changes_nothing() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::ShieldRear, 3), (Slot::ShieldMid, 6)]),
            ship(11, Facing::Down, &[(Slot::FireA, 1), (Slot::FireB, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, Slot::ShieldRear);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::ShieldRaised { shield: Shield::Rear, already: false }, .. }
    ));
    plain(&mut g, BLUE, Slot::FireA);
    let e = plain(&mut g, RED, Slot::ShieldMid);
    assert!(matches!(
        e[0],
        Event::Acted { outcome: Outcome::ShieldRaised { shield: Shield::Mid, already: true }, .. }
    ));
}

#[test]
fn t6_power_gains_one_cube_two_on_a_six_and_holds_at_most_four() {
    let mut red = ship(0, Facing::Up, &[(Slot::PowerA, 6), (Slot::PowerB, 2)]);
    red.cubes = 2;
    let mut g = duel(vec![red, ship(11, Facing::Down, &[(Slot::FireA, 1), (Slot::FireB, 1)])], RED);
    plain(&mut g, RED, Slot::PowerA);
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 4);
    plain(&mut g, BLUE, Slot::FireA);
    plain(&mut g, RED, Slot::PowerB);
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 4, "at most four");
}

#[test]
fn t6_a_cube_moves_a_pip_within_one_to_six() {
    let mut red = ship(0, Facing::Up, &[(Slot::FireA, 4), (Slot::FireB, 6)]);
    red.cubes = 2;
    let mut g = duel(vec![red, ship(5, Facing::Down, &[(Slot::PowerA, 1)])], RED);
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { pips: 1, ..Act::plain(Slot::FireB) })),
        Err(Refusal::OffTheDie)
    );
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { pips: 3, ..Act::plain(Slot::FireA) })),
        Err(Refusal::NotEnoughCubes { need: 3, have: 2 })
    );
    let e = act(&mut g, RED, Act { pips: 1, ..Act::plain(Slot::FireA) });
    assert!(matches!(e[0], Event::Acted { outcome: Outcome::Fired { shot: Shot::Shielded { .. }, .. }, .. }));
    assert_eq!(g.ship(RED).unwrap().console.cubes(), 1);
}

#[test]
fn t6_a_moved_die_must_fit_its_new_space() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::FireA, 4), (Slot::BoostA, 1)]),
            ship(11, Facing::Down, &[(Slot::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { to: Some(Slot::ShieldFront), ..Act::plain(Slot::FireA) })),
        Err(Refusal::WouldNotFit { slot: Slot::ShieldFront, pip: duel_core::Pip::new(4) })
    );
    act(&mut g, RED, Act { to: Some(Slot::ShieldRear), ..Act::plain(Slot::FireA) });
    assert!(g.ship(RED).unwrap().console.shield_up(Shield::Rear));
}

#[test]
fn t6_no_cube_may_empty_boost_before_the_boost_was_taken() {
    let mut red = ship(0, Facing::Up, &[(Slot::BoostA, 2), (Slot::ManoeuvreA, 3), (Slot::FireA, 1)]);
    red.cubes = 2;
    let g = duel(vec![red, ship(11, Facing::Down, &[(Slot::PowerA, 1), (Slot::PowerB, 1)])], RED);
    let leave = Intent::Act(Act { to: Some(Slot::FireB), ..Act::plain(Slot::BoostA) });
    assert_eq!(g.validate(RED, &leave), Err(Refusal::WouldEmpty(duel_core::thunderstruck::System::Boost)));
    let leave_m = Intent::Act(Act { to: Some(Slot::FireB), ..Act::plain(Slot::ManoeuvreA) });
    assert!(matches!(g.validate(RED, &leave_m), Err(Refusal::WouldEmpty(_))));
}

#[test]
fn double_barrel_the_last_weapon_fires_twice_by_repopulating_its_space() {
    // `004_…` Power 6: one undamaged Fire space left; fire it, then a cube
    // moves another die onto it and it fires again.
    let mut red = ship(0, Facing::Up, &[(Slot::FireA, 5), (Slot::PowerA, 4)]);
    red.damaged = vec![Slot::FireB];
    red.cubes = 1;
    let mut blue = ship(4, Facing::Down, &[(Slot::BoostA, 1), (Slot::BoostB, 1)]);
    blue.shields = vec![Shield::Front, Shield::Mid];
    let mut g = duel(vec![red, blue], RED);
    plain(&mut g, RED, Slot::FireA);
    g.play(BLUE, &Intent::TakeHit { shield: Shield::Front, damage: Slot::PowerA }).unwrap();
    act(&mut g, BLUE, Act { with: Some(Slot::BoostB), ..Act::plain(Slot::BoostA) });
    assert_eq!(at(&g, BLUE), 2);
    let e = act(&mut g, RED, Act { to: Some(Slot::FireA), ..Act::plain(Slot::PowerA) });
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
    let mut red = ship(0, Facing::Up, &[(Slot::BoostA, 1), (Slot::BoostB, 1), (Slot::FireA, 1)]);
    red.cubes = 1;
    let mut g = duel(
        vec![red, ship(11, Facing::Down, &[(Slot::PowerA, 1), (Slot::PowerB, 1), (Slot::ShieldFront, 1)])],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    plain(&mut g, BLUE, Slot::PowerA);
    plain(&mut g, RED, Slot::BoostB);
    plain(&mut g, BLUE, Slot::PowerB);
    act(&mut g, RED, Act { to: Some(Slot::BoostA), ..Act::plain(Slot::FireA) });
    assert_eq!(at(&g, RED), 3);
    assert_eq!(g.ship(RED).unwrap().boost_token, 3);
}

#[test]
fn t5_the_highest_manoeuvre_total_in_a_sector_wins_and_all_manoeuvre_dice_go() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(Slot::ManoeuvreA, 5), (Slot::FireA, 1)]),
            ship(4, Facing::Down, &[(Slot::ManoeuvreA, 3), (Slot::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, Slot::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners == &vec![(RED, false)])
    );
    assert!(g.ship(BLUE).unwrap().console.die(Slot::ManoeuvreA).is_none());
    assert_eq!(g.steers(RED), vec![Steer::Flip, Steer::Hold]);
    g.play(RED, &Intent::Steer(Steer::Flip)).unwrap();
    assert_eq!(g.ship(RED).unwrap().facing, Facing::Down);
    assert_eq!(g.turn(), Some(BLUE));
}

#[test]
fn t5_a_manoeuvre_tie_means_nobody_manoeuvres_and_only_one_per_round() {
    let mut red = ship(2, Facing::Up, &[(Slot::ManoeuvreA, 4), (Slot::FireA, 1), (Slot::FireB, 2)]);
    red.cubes = 1;
    let mut g = duel(vec![red, ship(4, Facing::Down, &[(Slot::ManoeuvreA, 4), (Slot::FireA, 1)])], RED);
    let e = plain(&mut g, RED, Slot::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners.is_empty())
    );
    assert_eq!(g.turn(), Some(BLUE));
    plain(&mut g, BLUE, Slot::FireA);
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { to: Some(Slot::ManoeuvreA), ..Act::plain(Slot::FireB) })),
        Err(Refusal::ManoeuvreDone)
    );
}

#[test]
fn t5_each_sector_has_its_own_winner() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(Slot::ManoeuvreA, 1), (Slot::FireA, 1)]),
            ship(9, Facing::Down, &[(Slot::ManoeuvreA, 2), (Slot::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, Slot::ManoeuvreA);
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
            ship(2, Facing::Up, &[(Slot::ManoeuvreA, 3), (Slot::ManoeuvreB, 2), (Slot::FireA, 1)]),
            ship(10, Facing::Down, &[(Slot::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, Slot::ManoeuvreA);
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
        Err(Refusal::NotAWarpSpot)
    );
    g.play(RED, &Intent::Steer(Steer::Warp { to: Space(7), facing: Facing::Up })).unwrap();
    assert_eq!((at(&g, RED), g.ship(RED).unwrap().facing), (7, Facing::Up));
}

#[test]
fn warp_is_refused_with_one_manoeuvre_die() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(Slot::ManoeuvreA, 3), (Slot::FireA, 1)]),
            ship(10, Facing::Down, &[(Slot::FireA, 1)]),
        ],
        RED,
    );
    plain(&mut g, RED, Slot::ManoeuvreA);
    assert_eq!(
        g.validate(RED, &Intent::Steer(Steer::Warp { to: Space(7), facing: Facing::Up })),
        Err(Refusal::CannotWarp)
    );
}

#[test]
fn t7_players_alternate_and_one_without_dice_passes() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::PowerA, 1), (Slot::PowerB, 1), (Slot::FireA, 1)]),
            ship(11, Facing::Down, &[(Slot::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(
        g.validate(BLUE, &Intent::Act(Act::plain(Slot::PowerA))),
        Err(Refusal::NotYourTurn { turn: RED })
    );
    plain(&mut g, RED, Slot::PowerA);
    plain(&mut g, BLUE, Slot::PowerA);
    plain(&mut g, RED, Slot::PowerB);
    assert_eq!(g.turn(), Some(RED), "Blue has no dice left and passes");
}

#[test]
fn t8_the_opponent_of_the_slowest_takes_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::BoostA, 2), (Slot::ManoeuvreA, 1)]),
            ship(11, Facing::Down, &[(Slot::BoostA, 5), (Slot::ManoeuvreA, 4)]),
        ],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    plain(&mut g, BLUE, Slot::BoostA);
    plain(&mut g, RED, Slot::ManoeuvreA);
    let e = hold_all(&mut g);
    assert!(e.contains(&Event::RoundEnded { reflex: Some(BLUE), closed: None }), "{e:?}");
    assert_eq!((g.round(), g.dice_count(BLUE), g.dice_count(RED)), (2, 5, 4));
    assert_eq!(g.first(), BLUE, "the turn marker passes");
}

#[test]
fn t8_a_tie_on_both_tokens_gives_nobody_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::BoostA, 2), (Slot::ManoeuvreA, 3)]),
            ship(11, Facing::Down, &[(Slot::BoostA, 2), (Slot::ManoeuvreA, 3)]),
        ],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    plain(&mut g, BLUE, Slot::BoostA);
    plain(&mut g, RED, Slot::ManoeuvreA);
    let e = hold_all(&mut g);
    assert!(e.contains(&Event::RoundEnded { reflex: None, closed: None }), "{e:?}");
}

#[test]
fn t9_least_damage_wins_at_the_round_limit_and_equal_is_a_draw() {
    let mut blue = ship(11, Facing::Down, &[(Slot::PowerA, 1)]);
    blue.damaged = vec![Slot::BoostB];
    let mut g = duel_of(vec![ship(0, Facing::Up, &[(Slot::PowerA, 1)]), blue], RED, 6, 6);
    plain(&mut g, RED, Slot::PowerA);
    let e = plain(&mut g, BLUE, Slot::PowerA);
    assert_eq!(e.last(), Some(&Event::Over { winner: Some(RED) }));
    let mut g = duel_of(
        vec![ship(0, Facing::Up, &[(Slot::PowerA, 1)]), ship(11, Facing::Down, &[(Slot::PowerA, 1)])],
        RED,
        12,
        12,
    );
    plain(&mut g, RED, Slot::PowerA);
    plain(&mut g, BLUE, Slot::PowerA);
    assert_eq!(g.phase(), &Phase::Over { winner: None });
}

#[test]
fn t4_with_three_players_the_shooter_picks_the_target() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::FireA, 6)]),
            ship(6, Facing::Up, &[(Slot::PowerA, 1)]),
            ship(15, Facing::Up, &[(Slot::PowerA, 1)]),
        ],
        RED,
    );
    assert_eq!(g.validate(RED, &Intent::Act(Act::plain(Slot::FireA))), Err(Refusal::Target));
    assert_eq!(
        g.validate(RED, &Intent::Act(Act { target: Some(RED), ..Act::plain(Slot::FireA) })),
        Err(Refusal::Target)
    );
    let e = act(&mut g, RED, Act { target: Some(GREEN), ..Act::plain(Slot::FireA) });
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
    let mut green = ship(15, Facing::Up, &[(Slot::PowerA, 1)]);
    green.shields = vec![];
    let mut g = duel(
        vec![ship(2, Facing::Up, &[(Slot::FireA, 6)]), ship(4, Facing::Down, &[(Slot::PowerA, 1)]), green],
        RED,
    );
    act(&mut g, RED, Act { target: Some(GREEN), ..Act::plain(Slot::FireA) });
    assert!(g.ship(GREEN).unwrap().destroyed && !g.is_over());
    assert_eq!(g.turn(), Some(BLUE));
    let e = plain(&mut g, BLUE, Slot::PowerA);
    // Red and Blue share sector 0: sector 2 (behind it) closes.
    assert!(e.contains(&Event::RoundEnded { reflex: None, closed: Some(2) }), "{e:?}");
    assert_eq!(g.board().closed(), Some(2));
    assert_eq!(g.validate(GREEN, &Intent::Act(Act::plain(Slot::PowerA))), Err(Refusal::Retired));
}

#[test]
fn a_ship_destroyed_before_its_turn_is_skipped() {
    let mut blue = ship(4, Facing::Down, &[(Slot::PowerA, 1)]);
    blue.shields = vec![];
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(Slot::FireA, 6)]),
            blue,
            ship(12, Facing::Up, &[(Slot::PowerA, 1), (Slot::PowerB, 1)]),
        ],
        RED,
    );
    act(&mut g, RED, Act { target: Some(BLUE), ..Act::plain(Slot::FireA) });
    assert_eq!(g.turn(), Some(GREEN));
}

#[test]
fn d37_a_die_is_left_off_only_when_no_free_space_takes_it() {
    use duel_core::thunderstruck::{Console, Misplaced, Placement};
    let console = Console::default();
    let dice: Vec<duel_core::Pip> = [1, 2, 3, 4].iter().map(|p| duel_core::Pip::new(*p)).collect();
    let left_off = Placement::new(vec![Some(Slot::BoostA), Some(Slot::ManoeuvreA), Some(Slot::FireA), None]);
    assert_eq!(left_off.check(&dice, &console), Err(Misplaced::LeftOff(duel_core::Pip::new(4))));
}

#[test]
fn d38_a_deadline_takes_the_stated_default() {
    // A turn: the first die in console order, no cubes, at the nearest ship.
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::FireA, 6), (Slot::PowerA, 1)]),
            ship(5, Facing::Down, &[(Slot::PowerA, 1)]),
        ],
        RED,
    );
    let e =
        g.host(duel_core::thunderstruck::HostAction::Default, &mut duel_core::FixedDice::new(&[])).unwrap();
    assert!(matches!(
        e[0],
        Event::Acted { player: RED, act: Act { die: Slot::FireA, pips: 0, to: None, .. }, .. }
    ));
    // A hit: the first shield that can take it and its first damage space.
    let e =
        g.host(duel_core::thunderstruck::HostAction::Default, &mut duel_core::FixedDice::new(&[])).unwrap();
    assert_eq!(e[0], Event::HitTaken { player: BLUE, shield: Shield::Mid, damage: Slot::BoostA });
}

#[test]
fn d39_with_three_players_the_fastest_rival_takes_the_reflex_die() {
    let mut g = duel(
        vec![
            ship(0, Facing::Up, &[(Slot::BoostA, 1), (Slot::ManoeuvreA, 1)]),
            ship(6, Facing::Up, &[(Slot::BoostA, 4), (Slot::ManoeuvreA, 2)]),
            ship(12, Facing::Up, &[(Slot::BoostA, 3), (Slot::ManoeuvreA, 6)]),
        ],
        RED,
    );
    plain(&mut g, RED, Slot::BoostA);
    plain(&mut g, BLUE, Slot::BoostA);
    plain(&mut g, GREEN, Slot::BoostA);
    plain(&mut g, RED, Slot::ManoeuvreA);
    let e = hold_all(&mut g);
    // Red is lowest on both tokens; Green (3 + 6) outpaces Blue (4 + 2).
    assert!(e.contains(&Event::RoundEnded { reflex: Some(GREEN), closed: None }), "{e:?}");
}

#[test]
fn d41_a_ship_alone_in_its_sector_wins_there_with_any_manoeuvre_die() {
    let mut g = duel(
        vec![
            ship(2, Facing::Up, &[(Slot::ManoeuvreA, 1), (Slot::FireA, 1)]),
            ship(9, Facing::Down, &[(Slot::FireA, 1)]),
        ],
        RED,
    );
    let e = plain(&mut g, RED, Slot::ManoeuvreA);
    assert!(
        matches!(&e[0], Event::Acted { outcome: Outcome::Manoeuvred { winners, .. }, .. } if winners == &vec![(RED, false)])
    );
}
