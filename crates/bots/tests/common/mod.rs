//! Shared by the bot scenario tests: positions are changed through the
//! core's validated `Setup`, never by forging events.

// Each test file uses a few of these helpers.
#![allow(dead_code)]

use duel_core::dice::{Face, SensorFace, WeaponFace};
use duel_core::station::{TorpedoPart, Tube};
use duel_core::Spot;
use duel_core::{Dir, Game, GameConfig, Pip, Setup, ShipId, Square, Station};

/// Changes the position through `Setup`; the result must be a position the rules allow.
pub fn edit<T>(game: &mut Game, change: impl FnOnce(&mut Setup) -> T) -> T {
    let mut setup = game.to_setup().expect("a position at rest");
    let out = change(&mut setup);
    *game = setup.into_game().unwrap_or_else(|e| panic!("not a possible position: {e}"));
    out
}

/// A duel on an empty board, battle begun.
pub fn open_duel() -> Game {
    let mut config = GameConfig::duel();
    config.preplaced = Some(duel_core::config::Preplaced::default());
    Game::new(config).expect("valid config")
}

/// `ship` on the square at `col`, `row`, facing `facing`.
pub fn put(game: &mut Game, ship: ShipId, col: u8, row: u8, facing: Dir) {
    edit(game, |s| {
        s.put(ship, Square::new(col, row), facing);
    });
}

/// A die of `spot`'s station placed showing `face` (as an override would, no crystal).
pub fn place(game: &mut Game, ship: ShipId, face: Face, spot: Spot) {
    edit(game, |s| {
        s.place(ship, face, spot);
    });
}

/// Sends an energy die to `station` and rolls one of its dice showing `pip`.
pub fn roll(game: &mut Game, ship: ShipId, station: Station, pip: u8) -> u8 {
    edit(game, |s| s.roll_die(ship, station, Pip::new(pip))).expect("an energy die and an idle die")
}

/// A complete torpedo in `tube`.
pub fn load(game: &mut Game, ship: ShipId, tube: Tube) {
    for (face, part) in [
        (WeaponFace::Nose, TorpedoPart::Nose),
        (WeaponFace::Body, TorpedoPart::Body),
        (WeaponFace::Tail, TorpedoPart::Tail),
    ] {
        place(game, ship, Face::Weapons(face), Spot::Torpedo(tube, part));
    }
}

/// `points` of lock on Sensors.
pub fn lock(game: &mut Game, ship: ShipId, points: u8) {
    for _ in 0..points / 2 {
        place(game, ship, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
    }
    if points % 2 == 1 {
        place(game, ship, Face::Sensors(SensorFace::Lock), Spot::Lock);
    }
}
