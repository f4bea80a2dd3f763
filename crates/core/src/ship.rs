//! A ship's own state: its energy dice, each station's dice, mine tokens,
//! damage track. Every die has an identity and exactly one place, so "dice
//! are conserved" is a property of the types, checked by the invariants.

use serde::{Deserialize, Serialize};

pub use crate::class::{ShipClass, ENERGY_DICE};
use crate::cockpit::Cockpit;
use crate::dice::{Face, Pip};
use crate::equipment::Card;
use crate::geometry::{Dir, Position, Sector};
use crate::ids::TeamId;
use crate::spot::Spot;
use crate::station::{points, MineId, Station, TorpedoPart, Tube, TubeSide};

/// The fourth damage destroys a ship (R15).
pub const HULL: u8 = 4;

/// Where an energy die is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnergyAt {
    /// In Engineering's pool, unrolled (`None`) or showing a face.
    Pool(Option<Pip>),
    /// In a station's striped energy section.
    Station(Station),
    /// Lost to the damage track (R15).
    DamageTrack,
}

/// Where a station die is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieState {
    /// Beside the display, not rolled.
    Idle,
    /// Rolled, showing `face`, not yet placed. `order` says which roll is newest (R15).
    Rolled { face: Face, order: u16 },
    /// On the display at `spot`. `order` says which placement is newest (R33).
    Placed { face: Face, spot: Spot, order: u16 },
}

impl DieState {
    /// The placed face and spot, if the die is on the display.
    pub fn placed(self) -> Option<(Face, Spot)> {
        match self {
            DieState::Placed { face, spot, .. } => Some((face, spot)),
            _ => None,
        }
    }

    /// The rolled face, if the die is rolled and not placed.
    pub fn rolled(self) -> Option<Face> {
        match self {
            DieState::Rolled { face, .. } => Some(face),
            _ => None,
        }
    }
}

/// Where a mine token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MineToken {
    /// On the tractor display, ready to be armed.
    Held,
    /// Released onto the map.
    OnMap(crate::geometry::Square),
    /// Triggered or destroyed; never recovered (rulebook: "at most two mine tokens").
    Spent,
    /// The ship has no such token: Fighters carry no mines.
    NotCarried,
}

/// A ship and its crew's displays.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ship {
    pub class: ShipClass,
    pub team: TeamId,
    pub position: Position,
    pub facing: Dir,
    /// Energy dice: six on a Capital ship, none on a Fighter (R3).
    pub energy: Vec<EnergyAt>,
    /// Station dice, indexed by `Station::index()` (Engineering's list is empty).
    pub dice: [Vec<DieState>; 6],
    pub mines: [MineToken; 2],
    /// Damage taken (R15); the fourth destroys the ship.
    pub hits: u8,
    /// Crystals laid on the damage track by Energy Surge (R18).
    pub track_crystals: u8,
    pub destroyed: bool,
    /// A counter that orders rolls and placements (R15, R33).
    pub clock: u16,
    /// A Fighter's Health die and bombing run; `None` on a Capital ship.
    pub cockpit: Option<Cockpit>,
    /// Experimental Equipment cards the ship holds (its team's, R22); none on a Fighter.
    pub cards: Vec<Card>,
    /// Helm dice a gravity arrow kept (D44): idle, and placed on any face
    /// with no crystal until rolled or placed. Sorted.
    pub gravity_kept: Vec<u8>,
}

impl Ship {
    /// A fresh capital ship at `position`: every energy die unrolled in the pool.
    pub fn new(team: TeamId, position: Position, facing: Dir) -> Ship {
        Ship::of_class(ShipClass::Capital, team, position, facing, 0)
    }

    /// A fresh Fighter at `position` with `health` on its Health die and an
    /// empty cockpit (R22).
    pub fn fighter(team: TeamId, position: Position, facing: Dir, health: u8) -> Ship {
        Ship::of_class(ShipClass::Fighter, team, position, facing, health)
    }

    /// A fresh ship of `class`; `health` is the Fighter's Health (ignored for a Capital ship).
    pub fn of_class(class: ShipClass, team: TeamId, position: Position, facing: Dir, health: u8) -> Ship {
        let dice =
            crate::station::ALL_STATIONS.map(|s| vec![DieState::Idle; usize::from(class.dice_count(s))]);
        let mine = if class.carries_mines() { MineToken::Held } else { MineToken::NotCarried };
        Ship {
            class,
            team,
            position,
            facing,
            energy: vec![EnergyAt::Pool(None); class.energy_dice()],
            dice,
            mines: [mine; 2],
            hits: 0,
            track_crystals: 0,
            destroyed: false,
            clock: 0,
            cockpit: (class == ShipClass::Fighter).then(|| Cockpit::new(health)),
            cards: Vec::new(),
            gravity_kept: Vec::new(),
        }
    }

    /// A Fighter's Health (pips on its Health die); `None` for a Capital ship.
    pub fn health(&self) -> Option<u8> {
        self.cockpit.map(|c| c.health)
    }

    /// The dice of one station.
    pub fn station_dice(&self, station: Station) -> &[DieState] {
        &self.dice[station.index()]
    }

    /// Energy dice in a station's energy section.
    pub fn energy_at(&self, station: Station) -> usize {
        self.energy.iter().filter(|e| **e == EnergyAt::Station(station)).count()
    }

    /// Energy dice in Engineering's pool.
    pub fn pool(&self) -> impl Iterator<Item = (u8, Option<Pip>)> + '_ {
        self.energy.iter().enumerate().filter_map(|(i, e)| match e {
            EnergyAt::Pool(p) => Some((i as u8, *p)),
            _ => None,
        })
    }

    /// Energy dice on the damage track.
    pub fn energy_on_track(&self) -> usize {
        self.energy.iter().filter(|e| **e == EnergyAt::DamageTrack).count()
    }

    /// Rolled-but-unplaced dice at a station.
    pub fn rolled_count(&self, station: Station) -> usize {
        self.station_dice(station).iter().filter(|d| matches!(d, DieState::Rolled { .. })).count()
    }

    /// R6, "room = energy − rolled": how many more dice `station` may roll
    /// now. Each energy die there backs one rolled die; placed dice free
    /// their energy again.
    pub fn station_room(&self, station: Station) -> usize {
        self.energy_at(station).saturating_sub(self.rolled_count(station))
    }

    /// How many fresh dice a Roll at `station` would throw now: the room
    /// energy leaves (R6), but no more than the dice neither rolled nor
    /// placed. (Three energy and every die on the display: none.)
    pub fn ready_to_roll(&self, station: Station) -> usize {
        let idle = self.station_dice(station).iter().filter(|d| **d == DieState::Idle).count();
        self.station_room(station).min(idle)
    }

    /// Placed dice at a station, as (die index, face, spot).
    pub fn placed(&self, station: Station) -> impl Iterator<Item = (u8, Face, Spot)> + '_ {
        self.station_dice(station)
            .iter()
            .enumerate()
            .filter_map(|(i, d)| d.placed().map(|(f, s)| (i as u8, f, s)))
    }

    /// Placed dice on the station's own display, not on equipment cards:
    /// what obstacles strip and tractor attempts discard (D29).
    pub fn on_display(&self, station: Station) -> impl Iterator<Item = (u8, Face, Spot)> + '_ {
        self.placed(station).filter(|(_, _, spot)| !spot.is_card())
    }

    /// Whether the ship holds `card`.
    pub fn has_card(&self, card: Card) -> bool {
        self.cards.contains(&card)
    }

    /// The dice on `card`, as (station, die, slot, face), in slot order.
    pub fn card_dice(&self, card: Card) -> Vec<(Station, u8, u8, Face)> {
        let mut out = Vec::new();
        for (n, slot) in card.spec().slots.iter().enumerate() {
            let spot = Spot::Card(card, n as u8);
            if let Some((die, face)) = self.dice_at(spot).next() {
                out.push((slot.station, die, n as u8, face));
            }
        }
        out
    }

    /// Placed dice at `spot`.
    pub fn dice_at(&self, spot: Spot) -> impl Iterator<Item = (u8, Face)> + '_ {
        self.placed(spot.station()).filter(move |(_, _, s)| *s == spot).map(|(i, f, _)| (i, f))
    }

    /// Points in an area (locks, jammers, bolts).
    pub fn points_at(&self, spot: Spot) -> u8 {
        self.dice_at(spot).map(|(_, f)| points(f)).sum()
    }

    /// Weapon lock points.
    pub fn lock(&self) -> u8 {
        self.points_at(Spot::Lock)
    }

    /// Jammer points.
    pub fn jammers(&self) -> u8 {
        self.points_at(Spot::Jammer)
    }

    /// Tractor beam strength: bolts on placed tractor dice (R16).
    pub fn tractor_strength(&self) -> u8 {
        self.points_at(Spot::Bolts)
    }

    /// Shield dice in one sector.
    pub fn shields(&self, sector: Sector) -> u8 {
        self.dice_at(Spot::Shield(sector)).count() as u8
    }

    /// Whether a tube holds nose, body and tail.
    pub fn tube_loaded(&self, tube: Tube) -> bool {
        [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
            .iter()
            .all(|p| self.dice_at(Spot::Torpedo(tube, *p)).next().is_some())
    }

    /// Loaded tubes on one side (a Fighter's one missile tube is at the front).
    pub fn loaded_tubes(&self, side: TubeSide) -> Vec<Tube> {
        self.class.tubes().iter().copied().filter(|t| t.side == side && self.tube_loaded(*t)).collect()
    }

    /// A pulse bomb in the missile bay: nose, a Bolt or Double Bolt core and
    /// tail (R22), as the placement orders of those three dice.
    pub fn bomb_bay(&self) -> Option<[u16; 3]> {
        let tube = crate::class::MISSILE_TUBE;
        let order = |station: Station, spot: Spot| {
            self.station_dice(station).iter().find_map(|d| match d {
                DieState::Placed { spot: s, order, .. } if *s == spot => Some(*order),
                _ => None,
            })
        };
        if self.class != ShipClass::Fighter {
            return None;
        }
        Some([
            order(Station::Weapons, Spot::Torpedo(tube, TorpedoPart::Nose))?,
            order(Station::Tractor, Spot::PulseBomb)?,
            order(Station::Weapons, Spot::Torpedo(tube, TorpedoPart::Tail))?,
        ])
    }

    /// Whether a pulse bomb is loaded (R22).
    pub fn bomb_loaded(&self) -> bool {
        self.bomb_bay().is_some()
    }

    /// Whether mine `id` is armed: its token held and a matching die placed (R17).
    pub fn mine_armed(&self, id: MineId) -> bool {
        self.mines[mine_index(id)] == MineToken::Held && self.dice_at(Spot::Mine(id)).next().is_some()
    }

    /// Whether the spot is free for a die (areas always are). The centre of a
    /// Fighter's missile bay takes one die: a body (missile) or a tractor die
    /// (pulse bomb), never both (R22).
    pub fn spot_free(&self, spot: Spot) -> bool {
        let centre = [Spot::Torpedo(crate::class::MISSILE_TUBE, TorpedoPart::Body), Spot::PulseBomb];
        if self.class == ShipClass::Fighter && centre.contains(&spot) {
            return centre.iter().all(|s| self.dice_at(*s).next().is_none());
        }
        spot.is_area() || self.dice_at(spot).next().is_none()
    }

    /// The next value of the ship's ordering clock.
    pub fn tick(&mut self) -> u16 {
        self.clock = self.clock.wrapping_add(1);
        self.clock
    }
}

/// Index 0/1 of a mine token.
pub fn mine_index(id: MineId) -> usize {
    match id {
        MineId::A => 0,
        MineId::B => 1,
    }
}
