//! A tap on a board square does what the moment calls for: place a set-up
//! token, answer a choice that offers the square (tractor or warp
//! destination), tractor a crystal from the Tractor screen, or pick the
//! Fire target; anywhere else it names the square and what lies on it.

use duel_core::event::CrystalAt;
use duel_core::{Answer, ChoiceKind, Intent, Phase, Square, Station, Target};
use leptos::prelude::*;

use crate::store::{Act, Store};
use crate::ui::names::{ship_of, square};
use crate::ui::tab::Tab;

pub fn on_square(store: Store, sq: Square) {
    let Some(game) = store.game.get_untracked() else { return };
    let seats = store.my_seats_untracked();
    if let Phase::Setup { .. } = game.phase() {
        let intent = match store.ui.token.get_untracked() {
            Some(obstacle) => Intent::PlaceObstacle { square: sq, obstacle },
            None => Intent::PlaceWormhole { square: sq },
        };
        let seat =
            seats.iter().copied().find(|s| game.validate(*s, &intent).is_ok()).or(seats.first().copied());
        if let Some(seat) = seat {
            store.act(Act::Send { seat, intent });
        }
        return;
    }
    for choice in game.choices() {
        let offers = match &choice.kind {
            ChoiceKind::TractorDestination { options, .. } | ChoiceKind::WarpDestination { options, .. } => {
                options.contains(&sq)
            }
            _ => false,
        };
        if let Some(seat) = seats.iter().copied().find(|s| offers && game.may_answer(*s, choice)) {
            store.act(Act::Send {
                seat,
                intent: Intent::Answer { choice: choice.id, answer: Answer::Square(sq) },
            });
            return;
        }
    }
    if let Some(Tab::Station { seat, station: Station::Tractor }) = store.ui.tab.get_untracked() {
        let crystal = game.crystals().iter().position(|c| *c == CrystalAt::OnMap(sq));
        if let Some(crystal) = crystal {
            store.act(Act::Send { seat, intent: Intent::TractorCrystal { crystal: crystal as u8 } });
            return;
        }
    }
    let focus_team =
        seats.first().and_then(|s| game.seat_ship(*s)).and_then(|s| game.ship(s)).map(|s| s.team);
    let enemy = game
        .ships()
        .iter()
        .enumerate()
        .find(|(_, s)| s.position.square == sq && !s.destroyed && Some(s.team) != focus_team);
    if let Some((i, _)) = enemy {
        let id = duel_core::ShipId(i as u8);
        store.ui.target.set(Some(Target::Ship(id)));
        store.toasts.info(format!("Target: {}", ship_of(&game, id)));
    } else if game.mine_at(sq).is_some() {
        store.ui.target.set(Some(Target::Mine(sq)));
        store.toasts.info(format!("Target: the mine at {}", square(sq)));
    } else if let Some(words) = name_of(&game, sq) {
        // Nothing to do here: a tap names the square instead (no hover on a phone, issue 33).
        store.toasts.info(words);
    }
}

/// What a tap on a square with nothing to do says: its printed terrain and
/// what it does, else what lies on it; an empty square says nothing.
fn name_of(game: &duel_core::Game, sq: Square) -> Option<String> {
    if let Some(terrain) = game.map().terrain.iter().find(|(at, _)| *at == sq).map(|(_, t)| *t) {
        if let Some(words) = super::terrain::said(sq, terrain) {
            return Some(words);
        }
    }
    let all = super::describe::contents(game);
    let what = all.get(&(sq.row, sq.col))?;
    Some(super::describe::square_name(sq, Some(what)))
}
