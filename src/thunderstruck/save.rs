//! The running duel in `localStorage`, so a reload lands back in it: the
//! set-up, the seed, every seat's desk (its secret salts: a plan sealed
//! before the reload can still be revealed after it) and the journal of
//! intents, replayed on a fresh table.

use duel_net::thunder::Desk;
use serde_json::{json, Value};

use super::bots::Level;
use super::session::{Entry, Pace, Session, Setup};
use crate::platform::storage;

const KEY: &str = "dice-duel/thunderstruck";

/// Writes `session` (errors are ignored: the duel goes on, only a reload would lose it).
pub fn store(session: &Session) {
    let s = session.setup();
    let text = json!({
        "v": 1,
        "players": s.players,
        "rounds": s.rounds,
        "level": s.level.name(),
        "red_first": s.red_first,
        "seed": session.seed().to_string(),
        "desks": session.desk_bytes(),
        "journal": session.journal(),
    });
    let _ = storage::set(KEY, &text.to_string());
}

pub fn forget() {
    storage::remove(KEY);
}

/// The saved duel, rebuilt. `None` when nothing is saved; an error when a
/// save exists but does not rebuild (it is then forgotten).
pub fn load(pace: Pace) -> Option<Result<Session, String>> {
    let text = storage::get(KEY)?;
    let result = parse(&text, pace);
    if result.is_err() {
        forget();
    }
    Some(result)
}

fn parse(text: &str, pace: Pace) -> Result<Session, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let num = |k: &str| v.get(k).and_then(Value::as_u64).and_then(|n| u8::try_from(n).ok());
    let setup = Setup {
        players: num("players").ok_or("no player count")?,
        rounds: num("rounds").ok_or("no round count")?,
        level: v.get("level").and_then(Value::as_str).and_then(|n| n.parse().ok()).unwrap_or(Level::Hard),
        red_first: v.get("red_first").and_then(Value::as_bool).unwrap_or(false),
    };
    let seed = v.get("seed").and_then(Value::as_str).and_then(|s| s.parse().ok()).ok_or("no seed")?;
    let desks: Vec<Vec<u8>> =
        serde_json::from_value(v.get("desks").cloned().unwrap_or(Value::Null)).map_err(|e| e.to_string())?;
    let desks: Vec<Desk> = desks.iter().filter_map(|b| Desk::from_bytes(b)).collect();
    let journal: Vec<Entry> = serde_json::from_value(v.get("journal").cloned().unwrap_or(Value::Null))
        .map_err(|e| e.to_string())?;
    Session::restore(setup, seed, desks, journal, pace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thunderstruck::session::ME;
    use duel_core::thunderstruck::Placement;

    #[test]
    fn a_saved_duel_with_a_sealed_plan_comes_back_and_reveals() {
        let pace = Pace::new(true, 100);
        let mut k = 0;
        let setup = Setup { players: 2, rounds: 6, ..Setup::default() };
        let mut s = Session::new(
            setup,
            3,
            || {
                k += 1;
                [k; 32]
            },
            pace,
        )
        .expect("valid");
        s.pump(0);
        let dice = s.dice(0).expect("rolled");
        let console = s.game().ship(ME).expect("Red").console.clone();
        let plan = Placement::all(&dice, &console).into_iter().next().expect("a placement");
        s.seal(0, 0, plan).expect("seals");
        store(&s);
        let mut back = load(pace).expect("saved").expect("rebuilds");
        assert_eq!(back.game().state_hash(), s.game().state_hash());
        assert!(back.sealed(ME));
        let mut now = 0;
        while back.game().beacon().is_some() && now < 100_000 {
            now += 10;
            back.pump(now);
        }
        assert!(back.game().turn().is_some(), "the plans were revealed after the reload");
        forget();
        assert!(load(pace).is_none());
    }
}
