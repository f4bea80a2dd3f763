//! `Setup`: a position written down as data — ships on squares with their
//! facings, dice on the displays, crystals, mines, damage, tokens — that
//! becomes a playable [`Game`](crate::Game) only through [`Setup::into_game`], which checks
//! it the way a snapshot is checked and says what is wrong in words.
//!
//! Scenario tests, lessons and bots build mid-game positions with it instead
//! of forging them by applying events (as shakmaty separates `Setup` from
//! `Position`). A `Setup` is a position at rest: no freeze is running and no
//! choice is open. It is data below the game: what builds one from a game,
//! or a game from one (`Setup::new`, `Setup::into_game`), is in `game/at_rest.rs`.

use serde::{Deserialize, Serialize};

use crate::config::GameConfig;
use crate::dice::{Face, Pip};
use crate::event::CrystalAt;
use crate::geometry::{Dir, Position, Square};
use crate::ids::ShipId;
use crate::obstacle::Obstacle;
use crate::ship::{DieState, EnergyAt, Ship};
use crate::spot::Spot;
use crate::station::Station;

/// A position as plain data. Every field is public: change what you need,
/// then [`Setup::into_game`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Rules, map, layout and seats, as for a new game.
    pub config: GameConfig,
    /// One per ship of the layout, in `ShipId` order.
    pub ships: Vec<Ship>,
    pub obstacles: Vec<(Square, Obstacle)>,
    pub wormholes: Vec<Square>,
    pub crystals: [CrystalAt; 6],
    /// `false`: still placing tokens (R5); `true`: the battle has begun.
    pub battle: bool,
}

impl Setup {
    /// A ship to change; `None` if the layout has no such ship.
    pub fn ship_mut(&mut self, ship: ShipId) -> Option<&mut Ship> {
        self.ships.get_mut(usize::from(ship.0))
    }

    /// Puts `ship` in the centre of `square`, facing `facing`.
    pub fn put(&mut self, ship: ShipId, square: Square, facing: Dir) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            s.position = Position::centre(square);
            s.facing = facing;
        }
        self
    }

    /// Places an idle die of `spot`'s station on `spot` showing `face`.
    /// Nothing changes when the station has no idle die left; `into_game`
    /// refuses a face the spot does not take (R9).
    pub fn place(&mut self, ship: ShipId, face: Face, spot: Spot) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            let station = spot.station();
            let order = s.tick();
            if let Some(die) = s.dice[station.index()].iter().position(|d| *d == DieState::Idle) {
                s.dice[station.index()][die] = DieState::Placed { face, spot, order };
                // A die on the display is no longer one a gravity arrow kept (D44).
                if station == Station::Helm {
                    s.gravity_kept.retain(|d| usize::from(*d) != die);
                }
            }
        }
        self
    }

    /// Moves a pool energy die to `station`'s energy section (R1).
    pub fn energise(&mut self, ship: ShipId, station: Station) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            if let Some(e) = s.energy.iter_mut().find(|e| matches!(e, EnergyAt::Pool(_))) {
                *e = EnergyAt::Station(station);
            }
        }
        self
    }

    /// Powers `station` with a pool energy die and rolls one of its idle dice
    /// to show `pip` (R1, R6); returns that die, or `None` if there was no
    /// pool energy die or no idle die. A Fighter's die needs no energy (R22).
    pub fn roll_die(&mut self, ship: ShipId, station: Station, pip: Pip) -> Option<u8> {
        let s = self.ship_mut(ship)?;
        let face = station.face(pip)?;
        let die = s.dice[station.index()].iter().position(|d| *d == DieState::Idle)?;
        if s.class.uses_energy() {
            let energy = s.energy.iter().position(|e| matches!(e, EnergyAt::Pool(_)))?;
            s.energy[energy] = EnergyAt::Station(station);
        }
        let order = s.tick();
        s.dice[station.index()][die] = DieState::Rolled { face, order };
        if station == Station::Helm {
            s.gravity_kept.retain(|d| usize::from(*d) != die);
        }
        Some(die as u8)
    }

    /// Sets a pool energy die to show `pip`, as if Engineering rolled it.
    pub fn roll_pool_die(&mut self, ship: ShipId, die: u8, pip: Pip) -> &mut Setup {
        if let Some(e) = self.ship_mut(ship).and_then(|s| s.energy.get_mut(usize::from(die))) {
            if matches!(e, EnergyAt::Pool(_)) {
                *e = EnergyAt::Pool(Some(pip));
            }
        }
        self
    }

    /// Puts `ship` in one half of `square` (R11: two ships share a square
    /// by each taking a half).
    pub fn put_half(&mut self, ship: ShipId, square: Square, half: Dir, facing: Dir) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            s.position = Position { square, half: Some(half) };
            s.facing = facing;
        }
        self
    }

    /// `ship` takes `n` damage (R15): each puts a pool energy die on the
    /// damage track. Nothing more once the pool is empty. A Fighter's Health
    /// die rotates down instead, and at 0 it is destroyed (R22).
    pub fn damage(&mut self, ship: ShipId, n: u8) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            if let Some(c) = s.cockpit.as_mut() {
                c.health = c.health.saturating_sub(n);
                s.destroyed = c.health == 0;
                return self;
            }
            for _ in 0..n {
                let Some(e) = s.energy.iter_mut().find(|e| matches!(e, EnergyAt::Pool(_))) else { break };
                *e = EnergyAt::DamageTrack;
                s.hits = s.hits.saturating_add(1);
            }
        }
        self
    }

    /// A Fighter destroyed and off the board (Health 0), its cockpit empty (R22).
    pub fn destroy_fighter(&mut self, ship: ShipId) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            if let Some(c) = s.cockpit.as_mut() {
                *c = crate::cockpit::Cockpit::new(0);
                s.destroyed = true;
                for dice in s.dice.iter_mut() {
                    dice.iter_mut().for_each(|d| *d = DieState::Idle);
                }
            }
        }
        self
    }

    /// Gives `ship` up to `n` crystals from the map.
    pub fn give_crystals(&mut self, ship: ShipId, n: usize) -> &mut Setup {
        let on_map = self.crystals.iter_mut().filter(|c| matches!(c, CrystalAt::OnMap(_)));
        for c in on_map.take(n) {
            *c = CrystalAt::Held(ship);
        }
        self
    }

    /// Gives `ship` an equipment card (`into_game` refuses it outside the
    /// equipment rules or on a Fighter, D30).
    pub fn give_card(&mut self, ship: ShipId, card: crate::equipment::Card) -> &mut Setup {
        if let Some(s) = self.ship_mut(ship) {
            if !s.cards.contains(&card) {
                s.cards.push(card);
            }
        }
        self
    }

    /// Puts up to `n` of the crystals `ship` holds on `card`.
    pub fn crystals_on_card(&mut self, ship: ShipId, card: crate::equipment::Card, n: usize) -> &mut Setup {
        let held = self.crystals.iter_mut().filter(|c| **c == CrystalAt::Held(ship));
        for c in held.take(n) {
            *c = CrystalAt::OnCard(ship, card);
        }
        self
    }
}
