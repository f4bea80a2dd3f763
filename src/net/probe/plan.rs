//! What the probe plays: the cheapest legal intent (for latency runs), the
//! first legal Fire, and a gunner's plan that loads front tube 0 (the same
//! plan as the `duel-net` tests use), all chosen from `legal_intents`, so
//! the probe can only send what a player could.

use duel_core::ship::DieState;
use duel_core::station::{Spot, Station, Tube, TubeSide};
use duel_core::{Game, Intent, SeatId};
use duel_net::Replica;

pub const FRONT0: Tube = Tube { side: TubeSide::Front, index: 0 };

pub fn loaded(game: &Game, seat: SeatId) -> bool {
    game.seat_ship(seat).and_then(|s| game.ship(s)).is_some_and(|s| s.tube_loaded(FRONT0))
}

pub fn fire_intent(replica: &Replica, seat: SeatId) -> Option<Intent> {
    let game = replica.game()?;
    if game.freeze().is_some() {
        return None;
    }
    game.legal_intents(seat).into_iter().find(|i| matches!(i, Intent::Fire { .. }))
}

/// An intent that changes the state without moving the game on: reroll one
/// energy die, else reroll a station die, else any legal non-freeze intent.
pub fn cheap_intent(game: &Game, seat: SeatId) -> Option<Intent> {
    let legal = game.legal_intents(seat);
    let pick = |f: &dyn Fn(&Intent) -> bool| legal.iter().find(|i| f(i)).cloned();
    pick(&|i| matches!(i, Intent::RollEnergy { dice } if dice.len() == 1))
        .or_else(|| pick(&|i| matches!(i, Intent::RollDice { dice, .. } if dice.len() == 1)))
        .or_else(|| pick(&|i| !i.is_freeze()))
}

/// The gunner's plan for loading front tube 0 (the same plan as the
/// `duel-net` tests use): roll energy, send the Weapons die, roll weapons
/// dice, keep what the tube needs, reroll the rest. 0: not part of the plan.
pub fn gunner_score(game: &Game, seat: SeatId, intent: &Intent) -> u32 {
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return 0 };
    let weapons_pip = |die: u8| {
        ship.pool().find(|(d, _)| *d == die).and_then(|(_, p)| p).and_then(Station::for_energy)
            == Some(Station::Weapons)
    };
    match intent {
        Intent::PlaceDie { station: Station::Weapons, spot: Spot::Torpedo(tube, _), .. }
            if *tube == FRONT0 =>
        {
            100
        }
        Intent::SendEnergy { die } if weapons_pip(*die) => 60,
        Intent::RollDice { station: Station::Weapons, dice } => {
            let useless =
                dice.iter().all(|d| match ship.station_dice(Station::Weapons).get(usize::from(*d)) {
                    Some(DieState::Rolled { face, .. }) => !Spot::all_for(Station::Weapons).iter().any(|s| {
                        matches!(s, Spot::Torpedo(t, _) if *t == FRONT0)
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
