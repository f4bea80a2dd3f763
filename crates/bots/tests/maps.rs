//! Bots on the built-in tile maps (D42–D45): every map plays to a result
//! with no intent refused, and on the Gravity Well the helm uses the dice
//! the arrows keep.

use duel_bots::sim::{map_named, play_game, play_game_observed, CrewSpec, Outcome, SimOptions, Step};
use duel_bots::Difficulty;
use duel_core::event::Event;
use duel_core::map::BUILTIN_NAMES;
use duel_core::{Intent, Layout, Mission, Station};

fn on(map: &str, layout: Layout) -> SimOptions {
    SimOptions { map: map_named(map).expect("a built-in map"), layout, ..SimOptions::default() }
}

#[test]
fn bots_play_every_builtin_map_to_a_result_with_no_refused_intent() {
    let [easy, medium, hard] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard].map(CrewSpec::Bot);
    for (i, name) in BUILTIN_NAMES.iter().enumerate() {
        let seed = i as u64 * 10;
        for (white, black, seed) in [(hard, hard, seed + 1), (hard, hard, seed + 2), (medium, easy, seed + 3)]
        {
            let rec = play_game(&on(name, Layout::Duel), white, black, seed).expect("valid set-up");
            assert_eq!(rec.refused, 0, "{name}, {white} v {black}, seed {seed}: {rec:?}");
            assert_ne!(rec.outcome, Outcome::Unfinished, "{name}, {white} v {black}, seed {seed}");
        }
    }
    let rec = play_game(&on("Four Corners", Layout::TwoPerSide), hard, hard, 5).expect("valid set-up");
    assert_eq!(rec.refused, 0, "Four Corners, two per side: {rec:?}");
    assert_ne!(rec.outcome, Outcome::Unfinished, "Four Corners, two per side");
}

/// Helm dice kept by arrows, and kept dice placed by a free override, over
/// three Hard games with `opts`.
fn kept_and_placed(opts: &SimOptions) -> (u32, u32) {
    let hard = CrewSpec::Bot(Difficulty::Hard);
    let (mut kept, mut placed) = (0u32, 0u32);
    for seed in 1..=3 {
        play_game_observed(opts, hard, hard, seed, &mut |_, _, step| {
            if let Step::Played { intent, events, .. } = step {
                kept += events.iter().filter(|e| matches!(e, Event::HelmDiceKept { .. })).count() as u32;
                let free = matches!(intent, Intent::Override { station: Station::Helm, .. });
                // A kept die's override spends no crystal (D44).
                let paid = events.iter().any(|e| matches!(e, Event::CrystalMoved { .. }));
                placed += u32::from(free && !events.is_empty() && !paid);
            }
        })
        .expect("valid set-up");
    }
    (kept, placed)
}

#[test]
fn d44_on_the_gravity_well_the_helm_places_kept_dice_for_free() {
    let (kept, placed) = kept_and_placed(&on("Gravity Well", Layout::Duel));
    assert!(kept > 0, "the arrows kept no die in three games");
    assert!(placed > 0, "{kept} dice kept, none placed by override");
}

#[test]
fn d44_a_fighters_pilot_places_kept_dice_for_free_too() {
    let opts = SimOptions { mission: Some(Mission::FighterDuel), ..on("Gravity Well", Layout::Duel) };
    let (kept, placed) = kept_and_placed(&opts);
    assert!(kept > 0 && placed > 0, "{kept} kept, {placed} placed");
}
