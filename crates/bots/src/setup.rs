//! The set-up (R5): where a bot crew places its obstacle and wormhole
//! tokens, and what the app's "Place for me" button suggests.
//! Mirroring the other team's tokens keeps the board fair (the map and the
//! start squares are point-symmetric), so that comes first; otherwise the
//! symmetric layout the core derives from the seed.

use duel_core::map::Obstacle;
use duel_core::{Game, Intent, SeatId, Square};

/// A valid set-up intent for `seat`, or `None` when nothing can be placed.
pub fn suggest_token(game: &Game, seat: SeatId, seed: u64) -> Option<Intent> {
    let (obstacles, wormholes) = game.tokens_left();
    let ok = |i: &Intent| game.validate(seat, i).is_ok();
    let map = game.map();
    if obstacles > 0 {
        let mirrored = game
            .obstacles()
            .iter()
            .map(|(sq, kind)| Intent::PlaceObstacle { square: map.mirror(*sq), obstacle: *kind });
        let mut blocked: Vec<Square> = map.crystal_squares.to_vec();
        blocked.extend(map.starts(game.layout()).iter().map(|s| s.square));
        blocked.extend(game.obstacles().iter().map(|(sq, _)| *sq));
        let layout = map
            .symmetric_obstacles(seed ^ game.events_applied(), &blocked)
            .into_iter()
            .map(|(square, obstacle)| Intent::PlaceObstacle { square, obstacle });
        return mirrored.chain(layout).chain(anywhere(game, Some(Obstacle::Asteroid))).find(ok);
    }
    if wormholes > 0 {
        let mirrored = game.wormholes().iter().map(|sq| Intent::PlaceWormhole { square: map.mirror(*sq) });
        return mirrored.chain(anywhere(game, None)).find(ok);
    }
    None
}

/// Every square of the map (never a gap, D42) as a token intent, centre rows
/// first (a token between the ships matters more than one in a corner).
fn anywhere(game: &Game, obstacle: Option<Obstacle>) -> impl Iterator<Item = Intent> {
    let mid = game.map().rows / 2;
    let mut squares: Vec<Square> = game.map().squares().collect();
    // Stable: each row keeps its columns in order.
    squares.sort_by_key(|sq| sq.row.abs_diff(mid));
    squares.into_iter().map(move |square| match obstacle {
        Some(obstacle) => Intent::PlaceObstacle { square, obstacle },
        None => Intent::PlaceWormhole { square },
    })
}
