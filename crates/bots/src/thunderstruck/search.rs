//! The Action Phase search: every die is on the table once plans are
//! revealed, so the rest of the round is a game of perfect information.
//! The pilot looks a few actions ahead (its own, its rivals' and their
//! answers), assuming every rival does what is worst for it ("paranoid"
//! search with alpha-beta), and scores where that leads with [`score`].

use duel_core::thunderstruck::{Game, Intent, Phase, Player};

use super::moves::{choices, Spend};
use super::score::score;

/// How the pilot searches.
#[derive(Clone, Copy, Debug)]
pub(super) struct Search {
    /// Plies: own actions, rivals' actions and answers all count one.
    pub depth: u8,
    /// Cube spending at the root (the pilot's own choice now).
    pub root: Spend,
    /// Cube spending deeper down, for everyone.
    pub deeper: Spend,
}

/// The best choice for `me` now with its value, first best on a tie (choices come in a fixed order).
pub(super) fn best(game: &Game, me: Player, search: Search) -> Option<(Intent, i32)> {
    let mut best: Option<(Intent, i32)> = None;
    let mut alpha = i32::MIN;
    for intent in choices(game, me, search.root) {
        let mut child = game.clone();
        if child.play(me, &intent).is_err() {
            continue;
        }
        let v = value(&child, me, search, search.depth.saturating_sub(1), alpha, i32::MAX);
        if best.as_ref().is_none_or(|(_, b)| v > *b) {
            alpha = alpha.max(v);
            best = Some((intent, v));
        }
    }
    best
}

fn value(game: &Game, me: Player, search: Search, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
    // The round's end is as far as the search sees: the next dice are unknown.
    if depth == 0 || !matches!(game.phase(), Phase::Action { .. }) {
        return score(game, me);
    }
    let Some(mover) = game.waiting_on().first().copied() else { return score(game, me) };
    let options = choices(game, mover, search.deeper);
    if options.is_empty() {
        return score(game, me);
    }
    let maximise = mover == me;
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for intent in options {
        let mut child = game.clone();
        if child.play(mover, &intent).is_err() {
            continue;
        }
        let v = value(&child, me, search, depth - 1, alpha, beta);
        if maximise {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    if best == i32::MIN || best == i32::MAX {
        score(game, me)
    } else {
        best
    }
}

/// Plays `game` on with one-action-deep choices until the Action Phase
/// ends or `limit` intents: `me` picks its best, everyone else its worst.
/// Used to imagine a round from a placement.
pub(super) fn play_out(game: &mut Game, me: Player, spend: Spend, limit: u32) {
    let search = Search { depth: 1, root: spend, deeper: spend };
    for _ in 0..limit {
        if !matches!(game.phase(), Phase::Action { .. }) {
            return;
        }
        let Some(mover) = game.waiting_on().first().copied() else { return };
        let pick =
            if mover == me { best(game, me, search).map(|(i, _)| i) } else { worst_for(game, me, mover) };
        let Some(intent) = pick else { return };
        if game.play(mover, &intent).is_err() {
            return;
        }
    }
}

/// The choice of `mover` that leaves `me` worst off.
fn worst_for(game: &Game, me: Player, mover: Player) -> Option<Intent> {
    let mut worst: Option<(Intent, i32)> = None;
    for intent in choices(game, mover, Spend::Never) {
        let mut child = game.clone();
        if child.play(mover, &intent).is_err() {
            continue;
        }
        let v = score(&child, me);
        if worst.as_ref().is_none_or(|(_, w)| v < *w) {
            worst = Some((intent, v));
        }
    }
    worst.map(|(i, _)| i)
}
