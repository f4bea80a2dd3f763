//! Die Fighter helpers shared by the Fighter scenario tests: mission 1's
//! ships and seats (White first, Capital before Fighter, D18) and the
//! missile-bay loads, written with `Setup`.

use duel_core::dice::{TractorFace, WeaponFace};
use duel_core::station::TorpedoPart;
use duel_core::*;

use super::FRONT_1;

pub const W_CAP: ShipId = ShipId(0);
pub const W_FTR: ShipId = ShipId(1);
pub const B_CAP: ShipId = ShipId(2);
pub const B_FTR: ShipId = ShipId(3);
pub const W_CREW: SeatId = SeatId(0);
pub const W_PILOT: SeatId = SeatId(1);
pub const B_CREW: SeatId = SeatId(2);

/// A mission with the battle begun on an empty map.
pub fn mission(m: Mission) -> Game {
    Setup::battle(GameConfig::mission(m)).unwrap().into_game().unwrap()
}

/// A part of the Fighter's one tube, the missile bay.
pub fn bay(part: TorpedoPart) -> Spot {
    Spot::Torpedo(FRONT_1, part)
}

/// A loaded missile in the bay: nose, body, tail.
pub fn missile(s: &mut Setup, ship: ShipId) {
    s.place(ship, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose))
        .place(ship, Face::Weapons(WeaponFace::Body), bay(TorpedoPart::Body))
        .place(ship, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
}

/// A pulse bomb in the bay: nose, a Bolt core, tail.
pub fn bomb(s: &mut Setup, ship: ShipId) {
    s.place(ship, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose))
        .place(ship, Face::Tractor(TractorFace::Bolt), Spot::PulseBomb)
        .place(ship, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
}
