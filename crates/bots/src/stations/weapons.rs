//! Weapons: load torpedoes (nose, body, tail) on the side that will face
//! the enemy, one torpedo at a time (the plan names the tube).

use duel_core::dice::{Face, WeaponFace};
use duel_core::station::TorpedoPart;
use duel_core::Spot;
use duel_core::Station;

use super::{dice_turn, Verdict};
use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

fn part_of(face: WeaponFace) -> Option<TorpedoPart> {
    match face {
        WeaponFace::Nose => Some(TorpedoPart::Nose),
        WeaponFace::Body => Some(TorpedoPart::Body),
        WeaponFace::Tail => Some(TorpedoPart::Tail),
        WeaponFace::Blast | WeaponFace::DoubleBlast => None,
    }
}

/// Pushes Weapons' proposals. Every level builds the plan's one torpedo:
/// parts scattered over several tubes can fill all six dice without ever
/// completing a torpedo.
pub(crate) fn propose(sit: &Situation, plan: &Plan, profile: &Profile, out: &mut Vec<Proposal>) {
    let ship = sit.ship;
    let judge = |face: Face| {
        let Face::Weapons(w) = face else { return Verdict::Hold };
        // No torpedo the free dice can finish: a rolled die can only wait (R6).
        let Some(tube) = plan.tube else { return Verdict::Hold };
        match part_of(w).map(|part| Spot::Torpedo(tube, part)) {
            Some(spot) if ship.spot_free(spot) => Verdict::Place(spot, band::PLACE),
            _ => Verdict::Reroll,
        }
    };
    dice_turn(sit, plan, profile, Station::Weapons, judge, out);
}
