//! The quick start's symmetric tokens for the plain board. A tile map is its
//! own set-up (D42: no tokens preplaced, `Game::new` refuses them); putting
//! a map on the lobby's table is `crate::boot::maps`.

use duel_core::config::Preplaced;
use duel_core::{GameConfig, Square};

/// A symmetric layout for `config` from `seed`: ten obstacles clear of the
/// start and crystal squares, and the two wormholes when in play.
pub fn quick_layout(config: &GameConfig, seed: u64) -> Preplaced {
    let map = &config.map;
    let mut blocked: Vec<Square> = map.crystal_squares.to_vec();
    blocked.extend(map.starts(config.layout).iter().map(|s| s.square));
    let obstacles = map.symmetric_obstacles(seed, &blocked);
    let wormholes = config.ruleset.wormholes.then(|| {
        blocked.extend(obstacles.iter().map(|(s, _)| *s));
        let mid = map.rows / 2;
        (0..map.cols)
            .map(|col| Square::new(col, mid))
            .find(|sq| *sq != map.mirror(*sq) && !blocked.contains(sq) && !blocked.contains(&map.mirror(*sq)))
            .map(|sq| [sq, map.mirror(sq)])
    });
    Preplaced { obstacles, wormholes: wormholes.flatten() }
}
