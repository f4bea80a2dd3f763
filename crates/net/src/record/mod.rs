//! A finished (or stopped) game kept for watching again: the position the
//! recording device's copy began from, every event since, when the device
//! saw each batch, and a few words about who played.
//!
//! The file is the event log, not a video: a replay applies the events
//! through the same `Game::apply` as the game did, and the state hash saved
//! beside the log proves it reached the same end (a file from a build with
//! other rules says so instead of showing a different game).
//! Layout, as the room save: `b"DDGM"`, a u16 format version, the postcard
//! body, and a 64-bit FNV-1a checksum of the body.

mod replay;

pub use replay::{Replay, Step};

use duel_core::{Event, Game};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::envelope::{self, Unopened};
use crate::ids::Seq;
use crate::wire::{check_event, check_game};

const MAGIC: [u8; 4] = *b"DDGM";
/// 1: the first format (rules of protocol version 6: tile maps, D42–D45).
/// 2: Thunderstruck's `SectorClosed` event (D34), appended as the last
/// variant: a format-1 record decodes as it is and is still read.
pub const RECORD_FORMAT: u16 = 2;
/// The oldest format this build reads.
const RECORD_READS_FROM: u16 = 1;
/// A recorded game larger than this is refused before decoding (a real
/// game is tens of kilobytes; a long Thunderstruck match a few hundred).
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Who played and how it ended, in words, for lists and the viewer's title.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordInfo {
    /// When the record was made, in ms since the Unix epoch (the caller's clock).
    pub saved_at_ms: u64,
    /// "Dice Duel" or "Thunderstruck Duel", with the layout or map when it matters.
    pub mode: String,
    /// One line per crew: "White: Ana (Helm, Weapons), bots (Medium)".
    pub crews: Vec<String>,
    /// "White wins", "A draw", or "Stopped" for a game that did not end.
    pub result: String,
    /// The room's name; empty for a practice game.
    pub room: String,
}

/// A game to watch again. See the module docs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub info: RecordInfo,
    /// Events before `base` (a device that joined late, or a successor host,
    /// holds the game from a snapshot on).
    pub base_seq: u64,
    pub base: Game,
    pub events: Vec<Event>,
    /// When the recording device saw a batch begin: (index into `events`,
    /// ms since the first event). Sorted; empty when nobody kept the times.
    pub times: Vec<(u32, u32)>,
    /// The state hash after the last event.
    pub hash: u64,
}

/// Why bytes are not a game this build can show. Nothing is half-loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("this is not a Dice Duel game file")]
    NotARecord,
    #[error("the file is too large to be a game ({0} bytes)")]
    TooLarge(usize),
    #[error("the game was saved by {} build of Dice Duel (game format {found}; this one reads {RECORD_FORMAT})", if *.found > RECORD_FORMAT { "a newer" } else { "an older" })]
    Format { found: u16 },
    #[error("the file is damaged or cut short (checksum mismatch)")]
    Damaged,
    #[error("the file does not decode: {0}")]
    Malformed(String),
    #[error("the game plays out differently in this build of the rules, so it cannot be shown")]
    Diverged,
}

impl GameRecord {
    /// The record of a game copy that began at `base` (after `base_seq`
    /// events) and applied `events` since.
    pub fn new(
        info: RecordInfo,
        base_seq: u64,
        base: Game,
        events: Vec<Event>,
        times: Vec<(u32, u32)>,
    ) -> GameRecord {
        let mut game = base.clone();
        for e in &events {
            game.apply(e);
        }
        GameRecord { info, base_seq, base, events, times, hash: game.state_hash() }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        // Serialising plain data into a Vec cannot fail; an empty body would fail to load loudly.
        envelope::seal(MAGIC, RECORD_FORMAT, &postcard::to_allocvec(self).unwrap_or_default())
    }

    /// Reads a file made by [`GameRecord::to_bytes`], checking it whole:
    /// the header, the checksum, every event, and that the events lead to
    /// the saved hash.
    ///
    /// # Errors
    /// A [`RecordError`] for foreign, damaged, other-format or diverging bytes; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
        if bytes.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge(bytes.len()));
        }
        let body = envelope::open(bytes, MAGIC, RECORD_READS_FROM..=RECORD_FORMAT).map_err(|e| match e {
            Unopened::Foreign => RecordError::NotARecord,
            Unopened::Format(found) => RecordError::Format { found },
            Unopened::Damaged => RecordError::Damaged,
        })?;
        let record: GameRecord =
            postcard::from_bytes(body).map_err(|e| RecordError::Malformed(e.to_string()))?;
        record.check()?;
        Ok(record)
    }

    /// The events are sane and lead from the base to the saved hash.
    fn check(&self) -> Result<(), RecordError> {
        // The replay numbers every event from `base_seq`: a number past any
        // game's length would overflow there.
        if Seq(self.base_seq).plus(self.events.len()).is_none() {
            return Err(RecordError::Malformed("the events are numbered past any game's length".to_string()));
        }
        check_game(&self.base).map_err(|e| RecordError::Malformed(e.to_string()))?;
        let mut game = self.base.clone();
        for e in &self.events {
            check_event(e).map_err(|e| RecordError::Malformed(e.to_string()))?;
            game.apply(e);
        }
        if game.state_hash() != self.hash || !game.is_consistent() {
            return Err(RecordError::Diverged);
        }
        if self.times.windows(2).any(|w| w[0].0 >= w[1].0 || w[0].1 > w[1].1) {
            return Err(RecordError::Malformed("the batch times are out of order".to_string()));
        }
        Ok(())
    }
}
