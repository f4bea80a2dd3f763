//! `Game::validate`: checks in a fixed order (seat, phase, freeze, station,
//! then the action's own rule) so the first reason a player sees is the
//! most fundamental one.

use super::{crystals, energy, equipment, freezes, setup, tractor, Game, Phase};
use crate::error::RuleError;
use crate::ids::SeatId;
use crate::intent::Intent;
use crate::ship::Ship;
use crate::station::Station;

impl Game {
    /// Whether `seat` may do `intent` now.
    ///
    /// # Errors
    /// A [`RuleError`] a player can read, e.g. "Sensors has no energy die to roll with".
    pub fn validate(&self, seat: SeatId, intent: &Intent) -> Result<(), RuleError> {
        if let (super::ModeState::Thunderstruck(_), _) | (_, Intent::Thunderstruck(_)) = (&self.mode, intent)
        {
            return super::thunderstruck::validate(self, seat, intent);
        }
        let Some(ship_id) = self.seat_ship(seat) else {
            return Err(RuleError::NoSeat);
        };
        if let Phase::Over { .. } = self.phase {
            return Err(RuleError::GameOver);
        }
        // R22: the equipment draft comes before anything else.
        match (&self.phase, intent) {
            (Phase::Draft { .. }, Intent::DraftPick { card }) => {
                return equipment::draft::validate_pick(self, seat, *card)
            }
            (Phase::Draft { .. }, _) => return Err(RuleError::DraftFirst),
            (_, Intent::DraftPick { .. }) => return Err(RuleError::NotDrafting),
            _ => {}
        }
        match intent {
            Intent::PlaceObstacle { square, .. } => return setup::validate_token(self, seat, *square, false),
            Intent::PlaceWormhole { square } => {
                if !self.ruleset.wormholes {
                    return Err(RuleError::WormholesNotInPlay);
                }
                return setup::validate_token(self, seat, *square, true);
            }
            Intent::Answer { choice, answer } => {
                return super::choices::validate_answer(self, seat, *choice, answer)
            }
            _ => {}
        }
        if intent.is_freeze() {
            self.ship_in_battle(seat)?;
            return freezes::validate_declare(self, seat, intent);
        }
        let ship = self.officer_at_work(seat)?;
        super::fighter::validate_cockpit(ship, intent)?;
        let needs = |station: Station| -> Result<(), RuleError> {
            if self.holds(seat, station) {
                Ok(())
            } else {
                Err(RuleError::StationNotHeld { station })
            }
        };
        match intent {
            Intent::RollEnergy { dice } => {
                needs(Station::Engineering)?;
                energy::validate_roll_energy(ship, dice)
            }
            Intent::SendEnergy { die } => {
                needs(Station::Engineering)?;
                energy::validate_send(ship, *die)
            }
            Intent::ReturnEnergy { station } => {
                needs(*station)?;
                energy::validate_return(ship, *station)
            }
            Intent::RollDice { station, dice } => {
                needs(*station)?;
                energy::validate_roll_dice(ship, *station, dice)
            }
            Intent::PlaceDie { station, die, spot } => {
                needs(*station)?;
                energy::validate_place(ship, *station, *die, *spot)
            }
            Intent::RemoveDie { station, die } => {
                needs(*station)?;
                energy::validate_remove(ship, *station, *die)
            }
            Intent::Override { station, die, face, spot } => {
                needs(*station)?;
                crystals::validate_override(self, ship_id, *station, *die, *face, *spot)
            }
            Intent::ReleaseMine { mine } => {
                needs(Station::Tractor)?;
                tractor::validate_release(self, ship_id, *mine)
            }
            Intent::TractorCrystal { crystal } => {
                needs(Station::Tractor)?;
                tractor::validate_crystal(self, ship_id, *crystal)
            }
            Intent::TractorMine { at, to } => {
                needs(Station::Tractor)?;
                tractor::validate_mine(self, ship_id, *at, *to)
            }
            Intent::EnergySurge => crystals::validate_surge(self, ship_id),
            Intent::CrystalToCard { card } => equipment::validate_crystal_to(self, ship_id, *card),
            Intent::CrystalOffCard { card } => equipment::validate_crystal_off(self, ship_id, *card),
            Intent::UseCard { card } => equipment::check_usable(self, ship_id, *card),
            Intent::DraftPick { .. } => Err(RuleError::NotDrafting),
            Intent::Thunderstruck(_) => Err(RuleError::OtherMode),
            Intent::PlaceObstacle { .. }
            | Intent::PlaceWormhole { .. }
            | Intent::Answer { .. }
            | Intent::Fire { .. }
            | Intent::TractorShip { .. }
            | Intent::WarpJump
            | Intent::Bomb
            | Intent::Launch { .. } => Ok(()),
        }
    }

    /// Whether `seat` may work `station`'s dice now: a seat of a ship in the
    /// battle, not frozen, not the Captain (R21), holding that station. The
    /// checks every station intent starts with, in `validate`'s order.
    ///
    /// # Errors
    /// The first of those that fails.
    pub fn may_work(&self, seat: SeatId, station: Station) -> Result<(), RuleError> {
        self.seat_ship(seat).ok_or(RuleError::NoSeat)?;
        if let Phase::Over { .. } = self.phase {
            return Err(RuleError::GameOver);
        }
        self.officer_at_work(seat)?;
        if self.holds(seat, station) {
            Ok(())
        } else {
            Err(RuleError::StationNotHeld { station })
        }
    }

    /// The seat's ship, once the battle has begun and while it flies.
    fn ship_in_battle(&self, seat: SeatId) -> Result<&Ship, RuleError> {
        let ship_id = self.seat_ship(seat).ok_or(RuleError::NoSeat)?;
        match self.phase {
            Phase::Setup { .. } => return Err(RuleError::BattleNotBegun),
            Phase::Draft { .. } => return Err(RuleError::DraftFirst),
            _ => {}
        }
        let ship = self.ship(ship_id).ok_or(RuleError::ShipNotInGame)?;
        if ship.destroyed {
            return Err(RuleError::OwnShipDestroyed);
        }
        Ok(ship)
    }

    /// The seat's ship, when its officer may handle dice: not during a freeze
    /// (R19, R24, R31: only the resolution's choices are open) and never the
    /// Captain (R21).
    fn officer_at_work(&self, seat: SeatId) -> Result<&Ship, RuleError> {
        let ship = self.ship_in_battle(seat)?;
        if let Some(freeze) = &self.freeze {
            return Err(RuleError::Frozen { action: freeze.declared.action.clone() });
        }
        if self.seat(seat).is_some_and(|s| s.captain) {
            return Err(RuleError::CaptainNeverRolls);
        }
        Ok(ship)
    }
}
