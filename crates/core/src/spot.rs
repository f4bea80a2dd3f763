//! The spots on each display where a die may be placed (R9), an equipment
//! card's slots among them (D25). Above both the stations and the cards: a
//! spot on a card asks the card's data which station's die and which faces
//! it takes, and the cards' data names stations.

use serde::{Deserialize, Serialize};

use crate::dice::{Face, SensorFace, TractorFace, WeaponFace};
use crate::equipment::Card;
use crate::geometry::{Sector, SECTORS};
use crate::station::{shield_face_sector, HelmSlot, MineId, Station, TorpedoPart, Tube, HELM_SLOTS, TUBES};

/// Where on its display a station die sits. A die goes only where its face
/// says (R9), so for most faces the spot follows from the face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Spot {
    Helm(HelmSlot),
    Torpedo(Tube, TorpedoPart),
    Lock,
    Jammer,
    Shield(Sector),
    Bolts,
    Mine(MineId),
    /// The centre of a Fighter's missile bay holding a Tractor die: with a
    /// nose and a tail it is a pulse bomb (R9's Die Fighter exception, R22).
    PulseBomb,
    /// Slot `n` of an Experimental Equipment card the ship holds: the card's
    /// data says which station's die and which faces (D25).
    Card(Card, u8),
}

impl Spot {
    /// The station whose display holds this spot.
    pub fn station(self) -> Station {
        match self {
            Spot::Helm(_) => Station::Helm,
            Spot::Torpedo(..) => Station::Weapons,
            Spot::Lock | Spot::Jammer => Station::Sensors,
            Spot::Shield(_) => Station::Shields,
            Spot::Bolts | Spot::Mine(_) | Spot::PulseBomb => Station::Tractor,
            // A slot the card does not have belongs to no station that has dice.
            Spot::Card(card, n) => card.slot(n).map_or(Station::Engineering, |s| s.station),
        }
    }

    /// R9: whether a die showing `face` may go here.
    pub fn accepts(self, face: Face) -> bool {
        match (self, face) {
            (Spot::Helm(_), Face::Helm(_)) => true,
            (Spot::Torpedo(_, part), Face::Weapons(w)) => matches!(
                (part, w),
                (TorpedoPart::Nose, WeaponFace::Nose)
                    | (TorpedoPart::Body, WeaponFace::Body)
                    | (TorpedoPart::Tail, WeaponFace::Tail)
            ),
            (Spot::Lock, Face::Sensors(s)) => {
                matches!(s, SensorFace::Lock | SensorFace::DoubleLock)
            }
            (Spot::Jammer, Face::Sensors(s)) => {
                matches!(s, SensorFace::Jammer | SensorFace::DoubleJammer)
            }
            (Spot::Shield(sector), Face::Shields(s)) => shield_face_sector(s) == Some(sector),
            (Spot::Bolts | Spot::PulseBomb, Face::Tractor(t)) => {
                matches!(t, TractorFace::Bolt | TractorFace::DoubleBolt)
            }
            (Spot::Mine(MineId::A), Face::Tractor(TractorFace::MineA)) => true,
            (Spot::Mine(MineId::B), Face::Tractor(TractorFace::MineB)) => true,
            (Spot::Card(card, n), face) => card.slot(n).is_some_and(|s| s.faces.contains(&face)),
            _ => false,
        }
    }

    /// The one spot a face can go when it has no choice (everything but helm and torpedo dice).
    pub fn for_face(face: Face) -> Option<Spot> {
        match face {
            Face::Sensors(SensorFace::Lock | SensorFace::DoubleLock) => Some(Spot::Lock),
            Face::Sensors(SensorFace::Jammer | SensorFace::DoubleJammer) => Some(Spot::Jammer),
            Face::Shields(s) => shield_face_sector(s).map(Spot::Shield),
            Face::Tractor(TractorFace::Bolt | TractorFace::DoubleBolt) => Some(Spot::Bolts),
            Face::Tractor(TractorFace::MineA) => Some(Spot::Mine(MineId::A)),
            Face::Tractor(TractorFace::MineB) => Some(Spot::Mine(MineId::B)),
            _ => None,
        }
    }

    /// Whether this is a space on an equipment card rather than on a station's display.
    pub fn is_card(self) -> bool {
        matches!(self, Spot::Card(..))
    }

    /// Whether several dice may share this spot (sensor areas, shield sectors, bolts).
    pub fn is_area(self) -> bool {
        matches!(self, Spot::Lock | Spot::Jammer | Spot::Shield(_) | Spot::Bolts)
    }

    /// Every spot on a Capital ship's display of a station (a Fighter's
    /// cockpit: [`crate::class::ShipClass::spots`]).
    pub fn all_for(station: Station) -> Vec<Spot> {
        match station {
            Station::Engineering => vec![],
            Station::Helm => HELM_SLOTS.iter().map(|s| Spot::Helm(*s)).collect(),
            Station::Weapons => TUBES
                .iter()
                .flat_map(|t| {
                    [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail].map(|p| Spot::Torpedo(*t, p))
                })
                .collect(),
            Station::Sensors => vec![Spot::Lock, Spot::Jammer],
            Station::Shields => SECTORS.iter().map(|s| Spot::Shield(*s)).collect(),
            Station::Tractor => vec![Spot::Bolts, Spot::Mine(MineId::A), Spot::Mine(MineId::B)],
        }
    }
}

// Here rather than in `equipment`, so the cards' data stays below the spots.
impl Card {
    /// The card's die spaces, as spots a die is placed on.
    pub fn spots(self) -> impl Iterator<Item = Spot> {
        (0..self.spec().slots.len() as u8).map(move |n| Spot::Card(self, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ShieldFace;

    #[test]
    fn r9_a_die_goes_only_where_its_face_says() {
        let jam = Face::Sensors(SensorFace::Jammer);
        assert!(Spot::Jammer.accepts(jam));
        assert!(!Spot::Lock.accepts(jam));
        let rear_shield = Face::Shields(ShieldFace::Back);
        assert!(Spot::Shield(Sector::Aft).accepts(rear_shield));
        assert!(!Spot::Shield(Sector::Front).accepts(rear_shield));
        let nose = Face::Weapons(WeaponFace::Nose);
        assert!(Spot::Torpedo(TUBES[2], TorpedoPart::Nose).accepts(nose));
        assert!(!Spot::Torpedo(TUBES[2], TorpedoPart::Tail).accepts(nose));
        assert!(!Spot::Torpedo(TUBES[0], TorpedoPart::Nose).accepts(Face::Weapons(WeaponFace::Blast)));
    }
}
