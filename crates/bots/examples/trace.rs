//! Debug aid: plays one simulated game and prints the final state; `-v`
//! prints every intent with its simulated time.
//!
//! ```text
//! cargo run -p duel-bots --example trace -- [A] [B] [SEED] [-v]
//! PLAYERS=3 MCGUIRE=1 cargo run -p duel-bots --example trace -- hard medium 7
//! ```

use duel_bots::sim::{play_game_observed, CrewSpec, SimOptions, Step};
use duel_bots::Difficulty;
use duel_core::station::DICE_STATIONS;
use duel_core::{Game, HouseRules, Ruleset, ShipId};

fn show(game: &Game) {
    for (i, s) in game.ships().iter().enumerate() {
        println!(
            "ship {i}: {:?} facing {:?} hits {} lock {} jam {} crystals {} pool {:?}",
            s.position,
            s.facing,
            s.hits,
            s.lock(),
            s.jammers(),
            game.crystals_held(ShipId(i as u8)),
            s.pool().collect::<Vec<_>>()
        );
        for st in DICE_STATIONS {
            println!("   {st}: energy {} dice {:?}", s.energy_at(st), s.station_dice(st));
        }
    }
    println!("freeze {:?} choices {:?}", game.freeze(), game.choices());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "-v").collect();
    let crew = |i: usize| rest.get(i).and_then(|s| s.parse().ok()).unwrap_or(CrewSpec::Bot(Difficulty::Hard));
    let seed: u64 = rest.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let house = if std::env::var("MCGUIRE").is_ok() { HouseRules::mcguire() } else { HouseRules::default() };
    let opts = SimOptions {
        players: std::env::var("PLAYERS").ok().and_then(|p| p.parse().ok()).unwrap_or(1),
        ruleset: Ruleset { house, ..Ruleset::default() },
        ..SimOptions::default()
    };
    let rec = play_game_observed(&opts, crew(0), crew(1), seed, &mut |game, now, step| match step {
        Step::Played { seat, intent, .. } if verbose => println!("{now:>7} seat {} {intent:?}", seat.0),
        Step::Host { action, .. } if verbose => println!("{now:>7} host {action:?}"),
        Step::End => show(game),
        _ => {}
    });
    println!("{rec:?}");
}
