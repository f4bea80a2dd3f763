//! The Planning Phase: where the rolled dice go, and whether a roll is
//! worth a power cube to reroll.
//!
//! Placements are enumerated by system, not by space: twin spaces (Boost
//! A/B, …) differ only in which hits may damage them, and a shield die has
//! exactly one shield space its number fits. Each candidate is judged by
//! imagining the round: the pilot's own dice revealed, the rivals' still
//! hidden (so imagined as none), the pilot's actions played out one at a
//! time, and the end scored ([`score`](super::score::score)): Fire dice
//! in range of a ship without a facing shield, shields raised towards the
//! rival, Boost closing or opening the distance, Power when cubes run low.

use duel_core::thunderstruck::{Console, ConsoleSpace, Event, Game, Placement, Player, Secret, System};
use duel_core::Pip;

use super::moves::Spend;
use super::score::score;
use super::search::play_out;

const SYSTEMS: [System; 5] = [System::Boost, System::Manoeuvre, System::Fire, System::Power, System::Shields];

/// Every legal placement of `dice` up to twin spaces and equal dice.
pub(super) fn candidates(dice: &[Pip], console: &Console) -> Vec<Placement> {
    let mut order: Vec<usize> = (0..dice.len()).collect();
    order.sort_by_key(|i| dice[*i]);
    let mut out = Vec::new();
    let mut chosen: Vec<Option<System>> = Vec::with_capacity(dice.len());
    assign(dice, &order, console, &mut chosen, &mut out);
    if out.is_empty() {
        // Damage can leave shapes the system view misses: the rules' own list.
        out = Placement::all(dice, console).into_iter().take(1).collect();
    }
    out
}

fn assign(
    dice: &[Pip],
    order: &[usize],
    console: &Console,
    chosen: &mut Vec<Option<System>>,
    out: &mut Vec<Placement>,
) {
    let k = chosen.len();
    let Some(&die) = order.get(k) else {
        if let Some(p) = to_slots(dice, order, console, chosen) {
            if p.check(dice, console).is_ok() {
                out.push(p);
            }
        }
        return;
    };
    // Equal dice in sorted order take systems in non-decreasing order: each shape once.
    let floor = match (k.checked_sub(1).map(|j| order[j]), chosen.last()) {
        (Some(prev), Some(Some(s))) if dice[prev] == dice[die] => SYSTEMS.iter().position(|x| x == s),
        _ => None,
    };
    let mut any = false;
    for (i, system) in SYSTEMS.into_iter().enumerate() {
        if floor.is_some_and(|f| i < f) {
            continue;
        }
        chosen.push(Some(system));
        if room(dice, order, console, chosen) {
            any = true;
            assign(dice, order, console, chosen, out);
        }
        chosen.pop();
    }
    if !any {
        chosen.push(None);
        assign(dice, order, console, chosen, out);
        chosen.pop();
    }
}

/// Whether the systems chosen so far still fit the free spaces.
fn room(dice: &[Pip], order: &[usize], console: &Console, chosen: &[Option<System>]) -> bool {
    to_slots(dice, order, console, chosen).is_some()
}

/// The spaces for the systems chosen (first free twin first), if they fit.
fn to_slots(
    dice: &[Pip],
    order: &[usize],
    console: &Console,
    chosen: &[Option<System>],
) -> Option<Placement> {
    let mut slots: Vec<Option<ConsoleSpace>> = vec![None; dice.len()];
    let mut used: Vec<ConsoleSpace> = Vec::new();
    for (k, system) in chosen.iter().enumerate() {
        let die = order[k];
        let Some(system) = system else { continue };
        let slot = ConsoleSpace::of(*system)
            .iter()
            .copied()
            .find(|s| console.is_free(*s) && !used.contains(s) && s.takes(dice[die]))?;
        used.push(slot);
        slots[die] = Some(slot);
    }
    Some(Placement::new(slots))
}

/// The round imagined from `placement`: the rivals' plans are unknown, so
/// they sit it out; `me` plays its dice one action deep.
pub(super) fn imagine(game: &Game, me: Player, dice: &[Pip], placement: &Placement, spend: Spend) -> i32 {
    let mut g = game.clone();
    g.apply(&Event::Revealed {
        player: me,
        seed: Secret([0; 32]),
        rerolls: 0,
        dice: dice.to_vec(),
        placement: placement.clone(),
        next: Secret([0; 32]).digest(),
    });
    for rival in game.living().filter(|p| *p != me).collect::<Vec<_>>() {
        g.apply(&Event::Forfeited { player: rival });
    }
    play_out(&mut g, me, spend, 16);
    score(&g, me)
}

/// The best placement of `dice` for `me` and what it is worth (the first
/// best in enumeration order on a tie).
pub(super) fn best_placement(
    game: &Game,
    me: Player,
    dice: &[Pip],
    spend: Spend,
) -> Option<(Placement, i32)> {
    let console = &game.ship(me)?.console;
    let mut best: Option<(Placement, i32)> = None;
    for p in candidates(dice, console) {
        let v = imagine(game, me, dice, &p, spend);
        if best.as_ref().is_none_or(|(_, b)| v > *b) {
            best = Some((p, v));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pips(v: &[u8]) -> Vec<Pip> {
        v.iter().map(|p| Pip::new(*p)).collect()
    }

    #[test]
    fn candidates_are_legal_and_fewer_than_all() {
        let console = Console::default();
        for dice in [pips(&[1, 3, 5, 6]), pips(&[2, 2, 2, 2]), pips(&[6, 6, 1, 4, 5])] {
            let c = candidates(&dice, &console);
            assert!(!c.is_empty());
            assert!(c.iter().all(|p| p.check(&dice, &console).is_ok()));
            assert!(c.len() < Placement::all(&dice, &console).len());
        }
    }
}
