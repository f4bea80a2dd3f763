//! `ts-sim`: Thunderstruck Duel pilots against each other.
//!
//! ```text
//! ts-sim [A] [B] [--games N] [--players 2|3] [--rounds 6|12] [--seed S]
//! ```
//! A and B are levels: `hard`, `easy` or `random` (uniformly random legal
//! choices); default `hard random`. With three players A takes one seat
//! and B the other two. A takes every seat in turn. Prints one Markdown
//! table row (win, draw and loss counts and rates, average rounds and
//! intents per game), then the wall time.

#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use duel_bots::thunderstruck::{run_series, Level, Tally};

struct Args {
    a: Level,
    b: Level,
    games: u32,
    players: u8,
    rounds: u8,
    seed: u64,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    value.as_deref().and_then(|v| v.parse().ok()).ok_or_else(|| format!("{flag} needs a number"))
}

fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut levels: Vec<Level> = Vec::new();
    let mut args = Args { a: Level::Hard, b: Level::Random, games: 100, players: 2, rounds: 12, seed: 1 };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => args.games = number("--games", it.next())?,
            "--players" => args.players = number("--players", it.next())?,
            "--rounds" => args.rounds = number("--rounds", it.next())?,
            "--seed" => args.seed = number("--seed", it.next())?,
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => levels.push(other.parse().map_err(|e| format!("{e}"))?),
        }
    }
    if let Some(a) = levels.first() {
        args.a = *a;
    }
    if let Some(b) = levels.get(1) {
        args.b = *b;
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("ts-sim: {e}");
            }
            eprintln!("usage: ts-sim [A] [B] [--games N] [--players 2|3] [--rounds 6|12] [--seed S]");
            eprintln!("levels: hard, easy, random (uniformly random legal choices)");
            return if e.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
        }
    };
    println!(
        "ts-sim: Thunderstruck Duel, {} games, {} players, {} rounds, seed {}; A takes every seat in turn",
        args.games, args.players, args.rounds, args.seed
    );
    println!();
    println!("{}", Tally::header());
    let start = Instant::now();
    let t = match run_series(args.players, args.rounds, args.a, args.b, args.games, args.seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("ts-sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{t}");
    let secs = start.elapsed().as_secs_f64();
    println!();
    let losses = t.b_wins;
    println!(
        "A ({}) wins {:.1} %, draws {:.1} %, loses {:.1} %; {} games in {secs:.1} s wall",
        t.a.map_or("?", Level::name),
        100.0 * f64::from(t.a_wins) / f64::from(t.games.max(1)),
        100.0 * f64::from(t.draws) / f64::from(t.games.max(1)),
        100.0 * f64::from(losses) / f64::from(t.games.max(1)),
        t.games,
    );
    if t.refused > 0 {
        println!("warning: the rules refused {} pilot intents", t.refused);
    }
    if t.unfinished > 0 {
        println!("warning: {} games did not finish", t.unfinished);
    }
    ExitCode::SUCCESS
}
