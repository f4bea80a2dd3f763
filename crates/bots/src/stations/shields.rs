//! Shields: cover the sector the enemy's loaded tubes can hit (R13, R14).
//! Hard crews also take a die off a quiet sector to re-roll it for the
//! threatened one.

use duel_core::dice::Face;
use duel_core::geometry::SECTORS;
use duel_core::station::shield_face_sector;
use duel_core::Spot;
use duel_core::{Intent, Station};

use super::{dice_turn, Verdict};
use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

/// Pushes Shields' proposals.
pub(crate) fn propose(sit: &Situation, plan: &Plan, profile: &Profile, out: &mut Vec<Proposal>) {
    let threatened = sit.foe.as_ref().map(|f| f.struck);
    let judge = |face: Face| {
        let Face::Shields(s) = face else { return Verdict::Hold };
        let Some(sector) = shield_face_sector(s) else { return Verdict::Reroll };
        let spot = Spot::Shield(sector);
        if sit.shields[sector.index()] < plan.shield_target[sector.index()] {
            let urgent = sit.in_loaded_arc() && threatened == Some(sector);
            Verdict::Place(spot, if urgent { band::BRACE } else { band::PLACE })
        } else {
            Verdict::Spare(spot)
        }
    };
    dice_turn(sit, plan, profile, Station::Shields, judge, out);

    // Every shield die placed, none where the torpedoes will come: move one.
    let Some(target) = threatened else { return };
    let short = sit.shields[target.index()] < plan.shield_target[target.index()];
    let all_placed = sit.placed(Station::Shields) == Station::Shields.dice_count();
    if sit.sees_tricks(profile) && sit.in_loaded_arc() && short && all_placed {
        let spare = SECTORS
            .iter()
            .filter(|s| sit.shields[s.index()] > plan.shield_target[s.index()])
            .find_map(|s| sit.ship.dice_at(Spot::Shield(*s)).next().map(|(die, _)| die));
        if let Some(die) = spare {
            let rank = plan.rank(Station::Shields);
            out.push(Proposal::new(band::REMOVE, rank, Intent::RemoveDie { station: Station::Shields, die }));
        }
    }
}
