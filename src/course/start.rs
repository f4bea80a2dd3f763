//! The lessons' start positions, each a few lines of [`Setup`] on an empty
//! 9 × 9 map: White (the learner) and an idle Black crew.

use duel_core::dice::{HelmFace, SensorFace, TractorFace, WeaponFace};
use duel_core::{
    Dir, Face, GameConfig, HelmSlot, SeatSpec, Setup, SetupError, ShipId, Spot, Square, Station, TorpedoPart,
    Tube, TubeSide,
};

const WHITE: ShipId = super::LEARNER;
const BLACK: ShipId = ShipId(1);

/// The square the Helm lesson flies to.
pub const C4: Square = Square::new(2, 3);

/// The learner holds `holds` of White; Black's whole ship is a bot seat.
pub fn seats(holds: &[Station]) -> Vec<SeatSpec> {
    vec![SeatSpec { ship: WHITE, stations: holds.to_vec(), captain: false }, SeatSpec::whole_ship(BLACK)]
}

/// Both ships on their start squares, the battle begun, no obstacles.
pub fn plain() -> Result<Setup, SetupError> {
    Setup::battle(GameConfig::duel())
}

/// White on C7 facing north with Forward 1 in helm slots A and B and one energy die at Helm.
pub fn helm() -> Result<Setup, SetupError> {
    let mut s = plain()?;
    let fwd = Face::Helm(HelmFace::Forward1);
    s.put(WHITE, Square::new(2, 6), Dir::North)
        .place(WHITE, fwd, Spot::Helm(HelmSlot::A))
        .place(WHITE, fwd, Spot::Helm(HelmSlot::B))
        .energise(WHITE, Station::Helm);
    Ok(s)
}

/// `station` powered with `n` energy dice.
fn powered(station: Station, n: usize) -> Result<Setup, SetupError> {
    let mut s = plain()?;
    for _ in 0..n {
        s.energise(WHITE, station);
    }
    Ok(s)
}

pub fn weapons() -> Result<Setup, SetupError> {
    powered(Station::Weapons, 3)
}

pub fn sensors() -> Result<Setup, SetupError> {
    powered(Station::Sensors, 2)
}

pub fn shields() -> Result<Setup, SetupError> {
    powered(Station::Shields, 1)
}

/// White on E8, one square from the crystal on E7, with two energy dice at the Tractor Beam.
pub fn tractor() -> Result<Setup, SetupError> {
    let mut s = powered(Station::Tractor, 2)?;
    s.put(WHITE, Square::new(4, 7), Dir::North);
    Ok(s)
}

/// White on E4 with a torpedo in front tube 1, Black two squares ahead on E2
/// with one jammer; two energy dice at Sensors.
pub fn fire() -> Result<Setup, SetupError> {
    let mut s = powered(Station::Sensors, 2)?;
    let tube = Tube { side: TubeSide::Front, index: 0 };
    s.put(WHITE, Square::new(4, 3), Dir::North).put(BLACK, Square::new(4, 1), Dir::South);
    for (part, face) in [
        (TorpedoPart::Nose, WeaponFace::Nose),
        (TorpedoPart::Body, WeaponFace::Body),
        (TorpedoPart::Tail, WeaponFace::Tail),
    ] {
        s.place(WHITE, Face::Weapons(face), Spot::Torpedo(tube, part));
    }
    s.place(BLACK, Face::Sensors(SensorFace::Jammer), Spot::Jammer);
    Ok(s)
}

/// White on E5, Black right ahead on E4; a Double Bolt on White's tractor display.
pub fn tractor_freeze() -> Result<Setup, SetupError> {
    let mut s = plain()?;
    s.put(WHITE, Square::new(4, 4), Dir::North).put(BLACK, Square::new(4, 3), Dir::South).place(
        WHITE,
        Face::Tractor(TractorFace::DoubleBolt),
        Spot::Bolts,
    );
    Ok(s)
}

/// White holding one crystal, on its start square.
pub fn warp() -> Result<Setup, SetupError> {
    let mut s = plain()?;
    s.give_crystals(WHITE, 1);
    Ok(s)
}
