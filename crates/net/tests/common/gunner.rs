//! A scripted gunner: random play almost never loads a torpedo (three
//! matching weapons dice in one tube), so tests that need a Fire use this
//! plan, still sending only legal intents through the ordinary path.

use duel_core::ship::DieState;
use duel_core::station::{Spot, Station, Tube, TubeSide};
use duel_core::{Game, Intent, SeatId};

use super::Sim;

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

/// Both gunners load a torpedo through the ordinary command path, each
/// choosing from the legal intents of its own replica.
pub fn load_both_ships(sim: &mut Sim) -> [Intent; 2] {
    let fire = |sim: &Sim, seat: u8| {
        let game = sim.host_game();
        let legal = if game.freeze().is_none() { game.legal_intents(SeatId(seat)) } else { Vec::new() };
        legal.into_iter().find(|i| matches!(i, Intent::Fire { .. }))
    };
    for _ in 0..20_000 {
        for who in 0..2 {
            let seat = SeatId(who as u8);
            let replica = &sim.peers[who].replica;
            let (Some(game), 0) = (replica.game(), replica.pending()) else { continue };
            let loaded = game
                .seat_ship(seat)
                .and_then(|s| game.ship(s))
                .is_some_and(|s| s.tube_loaded(Tube { side: TubeSide::Front, index: 0 }));
            if loaded {
                continue;
            }
            let legal = game.legal_intents(seat);
            let best = legal.iter().max_by_key(|i| gunner_score(game, seat, i)).cloned();
            if let Some(intent) = best.filter(|i| gunner_score(game, seat, i) > 0) {
                let now = sim.now;
                sim.peers[who].submit(now, seat, intent).unwrap();
            }
        }
        sim.step();
        if fire(sim, 0).is_some() && fire(sim, 1).is_some() {
            assert!(sim.settle());
            if let (Some(a), Some(b)) = (fire(sim, 0), fire(sim, 1)) {
                return [a, b];
            }
        }
    }
    panic!("torpedoes never got loaded on both ships");
}
