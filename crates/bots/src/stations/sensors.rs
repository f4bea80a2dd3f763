//! Sensors: build weapon lock up to range + enemy jammers (R14), and jam
//! when the enemy has torpedoes loaded.

use duel_core::dice::{Face, SensorFace};
use duel_core::Spot;
use duel_core::Station;

use super::{dice_turn, Verdict};
use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

/// Pushes Sensors' proposals.
pub(crate) fn propose(sit: &Situation, plan: &Plan, profile: &Profile, out: &mut Vec<Proposal>) {
    let (lock, jam) = (sit.counts.lock, sit.counts.jammers);
    let judge = |face: Face| match face {
        Face::Sensors(SensorFace::Lock | SensorFace::DoubleLock) if lock < plan.lock_target => {
            Verdict::Place(Spot::Lock, band::PLACE)
        }
        Face::Sensors(SensorFace::Lock | SensorFace::DoubleLock) => Verdict::Spare(Spot::Lock),
        Face::Sensors(SensorFace::Jammer | SensorFace::DoubleJammer) if jam < plan.jam_target => {
            // Under fire a jammer is as good as a shield: it may spoil the lock.
            let b = if sit.under_fire() { band::BRACE } else { band::PLACE };
            Verdict::Place(Spot::Jammer, b)
        }
        Face::Sensors(SensorFace::Jammer | SensorFace::DoubleJammer) => Verdict::Spare(Spot::Jammer),
        _ => Verdict::Reroll,
    };
    // Even Easy crews aim their sensors: with jammers stacked where the lock
    // should be, two beginners never get a shot off at all.
    let aimed = Profile { aims: true, ..*profile };
    dice_turn(sit, plan, &aimed, Station::Sensors, judge, out);
}
