//! Ship classes (R3, R22): what a Capital ship and a Die Fighter carry, as
//! data. Everything that differs between the two is looked up here through
//! the class — dice per station, energy dice, helm slots, jammer slots,
//! tubes, mines, shields, what an obstacle strips — so the resolution code
//! asks "what does this class do" instead of testing for Fighters.

use serde::{Deserialize, Serialize};

use crate::obstacle::Obstacle;
use crate::spot::Spot;
use crate::station::{HelmSlot, MineId, Station, TorpedoPart, Tube, TubeSide, HELM_SLOTS, TUBES};

/// What kind of ship. Die Fighter adds `Fighter` (no energy, a cockpit);
/// everything that differs is looked up through the class, not assumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShipClass {
    /// The base game's ships, crewed station by station.
    Capital,
    /// A Die Fighter: one Pilot, one cockpit, eleven dice, no energy (R22).
    Fighter,
}

/// Energy dice per capital ship (R3). Here, with the rest of what a class carries, so the
/// class depends on no ship state; `ship::ENERGY_DICE` re-exports it.
pub const ENERGY_DICE: usize = 6;

/// Health a Fighter starts (and is relaunched) with: the Health die on its three-pip side (R22).
pub const FIGHTER_HEALTH: u8 = 3;
/// Health under the "Fighters start with 2 health" toggle (R22's play note): the
/// Fighter's full Health, at the start and at every relaunch alike (R41).
pub const FIGHTER_HEALTH_TOGGLED: u8 = 2;

/// The stations of a Fighter's cockpit, all held by its one Pilot (the
/// Shields station holds only the Health die, which nobody rolls).
pub const COCKPIT: [Station; 5] =
    [Station::Helm, Station::Weapons, Station::Sensors, Station::Shields, Station::Tractor];

/// A Fighter's single missile tube, launching out of the front arc (R22).
pub const MISSILE_TUBE: Tube = Tube { side: TubeSide::Front, index: 0 };

/// How many placed dice an obstacle takes from a ship entering it (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strip {
    /// This many dice (the officer chooses when more are placed).
    Dice(u8),
    /// Every placed die of the station (a Fighter in a nebula).
    All,
}

impl ShipClass {
    /// R3: station dice of this class at `station`. A Fighter's single
    /// shield die is its Health dial, kept as a number ([`crate::cockpit::Cockpit`]),
    /// not as a station die: it is never rolled or placed.
    pub fn dice_count(self, station: Station) -> u8 {
        match self {
            ShipClass::Capital => station.dice_count(),
            ShipClass::Fighter => match station {
                Station::Engineering | Station::Shields => 0,
                Station::Helm => 2,
                Station::Weapons => 3,
                Station::Sensors => 4,
                Station::Tractor => 1,
            },
        }
    }

    /// R3: energy dice (a Fighter has none: its Pilot rolls any die at any time, R22).
    pub fn energy_dice(self) -> usize {
        match self {
            ShipClass::Capital => ENERGY_DICE,
            ShipClass::Fighter => 0,
        }
    }

    /// Whether the ship runs on energy dice (R6); a Fighter does not (R22).
    pub fn uses_energy(self) -> bool {
        self.energy_dice() > 0
    }

    /// The helm slots, in resolution order; the ship moves when all are filled (R10).
    pub fn helm_slots(self) -> &'static [HelmSlot] {
        match self {
            ShipClass::Capital => &HELM_SLOTS,
            ShipClass::Fighter => &HELM_SLOTS[..2],
        }
    }

    /// Jammer dice the Sensors display takes: unlimited on a Capital ship,
    /// two slots on a Fighter ("at most four points of Jammers").
    pub fn jammer_slots(self) -> Option<usize> {
        match self {
            ShipClass::Capital => None,
            ShipClass::Fighter => Some(2),
        }
    }

    /// The torpedo (or missile) tubes, in the order they fire (R26).
    pub fn tubes(self) -> &'static [Tube] {
        match self {
            ShipClass::Capital => &TUBES,
            ShipClass::Fighter => std::slice::from_ref(&MISSILE_TUBE),
        }
    }

    /// Whether the ship carries mine tokens (Fighters do not).
    pub fn carries_mines(self) -> bool {
        self == ShipClass::Capital
    }

    /// Whether the ship has a tractor beam: a Fighter's tractor die only loads pulse bombs.
    pub fn has_tractor_beam(self) -> bool {
        self == ShipClass::Capital
    }

    /// Whether the ship has shields: a torpedo or missile that hits a shieldless
    /// ship deals one damage each, no roll (R22).
    pub fn has_shields(self) -> bool {
        self == ShipClass::Capital
    }

    /// Whether its crew can hold and spend crystals (a Fighter cannot).
    pub fn holds_crystals(self) -> bool {
        self == ShipClass::Capital
    }

    /// The shield dice a hit by this class's projectile counts beyond the
    /// actual ones: a missile counts one more (R22).
    pub fn extra_shields_counted(self) -> u8 {
        match self {
            ShipClass::Capital => 0,
            ShipClass::Fighter => 1,
        }
    }

    /// At most how many shield dice a hit by this class's projectile removes:
    /// all of the sector's for a torpedo, one for a missile (R22).
    pub fn shields_removed(self) -> Option<usize> {
        match self {
            ShipClass::Capital => None,
            ShipClass::Fighter => Some(1),
        }
    }

    /// Whether this class fires only "Fire 1", only forward (R22).
    pub fn fires_one_forward(self) -> bool {
        self == ShipClass::Fighter
    }

    /// What an obstacle entered strips (R10): two shield dice per asteroid
    /// and two sensor dice per nebula on a Capital ship; nothing for an
    /// asteroid and every sensor die for a nebula on a Fighter.
    pub fn strips(self, obstacle: Obstacle) -> Option<(Station, Strip)> {
        match (self, obstacle) {
            (ShipClass::Capital, Obstacle::Asteroid) => Some((Station::Shields, Strip::Dice(2))),
            (ShipClass::Capital, Obstacle::Nebula) => Some((Station::Sensors, Strip::Dice(2))),
            (ShipClass::Fighter, Obstacle::Asteroid) => None,
            (ShipClass::Fighter, Obstacle::Nebula) => Some((Station::Sensors, Strip::All)),
        }
    }

    /// Every spot on this class's display of `station` (R9): a Fighter's
    /// cockpit has two helm slots, one missile bay (nose, body or pulse bomb
    /// core, tail), the sensor areas, and no shield or tractor areas.
    pub fn spots(self, station: Station) -> Vec<Spot> {
        match (self, station) {
            (ShipClass::Capital, _) => Spot::all_for(station),
            (ShipClass::Fighter, Station::Helm) => self.helm_slots().iter().map(|s| Spot::Helm(*s)).collect(),
            (ShipClass::Fighter, Station::Weapons) => {
                [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
                    .map(|p| Spot::Torpedo(MISSILE_TUBE, p))
                    .to_vec()
            }
            (ShipClass::Fighter, Station::Sensors) => vec![Spot::Lock, Spot::Jammer],
            (ShipClass::Fighter, Station::Tractor) => vec![Spot::PulseBomb],
            (ShipClass::Fighter, Station::Engineering | Station::Shields) => vec![],
        }
    }

    /// Whether `spot` is on this class's displays.
    pub fn has_spot(self, spot: Spot) -> bool {
        self.spots(spot.station()).contains(&spot)
    }

    /// Whether the class has mine `id` (a Fighter has no mines).
    pub fn has_mine(self, _id: MineId) -> bool {
        self.carries_mines()
    }

    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            ShipClass::Capital => "Capital ship",
            ShipClass::Fighter => "Fighter",
        }
    }
}

impl std::fmt::Display for ShipClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::station::ALL_STATIONS;

    #[test]
    fn r3_a_fighter_has_eleven_dice_and_no_energy() {
        let station_dice: u8 = ALL_STATIONS.iter().map(|s| ShipClass::Fighter.dice_count(*s)).sum();
        // Ten station dice plus the Health die.
        assert_eq!(station_dice + 1, 11);
        assert_eq!(ShipClass::Fighter.energy_dice(), 0);
        assert_eq!(ShipClass::Capital.energy_dice(), 6);
    }

    #[test]
    fn r22_a_fighter_cockpit_has_two_helm_slots_one_tube_and_a_bomb_core() {
        let f = ShipClass::Fighter;
        assert_eq!(f.helm_slots(), &[HelmSlot::A, HelmSlot::B]);
        assert_eq!(f.tubes(), &[MISSILE_TUBE]);
        assert!(f.has_spot(Spot::PulseBomb));
        assert!(!ShipClass::Capital.has_spot(Spot::PulseBomb));
        assert!(!f.has_spot(Spot::Bolts));
        assert!(!f.has_spot(Spot::Helm(HelmSlot::C)));
        assert_eq!(f.jammer_slots(), Some(2));
        assert_eq!(f.strips(Obstacle::Asteroid), None);
        assert_eq!(f.strips(Obstacle::Nebula), Some((Station::Sensors, Strip::All)));
    }
}
