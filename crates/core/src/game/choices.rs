//! Pending choices: opening them, checking an answer (right seat, a real
//! option), carrying it out, and the default the host applies on timeout.

use super::{combat, crystals, damage, freezes, tractor, Game};
use crate::choice::{Answer, Choice, ChoiceId, ChoiceKind, Chooser};
use crate::dice::DiceSource;
use crate::error::RuleError;
use crate::event::{Event, Removal};
use crate::ids::SeatId;
use crate::ship::DieState;
use crate::station::{Station, TubeSide};

/// Whether `seat` may answer `choice` (R21 for the Captain).
pub fn may_answer(game: &Game, seat: SeatId, choice: &Choice) -> bool {
    let Some(spec) = game.seat(seat) else { return false };
    if spec.ship != choice.ship {
        return false;
    }
    match choice.chooser {
        Chooser::AnySeat => true,
        Chooser::Station(st) => game.holds(seat, st),
        Chooser::CaptainOr(st) => {
            if game.captain_present(choice.ship) {
                spec.captain
            } else {
                game.holds(seat, st)
            }
        }
    }
}

pub(super) fn validate_answer(
    game: &Game,
    seat: SeatId,
    id: ChoiceId,
    answer: &Answer,
) -> Result<(), RuleError> {
    let Some(choice) = game.choices.iter().find(|c| c.id == id) else {
        return Err(RuleError::ChoiceMade);
    };
    if !may_answer(game, seat, choice) {
        return Err(RuleError::NotYourChoice);
    }
    let ship = game.ship(choice.ship);
    match (&choice.kind, answer) {
        (ChoiceKind::DiagonalSector { options }, Answer::Sector(s)) if options.contains(s) => Ok(()),
        (ChoiceKind::TorpedoSide, Answer::Side(side)) => {
            if ship.is_some_and(|s| !s.loaded_tubes(*side).is_empty()) {
                Ok(())
            } else {
                Err(RuleError::NoTorpedoOnSide { side: *side })
            }
        }
        (ChoiceKind::TractorDestination { options, .. }, Answer::Square(sq)) if options.contains(sq) => {
            Ok(())
        }
        (ChoiceKind::EntryEdge { options, .. }, Answer::Edge(e)) if options.contains(e) => Ok(()),
        (ChoiceKind::WarpDestination { options, .. }, Answer::Square(sq)) if options.contains(sq) => Ok(()),
        (ChoiceKind::WarpDestination { .. }, Answer::RollAgain) => {
            if game.crystals_to_spend(choice.ship) == 0 {
                return Err(RuleError::RollAgainNeedsCrystal);
            }
            Ok(())
        }
        (ChoiceKind::StripDice { station, count }, Answer::Dice(dice)) => {
            let Some(s) = ship else { return Err(RuleError::NoSuchShip) };
            let placed = s.on_display(*station).count();
            let need = placed.min(usize::from(*count));
            if dice.len() != need {
                return Err(RuleError::ChooseDice { need, station: *station });
            }
            for (i, d) in dice.iter().enumerate() {
                // D29: obstacles strip the display, never an equipment card.
                let on_display = matches!(
                    s.station_dice(*station).get(usize::from(*d)),
                    Some(DieState::Placed { spot, .. }) if !spot.is_card()
                );
                if !on_display || dice[..i].contains(d) {
                    return Err(RuleError::ChoosePlacedDice { station: *station });
                }
            }
            Ok(())
        }
        (ChoiceKind::LoseEnergy, Answer::Energy(src)) => {
            if damage::energy_sources(game, choice.ship).contains(src) {
                Ok(())
            } else {
                Err(RuleError::NoEnergyThere)
            }
        }
        _ => Err(RuleError::NotAnOption),
    }
}

/// Carries out an answer (validated, or the default) and lets a waiting freeze go on.
pub(super) fn answer(
    game: &mut Game,
    id: ChoiceId,
    answer: &Answer,
    by_default: bool,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let Some(choice) = game.choices.iter().find(|c| c.id == id).cloned() else { return };
    game.emit(out, Event::ChoiceClosed { id, answer: answer.clone(), by_default });
    let ship = choice.ship;
    match (&choice.kind, answer) {
        (ChoiceKind::DiagonalSector { .. }, Answer::Sector(sector)) => combat::on_sector(game, *sector, out),
        (ChoiceKind::TorpedoSide, Answer::Side(side)) => combat::on_side(game, *side, out),
        (ChoiceKind::TractorDestination { target, .. }, Answer::Square(sq)) => {
            tractor::drag(game, *target, *sq, out)
        }
        (ChoiceKind::EntryEdge { to, .. }, Answer::Edge(edge)) => {
            tractor::enter_by_edge(game, ship, *to, *edge, out)
        }
        (ChoiceKind::WarpDestination { .. }, Answer::Square(sq)) => crystals::arrive(game, ship, *sq, out),
        (ChoiceKind::WarpDestination { rolled, .. }, Answer::RollAgain) => {
            crystals::roll_again(game, ship, rolled, dice, out)
        }
        (ChoiceKind::StripDice { station, .. }, Answer::Dice(list)) => {
            let why = if *station == Station::Shields { Removal::Asteroid } else { Removal::Nebula };
            game.emit(out, Event::DiceRemoved { ship, station: *station, dice: list.clone(), why });
        }
        (ChoiceKind::LoseEnergy, Answer::Energy(src)) => damage::lose_energy(game, ship, *src, out),
        _ => {}
    }
    freezes::advance(game, dice, out);
}

/// The answer the host applies when the deadline passes (D13: a fixed,
/// visible default: the first option offered).
pub fn default_answer(game: &Game, id: ChoiceId) -> Option<Answer> {
    let choice = game.choices.iter().find(|c| c.id == id)?;
    let ship = game.ship(choice.ship)?;
    Some(match &choice.kind {
        ChoiceKind::DiagonalSector { options } => {
            // R13: the stronger sector; on a tie the first option.
            let [a, b] = *options;
            Answer::Sector(if ship.shields(b) > ship.shields(a) { b } else { a })
        }
        ChoiceKind::TorpedoSide => {
            let front = !ship.loaded_tubes(TubeSide::Front).is_empty();
            Answer::Side(if front { TubeSide::Front } else { TubeSide::Rear })
        }
        ChoiceKind::TractorDestination { options, .. } => Answer::Square(*options.first()?),
        ChoiceKind::EntryEdge { options, .. } => Answer::Edge(options[0]),
        ChoiceKind::WarpDestination { options, .. } => Answer::Square(*options.first()?),
        ChoiceKind::StripDice { station, count } => {
            // R33: the most recently placed dice go.
            let mut placed: Vec<(u16, u8)> = ship
                .station_dice(*station)
                .iter()
                .enumerate()
                .filter_map(|(i, d)| match d {
                    DieState::Placed { order, spot, .. } if !spot.is_card() => Some((*order, i as u8)),
                    _ => None,
                })
                .collect();
            placed.sort_by(|a, b| b.cmp(a));
            Answer::Dice(placed.iter().take(usize::from(*count)).map(|(_, i)| *i).collect())
        }
        ChoiceKind::LoseEnergy => Answer::Energy(damage::default_source(game, choice.ship)?),
    })
}
