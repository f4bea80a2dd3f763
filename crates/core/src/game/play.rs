//! The host side: turns a validated intent (or a host action) into events,
//! applying each as it goes so later steps see earlier ones.

use super::{choices, crystals, energy, equipment, fighter, freezes, movement, setup, tractor, Game};
use crate::dice::DiceSource;
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::SeatId;
use crate::intent::{HostAction, Intent};
use crate::spot::Spot;
use crate::station::Station;

/// Carries out an intent that `validate` accepted.
pub(super) fn carry_out(
    game: &mut Game,
    seat: SeatId,
    intent: &Intent,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    let Some(ship) = game.seat_ship(seat) else { return };
    match intent {
        Intent::PlaceObstacle { square, obstacle } => {
            setup::carry_out_token(game, seat, *square, Some(*obstacle), out)
        }
        Intent::PlaceWormhole { square } => setup::carry_out_token(game, seat, *square, None, out),
        Intent::RollEnergy { dice: which } => energy::roll_energy(game, ship, which, dice, out),
        Intent::SendEnergy { die } => energy::send(game, ship, *die, out),
        Intent::ReturnEnergy { station } => energy::give_back(game, ship, *station, out),
        Intent::RollDice { station, dice: which } => {
            energy::roll_dice(game, ship, *station, which, dice, out)
        }
        Intent::PlaceDie { station, die, spot } => {
            energy::place(game, ship, *station, *die, *spot, out);
            after_placement(game, ship, *spot, dice, out);
        }
        Intent::RemoveDie { station, die } => energy::remove(game, ship, *station, *die, out),
        Intent::Override { station, die, face, spot } => {
            crystals::station_override(game, ship, *station, *die, *face, *spot, out);
            after_placement(game, ship, *spot, dice, out);
        }
        Intent::ReleaseMine { mine } => tractor::release(game, ship, *mine, out),
        Intent::TractorCrystal { crystal } => tractor::take_crystal(game, ship, *crystal, out),
        Intent::TractorMine { at, to } => tractor::move_mine(game, ship, *at, *to, out),
        Intent::EnergySurge => crystals::surge(game, ship, out),
        Intent::DraftPick { card } => equipment::draft::pick(game, seat, *card, out),
        // Routed to the duel before validation (`game::thunderstruck`).
        Intent::Thunderstruck(_) => {}
        Intent::CrystalToCard { card } => equipment::crystal_to(game, ship, *card, out),
        Intent::CrystalOffCard { card } => equipment::crystal_off(game, ship, *card, out),
        Intent::UseCard { card } if !intent.is_freeze() => equipment::use_card(game, ship, *card, out),
        Intent::UseCard { .. }
        | Intent::Fire { .. }
        | Intent::TractorShip { .. }
        | Intent::WarpJump
        | Intent::Bomb
        | Intent::Launch { .. } => {
            freezes::declare(game, seat, intent, dice, out);
        }
        Intent::Answer { choice, answer } => choices::answer(game, *choice, answer, false, dice, out),
    }
}

/// The helm moves as soon as its last slot is filled (R10; a Fighter's
/// second, R22; the second while Maneuver Jets are charged, D31); a card
/// that acts when full goes off.
fn after_placement(
    game: &mut Game,
    ship: crate::ids::ShipId,
    spot: Spot,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) {
    equipment::after_placement(game, ship, spot, out);
    let helm_or_card = spot.station() == Station::Helm || spot.is_card();
    if helm_or_card && movement::helm_ready(game, ship) {
        movement::move_ship(game, ship, dice, out);
    }
}

/// Carries out a host action.
pub(super) fn host_action(
    game: &mut Game,
    action: &HostAction,
    dice: &mut dyn DiceSource,
    out: &mut Vec<Event>,
) -> Result<(), RuleError> {
    match action {
        HostAction::Timeout { choice } => {
            let Some(answer) = choices::default_answer(game, *choice) else {
                return Err(RuleError::NoSuchChoice);
            };
            choices::answer(game, *choice, &answer, true, dice, out);
            Ok(())
        }
        HostAction::Resume => freezes::resume(game, dice, out),
        HostAction::Thunderstruck(_) => Err(RuleError::OtherMode),
        HostAction::SetAway { seat, away } => {
            if game.seat(*seat).is_none() {
                return Err(RuleError::NoSuchSeat { seat: *seat });
            }
            if game.is_away(*seat) != *away {
                game.emit(out, Event::SeatAway { seat: *seat, away: *away });
            }
            Ok(())
        }
        HostAction::DealEquipment => {
            equipment::draft::validate_deal(game)?;
            equipment::draft::deal(game, dice, out);
            Ok(())
        }
        HostAction::Reseat { seats } => {
            fighter::validate_reseat(game, seats)?;
            fighter::reseat(game, seats, out);
            Ok(())
        }
    }
}
