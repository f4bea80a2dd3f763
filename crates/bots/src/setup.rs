//! The set-up (R5): where a bot crew places its obstacle and wormhole
//! tokens, and what the app's "Place for me" button suggests.
//! Mirroring the other team's tokens keeps the board fair (the map and the
//! start squares are point-symmetric), so that comes first. Otherwise a
//! token goes where it shapes the fight: on the way between the two ships,
//! a few squares ahead of the enemy where its first moves go (its mirror
//! lands as far ahead of us), asteroids and nebulae in turn. Then the
//! symmetric layout the core derives from the seed.

use duel_core::geometry::range;
use duel_core::map::Obstacle;
use duel_core::{Game, Intent, SeatId, Square};

/// Squares ahead of the enemy where a token does most: about where one
/// three-die move takes it (R10).
const AHEAD: u8 = 3;

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
        let purposeful = on_the_way(game, seat, seed);
        return mirrored
            .chain(purposeful)
            .chain(layout)
            .chain(anywhere(game, Some(Obstacle::Asteroid)))
            .find(ok);
    }
    if wormholes > 0 {
        let mirrored = game.wormholes().iter().map(|sq| Intent::PlaceWormhole { square: map.mirror(*sq) });
        return mirrored.chain(anywhere(game, None)).find(ok);
    }
    None
}

/// Obstacles on the way between our ship and the nearest enemy, best first:
/// on or beside the straight way (the two ranges add up to at most two
/// more than the range between the ships: one column either side of it
/// under orthogonal ranges), at least two squares from either
/// ship (a token beside a start square only boxes a ship in) and off the
/// crystals, never where the other team could not mirror it; nearest to [`AHEAD`] squares in front of the enemy. The seed
/// breaks ties, so "Place for me" does not always pick the same square.
/// Asteroids and nebulae alternate by pairs (the other team mirrors each).
fn on_the_way(game: &Game, seat: SeatId, seed: u64) -> impl Iterator<Item = Intent> {
    let rule = game.ruleset().range_rule();
    let map = game.map();
    let mut out: Vec<((u8, u8, u64), Square)> = Vec::new();
    let me = game.seat_ship(seat).and_then(|id| game.ship(id));
    let foe = me.and_then(|m| {
        game.enemies_of(m.team)
            .map(|(_, s)| s.position.square)
            .min_by_key(|sq| range(m.position.square, *sq, rule))
    });
    if let (Some(me), Some(them)) = (me.map(|m| m.position.square), foe) {
        let between = range(me, them, rule);
        for sq in map.squares() {
            let (d_me, d_them) = (range(me, sq, rule), range(them, sq, rule));
            let off_way = (d_me + d_them).saturating_sub(between);
            // The other team must be able to mirror it (R5 fairness): not the centre.
            let twin = map.mirror(sq);
            let free = |q: Square| !map.crystal_squares.contains(&q) && game.obstacle_at(q).is_none();
            if off_way > 2 || d_me < 2 || d_them < 2 || twin == sq || !free(sq) || !free(twin) {
                continue;
            }
            let tie = crate::rng::BotRng::new(seed ^ u64::from(sq.col) << 8 ^ u64::from(sq.row)).next_u64();
            out.push(((off_way, d_them.abs_diff(AHEAD), tie), sq));
        }
    }
    out.sort_unstable();
    let obstacle =
        if (game.obstacles().len() / 2).is_multiple_of(2) { Obstacle::Asteroid } else { Obstacle::Nebula };
    out.into_iter().map(move |(_, square)| Intent::PlaceObstacle { square, obstacle })
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
