//! Debug aid: combat statistics over simulated games.
//!
//! ```text
//! cargo run -p duel-bots --release --example stats -- [A] [B] [GAMES] [MAP]
//! ```
//! MAP is a built-in map's name (`duel_core::map::BUILTIN_NAMES`); on a
//! tile map the terrain counts show what rifts and gravity arrows did.

use duel_bots::sim::{map_named, play_game_observed, CrewSpec, SimOptions, Step};
use duel_bots::Difficulty;
use duel_core::event::Event;
use duel_core::freeze::FreezeAction;
use duel_core::map::Pull;
use duel_core::{Intent, Station};

#[derive(Default, Debug)]
struct Counts {
    fires: u32,
    hits: u32,
    /// Hits by shield dice on the struck sector: 0, 1, 2, 3+.
    struck: [u32; 4],
    damage_rolls: u32,
    tractors: u32,
    warps: u32,
    mines_laid: u32,
    overrides: u32,
    surges: u32,
    crystals: u32,
    moves: u32,
    /// Terrain (D43, D44): rifts entered, shield dice they took, arrow
    /// steps with and against, dice kept, last dice cancelled, kept dice
    /// placed by a free override.
    rifts: u32,
    rift_shields: u32,
    with: u32,
    against: u32,
    kept: u32,
    cancelled: u32,
    kept_placed: u32,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let crew = |i: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(CrewSpec::Bot(Difficulty::Hard));
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    let mut opts = SimOptions::default();
    if let Some(name) = args.get(3) {
        match map_named(name) {
            Ok(map) => opts.map = map,
            Err(e) => {
                eprintln!("stats: {e}");
                std::process::exit(2);
            }
        }
    }
    let mut c = Counts::default();
    for seed in 1..=u64::from(games) {
        let _ = play_game_observed(&opts, crew(0), crew(1), seed, &mut |_, _, step| {
            let events = match step {
                Step::Played { intent, events, .. } => {
                    match intent {
                        Intent::Override { station: Station::Helm, .. }
                            if !events.iter().any(|e| matches!(e, Event::CrystalMoved { .. })) =>
                        {
                            c.kept_placed += u32::from(!events.is_empty());
                        }
                        Intent::Override { .. } => c.overrides += 1,
                        Intent::EnergySurge => c.surges += 1,
                        Intent::TractorCrystal { .. } => c.crystals += 1,
                        Intent::ReleaseMine { .. } => c.mines_laid += 1,
                        _ => {}
                    }
                    events
                }
                Step::Host { events, .. } => events,
                Step::End => return,
            };
            for e in events {
                match e {
                    Event::HitTested { hit, .. } => {
                        c.fires += 1;
                        c.hits += u32::from(*hit);
                    }
                    Event::SectorStruck { shields, .. } => c.struck[usize::from((*shields).min(3))] += 1,
                    Event::DamageRolled { faces, .. } => c.damage_rolls += faces.len() as u32,
                    Event::FreezeDeclared { declared } => match declared.action {
                        FreezeAction::Tractor { .. } => c.tractors += 1,
                        FreezeAction::Warp => c.warps += 1,
                        FreezeAction::Fire { .. }
                        | FreezeAction::Bomb { .. }
                        | FreezeAction::Launch { .. }
                        | FreezeAction::Card { .. } => {}
                    },
                    Event::DiceRemoved { why: duel_core::event::Removal::MoveDone, .. } => c.moves += 1,
                    Event::RiftEntered { .. } => c.rifts += 1,
                    Event::DiceRemoved { why: duel_core::event::Removal::Rift, dice, .. } => {
                        c.rift_shields += dice.len() as u32;
                    }
                    Event::GravityPulled { pull: Pull::With, .. } => c.with += 1,
                    Event::GravityPulled { pull: Pull::Against, .. } => c.against += 1,
                    Event::HelmDiceKept { dice, .. } => c.kept += dice.len() as u32,
                    Event::HelmDieCancelled { .. } => c.cancelled += 1,
                    _ => {}
                }
            }
        });
    }
    println!("totals over {games} games: {c:?}");
}
