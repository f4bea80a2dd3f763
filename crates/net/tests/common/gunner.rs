//! Both gunners load a torpedo (the bots' gunner drill), through the
//! ordinary command path.

use duel_bots::drill::gunner_score;
use duel_core::station::{Tube, TubeSide};
use duel_core::{Intent, SeatId};

use super::Sim;

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
