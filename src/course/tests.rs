//! Every lesson's position is a valid game, its goal is not met at the
//! start, and random play of the learner's seat alone (the enemy idle, its
//! choices left to their defaults as the host does) reaches it: a learner
//! who rolls again is never stuck.
#![allow(clippy::unwrap_used)]

use duel_core::random_play::pick_weighted;
use duel_core::{DiceSource, Event, Game, HostAction, Pip, SeatId};

use super::{find, Lesson, LESSONS};

/// A small seeded die (xorshift): the host's dice are random too.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

impl DiceSource for Dice {
    fn roll(&mut self) -> Pip {
        Pip::new((self.next() % 6) as u8 + 1)
    }
}

/// Plays the learner's seat at random from the lesson's start for at most
/// `steps` actions; returns whether the goal was met.
fn random_run(lesson: &Lesson, seed: u64, steps: usize) -> bool {
    let mut game: Game = lesson.position().unwrap().into_game().unwrap();
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..steps {
        if lesson.goal.met(&game, &events) {
            return true;
        }
        let legal = game.legal_intents(SeatId(0));
        let roll = dice.next();
        let out = match pick_weighted(&game, SeatId(0), &legal, roll) {
            Some(intent) => game.play(SeatId(0), &intent, &mut dice),
            // Nothing for the learner: the host's clock moves on (deadlines, the review pause).
            None => match game.choices().first().map(|c| c.id) {
                Some(choice) => game.host(&HostAction::Timeout { choice }, &mut dice),
                None => game.host(&HostAction::Resume, &mut dice),
            },
        };
        match out {
            Ok(batch) => events.extend(batch),
            Err(_) if legal.is_empty() => return false,
            Err(_) => {}
        }
    }
    lesson.goal.met(&game, &events)
}

#[test]
fn every_lesson_starts_from_a_valid_position_with_its_goal_not_yet_met() {
    for lesson in &LESSONS {
        let setup = lesson.position().unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
        let game = setup.into_game().unwrap();
        assert!(!lesson.goal.met(&game, &[]), "{}: met before the learner did anything", lesson.id);
        assert!(game.holds(SeatId(0), lesson.holds[0]), "{}: the learner holds its stations", lesson.id);
        assert!(!lesson.hints.is_empty(), "{}: hints", lesson.id);
        assert_eq!(find(lesson.id).map(|l| l.id), Some(lesson.id));
    }
}

#[test]
fn every_goal_is_reached_by_rolling_again_and_placing() {
    for lesson in &LESSONS {
        let reached = (0..200).any(|seed| random_run(lesson, seed, 400));
        assert!(reached, "{}: random play never met \u{201c}{}\u{201d}", lesson.id, lesson.task);
    }
}

#[test]
fn ids_are_unique_and_the_list_goes_on_to_the_next_lesson() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        assert!(LESSONS[..i].iter().all(|l| l.id != lesson.id), "{} twice", lesson.id);
        assert_eq!(lesson.next().map(|l| l.id), LESSONS.get(i + 1).map(|l| l.id));
    }
}

#[test]
fn a_freeze_goal_needs_the_learners_own_freeze_played_to_its_end() {
    use duel_core::freeze::{Declared, FreezeAction};
    use duel_core::ShipId;

    use super::{FreezeKind, Goal, LEARNER};
    let game = find("warp").unwrap().position().unwrap().into_game().unwrap();
    let warp = Goal::FreezeDone { kind: FreezeKind::Warp };
    let declared = |ship, action| Event::FreezeDeclared { declared: Declared { ship, action } };
    let mine = declared(LEARNER, FreezeAction::Warp);
    assert!(!warp.met(&game, std::slice::from_ref(&mine)), "declared is not done");
    assert!(warp.met(&game, &[mine.clone(), Event::FreezeEnded]));
    assert!(!warp.met(&game, &[Event::FreezeEnded, mine.clone()]), "an earlier freeze's end");
    assert!(!warp.met(&game, &[declared(ShipId(1), FreezeAction::Warp), Event::FreezeEnded]), "Black's warp");
    let tractor = Goal::FreezeDone { kind: FreezeKind::Tractor };
    assert!(!tractor.met(&game, &[mine, Event::FreezeEnded]), "another kind of freeze");
}

#[test]
fn a_hit_counts_only_when_the_learner_fired_it() {
    use duel_core::ShipId;

    use super::{Goal, LEARNER};
    let game = find("fire").unwrap().position().unwrap().into_game().unwrap();
    let test = |ship, hit| Event::HitTested { ship, lock: 3, range: 2, jammers: 1, hit };
    assert!(Goal::TorpedoHit.met(&game, &[test(LEARNER, true)]));
    assert!(!Goal::TorpedoHit.met(&game, &[test(LEARNER, false)]), "a miss");
    assert!(!Goal::TorpedoHit.met(&game, &[test(ShipId(1), true)]), "Black's hit");
}
