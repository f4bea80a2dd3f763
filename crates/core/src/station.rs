//! The six stations, the energy mapping (R1), the dice each station owns (R3)
//! and the parts of their displays: helm slots, tubes, torpedo parts, mine
//! tokens. A leaf below the equipment cards, whose slots name a station; the
//! spots a die may be placed on, card slots among them, are [`crate::spot`].

use serde::{Deserialize, Serialize};

use crate::dice::{
    Face, HelmFace, Pip, SensorFace, ShieldFace, TractorFace, HELM_FACES, SENSOR_FACES, SHIELD_FACES,
    TRACTOR_FACES, WEAPON_FACES,
};
use crate::geometry::Sector;

/// A station on a ship's bridge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Station {
    Engineering,
    Helm,
    Weapons,
    Sensors,
    Shields,
    Tractor,
}

/// The five stations that roll their own dice, in energy-number order (R1).
pub const DICE_STATIONS: [Station; 5] =
    [Station::Weapons, Station::Sensors, Station::Tractor, Station::Shields, Station::Helm];

/// Every station, Engineering first.
pub const ALL_STATIONS: [Station; 6] = [
    Station::Engineering,
    Station::Helm,
    Station::Weapons,
    Station::Sensors,
    Station::Shields,
    Station::Tractor,
];

impl Station {
    /// R1: the energy number that powers this station (Engineering has none; six powers nothing).
    pub fn energy_number(self) -> Option<u8> {
        match self {
            Station::Weapons => Some(1),
            Station::Sensors => Some(2),
            Station::Tractor => Some(3),
            Station::Shields => Some(4),
            Station::Helm => Some(5),
            Station::Engineering => None,
        }
    }

    /// R1: which station an energy die showing `pip` may be sent to.
    pub fn for_energy(pip: Pip) -> Option<Station> {
        DICE_STATIONS.get(pip.index()).copied()
    }

    /// R3: how many station dice a capital ship has at this station.
    pub fn dice_count(self) -> u8 {
        match self {
            Station::Engineering => 0,
            Station::Helm => 3,
            Station::Weapons => 6,
            Station::Sensors => 4,
            Station::Shields => 3,
            Station::Tractor => 3,
        }
    }

    /// The face a die of this station shows for `pip` (R2). Engineering has no station dice.
    pub fn face(self, pip: Pip) -> Option<Face> {
        let i = pip.index();
        match self {
            Station::Engineering => None,
            Station::Helm => Some(Face::Helm(HELM_FACES[i])),
            Station::Weapons => Some(Face::Weapons(WEAPON_FACES[i])),
            Station::Sensors => Some(Face::Sensors(SENSOR_FACES[i])),
            Station::Shields => Some(Face::Shields(SHIELD_FACES[i])),
            Station::Tractor => Some(Face::Tractor(TRACTOR_FACES[i])),
        }
    }

    /// Whether `face` is a face of this station's dice.
    pub fn owns(self, face: Face) -> bool {
        matches!(
            (self, face),
            (Station::Helm, Face::Helm(_))
                | (Station::Weapons, Face::Weapons(_))
                | (Station::Sensors, Face::Sensors(_))
                | (Station::Shields, Face::Shields(_))
                | (Station::Tractor, Face::Tractor(_))
        )
    }

    /// The display name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Station::Engineering => "Engineering",
            Station::Helm => "Helm",
            Station::Weapons => "Weapons",
            Station::Sensors => "Sensors",
            Station::Shields => "Shields",
            Station::Tractor => "Tractor Beam",
        }
    }

    /// Index 0..6 for per-station arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Station {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The three helm slots, resolved A then B then C (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HelmSlot {
    A,
    B,
    C,
}

/// The helm slots in resolution order.
pub const HELM_SLOTS: [HelmSlot; 3] = [HelmSlot::A, HelmSlot::B, HelmSlot::C];

/// Which end of the ship a torpedo tube points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TubeSide {
    Front,
    Rear,
}

/// One of the four torpedo tubes: two front, two rear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Tube {
    pub side: TubeSide,
    /// 0 or 1.
    pub index: u8,
}

/// The four tubes in the order torpedoes are taken from (front first, R26).
pub const TUBES: [Tube; 4] = [
    Tube { side: TubeSide::Front, index: 0 },
    Tube { side: TubeSide::Front, index: 1 },
    Tube { side: TubeSide::Rear, index: 0 },
    Tube { side: TubeSide::Rear, index: 1 },
];

impl Tube {
    /// 0..4 for per-tube arrays.
    pub fn slot(self) -> usize {
        let base = match self.side {
            TubeSide::Front => 0,
            TubeSide::Rear => 2,
        };
        base + usize::from(self.index.min(1))
    }
}

/// The three parts of a torpedo, each one weapons die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TorpedoPart {
    Nose,
    Body,
    Tail,
}

/// A mine token and its slot on the tractor display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MineId {
    A,
    B,
}

/// The sector a shield face protects (1 Front, 2 Right, 3 Back, 4 Left).
pub fn shield_face_sector(face: ShieldFace) -> Option<Sector> {
    match face {
        ShieldFace::Front => Some(Sector::Front),
        ShieldFace::Right => Some(Sector::Right),
        ShieldFace::Back => Some(Sector::Aft),
        ShieldFace::Left => Some(Sector::Left),
        ShieldFace::Special => None,
    }
}

/// Points a placed face contributes to its area (locks, jammers, bolts).
pub fn points(face: Face) -> u8 {
    match face {
        Face::Sensors(SensorFace::Lock | SensorFace::Jammer) => 1,
        Face::Sensors(SensorFace::DoubleLock | SensorFace::DoubleJammer) => 2,
        Face::Tractor(TractorFace::Bolt) => 1,
        Face::Tractor(TractorFace::DoubleBolt) => 2,
        _ => 0,
    }
}

/// The helm face for a placed helm die, if it is one.
pub fn helm_face(face: Face) -> Option<HelmFace> {
    match face {
        Face::Helm(h) => Some(h),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_energy_mapping_one_weapons_to_five_helm_six_nothing() {
        let map: Vec<Option<Station>> = (1..=6).map(|p| Station::for_energy(Pip::new(p))).collect();
        assert_eq!(
            map,
            vec![
                Some(Station::Weapons),
                Some(Station::Sensors),
                Some(Station::Tractor),
                Some(Station::Shields),
                Some(Station::Helm),
                None
            ]
        );
        for s in DICE_STATIONS {
            let n = s.energy_number().map(Pip::new);
            assert_eq!(n.and_then(Station::for_energy), Some(s));
        }
    }

    #[test]
    fn r3_dice_per_ship() {
        let counts: Vec<u8> = ALL_STATIONS.iter().map(|s| s.dice_count()).collect();
        assert_eq!(counts, vec![0, 3, 6, 4, 3, 3]);
    }
}
