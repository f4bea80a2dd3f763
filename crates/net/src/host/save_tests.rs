//! The save's tests: what comes back, and the older formats still read.
#![allow(clippy::unwrap_used)]

use super::*;
use duel_core::SeatId;

#[test]
fn a_save_numbered_past_any_game_is_refused() {
    let bytes = crate::fuzz::started_host().save();
    let mut saved: Saved =
        postcard::from_bytes(envelope::open(&bytes, MAGIC, FORMAT..=FORMAT).unwrap()).unwrap();
    let SavedStage::Playing { base, log, .. } = &mut saved.stage else { panic!("the game started") };
    base.0 = Seq(u64::MAX);
    log.push(Event::SeatAway { seat: SeatId(0), away: true });
    let bytes = envelope::seal(MAGIC, FORMAT, &postcard::to_allocvec(&saved).unwrap());
    assert!(matches!(Host::restore(&bytes), Err(RestoreError::Malformed(_))));
}

#[test]
fn the_bots_plan_is_saved_and_restored() {
    use crate::wire::BotLevel;
    let mut host = crate::fuzz::started_host();
    host.bots.set_level(SeatId(1), BotLevel::Hard, host.seats.all().len());
    host.bots.cover = None;
    let back = Host::restore(&host.save()).unwrap();
    assert_eq!(back.room().bots, host.bots);
    assert_eq!(back.room().bots.level(SeatId(1)), BotLevel::Hard);
}

#[test]
fn the_chain_at_the_logs_base_is_saved_and_restored() {
    let mut host = crate::fuzz::started_host();
    // A successor's log begins at its copy's snapshot, whose chain is not the genesis.
    let Stage::Playing(m) = &mut host.stage else { panic!("the game started") };
    m.base_chain = [7; 32];
    m.chain = chain::extend(m.base_chain, &m.log);
    let (base, head) = (m.base_chain, m.chain);
    let restored = Host::restore(&host.save()).unwrap();
    let Stage::Playing(r) = &restored.stage else { panic!("the game restored") };
    assert_eq!((r.base_chain, r.chain), (base, head));
}

#[test]
fn seat_keys_are_saved_and_restored() {
    let host = crate::fuzz::started_host();
    let keys: Vec<_> = host.room().players.iter().map(|p| p.key).collect();
    assert!(keys.iter().all(|k| *k != SeatPublic::NONE), "the players said Hello with keys");
    let restored = Host::restore(&host.save()).unwrap();
    assert_eq!(restored.room().players.iter().map(|p| p.key).collect::<Vec<_>>(), keys);
}

#[test]
fn a_format_8_save_restores_from_its_head_with_the_default_speed_bump_and_no_keys() {
    let mut host = crate::fuzz::started_host();
    // Player B (peer 2) rolls: a batch with a mark.
    let seat = SeatId(1);
    let intent = host.game().unwrap().legal_intents(seat).into_iter().next().unwrap();
    let cmd = crate::fuzz::command_of(
        crate::ids::PlayerToken(2),
        crate::ids::PlayerNo(1),
        crate::ids::CommandId(1),
        crate::wire::Command::Intent { seat, intent },
    );
    host.handle(0, crate::ids::PeerId(2), &crate::wire::encode_peer(&cmd).unwrap());
    assert!(!host.marks().is_empty());
    let bytes = host.save();
    let (saved, _keys): (Saved, &[u8]) =
        postcard::take_from_bytes(envelope::open(&bytes, MAGIC, FORMAT..=FORMAT).unwrap()).unwrap();
    let stage = match saved.stage {
        SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash } => {
            let marks = marks
                .into_iter()
                .map(|m| OldMark { at: m.at, key: m.key, nonce: 7, by: m.by, act: m.act, seal: m.seal })
                .collect();
            SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash }
        }
        SavedStage::Lobby(_) => panic!("the game started"),
    };
    let s = &saved.settings;
    let t = s.timing;
    let old = Saved {
        settings: SettingsV8 {
            build: s.build.clone(),
            owner: s.owner,
            seed: s.seed,
            capacity: s.capacity,
            timing: [
                t.choice_ms,
                1_234,
                t.away_after_ms,
                t.hash_every,
                t.checkpoint_every,
                t.plan_ms,
                t.turn_ms,
            ],
            room: s.room.clone(),
            epoch: s.epoch,
        },
        roster: saved.roster,
        seats: saved.seats,
        room_version: saved.room_version,
        keys: saved.keys,
        stage,
    };
    let bytes = envelope::seal(MAGIC, 8, &postcard::to_allocvec(&old).unwrap());
    let back = Host::restore(&bytes).unwrap();
    assert_eq!(back.head(), host.head());
    assert_eq!(back.game().unwrap().state_hash(), host.game().unwrap().state_hash());
    assert!(back.log().is_empty() && back.marks().is_empty(), "served from its head on");
    let timing = back.room().timing;
    assert_eq!(timing.review_ms, 1_234, "the old clocks are kept");
    assert_eq!(timing.bump_ms, super::super::Timing::default().bump_ms);
    assert!(
        back.room().players.iter().all(|p| p.key == SeatPublic::NONE),
        "a format-8 save has no seat keys: they come with each player's next Hello"
    );
}

/// Format 12 appends the host's lineage (issue 45); a format-11 save, which
/// ends before it, still restores: with no lineage, as before.
#[test]
fn a_format_11_save_restores_with_no_lineage_in_a_game_or_a_lobby() {
    let lobby = Host::new(super::super::HostConfig::new("b", crate::ids::PlayerToken(1), 7));
    for host in [crate::fuzz::started_host(), lobby] {
        let bytes = host.save();
        let body = envelope::open(&bytes, MAGIC, FORMAT..=FORMAT).unwrap();
        let again = Host::restore(&bytes).unwrap();
        assert_eq!((again.lineage(), again.head()), (host.lineage(), host.head()), "format 12 round trip");
        // An empty lineage is one byte (its length): format 11 is the body without it.
        assert_eq!(body.last(), Some(&0));
        let old = envelope::seal(MAGIC, 11, &body[..body.len() - 1]);
        let back = Host::restore(&old).unwrap();
        assert!(back.lineage().steps.is_empty());
        assert_eq!(back.head(), host.head());
        assert_eq!(back.game().map(Game::state_hash), host.game().map(Game::state_hash));
        assert_eq!(back.room().players.len(), host.room().players.len());
    }
}
