//! Drills: scripted plans for tests and benchmarks. Random play almost never
//! loads a torpedo (three matching weapons dice in one tube), so a test that
//! needs a Fire follows the gunner's drill, still choosing only among legal
//! intents and sending them through the ordinary path. The network tests and
//! the app's browser-test hooks share this one copy.

use duel_core::ship::DieState;
use duel_core::station::{Station, Tube, TubeSide};
use duel_core::Spot;
use duel_core::{Game, Intent, SeatId};

/// A gunner's plan for loading front tube 0: roll energy, send the
/// Weapons die, roll weapons dice, keep the part the tube still needs and
/// reroll the rest. Scores a legal intent (0: not part of the plan).
pub fn gunner_score(game: &Game, seat: SeatId, intent: &Intent) -> u32 {
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return 0 };
    let front0 = Tube { side: TubeSide::Front, index: 0 };
    let weapons_pip = |die: u8| {
        ship.pool().find(|(d, _)| *d == die).and_then(|(_, p)| p).and_then(Station::for_energy)
            == Some(Station::Weapons)
    };
    match intent {
        Intent::PlaceDie { station: Station::Weapons, spot: Spot::Torpedo(tube, _), .. }
            if *tube == front0 =>
        {
            100
        }
        Intent::SendEnergy { die } if weapons_pip(*die) => 60,
        Intent::RollDice { station: Station::Weapons, dice } => {
            let useless =
                dice.iter().all(|d| match ship.station_dice(Station::Weapons).get(usize::from(*d)) {
                    Some(DieState::Rolled { face, .. }) => !Spot::all_for(Station::Weapons).iter().any(|s| {
                        matches!(s, Spot::Torpedo(t, _) if *t == front0)
                            && s.accepts(*face)
                            && ship.spot_free(*s)
                    }),
                    _ => true,
                });
            if useless {
                50
            } else {
                0
            }
        }
        Intent::RollEnergy { dice } if dice.iter().all(|d| !weapons_pip(*d)) => 20 + dice.len() as u32,
        _ => 0,
    }
}
