//! `duel-sim`: bot-against-bot games on a simulated clock.
//!
//! ```text
//! duel-sim [A] [B] [--random[=uniform]] [--games N] [--seed S] [--mcguire]
//!          [--players N] [--max-minutes M] [--timeout-ms MS] [--review-ms MS]
//!          [--random-reaction MS] [--matrix] [--ladder] [--mission 1|2|3]
//!          [--two-health]
//!          [--map NAME] [--two-per-side]
//! ```
//! A and B are crews: a level (`learning`, `easy`, `medium`, `skilled`,
//! `hard`), `random` (weighted
//! random-legal intents) or `uniform` (uniformly random legal intents);
//! default `hard random`. `--random` makes B the weighted random crew,
//! `--random=uniform` the uniform one. Colours swap every game. `--matrix`
//! plays every pair of levels and random (except random against random), each
//! level against itself included. `--ladder` plays the calibration ladder:
//! each level against the one below it (A the stronger), then each level
//! against itself. Prints one Markdown table row per pairing, then the wall time
//! and games per second. `--mission N` plays Die Fighter mission N
//! (1 Carrier Strike, 2 Fighter Assault, 3 Fighter Duel) instead of the duel;
//! its "white wins" column is team 0's (mission 2: the Capital ship's side).
//! `--two-health` plays the "Fighters start with 2 health" play note.
//! `--equipment` deals Die Fighter's Experimental Equipment cards and drafts
//! them (`--equipment=random`: two each at random), then prints each card's
//! pick rate and the win rate of the team holding it.
//! `--map NAME` plays on a built-in map (`duel_core::map::builtin`: "Rift
//! Field", "gravity-well", …; an unknown name is refused with the list); on
//! a tile map the printed terrain is the set-up (D42). `--two-per-side`
//! gives each side two ships (a map with four start squares, D45).
//! The table counts wins by colour (White, Black, draws) and the intents
//! the host refused (the bots should never send one).

#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use duel_bots::sim::{map_named, run_series, CrewSpec, SimOptions, Tally};
use duel_bots::{Difficulty, RandomStyle};
use duel_core::{Equipment, HouseRules, Layout, Mission, Ruleset};

struct Args {
    pairs: Vec<(CrewSpec, CrewSpec)>,
    games: u32,
    seed: u64,
    opts: SimOptions,
    mcguire: bool,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    value.as_deref().and_then(|v| v.parse().ok()).ok_or_else(|| format!("{flag} needs a number"))
}

fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut crews: Vec<CrewSpec> = Vec::new();
    let mut args =
        Args { pairs: Vec::new(), games: 100, seed: 1, opts: SimOptions::default(), mcguire: false };
    let mut matrix = false;
    let mut ladder = false;
    let mut two_health = false;
    let mut equipment = Equipment::Off;
    let mut random = None;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => args.games = number("--games", it.next())?,
            "--seed" => args.seed = number("--seed", it.next())?,
            "--players" => args.opts.players = number("--players", it.next())?,
            "--max-minutes" => args.opts.max_ms = number::<u64>("--max-minutes", it.next())? * 60_000,
            "--timeout-ms" => args.opts.choice_timeout_ms = number("--timeout-ms", it.next())?,
            "--review-ms" => args.opts.review_ms = number("--review-ms", it.next())?,
            "--random-reaction" => args.opts.random_reaction_ms = number("--random-reaction", it.next())?,
            "--mcguire" => {
                args.mcguire = true;
                args.opts.ruleset = Ruleset { house: HouseRules::mcguire(), ..Ruleset::default() };
            }
            "--matrix" => matrix = true,
            "--ladder" => ladder = true,
            "--two-health" => two_health = true,
            "--equipment" => equipment = Equipment::Draft,
            "--equipment=random" => equipment = Equipment::RandomTwoEach,
            "--mission" => {
                let n: u8 = number("--mission", it.next())?;
                args.opts.mission = Some(Mission::number(n).ok_or("--mission takes 1, 2 or 3")?);
            }
            "--map" => args.opts.map = map_named(&it.next().ok_or("--map needs a map's name")?)?,
            "--two-per-side" => args.opts.layout = Layout::TwoPerSide,
            "--random" | "--random=weighted" => random = Some(RandomStyle::Weighted),
            "--random=uniform" => random = Some(RandomStyle::Uniform),
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => crews.push(other.parse()?),
        }
    }
    if !(1..=4).contains(&args.opts.players) {
        return Err("--players takes 1 to 4".into());
    }
    if matrix {
        let mut all: Vec<CrewSpec> = Difficulty::ALL.into_iter().map(CrewSpec::Bot).collect();
        all.push(CrewSpec::Random(RandomStyle::Weighted));
        for (i, a) in all.iter().enumerate() {
            // Random against random says nothing about the bots (and rarely ends).
            for b in all[i..].iter().filter(|b| !matches!((a, b), (CrewSpec::Random(_), CrewSpec::Random(_))))
            {
                args.pairs.push((*a, *b));
            }
        }
    } else if ladder {
        // The calibration ladder: each level against the one below (A the
        // stronger), then each level against itself (game length, colour).
        for pair in Difficulty::ALL.windows(2) {
            args.pairs.push((CrewSpec::Bot(pair[1]), CrewSpec::Bot(pair[0])));
        }
        args.pairs.extend(Difficulty::ALL.map(|d| (CrewSpec::Bot(d), CrewSpec::Bot(d))));
    } else {
        let a = crews.first().copied().unwrap_or(CrewSpec::Bot(Difficulty::Hard));
        let b = match random {
            Some(style) => CrewSpec::Random(style),
            None => crews.get(1).copied().unwrap_or(CrewSpec::Random(RandomStyle::Weighted)),
        };
        args.pairs.push((a, b));
    }
    args.opts.ruleset.fighters_start_with_two_health = two_health;
    args.opts.ruleset.equipment = equipment;
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("duel-sim: {e}");
            }
            eprintln!(
                "usage: duel-sim [A] [B] [--random[=uniform]] [--games N] [--seed S] [--mcguire] [--two-health] [--players N]"
            );
            eprintln!("                [--max-minutes M] [--timeout-ms MS] [--review-ms MS] [--random-reaction MS] [--matrix] [--ladder]");
            eprintln!(
                "                [--mission 1|2|3] [--equipment[=random]] [--map NAME] [--two-per-side]"
            );
            eprintln!("maps: {}", duel_core::map::BUILTIN_NAMES.join(", "));
            eprintln!(
                "crews: learning, easy, medium, skilled, hard, random (weighted random-legal), uniform"
            );
            return if e.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
        }
    };
    let table = match (args.opts.mission, args.opts.layout) {
        (Some(m), _) => format!("mission {} ({})", m.index(), m.name()),
        (None, Layout::TwoPerSide) => format!("two ships per side, {} player(s) per ship", args.opts.players),
        (None, _) => format!("{} player(s) per team", args.opts.players),
    };
    println!(
        "duel-sim: {} games per pairing, colours swapped every game, seed {}, {} rules, {table}, map {}",
        args.games,
        args.seed,
        if args.mcguire { "McGuire house" } else { "base" },
        args.opts.map.name,
    );
    println!();
    println!("{}", Tally::header());
    let start = Instant::now();
    let mut games = 0u64;
    let mut refused = 0u64;
    let mut cards = Vec::new();
    for (a, b) in &args.pairs {
        match run_series(&args.opts, *a, *b, args.games, args.seed) {
            Ok(t) => {
                println!("{t}");
                cards.push(t.cards.clone());
                games += u64::from(t.games);
                refused += t.refused;
            }
            Err(e) => {
                eprintln!("duel-sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    for (tally, (a, b)) in cards.iter().zip(&args.pairs).filter(|(t, _)| t.any()) {
        println!();
        println!("Equipment cards, {a} against {b}:");
        println!("{}", duel_bots::sim::CardTally::header());
        print!("{tally}");
    }
    println!();
    println!("{games} games in {secs:.2} s wall: {:.0} games/s on one core", games as f64 / secs.max(1e-9));
    println!("refused intents: {refused}");
    if refused > 0 {
        println!("warning: the host refused {refused} bot intents");
    }
    ExitCode::SUCCESS
}
