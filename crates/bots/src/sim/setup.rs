//! How a simulated game is set up: the map, the layout of ships and the
//! seats. On the plain board the set-up phase is skipped with the seed's
//! symmetric token layout (R5, the lobby's "place for me"); on a tile map
//! the printed terrain is the set-up and no tokens are placed (D42).

use duel_core::config::Preplaced;
use duel_core::map::{builtin, MapSpec, BUILTIN_NAMES};
use duel_core::{GameConfig, Layout, SeatSpec, ShipId};

use super::SimOptions;

/// The seats of a duel with `players` per team: White's first.
pub fn duel_seats(players: u8) -> Vec<SeatSpec> {
    seats(Layout::Duel, players)
}

/// The seats of `layout` with `players` per ship, in ship order (a
/// side's ships together: White's first).
fn seats(layout: Layout, players: u8) -> Vec<SeatSpec> {
    (0..layout.ship_count()).flat_map(|i| SeatSpec::recommended(ShipId(i), players)).collect()
}

/// The built-in map called `name` (`duel_core::map::builtin`).
///
/// # Errors
/// A sentence naming the choices when no built-in map has that name.
pub fn map_named(name: &str) -> Result<MapSpec, String> {
    builtin(name).ok_or_else(|| format!("unknown map {name:?}: choose one of {}", BUILTIN_NAMES.join(", ")))
}

/// The game `opts` describe, its tokens (on the plain board) from `seed`.
pub(crate) fn config(opts: &SimOptions, seed: u64) -> GameConfig {
    let mut config = match opts.mission {
        Some(mission) => GameConfig::mission(mission),
        None => GameConfig {
            layout: opts.layout,
            seats: seats(opts.layout, opts.players.clamp(1, 4)),
            ..GameConfig::duel()
        },
    };
    config.ruleset = opts.ruleset;
    config.map = opts.map.clone();
    // D42: a tile map's printed terrain is the set-up; tokens on it are refused.
    if !config.map.is_tiled() {
        let map = &config.map;
        let mut blocked: Vec<_> = map.crystal_squares.to_vec();
        blocked.extend(map.starts(config.layout).iter().map(|s| s.square));
        let obstacles = map.symmetric_obstacles(seed, &blocked);
        config.preplaced = Some(Preplaced { obstacles, wormholes: None });
    }
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_keeps_the_quick_layout_and_a_tile_map_places_nothing() {
        let opts = SimOptions::default();
        assert_eq!(config(&opts, 7), GameConfig { seats: duel_seats(1), ..GameConfig::quick_duel(7) });
        let rift = SimOptions { map: map_named("rift field").expect("built in"), ..SimOptions::default() };
        let c = config(&rift, 7);
        assert_eq!(c.preplaced, None);
        assert!(duel_core::Game::new(c).is_ok());
    }

    #[test]
    fn an_unknown_map_is_refused_with_the_choices() {
        let e = map_named("Nowhere").expect_err("no such map");
        assert!(e.contains("Nowhere") && e.contains("Gravity Well") && e.contains("Four Corners"), "{e}");
    }

    #[test]
    fn two_per_side_seats_every_ship() {
        let four = SimOptions {
            map: map_named("four corners").expect("built in"),
            layout: Layout::TwoPerSide,
            ..SimOptions::default()
        };
        let c = config(&four, 1);
        assert_eq!(c.seats.len(), 4);
        assert!(duel_core::Game::new(c).is_ok());
    }
}
