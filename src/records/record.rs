//! The running game as a [`GameRecord`]: this device's copy (its base and
//! events), the times it saw each batch, and who played, in words.

use duel_bots::Difficulty;
use duel_core::{Game, ShipId, TeamId};
use duel_net::{GameRecord, RecordInfo, RoomView, SeatHolder};

use super::db::Entry;
use crate::ui::names::{ship_name, team_name};

/// The pace given to events this device did not see arrive (it reloaded mid-game).
const UNSEEN_MS: u64 = 400;

/// What the record needs besides the game copy.
pub struct Context<'a> {
    pub room: Option<&'a RoomView>,
    /// The online room's name; `None` for practice.
    pub room_name: Option<&'a str>,
    pub levels: &'a [(duel_core::SeatId, Difficulty)],
    /// When this device applied a batch: (the batch's first seq, wall ms).
    pub seen: &'a [(u64, u64)],
    pub now_ms: u64,
}

/// The record of a copy that began at `base` (after `base_seq` events).
pub fn build(base_seq: u64, base: &Game, events: &[duel_core::Event], cx: &Context) -> GameRecord {
    let mut end = base.clone();
    for e in events {
        end.apply(e);
    }
    let info = RecordInfo {
        saved_at_ms: cx.now_ms,
        mode: mode(&end),
        crews: crews(&end, cx),
        result: result(&end),
        room: cx.room_name.unwrap_or_default().to_string(),
    };
    GameRecord::new(info, base_seq, base.clone(), events.to_vec(), times(base_seq, events.len(), cx.seen))
}

/// The list entry of `record` (its key makes a second save of one game replace the first).
pub fn entry(record: &GameRecord) -> Entry {
    let i = &record.info;
    Entry {
        key: format!("{:016x}-{:016x}", record.base.state_hash(), record.hash),
        saved: i.saved_at_ms,
        mode: i.mode.clone(),
        crews: i.crews.clone(),
        result: i.result.clone(),
        room: i.room.clone(),
        size: 0,
    }
}

fn mode(game: &Game) -> String {
    if game.thunderstruck().is_some() {
        return "Thunderstruck Duel".to_string();
    }
    let map = &game.map().name;
    if map.is_empty() {
        "Dice Duel".to_string()
    } else {
        format!("Dice Duel · {map}")
    }
}

/// A Thunderstruck player is a colour (R23: Red, Blue, …), a Dice Duel team White or Black.
fn team_words(game: &Game, team: TeamId) -> String {
    if game.thunderstruck().is_some() {
        duel_core::thunderstruck::Player(team.0).colour().to_string()
    } else {
        team_name(game.layout(), team).to_string()
    }
}

fn result(game: &Game) -> String {
    match game.outcome() {
        Some(Some(team)) => format!("{} wins", team_words(game, team)),
        Some(None) => "A draw".to_string(),
        None => "Not finished".to_string(),
    }
}

/// One line per ship: its name and who crewed it.
fn crews(game: &Game, cx: &Context) -> Vec<String> {
    let layout = game.layout();
    (0..game.ships().len() as u8)
        .map(ShipId)
        .map(|ship| {
            let mut who: Vec<String> = Vec::new();
            for (seat, _) in game.seats_of(ship) {
                let name = match cx.room.and_then(|r| r.seats.get(usize::from(seat.0))) {
                    Some(SeatHolder::Player(p)) => cx
                        .room
                        .and_then(|r| r.player(*p))
                        .map_or_else(|| "a player".to_string(), |v| v.name.clone()),
                    Some(SeatHolder::Bot) => {
                        let level =
                            cx.levels.iter().find(|(s, _)| *s == seat).map_or(Difficulty::Medium, |l| l.1);
                        format!("bot ({level})")
                    }
                    _ => continue,
                };
                if !who.contains(&name) {
                    who.push(name);
                }
            }
            let team = game.ship(ship).map_or(TeamId(ship.0), |s| s.team);
            let side = team_words(game, team);
            let name = if game.thunderstruck().is_some() {
                side.clone()
            } else {
                ship_name(layout, ship).to_string()
            };
            let label = if name == side { name } else { format!("{name} ({side})") };
            if who.is_empty() {
                label
            } else {
                format!("{label}: {}", who.join(", "))
            }
        })
        .collect()
}

/// Batch times as the record keeps them: (event index, ms after the first).
/// Events this device never saw arrive (before a reload) get a steady pace.
fn times(base_seq: u64, count: usize, seen: &[(u64, u64)]) -> Vec<(u32, u32)> {
    let seen: Vec<(u64, u64)> = seen
        .iter()
        .filter(|(seq, _)| *seq > base_seq && *seq <= base_seq + count as u64)
        .map(|(seq, at)| (seq - base_seq - 1, *at))
        .collect();
    let Some(&(first_index, first_at)) = seen.first() else { return Vec::new() };
    let mut out: Vec<(u32, u32)> = (0..first_index).map(|i| (i as u32, (i * UNSEEN_MS) as u32)).collect();
    let offset = first_index * UNSEEN_MS;
    for (index, at) in seen {
        let ms = offset + at.saturating_sub(first_at);
        if out.last().is_none_or(|(i, t)| u64::from(*i) < index && u64::from(*t) <= ms) {
            out.push((index as u32, u32::try_from(ms).unwrap_or(u32::MAX)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::times;

    #[test]
    fn times_count_from_the_first_batch_seen_and_pace_what_came_before() {
        // Events 1..=10 after a base of 0; this device saw batches at seq 1, 4 and 9.
        assert_eq!(times(0, 10, &[(1, 5000), (4, 5600), (9, 9000)]), vec![(0, 0), (3, 600), (8, 4000)]);
        // A reloaded tab saw only from seq 6 on: events before it are paced.
        assert_eq!(
            times(0, 10, &[(6, 100), (8, 300)]),
            vec![(0, 0), (1, 400), (2, 800), (3, 1200), (4, 1600), (5, 2000), (7, 2200)]
        );
        // A copy from a snapshot after 20 events: seqs are shifted; ones outside are dropped.
        assert_eq!(times(20, 5, &[(3, 0), (21, 10), (23, 50), (99, 60)]), vec![(0, 0), (2, 40)]);
        assert!(times(0, 0, &[]).is_empty());
        // A clock that went backwards never makes times run backwards.
        assert_eq!(times(0, 5, &[(1, 500), (3, 100)]), vec![(0, 0), (2, 0)]);
    }
}
