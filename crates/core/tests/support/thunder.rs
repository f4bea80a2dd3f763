//! Thunderstruck scenario helpers: ships written down on the board,
//! a duel arranged from them, and actions that must be accepted.

use duel_core::thunderstruck::{
    Act, Arrangement, Config, ConsoleSpace, Event, Facing, Game, Intent, Player, ShipSetup, Steer,
};

pub const RED: Player = Player(0);
pub const BLUE: Player = Player(1);
pub const GREEN: Player = Player(2);

pub fn ship(at: u8, facing: Facing, dice: &[(ConsoleSpace, u8)]) -> ShipSetup {
    ShipSetup { dice: dice.to_vec(), ..ShipSetup::at(at, facing) }
}

pub fn duel(ships: Vec<ShipSetup>, turn: Player) -> Game {
    duel_of(ships, turn, 1, 12)
}

pub fn duel_of(ships: Vec<ShipSetup>, turn: Player, round: u8, rounds: u8) -> Game {
    let config = Config { players: ships.len() as u8, rounds, first: Player(0) };
    Game::arranged(config, &Arrangement { ships, round, turn }).expect("a reachable position")
}

pub fn act(g: &mut Game, p: Player, a: Act) -> Vec<Event> {
    g.play(p, &Intent::Act(a)).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

pub fn plain(g: &mut Game, p: Player, slot: ConsoleSpace) -> Vec<Event> {
    act(g, p, Act::plain(slot))
}

/// Both ships sit in their own sectors, so both win there; both hold.
pub fn hold_all(g: &mut Game) -> Vec<Event> {
    let mut events = vec![];
    for p in g.waiting_on() {
        events.extend(g.play(p, &Intent::Steer(Steer::Hold)).unwrap());
    }
    events
}

pub fn at(g: &Game, p: Player) -> u8 {
    g.ship(p).unwrap().at.0
}
