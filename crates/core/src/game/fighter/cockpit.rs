//! The cockpit (R22): one Pilot, no energy dice, every die but Health rolled
//! at any time. Station intents a Fighter's class cannot carry out are
//! refused here, before the station's own rules are asked (D23).

use crate::error::RuleError;
use crate::intent::Intent;
use crate::ship::Ship;
use crate::station::Station;

/// Refuses what the ship's class has no means for: energy on a Fighter,
/// rolling the Health die, a tractor beam or mines on a Fighter. Everything
/// else goes on to the station's own rules.
///
/// # Errors
/// The refusal naming what the class lacks.
pub(in crate::game) fn validate_cockpit(ship: &Ship, intent: &Intent) -> Result<(), RuleError> {
    let class = ship.class;
    match intent {
        Intent::RollEnergy { .. } | Intent::SendEnergy { .. } | Intent::ReturnEnergy { .. }
            if !class.uses_energy() =>
        {
            Err(RuleError::FighterHasNoEnergy)
        }
        Intent::RollDice { station: Station::Shields, .. }
        | Intent::PlaceDie { station: Station::Shields, .. }
        | Intent::RemoveDie { station: Station::Shields, .. }
        | Intent::Override { station: Station::Shields, .. }
            if !class.has_shields() =>
        {
            // R22: the Fighter's one shield die is its Health dial.
            Err(RuleError::HealthNeverRolled)
        }
        Intent::ReleaseMine { .. } if !class.carries_mines() => Err(RuleError::FighterCarriesNoMines),
        Intent::TractorCrystal { .. } | Intent::TractorMine { .. } if !class.has_tractor_beam() => {
            Err(RuleError::FighterHasNoTractorBeam)
        }
        _ => Ok(()),
    }
}
