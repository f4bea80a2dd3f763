//! Unvalidated set-up: the ruleset and its toggles, the seats, the mode, and
//! the `GameConfig` that gathers them with a map and a layout. `Game::new`
//! turns a `GameConfig` into a playable game.

use serde::{Deserialize, Serialize};

use crate::class::ShipClass;
use crate::geometry::{RangeRule, Square};
use crate::map::MapSpec;
use crate::obstacle::Obstacle;
use crate::station::Station;

// The vocabulary the set-up names lives in leaf files (so the map, the ships and the errors can
// name it without depending on the set-up); re-exported here, where other crates import it.
pub use crate::ids::{SeatId, ShipId, TeamId};
pub use crate::layout::Layout;
pub use crate::mission::Mission;

/// The McGuire house rules, each separately switchable (R39).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HouseRules {
    /// No freeze may be declared during a freeze (R20).
    pub no_queued_freezes: bool,
    /// Range is max(|dx|, |dy|), at least 1; the own square costs one bolt (R12, R16).
    pub chebyshev_range: bool,
    /// The defender always chooses the sector on a diagonal (R13).
    pub defender_picks_diagonal: bool,
    /// Only Weapons calls Fire, naming the side; a wrong side wastes the shot (R39).
    pub weapons_name_side: bool,
    /// A mine damages every ship in its square (R17).
    pub mines_hit_everyone: bool,
    /// The tractor beam may move a mine one square (R16).
    pub tractor_moves_mines: bool,
    /// Rolled dice not yet placed are lost when a freeze starts (R39).
    pub freeze_drops_rolled_dice: bool,
}

impl HouseRules {
    /// Every McGuire toggle on.
    pub fn mcguire() -> HouseRules {
        HouseRules {
            no_queued_freezes: true,
            chebyshev_range: true,
            defender_picks_diagonal: true,
            weapons_name_side: true,
            mines_hit_everyone: true,
            tractor_moves_mines: true,
            freeze_drops_rolled_dice: true,
        }
    }
}

/// The rules in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ruleset {
    /// The optional wormhole rule: two wormhole tokens placed in set-up.
    pub wormholes: bool,
    pub house: HouseRules,
    /// Die Fighter's play note: Fighters start (and are relaunched) with 2
    /// health instead of 3 (R22); 2 is then their full Health (R41).
    pub fighters_start_with_two_health: bool,
    /// Die Fighter's Experimental Equipment cards (R22): off, drafted, or dealt two each.
    pub equipment: Equipment,
}

/// Whether the Experimental Equipment cards are in play, and how teams get them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Equipment {
    #[default]
    Off,
    /// The rulebook's draft: one, two, one (R22).
    Draft,
    /// The lobby's "random two each": the draft is skipped.
    RandomTwoEach,
}

impl Equipment {
    /// Whether cards are in play.
    pub fn is_on(self) -> bool {
        self != Equipment::Off
    }
}

impl Ruleset {
    /// The Health a Fighter starts and is relaunched with (R22, R41).
    pub fn fighter_health(&self) -> u8 {
        if self.fighters_start_with_two_health {
            crate::class::FIGHTER_HEALTH_TOGGLED
        } else {
            crate::class::FIGHTER_HEALTH
        }
    }

    /// The range rule for torpedoes and tractors.
    pub fn range_rule(&self) -> RangeRule {
        if self.house.chebyshev_range {
            RangeRule::ChebyshevMinOne
        } else {
            RangeRule::Orthogonal
        }
    }
}

/// Who sits where: a ship and the stations this seat holds, or its Captain.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSpec {
    pub ship: ShipId,
    /// Stations held. Engineering may be held by several seats of one ship (R8).
    pub stations: Vec<Station>,
    /// A Captain holds no station; declares Fire and Tractor (R21).
    pub captain: bool,
}

impl SeatSpec {
    /// A seat holding every station of `ship` (one player crewing a ship, or a bot crew).
    pub fn whole_ship(ship: ShipId) -> SeatSpec {
        SeatSpec { ship, stations: crate::station::ALL_STATIONS.to_vec(), captain: false }
    }

    /// A Fighter's Pilot: one seat holding the whole cockpit (R22).
    pub fn pilot(ship: ShipId) -> SeatSpec {
        SeatSpec { ship, stations: crate::class::COCKPIT.to_vec(), captain: false }
    }

    /// The rulebook's recommended split for a team of `players` (2, 3 or 4) on `ship`.
    pub fn recommended(ship: ShipId, players: u8) -> Vec<SeatSpec> {
        use Station::*;
        let seat = |stations: &[Station]| SeatSpec { ship, stations: stations.to_vec(), captain: false };
        match players {
            0 | 1 => vec![SeatSpec::whole_ship(ship)],
            2 => vec![seat(&[Helm, Shields, Tractor, Engineering]), seat(&[Weapons, Sensors, Engineering])],
            3 => vec![seat(&[Helm, Shields, Tractor]), seat(&[Weapons, Sensors]), seat(&[Engineering])],
            _ => vec![
                seat(&[Helm, Shields, Tractor]),
                seat(&[Weapons, Sensors]),
                seat(&[Engineering]),
                SeatSpec { ship, stations: vec![], captain: true },
            ],
        }
    }
}

/// Tokens placed before play, when the set-up phase is skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Preplaced {
    pub obstacles: Vec<(Square, Obstacle)>,
    pub wormholes: Option<[Square; 2]>,
}

/// Which game a room plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// *Space Cadets: Dice Duel* (with its modules and house rules).
    #[default]
    DiceDuel,
    /// *Thunderstruck Duel* (R23): seat `i` is player `i`; the Dice Duel
    /// parts of the config are unused.
    Thunderstruck(crate::thunderstruck::Config),
}

/// Everything needed to start a game; checked by `Game::new`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameConfig {
    pub ruleset: Ruleset,
    pub map: MapSpec,
    pub layout: Layout,
    pub seats: Vec<SeatSpec>,
    /// `Some` skips the alternating set-up phase and starts the battle at once.
    pub preplaced: Option<Preplaced>,
    pub mode: Mode,
}

impl GameConfig {
    /// A duel on the default map, one seat per ship holding every station,
    /// the set-up phase played by the teams.
    pub fn duel() -> GameConfig {
        GameConfig {
            ruleset: Ruleset::default(),
            map: MapSpec::default(),
            layout: Layout::Duel,
            seats: vec![SeatSpec::whole_ship(ShipId(0)), SeatSpec::whole_ship(ShipId(1))],
            preplaced: None,
            mode: Mode::DiceDuel,
        }
    }

    /// A Thunderstruck duel (R23): one seat per player, seat `i` playing player `i`.
    pub fn thunderstruck(config: crate::thunderstruck::Config) -> GameConfig {
        let seats = (0..config.players).map(|i| SeatSpec::whole_ship(ShipId(i))).collect();
        GameConfig { seats, mode: Mode::Thunderstruck(config), ..GameConfig::duel() }
    }

    /// A Die Fighter mission on the default map: one seat per Capital ship
    /// holding every station, one Pilot per Fighter (R22), the set-up phase
    /// played by the teams.
    pub fn mission(mission: Mission) -> GameConfig {
        let layout = Layout::Mission(mission);
        let seats = (0..layout.ship_count())
            .map(|i| match layout.class_of(ShipId(i)) {
                ShipClass::Capital => SeatSpec::whole_ship(ShipId(i)),
                ShipClass::Fighter => SeatSpec::pilot(ShipId(i)),
            })
            .collect();
        GameConfig { layout, seats, ..GameConfig::duel() }
    }

    /// A mission that skips set-up with a symmetric layout derived from `seed`.
    pub fn quick_mission(mission: Mission, seed: u64) -> GameConfig {
        let mut config = GameConfig::mission(mission);
        let map = &config.map;
        let mut blocked: Vec<Square> = map.crystal_squares.to_vec();
        blocked.extend(map.starts(config.layout).iter().map(|s| s.square));
        let obstacles = map.symmetric_obstacles(seed, &blocked);
        config.preplaced = Some(Preplaced { obstacles, wormholes: None });
        config
    }

    /// A duel that skips set-up with a symmetric layout derived from `seed`.
    pub fn quick_duel(seed: u64) -> GameConfig {
        let mut config = GameConfig::duel();
        let map = &config.map;
        let mut blocked: Vec<Square> = map.crystal_squares.to_vec();
        blocked.extend(map.starts(Layout::Duel).iter().map(|s| s.square));
        let obstacles = map.symmetric_obstacles(seed, &blocked);
        config.preplaced = Some(Preplaced { obstacles, wormholes: None });
        config
    }
}
