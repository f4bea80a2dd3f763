//! Human misreads: the mistakes of someone who knows the game but glances at
//! a busy table in a hurry. A stronger level misreads less often; none is a
//! uniformly random move (those are the beginners' slips, `blunder_per_mille`).

use crate::level::Profile;
use crate::rng::BotRng;

/// What a seat got wrong in one decision. The rest of the decision is made
/// properly on the table as it misread it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Misread {
    /// A hurried glance at the table:
    /// - the enemy looks one square nearer than it is (R14): a shot one lock
    ///   short is shouted and misses, and the lock wanted is one short;
    /// - the shield die goes on the sector beside the one the enemy's tubes
    ///   would strike (R13);
    /// - where a move ends is misjudged (R10): a rolled helm die goes in the
    ///   first free slot, as a beginner would put it;
    /// - no trick is seen (a tractor drag, a warp, an override).
    Glance,
    /// The change is noticed late: the seat looks again after its
    /// perception delay (an enemy tube loaded, a tractor beam building).
    LateNotice,
}

impl Misread {
    /// Whether this decision misreads the table, and how: one misread in
    /// four is a late notice.
    pub fn roll(profile: &Profile, rng: &mut BotRng) -> Option<Misread> {
        if !rng.chance(profile.misread_per_mille) {
            return None;
        }
        Some(if rng.below(4) == 0 { Misread::LateNotice } else { Misread::Glance })
    }
}
