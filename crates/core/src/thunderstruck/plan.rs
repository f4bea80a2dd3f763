//! The Planning Phase's placement (`004_…` Planning 2, T7): where each
//! rolled die goes on the console, checked against the console as it is.

use serde::{Deserialize, Serialize};

use super::console::{Console, ConsoleSpace, System};
use super::refusal::Misplaced;
use crate::dice::Pip;

/// Where each die of the round's roll goes, by die (`None`: left off,
/// allowed only when no free space would take it, D37).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement(Vec<Option<ConsoleSpace>>);

impl Placement {
    pub fn new(slots: Vec<Option<ConsoleSpace>>) -> Placement {
        Placement(slots)
    }

    pub fn slots(&self) -> &[Option<ConsoleSpace>] {
        &self.0
    }

    /// Checks the placement of `dice` on `console`:
    /// - every die on a free (undamaged, empty) space it fits, one die a space;
    /// - at least one and at most two dice in Boost, the same in Manoeuvre,
    ///   unless damage leaves no free space there (T7);
    /// - a die is left off only if no space still free would take it (D37).
    ///
    /// # Errors
    /// The first thing wrong, as a [`Misplaced`].
    pub fn check(&self, dice: &[Pip], console: &Console) -> Result<(), Misplaced> {
        if self.0.len() != dice.len() {
            return Err(Misplaced::Count { dice: dice.len() as u8, placed: self.0.len() as u8 });
        }
        let mut used: Vec<ConsoleSpace> = Vec::new();
        for (slot, pip) in self.0.iter().zip(dice) {
            let Some(slot) = *slot else { continue };
            if console.is_damaged(slot) {
                return Err(Misplaced::Damaged(slot));
            }
            if used.contains(&slot) || console.die(slot).is_some() {
                return Err(Misplaced::Twice(slot));
            }
            if !slot.takes(*pip) {
                return Err(Misplaced::DoesNotFit { slot, pip: *pip });
            }
            used.push(slot);
        }
        for system in [System::Boost, System::Manoeuvre] {
            let free = ConsoleSpace::of(system).iter().any(|s| !console.is_damaged(*s));
            if free && !used.iter().any(|s| s.system() == system) {
                return Err(Misplaced::Needs(system));
            }
        }
        for (slot, pip) in self.0.iter().zip(dice) {
            if slot.is_none()
                && ConsoleSpace::ALL.iter().any(|s| !used.contains(s) && console.is_free(*s) && s.takes(*pip))
            {
                return Err(Misplaced::LeftOff(*pip));
            }
        }
        Ok(())
    }

    /// Every legal placement of `dice` (for bots and tests). Twin spaces
    /// (Boost A/B, …) are both listed: damage tables tell them apart.
    pub fn all(dice: &[Pip], console: &Console) -> Vec<Placement> {
        let mut out = Vec::new();
        let mut current = Vec::with_capacity(dice.len());
        enumerate(dice, console, &mut current, &mut out);
        out
    }
}

fn enumerate(
    dice: &[Pip],
    console: &Console,
    current: &mut Vec<Option<ConsoleSpace>>,
    out: &mut Vec<Placement>,
) {
    let Some(pip) = dice.get(current.len()) else {
        let placement = Placement(current.clone());
        if placement.check(dice, console).is_ok() {
            out.push(placement);
        }
        return;
    };
    let mut fits_somewhere = false;
    for slot in ConsoleSpace::ALL {
        if console.is_free(slot) && slot.takes(*pip) && !current.contains(&Some(slot)) {
            fits_somewhere = true;
            // Boost and Manoeuvre take two dice at most: they have two spaces.
            current.push(Some(slot));
            enumerate(dice, console, current, out);
            current.pop();
        }
    }
    if !fits_somewhere {
        current.push(None);
        enumerate(dice, console, current, out);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pips(v: &[u8]) -> Vec<Pip> {
        v.iter().map(|p| Pip::new(*p)).collect()
    }

    #[test]
    fn every_listed_placement_passes_and_needs_boost_and_manoeuvre() {
        let console = Console::default();
        let all = Placement::all(&pips(&[1, 3, 5, 6]), &console);
        assert!(!all.is_empty());
        for p in &all {
            assert!(p.check(&pips(&[1, 3, 5, 6]), &console).is_ok());
            assert!(p.slots().iter().any(|s| matches!(s, Some(ConsoleSpace::BoostA | ConsoleSpace::BoostB))));
        }
        let no_boost = Placement::new(vec![
            Some(ConsoleSpace::FireA),
            Some(ConsoleSpace::ManoeuvreA),
            Some(ConsoleSpace::PowerA),
            Some(ConsoleSpace::FireB),
        ]);
        assert_eq!(no_boost.check(&pips(&[1, 3, 5, 6]), &console), Err(Misplaced::Needs(System::Boost)));
    }

    #[test]
    fn shield_spaces_take_only_their_numbers() {
        let console = Console::default();
        let p = Placement::new(vec![
            Some(ConsoleSpace::ShieldFront),
            Some(ConsoleSpace::BoostA),
            Some(ConsoleSpace::ManoeuvreA),
            Some(ConsoleSpace::FireA),
        ]);
        assert_eq!(
            p.check(&pips(&[3, 1, 1, 1]), &console),
            Err(Misplaced::DoesNotFit { slot: ConsoleSpace::ShieldFront, pip: Pip::new(3) })
        );
        assert!(p.check(&pips(&[2, 1, 1, 1]), &console).is_ok());
    }
}
