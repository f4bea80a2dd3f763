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

#[test]
fn every_lesson_opens_on_its_first_hint() {
    for lesson in &LESSONS {
        let game = lesson.position().unwrap().into_game().unwrap();
        assert_eq!(lesson.hint_at(&game), 0, "{}: a step counted done before the learner did it", lesson.id);
        assert!(
            lesson.station().is_some() || lesson.freeze,
            "{}: a station lesson names its station",
            lesson.id
        );
    }
}

#[test]
fn the_card_follows_the_learner_and_goes_back_when_a_step_is_undone() {
    use duel_core::{Intent, Station};
    // Engineering: Roll moves the card on from "press Roll"; a 1 sent to Weapons moves it on again.
    let lesson = find("engineering").unwrap();
    let mut game = lesson.position().unwrap().into_game().unwrap();
    let mut dice = Dice(7);
    let pool: Vec<u8> = game.ship(super::LEARNER).unwrap().pool().map(|(i, _)| i).collect();
    game.play(SeatId(0), &Intent::RollEnergy { dice: pool }, &mut dice).unwrap();
    assert_eq!(lesson.hint_at(&game), 1, "rolled: the card asks for a 1 sent to Weapons");

    // Sensors: a lock placed moves the card to the lock total; taking it off brings the hint back.
    let lesson = find("sensors").unwrap();
    let mut game = lesson.position().unwrap().into_game().unwrap();
    let mut dice = Dice(11);
    let mut placed = None;
    for _ in 0..60 {
        if placed.is_some() {
            break;
        }
        let legal = game.legal_intents(SeatId(0));
        let lock = legal.iter().find(|i| {
            matches!(i, Intent::PlaceDie { station: Station::Sensors, spot: duel_core::Spot::Lock, .. })
        });
        match lock {
            Some(intent) => {
                game.play(SeatId(0), intent, &mut dice).unwrap();
                placed = Some(intent.clone());
            }
            None => {
                let roll =
                    legal.iter().find(|i| matches!(i, Intent::RollDice { station: Station::Sensors, .. }));
                game.play(SeatId(0), roll.expect("Sensors can roll again"), &mut dice).unwrap();
                assert!(lesson.hint_at(&game) >= 1, "rolled: past \u{201c}press Roll\u{201d}");
            }
        }
    }
    let Some(Intent::PlaceDie { die, .. }) = placed else { panic!("no lock in 60 rolls") };
    assert_eq!(lesson.hint_at(&game), 2, "a lock placed: the card points at the lock total");
    game.play(SeatId(0), &Intent::RemoveDie { station: Station::Sensors, die }, &mut dice).unwrap();
    assert!(lesson.hint_at(&game) < 2, "the lock taken off: the card goes back");
}
