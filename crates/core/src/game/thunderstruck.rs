//! A match that plays Thunderstruck Duel (R23): the one `Game` the room
//! protocol carries holds the duel, and every intent, event and host
//! action goes to it. The Dice Duel state beside it stays at its set-up
//! and is never touched, so rooms, replicas, host succession, saves and
//! the dice audit serve both modes with the same code.
//!
//! Seat `i` plays player `i` (`GameConfig::thunderstruck`).

use super::{Game, ModeState};
use crate::config::{GameConfig, Mode};
use crate::dice::DiceSource;
use crate::error::{RuleError, SetupError};
use crate::event::Event;
use crate::ids::{SeatId, TeamId};
use crate::intent::{HostAction, Intent};
use crate::thunderstruck::{self as ts, Player};

/// The match of a Thunderstruck config: a Dice Duel skeleton at its set-up plus the duel.
pub(super) fn new(config: GameConfig, mode: ts::Config) -> Result<Game, SetupError> {
    if !cfg!(feature = "thunderstruck") {
        return Err(SetupError::ModeNotLoaded);
    }
    let duel = ts::Game::new(mode).map_err(SetupError::Thunderstruck)?;
    if config.seats.len() != usize::from(mode.players) {
        return Err(SetupError::Seat {
            seat: config.seats.len() as u8,
            reason: format!("a Thunderstruck duel of {} players has one seat each", mode.players),
        });
    }
    let mut game = Game::new(GameConfig { mode: Mode::DiceDuel, ..GameConfig::duel() })?;
    game.seats = config.seats;
    game.mode = ModeState::Thunderstruck(Box::new(duel));
    Ok(game)
}

/// Whether this build has Thunderstruck's rules (the `thunderstruck` feature). The base file a
/// first visit loads (issue 32) keeps every type the wire carries and none of the rules: a
/// device there loads the full app before it plays a duel. A constant, so the optimiser drops
/// the rules it guards.
fn loaded() -> Result<(), RuleError> {
    if cfg!(feature = "thunderstruck") {
        Ok(())
    } else {
        Err(RuleError::ModeNotLoaded)
    }
}

/// The duel's result as the match's: player `i` is team `i`.
pub(super) fn outcome(duel: &ts::Game) -> Option<Option<TeamId>> {
    match duel.phase() {
        ts::Phase::Over { winner } => Some(winner.map(|p| TeamId(p.0))),
        _ => None,
    }
}

fn parts<'a>(
    game: &'a Game,
    seat: SeatId,
    intent: &'a Intent,
) -> Result<(&'a ts::Game, Player, &'a ts::Intent), RuleError> {
    let (ModeState::Thunderstruck(duel), Intent::Thunderstruck(intent)) = (&game.mode, intent) else {
        return Err(RuleError::OtherMode);
    };
    if game.seat(seat).is_none() {
        return Err(RuleError::NoSeat);
    }
    Ok((duel, Player(seat.0), intent))
}

pub(super) fn validate(game: &Game, seat: SeatId, intent: &Intent) -> Result<(), RuleError> {
    loaded()?;
    let (duel, player, intent) = parts(game, seat, intent)?;
    duel.validate(player, intent).map_err(RuleError::Thunderstruck)
}

/// Plays the intent on the duel; the match's events wrap the duel's.
pub(super) fn play(game: &mut Game, seat: SeatId, intent: &Intent) -> Result<Vec<Event>, RuleError> {
    loaded()?;
    let (_, player, inner) = parts(game, seat, intent)?;
    let inner = inner.clone();
    let ModeState::Thunderstruck(duel) = &mut game.mode else { return Err(RuleError::OtherMode) };
    let events = duel.play(player, &inner).map_err(RuleError::Thunderstruck)?;
    Ok(wrap(game, events))
}

pub(super) fn host(
    game: &mut Game,
    action: &HostAction,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    loaded()?;
    let (ModeState::Thunderstruck(duel), HostAction::Thunderstruck(action)) = (&mut game.mode, action) else {
        return Err(RuleError::OtherMode);
    };
    let events = duel.host(*action, dice).map_err(RuleError::Thunderstruck)?;
    Ok(wrap(game, events))
}

/// The duel already applied its events; the match counts them too.
fn wrap(game: &mut Game, events: Vec<ts::Event>) -> Vec<Event> {
    game.applied += events.len() as u64;
    events.into_iter().map(Event::Thunderstruck).collect()
}
