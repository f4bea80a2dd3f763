//! Recorded games: a record taken from a guest's copy after a whole game on
//! the chaotic network replays to the state hash the host's game had at
//! every freeze; damaged, foreign, other-format and diverging files are
//! refused with their reason; jumping agrees with stepping.
#![allow(clippy::unwrap_used)]

mod common;

use common::Sim;
use duel_bots::Difficulty;
use duel_core::{Event, GameConfig, SeatId};
use duel_net::record::RECORD_FORMAT;
use duel_net::{Conditions, GameRecord, RecordError, RecordInfo, Replay};

const CAP_MS: u64 = 15 * 60_000;

/// A whole game (two players, a spectator on peer 2) with the host's
/// `(head, hash)` at every step it stood in a freeze.
fn recorded_game(seed: u64) -> (Sim, Vec<(u64, u64)>) {
    let mut sim = Sim::new(seed, GameConfig::quick_duel(seed), 3, Conditions::CHAOTIC);
    sim.seat_and_start(&[vec![SeatId(0)], vec![SeatId(1)], vec![]]);
    let mut frozen: Vec<(u64, u64)> = Vec::new();
    let converged = sim.play_crews_watching(Difficulty::Hard, CAP_MS, 50, |s| {
        let game = s.host_game();
        let head = s.host.host.head().0;
        if game.freeze().is_some() && frozen.last().is_none_or(|(h, _)| *h != head) {
            frozen.push((head, game.state_hash()));
        }
    });
    assert!(converged, "seed {seed}: the replicas converge");
    (sim, frozen)
}

fn record_of(sim: &Sim, peer: usize) -> GameRecord {
    let (base_seq, base, events) = sim.peers[peer].replica.history().unwrap();
    let times: Vec<(u32, u32)> = (0..events.len() as u32).step_by(3).map(|i| (i, i * 50)).collect();
    let info = RecordInfo { mode: "Dice Duel".into(), result: "test".into(), ..RecordInfo::default() };
    GameRecord::new(info, base_seq.0, base.clone(), events.to_vec(), times)
}

#[test]
fn a_replay_reaches_the_games_hash_at_every_freeze() {
    let mut freezes = 0;
    for seed in 0..12 {
        let (sim, frozen) = recorded_game(seed);
        assert!(!frozen.is_empty(), "seed {seed}: the game had freezes");
        // The spectator's copy, through the file format and back.
        let bytes = record_of(&sim, 2).to_bytes();
        let record = GameRecord::from_bytes(&bytes).unwrap();
        let mut replay = Replay::new(record);
        assert_eq!(
            replay.freezes().len(),
            sim.log().iter().filter(|e| matches!(e, Event::FreezeDeclared { .. })).count(),
            "seed {seed}: every freeze is a jump point"
        );
        for (head, hash) in &frozen {
            let position = (*head - replay.record().base_seq) as usize;
            replay.seek(position);
            assert_eq!(replay.game().state_hash(), *hash, "seed {seed}: the freeze at event {head}");
            freezes += 1;
        }
        replay.seek(replay.len());
        assert_eq!(replay.game().state_hash(), sim.host_game().state_hash(), "seed {seed}: the end");
        assert_eq!(replay.game().outcome(), sim.host_game().outcome());
    }
    println!("{freezes} freeze positions checked");
}

#[test]
fn jumping_agrees_with_stepping_and_time_moves_forward() {
    let (sim, _) = recorded_game(11);
    let record = record_of(&sim, 0);
    let mut stepped = Replay::new(record.clone());
    let mut jumped = Replay::new(record);
    let len = stepped.len();
    let mut last_time = 0;
    for k in (0..=len).step_by(37).chain([len]) {
        stepped.forward(k - stepped.position());
        jumped.seek(len - k / 2); // somewhere else first, then back
        jumped.seek(k);
        assert_eq!(jumped.game().state_hash(), stepped.game().state_hash(), "position {k}");
        let t = stepped.time_at(k);
        assert!(t >= last_time, "time never runs backwards");
        last_time = t;
        assert!(stepped.position_at(t) >= k, "at the time of {k} the replay has reached it");
    }
    let first = stepped.freezes()[0];
    jumped.seek(0);
    assert_eq!(jumped.next_freeze(), Some(first));
    jumped.seek(first);
    assert!(jumped.game().freeze().is_some(), "a freeze point shows the freeze");
    assert_eq!(jumped.previous_freeze(), None);
}

#[test]
fn damaged_foreign_and_other_format_files_are_refused_with_their_reason() {
    let (sim, _) = recorded_game(3);
    let record = record_of(&sim, 1);
    let bytes = record.to_bytes();

    let cut = &bytes[..bytes.len() / 2];
    assert_eq!(GameRecord::from_bytes(cut), Err(RecordError::Damaged));
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 3] ^= 0x40;
    assert_eq!(GameRecord::from_bytes(&flipped), Err(RecordError::Damaged));
    assert_eq!(GameRecord::from_bytes(b"PK\x03\x04 a zip file"), Err(RecordError::NotARecord));
    assert_eq!(GameRecord::from_bytes(b""), Err(RecordError::NotARecord));

    // Format 1 (before Thunderstruck's `SectorClosed` was appended) decodes as it is: still read.
    let mut previous = bytes.clone();
    previous[4..6].copy_from_slice(&1u16.to_le_bytes());
    assert_eq!(GameRecord::from_bytes(&previous), Ok(record.clone()), "a format-1 record still opens");
    let mut older = bytes.clone();
    older[4..6].copy_from_slice(&0u16.to_le_bytes());
    let err = GameRecord::from_bytes(&older).unwrap_err();
    assert_eq!(err, RecordError::Format { found: 0 });
    assert!(err.to_string().contains("an older build"), "{err}");
    let mut newer = bytes.clone();
    newer[4..6].copy_from_slice(&(RECORD_FORMAT + 1).to_le_bytes());
    assert!(GameRecord::from_bytes(&newer).unwrap_err().to_string().contains("a newer build"));

    // A file whose events lead elsewhere (another build's rules).
    let mut other = record.clone();
    other.hash ^= 1;
    assert_eq!(GameRecord::from_bytes(&other.to_bytes()), Err(RecordError::Diverged));
    let mut missing = record.clone();
    missing.events.remove(missing.events.len() / 2);
    missing.times.retain(|(i, _)| (*i as usize) < missing.events.len());
    assert_eq!(
        GameRecord::from_bytes(&missing.to_bytes()),
        Err(RecordError::Diverged),
        "a lost event is caught"
    );

    // And the good one still loads, whole.
    assert_eq!(GameRecord::from_bytes(&bytes).unwrap(), record);
}
