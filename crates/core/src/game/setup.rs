//! Set-up (R4, R5, R8): seat checks, preplaced tokens, and the alternating
//! placement of obstacle and wormhole tokens.

use super::{Game, Phase};
use crate::class::{ShipClass, COCKPIT};
use crate::config::{GameConfig, Preplaced, SeatSpec};
use crate::error::{RuleError, SetupError};
use crate::event::{CrystalAt, Event};
use crate::geometry::Square;
use crate::ids::{SeatId, TeamId};
use crate::layout::Layout;
use crate::obstacle::Obstacle;
use crate::station::Station;

/// Seats must name real ships; a station other than Engineering has at most
/// one holder per ship (R8 lets Engineering be shared); a Captain holds none.
/// D17: how R8 and R21 read as seats.
pub(super) fn validate_seats(config: &GameConfig) -> Result<(), SetupError> {
    validate_seat_table(config.layout, &config.seats)
}

/// The seat rules of [`validate_seats`] for any seat table of `layout`. A
/// Fighter has one seat, its Pilot, holding the whole cockpit (R22).
pub(super) fn validate_seat_table(layout: Layout, seats: &[SeatSpec]) -> Result<(), SetupError> {
    let ships = layout.ship_count();
    if seats.len() > 64 {
        return Err(SetupError::Seat { seat: 64, reason: "too many seats".into() });
    }
    for (i, seat) in seats.iter().enumerate() {
        let err = |reason: &str| SetupError::Seat { seat: i as u8, reason: reason.to_string() };
        if seat.ship.0 >= ships {
            return Err(err("names a ship that is not in this game"));
        }
        if seat.captain && !seat.stations.is_empty() {
            return Err(err("a Captain holds no station (R21)"));
        }
        if layout.class_of(seat.ship) == ShipClass::Fighter
            && (seat.captain || !COCKPIT.iter().all(|st| seat.stations.contains(st)))
        {
            return Err(err("a Fighter's one seat is its Pilot, holding the whole cockpit (R22)"));
        }
        for (j, st) in seat.stations.iter().enumerate() {
            if seat.stations[..j].contains(st) {
                return Err(err("lists a station twice"));
            }
            if *st == Station::Engineering {
                continue;
            }
            let clash = seats[..i].iter().any(|o| o.ship == seat.ship && o.stations.contains(st));
            if clash {
                return Err(err(&format!("{st} is already held by another seat of this ship")));
            }
        }
        if seat.captain && seats[..i].iter().any(|o| o.ship == seat.ship && o.captain) {
            return Err(err("this ship already has a Captain"));
        }
    }
    Ok(())
}

/// Places the tokens of a preplaced layout and starts the battle.
pub(super) fn preplace(game: &mut Game, pre: &Preplaced) -> Result<(), SetupError> {
    if pre.obstacles.len() > usize::from(crate::map::OBSTACLE_TOKENS) {
        return Err(SetupError::TooManyObstacles);
    }
    if pre.wormholes.is_some() != game.ruleset.wormholes {
        return Err(SetupError::Wormholes);
    }
    let squares = pre.obstacles.iter().map(|(s, _)| *s).chain(pre.wormholes.into_iter().flatten());
    let mut seen: Vec<Square> = Vec::new();
    for sq in squares {
        if let Err(e) = token_square_free(game, sq, &seen) {
            return Err(SetupError::Token(e));
        }
        seen.push(sq);
    }
    let mut obstacles = pre.obstacles.clone();
    obstacles.sort();
    game.obstacles = obstacles;
    game.wormholes = pre.wormholes.map(|w| w.to_vec()).unwrap_or_default();
    game.phase = Phase::Battle;
    Ok(())
}

/// D42: on a tile map the printed asteroids, nebulae and wormholes are
/// the set-up (any number of them), and the battle starts at once.
pub(super) fn lay_tiles(game: &mut Game) {
    game.obstacles = game.map.printed_obstacles();
    game.wormholes = game.map.printed_wormholes();
    game.phase = Phase::Battle;
}

/// A token may go on an empty square that is no start or crystal square.
/// D1: never on a start or crystal square (the token would cover the printed square).
pub(super) fn token_square_free(game: &Game, sq: Square, also_taken: &[Square]) -> Result<(), RuleError> {
    if !game.map.contains(sq) {
        return Err(RuleError::TokenOffMap { square: sq });
    }
    if game.ships.iter().any(|s| s.position.square == sq) {
        return Err(RuleError::TokenOnStart { square: sq });
    }
    if game.crystals.contains(&CrystalAt::OnMap(sq)) || game.map.crystal_squares.contains(&sq) {
        return Err(RuleError::TokenOnCrystal { square: sq });
    }
    if game.obstacle_at(sq).is_some() || game.wormholes.contains(&sq) || also_taken.contains(&sq) {
        return Err(RuleError::TokenSquareTaken { square: sq });
    }
    Ok(())
}

/// Checks a set-up placement by `seat`.
pub(super) fn validate_token(game: &Game, seat: SeatId, sq: Square, wormhole: bool) -> Result<(), RuleError> {
    let Phase::Setup { next } = game.phase else {
        return Err(RuleError::SetupOver);
    };
    let team = seat_team(game, seat)?;
    if team != next {
        return Err(RuleError::NotYourTokenTurn);
    }
    let (obstacles, wormholes) = game.tokens_left();
    if wormhole && wormholes == 0 {
        return Err(RuleError::NoWormholesLeft);
    }
    if !wormhole && obstacles == 0 {
        return Err(RuleError::AllObstaclesPlaced);
    }
    token_square_free(game, sq, &[])
}

/// The team of a seat.
pub(super) fn seat_team(game: &Game, seat: SeatId) -> Result<TeamId, RuleError> {
    match game.seat(seat).and_then(|s| game.ship(s.ship)) {
        Some(ship) => Ok(ship.team),
        None => Err(RuleError::NoSeat),
    }
}

/// Places a token and begins the battle after the last one.
/// D15: set-up turns rotate through the teams in team order.
pub(super) fn carry_out_token(
    game: &mut Game,
    seat: SeatId,
    sq: Square,
    token: Option<Obstacle>,
    out: &mut Vec<Event>,
) {
    let team = seat_team(game, seat).unwrap_or(TeamId(0));
    let event = match token {
        Some(obstacle) => Event::ObstaclePlaced { square: sq, obstacle, team },
        None => Event::WormholePlaced { square: sq, team },
    };
    game.emit(out, event);
    if game.tokens_left() == (0, 0) {
        game.emit(out, Event::BattleBegan);
    }
}
