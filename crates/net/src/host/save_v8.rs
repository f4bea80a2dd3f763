//! Older saves, read into today's types: formats 7 and 8 (the clocks before
//! the speed bump, and marks with a 64-bit nonce and no step, issue 31) and
//! formats 9 and 10 (marks without their command's signature, issue 43).

use serde::{Deserialize, Serialize};

use super::{Saved, SavedStage, Settings};
use crate::ids::Seq;
use crate::wire::Mark;

/// The settings of formats 7 and 8: the clocks before the speed bump.
#[derive(Serialize, Deserialize)]
pub(super) struct SettingsV8 {
    pub(super) build: String,
    pub(super) owner: crate::hash::Hash32,
    pub(super) seed: u64,
    pub(super) capacity: u16,
    pub(super) timing: [u64; 7],
    pub(super) room: String,
    pub(super) epoch: crate::ids::Epoch,
}

/// A mark as formats 7 and 8 saved it (a 64-bit nonce, no step).
#[derive(Serialize, Deserialize)]
pub(super) struct OldMark {
    pub(super) at: Seq,
    pub(super) key: crate::fair::KeyId,
    pub(super) nonce: u64,
    pub(super) by: Option<(crate::ids::PlayerNo, crate::ids::CommandId)>,
    pub(super) act: crate::wire::Act,
    pub(super) seal: Option<crate::wire::Seal>,
}

impl Saved<SettingsV8, OldMark> {
    /// The save in today's types: the old clocks with the default speed
    /// bump; old marks keep what a successor needs (which commands ran) and
    /// the seals, their nonce is gone.
    pub(super) fn upgrade(self) -> Saved {
        let s = self.settings;
        let [choice_ms, review_ms, away_after_ms, hash_every, checkpoint_every, plan_ms, turn_ms] = s.timing;
        let timing = crate::wire::Timing {
            choice_ms,
            review_ms,
            away_after_ms,
            hash_every,
            checkpoint_every,
            plan_ms,
            turn_ms,
            ..crate::wire::Timing::default()
        };
        let settings = Settings {
            build: s.build,
            owner: s.owner,
            seed: s.seed,
            capacity: s.capacity,
            timing,
            room: s.room,
            epoch: s.epoch,
        };
        let stage = match self.stage {
            SavedStage::Lobby(l) => SavedStage::Lobby(l),
            SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash } => {
                let marks = marks
                    .into_iter()
                    .map(|o| Mark { seal: o.seal, ..Mark::new(o.at, o.key, [0; 32], o.by, o.act) })
                    .collect();
                SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash }
            }
        };
        Saved {
            settings,
            roster: self.roster,
            seats: self.seats,
            room_version: self.room_version,
            keys: self.keys,
            stage,
        }
    }
}

/// A mark as formats 9 and 10 saved it (no command signature).
#[derive(Serialize, Deserialize)]
pub(super) struct MarkV10 {
    pub(super) at: Seq,
    pub(super) key: crate::fair::KeyId,
    pub(super) nonce: crate::hash::Hash32,
    pub(super) by: Option<(crate::ids::PlayerNo, crate::ids::CommandId)>,
    pub(super) act: crate::wire::Act,
    pub(super) seal: Option<crate::wire::Seal>,
    pub(super) step: u32,
}

impl Saved<Settings, MarkV10> {
    /// The save in today's types: its marks unsigned (the restorer serves
    /// none of them: its log starts at the saved head).
    pub(super) fn upgrade(self) -> Saved {
        let stage = match self.stage {
            SavedStage::Lobby(l) => SavedStage::Lobby(l),
            SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash } => {
                let marks = marks
                    .into_iter()
                    .map(|o| Mark {
                        seal: o.seal,
                        step: o.step,
                        ..Mark::new(o.at, o.key, o.nonce, o.by, o.act)
                    })
                    .collect();
                SavedStage::Playing { config, base, log, marks, deadlines, review_since, hash }
            }
        };
        Saved {
            settings: self.settings,
            roster: self.roster,
            seats: self.seats,
            room_version: self.room_version,
            keys: self.keys,
            stage,
        }
    }
}
