//! Station policies: one module per station, each turning the plan into
//! proposals for the dice of that station. They share one loop
//! ([`dice_turn`]): place a die the plan wants, otherwise reroll the unwanted
//! dice together with fresh ones (one action for all of them), otherwise free
//! the energy nobody needs.

pub(crate) mod engineering;
pub(crate) mod sensors;
pub(crate) mod shields;
pub(crate) mod tractor;
pub(crate) mod weapons;

use duel_core::dice::Face;
use duel_core::ship::DieState;
use duel_core::Spot;
use duel_core::{Intent, Station};

use crate::level::Profile;
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

/// What to do with a rolled die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The plan wants it there, with this urgency band.
    Place(Spot, u16),
    /// It fits there but the plan does not need it: reroll while the station
    /// wants dice, place it only to free its energy.
    Spare(Spot),
    /// No use now; another face would be.
    Reroll,
    /// No face could be placed now (every slot is full): leave it be.
    Hold,
}

/// The shared station loop; pushes proposals for `station` into `out`.
/// Without `aims` (Easy) a die is placed wherever it fits.
pub(crate) fn dice_turn(
    sit: &Situation,
    plan: &Plan,
    profile: &Profile,
    station: Station,
    judge: impl Fn(Face) -> Verdict,
    out: &mut Vec<Proposal>,
) {
    let ship = sit.ship;
    let rank = plan.rank(station);
    let want = plan.want[station.index()];
    let energy = ship.energy_at(station);
    let mut rolled = 0usize;
    let mut reroll: Vec<u8> = Vec::new();
    let mut spare: Option<(u8, Spot)> = None;
    let mut idle: Vec<u8> = Vec::new();
    for (i, d) in ship.station_dice(station).iter().enumerate() {
        let die = i as u8;
        match d {
            DieState::Rolled { face, .. } => {
                rolled += 1;
                match judge(*face) {
                    Verdict::Place(spot, band) => {
                        out.push(Proposal::new(band, rank, Intent::PlaceDie { station, die, spot }))
                    }
                    Verdict::Spare(spot) if !profile.aims => {
                        out.push(Proposal::new(band::PLACE, rank, Intent::PlaceDie { station, die, spot }))
                    }
                    Verdict::Spare(spot) => {
                        spare = spare.or(Some((die, spot)));
                        reroll.push(die);
                    }
                    Verdict::Reroll => reroll.push(die),
                    Verdict::Hold => {}
                }
            }
            DieState::Idle => idle.push(die),
            DieState::Placed { .. } => {}
        }
    }
    let capacity = energy.saturating_sub(rolled);
    if want > 0 {
        reroll.extend(idle.iter().take(capacity));
        if !reroll.is_empty() {
            out.push(Proposal::new(band::ROLL, rank, Intent::RollDice { station, dice: reroll }));
        }
        return;
    }
    // Nothing wanted: free the energy dice held here (R6, R7).
    if let Some((die, spot)) = spare {
        out.push(Proposal::new(band::SPARE, rank, Intent::PlaceDie { station, die, spot }));
    } else if !reroll.is_empty() {
        out.push(Proposal::new(band::SPARE, 0, Intent::RollDice { station, dice: reroll }));
    }
    if capacity > 0 {
        out.push(Proposal::new(band::RETURN, rank, Intent::ReturnEnergy { station }));
    }
}
