//! `Game::legal_intents`: every intent a seat may send now. Candidates are
//! generated per station and filtered through `validate`, so the list can
//! never disagree with the rules (bots choose from it, the UI greys buttons).

use super::{damage, Game, Phase};
use crate::choice::{Answer, Choice, ChoiceKind};
use crate::dice::Pip;
use crate::geometry::Square;
use crate::ids::{SeatId, ShipId};
use crate::intent::{Intent, LaunchCost, LaunchSide, Target};
use crate::obstacle::Obstacle;
use crate::ship::{DieState, Ship};
use crate::station::{MineId, Station, TubeSide, DICE_STATIONS};

impl Game {
    /// Every intent `seat` may send now, each accepted by [`Game::validate`].
    pub fn legal_intents(&self, seat: SeatId) -> Vec<Intent> {
        if let super::ModeState::Thunderstruck(duel) = &self.mode {
            if !cfg!(feature = "thunderstruck") {
                return Vec::new();
            }
            // Planning intents need the seat's secret seed: not listable here.
            let player = crate::thunderstruck::Player(seat.0);
            return duel.legal_intents(player).into_iter().map(Intent::Thunderstruck).collect();
        }
        let mut out = Vec::new();
        let Some(ship_id) = self.seat_ship(seat) else { return out };
        match self.phase {
            Phase::Over { .. } => return out,
            Phase::Setup { .. } => self.setup_candidates(&mut out),
            Phase::Draft { .. } => {
                let open = self.draft.as_ref().map(|d| d.open()).unwrap_or_default();
                out.extend(open.into_iter().map(|card| Intent::DraftPick { card }));
            }
            Phase::Battle => {
                if let Some(ship) = self.ship(ship_id) {
                    self.answer_candidates(seat, &mut out);
                    self.freeze_candidates(ship_id, &mut out);
                    if self.freeze.is_none() {
                        self.station_candidates(seat, ship, &mut out);
                        self.tractor_candidates(&mut out);
                        self.card_candidates(seat, ship, &mut out);
                        out.push(Intent::EnergySurge);
                    }
                }
            }
        }
        out.retain(|i| self.validate(seat, i).is_ok());
        out
    }

    fn setup_candidates(&self, out: &mut Vec<Intent>) {
        for row in 0..self.map.rows {
            for col in 0..self.map.cols {
                let square = Square::new(col, row);
                out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Asteroid });
                out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Nebula });
                if self.ruleset.wormholes {
                    out.push(Intent::PlaceWormhole { square });
                }
            }
        }
    }

    fn answer_candidates(&self, seat: SeatId, out: &mut Vec<Intent>) {
        for choice in &self.choices {
            if !super::choices::may_answer(self, seat, choice) {
                continue;
            }
            for answer in self.answer_options(choice) {
                out.push(Intent::Answer { choice: choice.id, answer });
            }
        }
    }

    /// The answers a choice offers (for strip choices: the default set only).
    pub fn answer_options(&self, choice: &Choice) -> Vec<Answer> {
        match &choice.kind {
            ChoiceKind::DiagonalSector { options } => options.iter().map(|s| Answer::Sector(*s)).collect(),
            ChoiceKind::TorpedoSide => vec![Answer::Side(TubeSide::Front), Answer::Side(TubeSide::Rear)],
            ChoiceKind::TractorDestination { options, .. } => {
                options.iter().map(|s| Answer::Square(*s)).collect()
            }
            ChoiceKind::EntryEdge { options, .. } => options.iter().map(|e| Answer::Edge(*e)).collect(),
            ChoiceKind::WarpDestination { options, .. } => {
                let mut v: Vec<Answer> = options.iter().map(|s| Answer::Square(*s)).collect();
                v.push(Answer::RollAgain);
                v
            }
            ChoiceKind::StripDice { .. } => {
                super::choices::default_answer(self, choice.id).into_iter().collect()
            }
            ChoiceKind::LoseEnergy => {
                damage::energy_sources(self, choice.ship).into_iter().map(Answer::Energy).collect()
            }
        }
    }

    fn freeze_candidates(&self, ship_id: ShipId, out: &mut Vec<Intent>) {
        let Some(ship) = self.ship(ship_id) else { return };
        let mut targets: Vec<Target> = self.enemies_of(ship.team).map(|(id, _)| Target::Ship(id)).collect();
        targets.extend(self.mines().iter().map(|m| Target::Mine(m.square)));
        let sides: Vec<Option<TubeSide>> = if self.ruleset.house.weapons_name_side {
            vec![Some(TubeSide::Front), Some(TubeSide::Rear)]
        } else {
            vec![None]
        };
        for count in 1..=2 {
            for target in &targets {
                for side in &sides {
                    out.push(Intent::Fire { count, target: Some(*target), side: *side });
                }
            }
        }
        for (i, _) in self.ships.iter().enumerate() {
            out.push(Intent::TractorShip { target: ShipId(i as u8) });
        }
        out.push(Intent::WarpJump);
        out.push(Intent::Bomb);
        // Every card's use: a snowflake card's is a freeze; `validate` says which apply.
        if let Some(ship) = self.ship(ship_id) {
            out.extend(ship.cards.iter().map(|card| Intent::UseCard { card: *card }));
        }
        for side in LaunchSide::BOTH {
            for pay in LaunchCost::BOTH {
                out.push(Intent::Launch { side, pay });
            }
        }
    }

    fn station_candidates(&self, seat: SeatId, ship: &Ship, out: &mut Vec<Intent>) {
        if self.holds(seat, Station::Engineering) {
            let pool: Vec<u8> = ship.pool().map(|(i, _)| i).collect();
            if !pool.is_empty() {
                out.push(Intent::RollEnergy { dice: pool.clone() });
            }
            for (die, pip) in ship.pool() {
                if pip.is_some() {
                    out.push(Intent::SendEnergy { die });
                    out.push(Intent::RollEnergy { dice: vec![die] });
                }
            }
        }
        let crystals = self.crystals_to_spend(self.seat_ship(seat).unwrap_or(ShipId(0))) > 0;
        for station in DICE_STATIONS {
            if !self.holds(seat, station) {
                continue;
            }
            out.push(Intent::ReturnEnergy { station });
            let dice = ship.station_dice(station);
            let room = ship.station_room(station);
            let idle: Vec<u8> = dice
                .iter()
                .enumerate()
                .filter(|(_, d)| **d == DieState::Idle)
                .map(|(i, _)| i as u8)
                .collect();
            if room > 0 && !idle.is_empty() {
                out.push(Intent::RollDice { station, dice: idle.iter().take(room).copied().collect() });
            }
            if !ship.class.uses_energy() && !dice.is_empty() {
                // R22: the Pilot rolls any die at any time; listed as "all of them".
                out.push(Intent::RollDice { station, dice: (0..dice.len() as u8).collect() });
            }
            let spots = ship.class.spots(station);
            for (i, d) in dice.iter().enumerate() {
                let die = i as u8;
                match d {
                    DieState::Rolled { face, .. } => {
                        out.push(Intent::RollDice { station, dice: vec![die] });
                        for spot in spots.iter().copied().filter(|s| s.accepts(*face)) {
                            out.push(Intent::PlaceDie { station, die, spot });
                        }
                    }
                    DieState::Placed { .. } => out.push(Intent::RemoveDie { station, die }),
                    DieState::Idle => {}
                }
            }
            // D44: a die a gravity arrow kept needs no crystal.
            let free = if station == Station::Helm { ship.gravity_kept.first().copied() } else { None };
            let overridable = free.or(if crystals { idle.first().copied() } else { None });
            if let Some(die) = overridable {
                for pip in 1..=6 {
                    if let Some(face) = station.face(Pip::new(pip)) {
                        for spot in spots.iter().copied().filter(|s| s.accepts(face)) {
                            out.push(Intent::Override { station, die, face, spot });
                        }
                    }
                }
            }
        }
    }

    /// Dice onto the ship's equipment cards (rolled, or by Station Override)
    /// and crystals on and off (`UseCard` is listed with the freezes).
    fn card_candidates(&self, seat: SeatId, ship: &Ship, out: &mut Vec<Intent>) {
        let crystals = self.seat_ship(seat).is_some_and(|id| self.crystals_to_spend(id) > 0);
        for card in &ship.cards {
            let card = *card;
            out.push(Intent::CrystalToCard { card });
            out.push(Intent::CrystalOffCard { card });
            for (n, slot) in card.spec().slots.iter().enumerate() {
                let spot = crate::spot::Spot::Card(card, n as u8);
                let station = slot.station;
                if !self.holds(seat, station) {
                    continue;
                }
                let dice = ship.station_dice(station);
                for (i, d) in dice.iter().enumerate() {
                    if let DieState::Rolled { face, .. } = d {
                        if slot.faces.contains(face) {
                            out.push(Intent::PlaceDie { station, die: i as u8, spot });
                        }
                    }
                }
                let idle = dice.iter().position(|d| *d == DieState::Idle);
                if let (true, Some(die)) = (crystals, idle) {
                    for face in slot.faces {
                        out.push(Intent::Override { station, die: die as u8, face: *face, spot });
                    }
                }
            }
        }
    }

    fn tractor_candidates(&self, out: &mut Vec<Intent>) {
        out.push(Intent::ReleaseMine { mine: MineId::A });
        out.push(Intent::ReleaseMine { mine: MineId::B });
        for (i, c) in self.crystals.iter().enumerate() {
            if matches!(c, crate::event::CrystalAt::OnMap(_)) {
                out.push(Intent::TractorCrystal { crystal: i as u8 });
            }
        }
        if self.ruleset.house.tractor_moves_mines {
            for mine in self.mines() {
                for to in self.map.neighbours(mine.square) {
                    out.push(Intent::TractorMine { at: mine.square, to });
                }
            }
        }
    }
}
