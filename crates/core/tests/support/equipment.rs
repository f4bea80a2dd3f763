//! Experimental Equipment helpers shared by the card tests (R22, D25–D31):
//! a duel under the equipment rules, the host's deal with chosen dice, and
//! positions with given cards, written through the validated `Setup`.

use duel_core::equipment::Card;
use duel_core::*;

use super::{duel_with, edit, BLACK, WHITE};

pub const BLINK: Card = Card::Blink;
pub const THRUSTERS: Card = Card::RotationalThrusters;
pub const JETS: Card = Card::ManeuverJets;
pub const NEURONAV: Card = Card::NeuroNav;

pub fn ruleset(equipment: Equipment) -> Ruleset {
    Ruleset { equipment, ..Ruleset::default() }
}

/// A duel (battle begun, no tokens) under the equipment rules, before the deal.
pub fn drafting(equipment: Equipment) -> Game {
    duel_with(ruleset(equipment))
}

/// Deals with dice that take the deck in order (Blink, Rotational
/// Thrusters, Maneuver Jets, NeuroNav) and draw `first` to pick first.
pub fn deal(game: &mut Game, first: TeamId) -> Vec<Event> {
    let coin = if first == TeamId(0) { 2 } else { 5 };
    game.host(&HostAction::DealEquipment, &mut FixedDice::new(&[1, 1, 1, 1, coin])).expect("dealt")
}

/// A duel in battle where White holds `white` and Black `black`.
pub fn equipped(white: &[Card], black: &[Card]) -> Game {
    let mut game = drafting(Equipment::RandomTwoEach);
    deal(&mut game, TeamId(0));
    assert_eq!(game.phase(), &Phase::Battle);
    edit(&mut game, |s| {
        s.ship_mut(WHITE).unwrap().cards = white.to_vec();
        s.ship_mut(BLACK).unwrap().cards = black.to_vec();
    });
    game
}

pub fn facing(game: &Game, ship: ShipId) -> geometry::Dir {
    game.ship(ship).unwrap().facing
}

pub fn square(game: &Game, ship: ShipId) -> Square {
    game.ship(ship).unwrap().position.square
}

/// Rolls an idle die of `station` to `pip` (energy from the pool), returning it.
pub fn rolled(game: &mut Game, ship: ShipId, station: Station, pip: u8) -> u8 {
    let mut die = None;
    edit(game, |s| die = s.roll_die(ship, station, Pip::new(pip)));
    die.expect("an idle die and a pool energy die")
}

/// White rolls a die of `station` to `pip` and places it on `spot` (the
/// intent must be accepted); returns the events.
pub fn place_rolled(game: &mut Game, station: Station, pip: u8, spot: Spot) -> Vec<Event> {
    let die = rolled(game, WHITE, station, pip);
    super::ok(game, super::WHITE_SEAT, Intent::PlaceDie { station, die, spot }, &[])
}
