//! Thunderstruck Duel's legality (R23, T1–T10, D32–D41) against an
//! independent enumeration, in the spirit of `legal_complete.rs`. For every
//! seat (and one past the last) every shape a player could send is built:
//! seed commitments and plan seals (the true digest and a wrong one);
//! reveals (the true seed and a wrong one, every reroll count to one past
//! the cube limit, the sealed placement, others the dice allow, malformed
//! ones); every act (each console space as the die, every pip change from
//! -5 to +5 and both extremes, no move or a move to each space, no second
//! Boost die or each space, no target or each player and one past, a Boost
//! space and a player together); every hit answer (shield × damage space);
//! every steer (flip, hold, a warp to each space and one past, either way).
//!
//! Each candidate goes to the duel's `validate` and through the match's
//! (which must agree). What passes must be exactly the duel's
//! `legal_intents` (acts, hit answers, steers) plus the one planning step
//! the player's device can take now, as the duel cannot list what needs the
//! secret seed: commit, seal, or reveal what it sealed (see `key` for what
//! counts as the same intent). Every accepted intent is played on a copy and
//! must keep the duel's invariants. The duel is never stuck: everyone the
//! Action Phase waits on has an accepted intent and the host's deadline
//! default is accepted; in planning some player or the host can act.
//!
//! Positions (about 5,000, every phase and prompt) come from random 2- and
//! 3-player duels of 6 and 12 rounds (`support::thunder_walk`): devices
//! commit, seal and reveal in any order, some seal a plan they cannot
//! reveal, the host draws a beacon early or forfeits a player now and
//! then, and its deadline default plays some turns.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::{BTreeMap, BTreeSet};

use duel_core::thunderstruck::console::MAX_CUBES;
use duel_core::thunderstruck::{
    self as ts, Act, ConsoleSpace, Digest, Facing, Placement, Planning, Player, Secret, Shield, Space, Steer,
    System,
};
use duel_core::{HostAction, Intent, SeatId};
use support::thunder_walk::{seed, step, Duel};
use support::TestRng;

/// A digest nobody committed to.
const NOTHING: Digest = Digest([0; 32]);

/// Every intent shape player `p` could send; acts in full for a player the
/// duel waits on, else every die, pip change and move alone.
fn candidates(d: &Duel, p: Player, every_act: bool) -> Vec<ts::Intent> {
    let duel = d.duel();
    let round = duel.round();
    let mine = seed(p, round, d.salt);
    let mut out = Vec::new();
    for digest in [mine.digest(), NOTHING] {
        out.push(ts::Intent::CommitSeed { seed: digest });
        out.push(ts::Intent::SealPlan { plan: digest });
    }
    let (rerolls, sealed) = d.sealed(p).map_or((0, Placement::new(vec![])), |(r, s)| (r, s.clone()));
    let next = seed(p, round.wrapping_add(1), d.salt).digest();
    let mut placements = vec![sealed.clone(), Placement::new(vec![])];
    let mut longer = sealed.slots().to_vec();
    longer.push(None);
    placements.push(Placement::new(longer));
    if let (Some(dice), Some(ship)) = (duel.roll(p, &mine, rerolls), duel.ship(p)) {
        placements.push(Placement::new(vec![None; dice.len()]));
        placements.extend(Placement::all(&dice, &ship.console).into_iter().take(6));
    }
    for s in [mine, Secret([0xab; 32])] {
        for r in 0..=MAX_CUBES + 1 {
            out.push(ts::Intent::Reveal { seed: s, rerolls: r, placement: sealed.clone(), next });
        }
        for placement in &placements {
            out.push(ts::Intent::Reveal { seed: s, rerolls, placement: placement.clone(), next });
        }
    }
    out.push(ts::Intent::Reveal { seed: mine, rerolls, placement: sealed, next: NOTHING });
    let limit = MAX_CUBES as i8 + 1;
    let pips: Vec<i8> = (-limit..=limit).chain([i8::MIN, i8::MAX]).collect();
    let spaces: Vec<Option<ConsoleSpace>> =
        std::iter::once(None).chain(ConsoleSpace::ALL.map(Some)).collect();
    // The second Boost die and the target: each alone, and both at once.
    let mut extras: Vec<(Option<ConsoleSpace>, Option<Player>)> =
        spaces.iter().map(|with| (*with, None)).collect();
    for target in (0..=duel.config().players).map(|i| Some(Player(i))) {
        extras.push((None, target));
        extras.extend(ConsoleSpace::of(System::Boost).iter().map(|with| (Some(*with), target)));
    }
    if !every_act {
        extras = vec![(None, None)];
    }
    for die in ConsoleSpace::ALL {
        for &pips in &pips {
            for &to in &spaces {
                for &(with, target) in &extras {
                    out.push(ts::Intent::Act(Act { die, pips, to, with, target }));
                }
            }
        }
    }
    for shield in Shield::ALL {
        out.extend(ConsoleSpace::ALL.map(|damage| ts::Intent::TakeHit { shield, damage }));
    }
    out.extend([Steer::Flip, Steer::Hold].map(ts::Intent::Steer));
    for n in (0..=duel.board().spaces()).chain([u8::MAX]) {
        for facing in [Facing::Up, Facing::Down] {
            out.push(ts::Intent::Steer(Steer::Warp { to: Space(n), facing }));
        }
    }
    out
}

/// The planning step `p`'s device can take now (the duel cannot list it:
/// it needs the secret seed): commit (T10), seal once the beacon is drawn,
/// reveal what it sealed once every plan is sealed, if that plan is one the
/// dice and cubes allow (T6, T7, D37).
fn device_step(d: &Duel, p: Player) -> Option<ts::Intent> {
    let duel = d.duel();
    let ship = duel.ship(p).filter(|s| !s.destroyed)?;
    let ts::Phase::Planning { beacon } = *duel.phase() else { return None };
    let done = |q: Player| {
        matches!(
            duel.ship(q).map(|s| s.planning),
            Some(Planning::Sealed { .. } | Planning::Revealed | Planning::Forfeit)
        )
    };
    match (ship.planning, beacon) {
        (Planning::Unseeded, None) => Some(ts::Intent::CommitSeed { seed: NOTHING }),
        (Planning::Seeded { .. }, Some(_)) => Some(ts::Intent::SealPlan { plan: NOTHING }),
        (Planning::Sealed { .. }, Some(_)) if duel.living().all(done) => {
            let mine = seed(p, duel.round(), d.salt);
            let (rerolls, placement) = d.sealed(p)?;
            let dice = duel.roll(p, &mine, rerolls)?;
            let allowed = rerolls <= ship.console.cubes() && placement.check(&dice, &ship.console).is_ok();
            allowed.then(|| ts::Intent::Reveal {
                seed: mine,
                rerolls,
                placement: placement.clone(),
                next: NOTHING,
            })
        }
        _ => None,
    }
}

/// The same intent for the comparison: any digest a commitment or seal
/// names (the duel cannot tell a true one), any next-round commitment in a
/// reveal, and a Fire with no target when the one rival is implied (T4).
fn key(duel: &ts::Game, p: Player, intent: &ts::Intent) -> String {
    let same = match intent {
        ts::Intent::CommitSeed { .. } => ts::Intent::CommitSeed { seed: NOTHING },
        ts::Intent::SealPlan { .. } => ts::Intent::SealPlan { plan: NOTHING },
        ts::Intent::Reveal { seed, rerolls, placement, .. } => {
            ts::Intent::Reveal { seed: *seed, rerolls: *rerolls, placement: placement.clone(), next: NOTHING }
        }
        ts::Intent::Act(act) if act.target.is_none() && act.at().system() == System::Fire => {
            let rivals: Vec<Player> = duel.living().filter(|r| *r != p).collect();
            ts::Intent::Act(Act { target: (rivals.len() == 1).then(|| rivals[0]), ..*act })
        }
        other => other.clone(),
    };
    format!("{same:?}")
}

type Coverage = BTreeMap<&'static str, usize>;

fn kind(intent: &ts::Intent) -> &'static str {
    match intent {
        ts::Intent::CommitSeed { .. } => "commit",
        ts::Intent::SealPlan { .. } => "seal",
        ts::Intent::Reveal { .. } => "reveal",
        ts::Intent::Act(a) if a.with.is_some() => "boost with both dice",
        ts::Intent::Act(a) if a.target.is_some() => "fire at a named ship",
        ts::Intent::Act(a) if a.to.is_some() => "act after moving the die",
        ts::Intent::Act(a) if a.pips != 0 => "act after changing pips",
        ts::Intent::Act(_) => "plain act",
        ts::Intent::TakeHit { .. } => "take a hit",
        ts::Intent::Steer(Steer::Warp { .. }) => "warp",
        ts::Intent::Steer(_) => "flip or hold",
    }
}

/// Checks every seat of one position (see the module docs).
fn check_position(d: &Duel, coverage: &mut Coverage) {
    let duel = d.duel();
    duel.check_invariants().unwrap_or_else(|e| panic!("broken invariant: {e}: {duel:?}"));
    let waiting = duel.waiting_on();
    let mut someone_can = false;
    let mut kinds = BTreeSet::new();
    for i in 0..=duel.config().players {
        let (p, seat) = (Player(i), SeatId(i));
        let legal = duel.legal_intents(p);
        let wrapped: Vec<Intent> = legal.iter().cloned().map(Intent::Thunderstruck).collect();
        assert_eq!(d.game.legal_intents(seat), wrapped, "seat {i}: the match lists the duel's intents");
        for intent in &legal {
            assert!(duel.validate(p, intent).is_ok(), "player {i}: listed but refused: {intent:?}");
        }
        let every_act = waiting.contains(&p) || duel.turn() == Some(p);
        let mut accepted = Vec::new();
        for (n, c) in candidates(d, p, every_act).into_iter().enumerate() {
            let ok = duel.validate(p, &c).is_ok();
            if ok || n % 61 == 0 {
                let through = d.game.validate(seat, &Intent::Thunderstruck(c.clone()));
                assert_eq!(through.is_ok(), ok, "seat {i}: the match and the duel disagree on {c:?}");
            }
            if ok {
                accepted.push(c);
            }
        }
        let expected: BTreeSet<String> =
            legal.iter().chain(&device_step(d, p)).map(|x| key(duel, p, x)).collect();
        let valid: BTreeSet<String> = accepted.iter().map(|x| key(duel, p, x)).collect();
        let missing: Vec<_> = valid.difference(&expected).collect();
        assert!(
            missing.is_empty(),
            "player {i}: valid but neither listed nor its device's step: {missing:?}"
        );
        let extra: Vec<_> = expected.difference(&valid).collect();
        assert!(
            extra.is_empty(),
            "player {i}: listed (or its device's step) but outside the enumeration: {extra:?}"
        );
        for intent in &accepted {
            let mut copy = d.game.clone();
            let played = copy.play(seat, &Intent::Thunderstruck(intent.clone()), &mut TestRng::new(0));
            assert!(played.is_ok(), "player {i}: valid but refused in play: {intent:?}: {played:?}");
            let after = copy.thunderstruck().unwrap().check_invariants();
            assert!(after.is_ok(), "player {i}: {intent:?} broke an invariant: {after:?}");
        }
        if waiting.contains(&p) {
            assert!(!accepted.is_empty(), "player {i} is waited on but may send nothing: {duel:?}");
        }
        someone_can |= !accepted.is_empty();
        kinds.extend(accepted.iter().map(kind));
    }
    for k in kinds {
        *coverage.entry(k).or_default() += 1;
    }
    // Never stuck: the host's deadline default, or in planning its beacon or a forfeit.
    let host_can = |action: ts::HostAction| {
        d.game.clone().host(&HostAction::Thunderstruck(action), &mut TestRng::new(0)).is_ok()
    };
    match duel.phase() {
        ts::Phase::Over { .. } => assert!(!someone_can, "nothing is accepted once the duel is over"),
        ts::Phase::Action { .. } => {
            assert!(!waiting.is_empty(), "the Action Phase waits on nobody: {duel:?}");
            assert!(host_can(ts::HostAction::Default), "the deadline default is refused: {duel:?}");
        }
        ts::Phase::Planning { .. } => {
            let forfeit = duel.players().any(|player| host_can(ts::HostAction::Forfeit { player }));
            let beacon = host_can(ts::HostAction::Beacon);
            assert!(someone_can || forfeit || beacon, "planning is stuck: {duel:?}");
        }
    }
}

/// Walks random duels of `players`, checking every position; the coverage.
fn check_duels(players: u8, positions: usize, seed0: u64) -> Coverage {
    let mut coverage = Coverage::new();
    let (mut checked, mut salt) = (0, seed0);
    while checked < positions {
        let first = Player((salt % u64::from(players)) as u8);
        let rounds = if salt % 3 == 0 { 6 } else { 12 };
        let mut d = Duel::new(ts::Config { players, rounds, first }, salt);
        let mut rng = TestRng::new(salt);
        loop {
            check_position(&d, &mut coverage);
            checked += 1;
            if checked >= positions || !step(&mut d, &mut rng) {
                break;
            }
        }
        salt += 1;
    }
    coverage
}

fn assert_reached(coverage: &Coverage, min: usize) {
    let kinds = [
        "commit",
        "seal",
        "reveal",
        "plain act",
        "act after changing pips",
        "act after moving the die",
        "boost with both dice",
        "fire at a named ship",
        "take a hit",
        "flip or hold",
        "warp",
    ];
    for k in kinds {
        let seen = coverage.get(k).copied().unwrap_or(0);
        assert!(seen >= min, "{k} was valid in only {seen} positions (want {min}): {coverage:?}");
    }
}

#[test]
fn thunderstruck_accepts_exactly_the_listed_intents_in_two_player_duels() {
    assert_reached(&check_duels(2, 2_500, 1), 10);
}

#[test]
fn thunderstruck_accepts_exactly_the_listed_intents_in_three_player_duels() {
    assert_reached(&check_duels(3, 2_500, 1_000), 10);
}

#[test]
fn the_enumeration_catches_a_missing_act() {
    // The check itself can fail: a list shortened by one act misses a valid candidate.
    let mut d = Duel::new(ts::Config::default(), 7);
    let mut rng = TestRng::new(7);
    while d.duel().turn().is_none() {
        assert!(step(&mut d, &mut rng), "the duel reaches an Action Phase");
    }
    let (duel, p) = (d.duel(), d.duel().turn().unwrap());
    let shortened: BTreeSet<String> = duel.legal_intents(p).iter().skip(1).map(|x| key(duel, p, x)).collect();
    let valid: Vec<ts::Intent> =
        candidates(&d, p, true).into_iter().filter(|c| duel.validate(p, c).is_ok()).collect();
    assert!(valid.iter().any(|v| !shortened.contains(&key(duel, p, v))));
}
