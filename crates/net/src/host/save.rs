//! Saving and restoring a room, so a reloaded host tab resumes it.
//!
//! The save holds the config the game started from and the whole event
//! log, not a `Game`: restoring replays the log through `Game::apply` and
//! checks the result against the hash saved beside it, so a save from a
//! build with different rules is caught rather than silently diverging.
//! Layout: `b"DDSV"`, a u16 format version, the postcard body, and a
//! 64-bit FNV-1a checksum of the body (browser storage can truncate).

use std::collections::BTreeMap;

use duel_core::{ChoiceId, Event, Game, GameConfig};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::game::Match;
use super::keys::{Keys, SavedKeys};
use super::lobby::Lobby;
use super::outbox::Outbox;
use super::roster::Roster;
use super::seats::Seats;
use super::{Host, Settings, Stage};
use crate::chain::{self, GENESIS};
use crate::envelope::{self, Unopened};
use crate::fair::crosses_checkpoint;
use crate::hash::Hash32;
use crate::ids::{PlayerNo, Seq};
use crate::seat_key::SeatPublic;
use crate::wire::{check_event, check_game, BotPlan, Lineage, Mark};

const MAGIC: [u8; 4] = *b"DDSV";
/// 2: events carry typed refusals (`FreezeCancelled`), see `PROTOCOL_VERSION`.
/// 3: the saved game may hold Fighters and a mission (Die Fighter), see `PROTOCOL_VERSION`.
/// 4: token proofs instead of tokens, the epoch, dice keys, the log's marks
/// and base (a successor host's log starts at its copy's snapshot).
/// 6: maps carry tile terrain and start squares; ships the dice gravity kept (D42–D45).
/// 7: a lobby may hold the position its game starts from (a lesson).
/// 8: Thunderstruck's `SectorClosed` event (D34), appended as the last
/// variant, so a format-7 save decodes as it is and is still read.
/// 9: each player's seat key, in a section after the rest of the body
/// (`SeatKeys`). Format 7 and 8 saves have no such section and still read:
/// their players are listed with no key until they say Hello again, which
/// every player of a restored room does before it can vote anyway.
/// Also 9: the host's clocks carry the speed bump's cap (`Timing::bump_ms`); a
/// format-7 or 8 save is read with the default cap.
/// 9: marks carry a command's chain link (32 bytes) and a host action's
/// step (issue 31). A format-7 or 8 save is still read: its game and log come
/// back, its old marks (whose dice the new audit cannot re-derive) are not
/// served again: the restored host's log starts at the saved head.
/// Also 9: the log's chain value at its base (see [`crate::chain`]), in a
/// section after the seat keys; a save without it is a creator's (base 0,
/// chain [`GENESIS`]) or a successor's from before the chain, whose signed
/// heads its replicas then simply fail to match (they still play).
/// 10: a player's book may hold the refusal `UnsignedChain` (appended as the
/// last variant, so a format-9 save decodes as it is and is still read).
/// Also 10: the room's bots (issue 30: each bot seat's level, and whether bots
/// cover a departed player), in a section after the seat keys and before the
/// base's chain. A format-9 save reads with the default plan (Medium bots
/// that cover).
/// 11: marks carry the signature of the command that caused them (issue 43,
/// point 10). A format-9 or 10 save is still read: its game, log and keys
/// come back, its unsigned marks (which every replica would now refuse)
/// are not served again: the restored host's log starts at the saved head.
/// 12: the host's lineage (issue 45: the elections that made it host, its
/// own last), in a section after the base's chain, which from 12 on is
/// written only for a game, as before, and read only then. A restored host
/// announces its election again (see `restored_election.rs`, which checks
/// it first). A save before 12 reads with no lineage, as it was restored
/// before: a successor's election is lost with the reload.
const FORMAT: u16 = 12;
/// The oldest format this build reads.
const READS_FROM: u16 = 7;

/// Why saved bytes could not be restored. The bytes are never trusted
/// partway: either the whole room comes back or nothing does.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RestoreError {
    #[error("not a saved room")]
    NotASave,
    #[error("saved by a newer or older version (format {0})")]
    Format(u16),
    #[error("the save is damaged (checksum mismatch)")]
    Checksum,
    #[error("the save does not decode: {0}")]
    Malformed(String),
    #[error("the saved game cannot be rebuilt: {0}")]
    Setup(String),
    #[error("replaying the saved log gives a different game (another build of the rules?)")]
    Diverged,
    /// The election the save says made this device host does not hold: a
    /// forged or altered certificate (see `restored_election.rs`).
    #[error("the election the save says made this device host does not check out (forged or altered)")]
    Unelected,
}

/// The whole room; `S` is [`Settings`] (an older format's in [`SettingsV8`]).
#[derive(Serialize, Deserialize)]
struct Saved<S = Settings, M = Mark> {
    settings: S,
    roster: Roster,
    seats: Seats,
    room_version: u32,
    keys: SavedKeys,
    stage: SavedStage<M>,
}

/// The section after [`Saved`] (format 9 on): the players' seat keys.
type SeatKeys = Vec<(PlayerNo, SeatPublic)>;

#[derive(Serialize, Deserialize)]
enum SavedStage<M = Mark> {
    Lobby(Lobby),
    Playing {
        config: GameConfig,
        base: Box<(Seq, Game)>,
        log: Vec<Event>,
        marks: Vec<M>,
        deadlines: Vec<(ChoiceId, u64)>,
        review_since: Option<u64>,
        hash: u64,
    },
}

impl Host {
    /// The room as bytes for browser storage: settings, players (with
    /// tokens: keep the save private), seats, and the lobby or the game's
    /// config, log, dice position and clocks. Connections are not saved.
    pub fn save(&self) -> Vec<u8> {
        let stage = match &self.stage {
            Stage::Lobby(l) => SavedStage::Lobby(l.clone()),
            Stage::Playing(m) => SavedStage::Playing {
                config: m.config.clone(),
                base: Box::new((m.base, m.base_game.clone())),
                log: m.log.clone(),
                marks: m.marks.clone(),
                deadlines: m.deadlines.iter().map(|(k, v)| (*k, *v)).collect(),
                review_since: m.review_since,
                hash: m.game.state_hash(),
            },
        };
        let saved = Saved {
            settings: self.settings.clone(),
            // Commands the speed bump holds have not run: the restored host expects them again.
            roster: self.bump.unrun(&self.roster),
            seats: self.seats.clone(),
            room_version: self.room_version,
            keys: self.keys.save(),
            stage,
        };
        let keys: SeatKeys = self.roster.players.iter().map(|(no, p)| (*no, p.key)).collect();
        // Serialising plain data into a Vec cannot fail; an empty body would fail restore loudly.
        let mut body = postcard::to_allocvec(&saved).unwrap_or_default();
        body.extend(postcard::to_allocvec(&keys).unwrap_or_default());
        body.extend(postcard::to_allocvec(&self.bots).unwrap_or_default());
        if let Stage::Playing(m) = &self.stage {
            body.extend(postcard::to_allocvec(&m.base_chain).unwrap_or_default());
        }
        body.extend(postcard::to_allocvec(self.lineage()).unwrap_or_default());
        envelope::seal(MAGIC, FORMAT, &body)
    }

    /// Rebuilds a room from [`Host::save`] bytes. Every player starts
    /// disconnected and gets `away_after_ms` from the first tick to come back.
    ///
    /// # Errors
    /// A [`RestoreError`] for foreign, damaged or inconsistent bytes; never panics.
    pub fn restore(bytes: &[u8]) -> Result<Host, RestoreError> {
        let body = envelope::open(bytes, MAGIC, READS_FROM..=FORMAT).map_err(|e| match e {
            Unopened::Foreign => RestoreError::NotASave,
            Unopened::Format(found) => RestoreError::Format(found),
            Unopened::Damaged => RestoreError::Checksum,
        })?;
        let malformed = |e: postcard::Error| RestoreError::Malformed(e.to_string());
        // `open` checked the header: the format is bytes 4 and 5.
        let format = bytes.get(4..6).map_or(FORMAT, |f| u16::from_le_bytes([f[0], f[1]]));
        let (mut saved, rest, rebase): (Saved, &[u8], bool) = if format < 9 {
            let (old, rest) =
                postcard::take_from_bytes::<Saved<SettingsV8, OldMark>>(body).map_err(malformed)?;
            (old.upgrade(), rest, true)
        } else if format < 11 {
            let (old, rest) =
                postcard::take_from_bytes::<Saved<Settings, MarkV10>>(body).map_err(malformed)?;
            (old.upgrade(), rest, true)
        } else {
            let (saved, rest) = postcard::take_from_bytes(body).map_err(malformed)?;
            (saved, rest, false)
        };
        // Formats before 9 end here; from 9 on the seat keys follow, from 10
        // the bots, then the base's chain (a game's), from 12 the lineage.
        let mut base_chain = GENESIS;
        let mut bots = BotPlan::default();
        let mut lineage = Lineage::default();
        if !rest.is_empty() {
            let (keys, mut rest): (SeatKeys, &[u8]) = postcard::take_from_bytes(rest).map_err(malformed)?;
            for (no, key) in keys {
                if let Some(p) = saved.roster.get_mut(no) {
                    p.key = key;
                }
            }
            if format >= 10 {
                let (plan, after): (BotPlan, &[u8]) = postcard::take_from_bytes(rest).map_err(malformed)?;
                (bots, rest) = (plan, after);
                bots.fit(saved.seats.all().len());
            }
            if format < 12 {
                if !rest.is_empty() {
                    base_chain = postcard::from_bytes(rest).map_err(malformed)?;
                }
            } else {
                if matches!(saved.stage, SavedStage::Playing { .. }) {
                    let (chain, after): (Hash32, &[u8]) =
                        postcard::take_from_bytes(rest).map_err(malformed)?;
                    (base_chain, rest) = (chain, after);
                }
                lineage = postcard::from_bytes(rest).map_err(malformed)?;
            }
        }
        let lineage = super::restored_election::checked(lineage, &saved.settings, &saved.roster)?;
        let mut keys = Keys::restore(saved.keys);
        let stage = match saved.stage {
            SavedStage::Lobby(l) => Stage::Lobby(l),
            SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash } => {
                let mut m = replay(config, *base, base_chain, log, marks, &saved.settings)?;
                if m.game.state_hash() != hash {
                    return Err(RestoreError::Diverged);
                }
                // The host actions already numbered under the key in use
                // (the marks of a format before 9 number none).
                let current = keys.current();
                let crew = crate::fair::crew_of(current.epoch, saved.roster.no_of(saved.settings.owner));
                let steps = m.marks.iter().filter(|k| k.numbered(crew) && k.key == current).count();
                let steps = if format < 9 { 0 } else { steps };
                if rebase {
                    let (config, head) = (m.config.clone(), (m.head(), m.game.clone(), m.chain));
                    m = Match::resume(config, head, Vec::new(), Vec::new(), saved.settings.timing);
                }
                keys.set_step(u32::try_from(steps).unwrap_or(u32::MAX));
                m.deadlines = deadlines.into_iter().collect::<BTreeMap<_, _>>();
                m.review_since = review_since;
                Stage::Playing(Box::new(m))
            }
        };
        let out = Outbox::at(saved.settings.epoch);
        let mut host = Host {
            settings: saved.settings,
            roster: saved.roster,
            seats: saved.seats,
            stage,
            room_version: saved.room_version.wrapping_add(1),
            room_dirty: false,
            out,
            keys,
            announce: None,
            bump: super::bump::Bump::default(),
            #[cfg(any(test, feature = "test-support"))]
            cheat: None,
            #[cfg(any(test, feature = "test-support"))]
            tally: (0, 0),
            heads: super::heads::Heads::default(),
            bots,
        };
        host.descend_from(lineage);
        Ok(host)
    }
}

/// Rebuilds the match by applying the log to a fresh game, taking
/// checkpoints where the live host would have.
fn replay(
    config: GameConfig,
    base: (Seq, Game),
    base_chain: Hash32,
    log: Vec<Event>,
    marks: Vec<Mark>,
    settings: &Settings,
) -> Result<Match, RestoreError> {
    let every = settings.timing.checkpoint_every.max(1);
    // The base is a checkpoint the saving host held (the start, or a successor's snapshot);
    // the hash saved beside the log catches another build's rules after the replay.
    check_game(&base.1).map_err(|e| RestoreError::Malformed(e.to_string()))?;
    if base.0.plus(log.len()).is_none() {
        return Err(RestoreError::Malformed("the log is numbered past any game's length".to_string()));
    }
    // Checkpoints where the live host took them: after the batch that
    // crossed a multiple of `every` (a batch starts at each mark).
    let starts: std::collections::BTreeSet<u64> = marks.iter().map(|m| m.at.0).collect();
    let mut m = Match::resume(config, (base.0, base.1, base_chain), Vec::new(), marks, settings.timing);
    let mut batch_from = m.head().next();
    for (i, event) in log.iter().enumerate() {
        check_event(event).map_err(|e| RestoreError::Malformed(e.to_string()))?;
        m.game.apply(event);
        m.chain = chain::link(&m.chain, event);
        m.log.push(event.clone());
        let next = m.head().next();
        let batch_ends = i + 1 == log.len() || starts.contains(&next.0);
        if batch_ends {
            if crosses_checkpoint(batch_from, m.head(), every) {
                m.checkpoint = (m.head(), m.game.clone());
                m.checkpoint_chain = m.chain;
            }
            batch_from = next;
        }
    }
    if !m.game.is_consistent() {
        return Err(RestoreError::Diverged);
    }
    Ok(m)
}

#[path = "save_v8.rs"]
mod v8;
use v8::{MarkV10, OldMark, SettingsV8};

#[cfg(test)]
#[path = "save_tests.rs"]
mod tests;
