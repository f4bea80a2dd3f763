//! One-tap orders: what "Roll" or a tap on a display box means at a station
//! right now, as the intent to send or the reason it cannot be done. The UI
//! and the lessons ask here instead of sending an intent they know is wrong
//! just to read its refusal.

use super::Game;
use crate::dice::Pip;
use crate::error::RuleError;
use crate::ids::SeatId;
use crate::intent::Intent;
use crate::ship::DieState;
use crate::spot::Spot;
use crate::station::Station;

impl Game {
    /// "Roll" at `station` for `seat`, with the dice the player `picked`.
    ///
    /// Engineering rolls every unrolled pool die plus the picked ones; failing
    /// that, the sixes (they power nothing, R1); failing that, the whole pool.
    /// Another station rolls the picked rolled dice plus as many unrolled ones
    /// as its energy allows (R6); failing that, it rerolls every rolled die.
    ///
    /// # Errors
    /// Why nothing can be rolled there now: the seat, phase and freeze reasons
    /// of [`Game::may_work`], [`RuleError::PoolEmpty`] or
    /// [`RuleError::AllDicePlaced`] when there is no die to roll, or the rules'
    /// refusal of the best roll there is (e.g. no energy, R6).
    pub fn roll_order(&self, seat: SeatId, station: Station, picked: &[u8]) -> Result<Intent, RuleError> {
        self.may_work(seat, station)?;
        let ship = self.seat_ship(seat).and_then(|id| self.ship(id)).ok_or(RuleError::NoSeat)?;
        let intent = if station == Station::Engineering {
            let pool: Vec<(u8, Option<Pip>)> = ship.pool().collect();
            let pick = |keep: &dyn Fn(u8, Option<Pip>) -> bool| -> Vec<u8> {
                pool.iter().filter(|(i, p)| keep(*i, *p)).map(|(i, _)| *i).collect()
            };
            let dice = [
                pick(&|i, p| p.is_none() || picked.contains(&i)),
                pick(&|_, p| p.is_some_and(|p| p.value() == 6)),
                pick(&|_, _| true),
            ]
            .into_iter()
            .find(|dice| !dice.is_empty())
            .ok_or(RuleError::PoolEmpty)?;
            Intent::RollEnergy { dice }
        } else {
            let dice = ship.station_dice(station);
            let indexed = || dice.iter().enumerate().map(|(i, d)| (i as u8, *d));
            let idle: Vec<u8> = indexed().filter(|(_, d)| *d == DieState::Idle).map(|(i, _)| i).collect();
            let rolled: Vec<u8> = indexed().filter(|(_, d)| d.rolled().is_some()).map(|(i, _)| i).collect();
            let mut chosen: Vec<u8> = rolled.iter().copied().filter(|i| picked.contains(i)).collect();
            chosen.extend(idle.iter().take(ship.station_room(station)));
            if chosen.is_empty() {
                chosen = rolled;
            }
            if chosen.is_empty() {
                // No room to roll a new die: the rules say why (no energy, R6).
                chosen = idle.into_iter().take(1).collect();
            }
            if chosen.is_empty() {
                return Err(RuleError::AllDicePlaced { station });
            }
            Intent::RollDice { station, dice: chosen }
        };
        self.validate(seat, &intent).map(|()| intent)
    }

    /// A tap on `spot` of `station`'s display: places the picked die if it
    /// fits there, else the first rolled die that does.
    ///
    /// # Errors
    /// Why no die can go there now: the seat, phase and freeze reasons of
    /// [`Game::may_work`], [`RuleError::NothingRolled`] when the station has
    /// no rolled die, or the rules' refusal of placing the picked (else the
    /// first) rolled die there (R9: wrong area; the slot is taken; …).
    pub fn place_order(
        &self,
        seat: SeatId,
        station: Station,
        spot: Spot,
        picked: &[u8],
    ) -> Result<Intent, RuleError> {
        self.may_work(seat, station)?;
        let ship = self.seat_ship(seat).and_then(|id| self.ship(id)).ok_or(RuleError::NoSeat)?;
        let rolled = ship.station_dice(station).iter().enumerate().filter(|(_, d)| d.rolled().is_some());
        let rolled: Vec<u8> = rolled.map(|(i, _)| i as u8).collect();
        let candidates: Vec<Intent> = rolled
            .iter()
            .filter(|d| picked.contains(d))
            .chain(rolled.iter().filter(|d| !picked.contains(d)))
            .map(|die| Intent::PlaceDie { station, die: *die, spot })
            .collect();
        let Some(first) = candidates.first() else {
            return Err(RuleError::NothingRolled { station });
        };
        match candidates.iter().find(|i| self.validate(seat, i).is_ok()) {
            Some(fits) => Ok(fits.clone()),
            None => self.validate(seat, first).map(|()| first.clone()),
        }
    }
}
