//! Weighted random-legal play: a seat's legal intents weighted toward the
//! productive ones (place dice, load torpedoes, fire only when it would hit,
//! steer so the enemy ends up in an arc), so random games reach an end.
//!
//! The one table behind the core's property tests, the network's chaos soak
//! and the bots' "random" crew. Pure like the rest of the core: the caller
//! brings the random number.

use crate::game::{plan_path, Game};
use crate::geometry::{arc_of, Position};
use crate::ids::SeatId;
use crate::intent::Intent;
use crate::spot::Spot;
use crate::station::{helm_face, HelmSlot, Station, TorpedoPart};

/// How much random play wants `intent` for `seat` now (0: never).
pub fn weight(game: &Game, seat: SeatId, intent: &Intent) -> u64 {
    let ship = game.seat_ship(seat).and_then(|s| game.ship(s).map(|sh| (s, sh)));
    match intent {
        Intent::Fire { target: Some(t), .. } => match ship.and_then(|(id, _)| game.fire_preview(id, *t)) {
            Some(p) if p.would_hit => 200,
            _ => 0,
        },
        Intent::PlaceDie { spot: Spot::Lock, .. } => 40,
        Intent::PlaceDie { spot: Spot::Torpedo(tube, _), .. } => {
            let parts = ship.map_or(0, |(_, s)| {
                [TorpedoPart::Nose, TorpedoPart::Body, TorpedoPart::Tail]
                    .iter()
                    .filter(|p| s.dice_at(Spot::Torpedo(*tube, **p)).next().is_some())
                    .count() as u64
            });
            1 + 60 * parts
        }
        Intent::PlaceDie { station: Station::Helm, die, spot: Spot::Helm(slot) } => {
            helm_weight(game, seat, *die, *slot)
        }
        Intent::RemoveDie { station: Station::Weapons, .. } => 2,
        Intent::Answer { .. } => 40,
        Intent::Fire { .. } => 30,
        Intent::PlaceDie { .. } => 20,
        Intent::SendEnergy { .. } => 12,
        Intent::EnergySurge => 10,
        Intent::TractorCrystal { .. } => 8,
        // R22: a Pilot may roll placed dice, which takes them off: rarely wanted.
        Intent::RollDice { station, dice } if rolls_placed(game, seat, *station, dice) => 1,
        Intent::RollDice { dice, .. } | Intent::RollEnergy { dice } if dice.len() > 1 => 6,
        Intent::RollDice { .. } | Intent::RollEnergy { .. } => 3,
        Intent::TractorShip { .. } | Intent::ReleaseMine { .. } | Intent::TractorMine { .. } => 3,
        Intent::Override { .. } => 2,
        // R22: a bombing run is the Fighter's best strike; a relaunch puts a ship back.
        Intent::Bomb => 200,
        Intent::Launch { .. } => 10,
        Intent::WarpJump | Intent::PlaceObstacle { .. } | Intent::PlaceWormhole { .. } => 1,
        Intent::RemoveDie { .. } | Intent::ReturnEnergy { .. } => 1,
        // Equipment (R22): a draft pick is the only move then; a ready card is worth using.
        Intent::DraftPick { .. } => 10,
        Intent::Thunderstruck(_) => 0,
        Intent::UseCard { .. } => 30,
        Intent::CrystalToCard { .. } => 3,
        Intent::CrystalOffCard { .. } => 1,
    }
}

/// Whether a roll takes a placed die off the display (only a Fighter's can, R22).
fn rolls_placed(game: &Game, seat: SeatId, station: Station, dice: &[u8]) -> bool {
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return false };
    let placed =
        |d: &u8| ship.station_dice(station).get(usize::from(*d)).is_some_and(|d| d.placed().is_some());
    dice.iter().any(placed)
}

/// A helm die that completes a move ending with the enemy in an arc is
/// strongly preferred: it keeps random games from drifting forever.
fn helm_weight(game: &Game, seat: SeatId, die: u8, slot: HelmSlot) -> u64 {
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return 0 };
    let face_of = |s: HelmSlot| {
        if s == slot {
            return ship
                .station_dice(Station::Helm)
                .get(usize::from(die))
                .and_then(|d| d.rolled())
                .and_then(helm_face);
        }
        ship.dice_at(Spot::Helm(s)).next().and_then(|(_, f)| helm_face(f))
    };
    let faces: Option<Vec<_>> = ship.class.helm_slots().iter().copied().map(face_of).collect();
    let Some(faces) = faces else { return 20 };
    let path = plan_path(game, ship.position.square, ship.facing, &faces);
    let Some(end) = path.last() else { return 5 };
    let enemy = game.enemies_of(ship.team).next().map(|(_, e)| e.position);
    match enemy.and_then(|e| arc_of(Position::centre(end.square), end.facing, e)) {
        Some(_) => 60,
        None => 2,
    }
}

/// Picks from `legal` by [`weight`], with `roll` any uniformly random number
/// (taken modulo the total weight). `None` when every weight is 0.
pub fn pick_weighted(game: &Game, seat: SeatId, legal: &[Intent], roll: u64) -> Option<Intent> {
    let weights: Vec<u64> = legal.iter().map(|i| weight(game, seat, i)).collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut r = roll % total;
    for (intent, w) in legal.iter().zip(weights) {
        if r < w {
            return Some(intent.clone());
        }
        r -= w;
    }
    None
}
