//! The equipment draft (`001_…` "Setup", R22): the host deals from its dice,
//! teams pick in the rulebook's order, a forced last pick is made for the
//! team, and the phase moves on to set-up (or the battle).

use super::super::{Game, Phase};
use super::card_ship;
use crate::config::Equipment;
use crate::dice::DiceSource;
use crate::equipment::{Card, DECK, DRAFT_DEAL};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{SeatId, TeamId};

// A deal draws each card with one die roll, so the deck must fit on a die.
const _: () = assert!(DECK.len() <= 6);

pub(in crate::game) fn validate_deal(game: &Game) -> Result<(), RuleError> {
    match (&game.phase, &game.draft) {
        (Phase::Draft { .. }, None) => Ok(()),
        (Phase::Draft { .. }, Some(_)) => Err(RuleError::DraftAlreadyDealt),
        _ => Err(RuleError::NotDrafting),
    }
}

/// Deals min(5, deck) cards in a random order and draws the team to pick
/// first; under "random two each" the teams take them in that order at once.
pub(in crate::game) fn deal(game: &mut Game, dice: &mut dyn DiceSource, out: &mut Vec<Event>) {
    let mut deck = DECK.to_vec();
    let mut cards = Vec::new();
    while cards.len() < DRAFT_DEAL.min(DECK.len()) {
        let pip = loop {
            let pip = usize::from(dice.roll().value());
            if pip <= deck.len() {
                break pip;
            }
        };
        cards.push(deck.remove(pip - 1));
    }
    let first = if dice.roll().value() <= 3 { TeamId(0) } else { TeamId(1) };
    game.emit(out, Event::EquipmentDealt { cards, first });
    if game.ruleset.equipment == Equipment::RandomTwoEach {
        while let Some((team, card)) = next_in_order(game) {
            game.emit(out, Event::CardDrafted { team, card });
        }
    }
    forced_picks(game, out);
}

/// The team to pick and the first open card.
fn next_in_order(game: &Game) -> Option<(TeamId, Card)> {
    let d = game.draft.as_ref()?;
    Some((d.to_pick()?, *d.open().first()?))
}

pub(in crate::game) fn validate_pick(game: &Game, seat: SeatId, card: Card) -> Result<(), RuleError> {
    let Phase::Draft { .. } = game.phase else { return Err(RuleError::NotDrafting) };
    let Some(draft) = &game.draft else { return Err(RuleError::DraftNotDealt) };
    let team = game.seat_ship(seat).and_then(|s| game.ship(s)).map(|s| s.team).ok_or(RuleError::NoSeat)?;
    card_ship(game, team).ok_or(RuleError::NoCardsForTeam)?;
    if draft.to_pick() != Some(team) {
        return Err(RuleError::NotYourPick);
    }
    if !draft.open().contains(&card) {
        return Err(RuleError::CardNotOffered { card });
    }
    Ok(())
}

pub(in crate::game) fn pick(game: &mut Game, seat: SeatId, card: Card, out: &mut Vec<Event>) {
    let Some(team) = game.seat_ship(seat).and_then(|s| game.ship(s)).map(|s| s.team) else { return };
    game.emit(out, Event::CardDrafted { team, card });
    forced_picks(game, out);
}

/// A pick with one card left is no choice (R22: with four dealt the first
/// team takes the last); when every pick is made the draft ends.
fn forced_picks(game: &mut Game, out: &mut Vec<Event>) {
    loop {
        let Some(d) = &game.draft else { return };
        match (d.to_pick(), d.open().as_slice()) {
            (Some(team), [only]) => {
                let card = *only;
                game.emit(out, Event::CardDrafted { team, card });
            }
            (Some(_), _) => return,
            (None, _) => {
                game.emit(out, Event::DraftEnded);
                return;
            }
        }
    }
}
