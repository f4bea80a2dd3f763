//! The Action Phase choices a pilot weighs: far fewer than
//! `Game::legal_acts` lists (every pip change onto every free space), only
//! the ones a sensible pilot would pay power cubes for. Each is checked
//! with `Game::validate`.

use duel_core::thunderstruck::{Act, ConsoleSpace, Game, Intent, Player, System};

/// How freely a mover spends power cubes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spend {
    /// Plain actions only.
    Never,
    /// Pips to bring a Fire die into range, or a die moved onto a shield
    /// space that is down or onto Fire in range (one cube).
    Lean,
    /// Lean, plus Boost dice nudged by any affordable number of pips.
    Full,
}

/// The choices `player` weighs now: hit answers, steers, or actions.
pub(super) fn choices(game: &Game, player: Player, spend: Spend) -> Vec<Intent> {
    if !game.waiting_on().contains(&player) {
        return vec![];
    }
    let answers = game.hit_answers(player);
    if !answers.is_empty() {
        return answers.into_iter().map(|(shield, damage)| Intent::TakeHit { shield, damage }).collect();
    }
    let steers = game.steers(player);
    if !steers.is_empty() {
        return steers.into_iter().map(Intent::Steer).collect();
    }
    let mut out: Vec<Intent> = Vec::new();
    for act in acts(game, player, spend) {
        let intent = Intent::Act(act);
        if !out.contains(&intent) && game.validate(player, &intent).is_ok() {
            out.push(intent);
        }
    }
    if out.is_empty() {
        // Never stuck: whatever the rules list.
        out = game.legal_intents(player);
    }
    out
}

fn acts(game: &Game, player: Player, spend: Spend) -> Vec<Act> {
    let Some(ship) = game.ship(player) else { return vec![] };
    let c = &ship.console;
    let cubes = if spend == Spend::Never { 0 } else { c.cubes() as i8 };
    let targets: Vec<(Option<Player>, u8)> = game
        .living()
        .filter(|p| *p != player)
        .filter_map(|p| {
            let at = game.ship(p)?.at;
            let named = (game.config().players > 2).then_some(p);
            Some((named, game.board().distance(ship.at, at)))
        })
        .collect();
    let mut out = Vec::new();
    for (die, pip) in c.dice() {
        let value = pip.value() as i8;
        let mut spots = vec![(None, die, cubes)];
        if cubes >= 1 {
            for to in ConsoleSpace::ALL.into_iter().filter(|s| c.is_free(*s)) {
                let worth = match to.system() {
                    System::Fire => die.system() != System::Fire,
                    System::Shields => to.shield().is_some_and(|s| !c.shield_up(s)),
                    _ => false,
                };
                if worth {
                    spots.push((Some(to), to, cubes - 1));
                }
            }
        }
        for (to, at, spare) in spots {
            let base = Act { to, ..Act::plain(die) };
            match at.system() {
                System::Fire => {
                    for (target, distance) in &targets {
                        let need = (*distance as i8 - value).max(0);
                        for pips in [0, need] {
                            if pips <= spare && (pips > 0 || to.is_none() || *distance as i8 <= value) {
                                out.push(Act { pips, target: *target, ..base });
                            }
                        }
                    }
                }
                System::Shields => {
                    let pips = fit(at, value);
                    if pips.abs() <= spare {
                        out.push(Act { pips, ..base });
                    }
                }
                System::Boost => {
                    let range = if spend == Spend::Full { spare } else { 0 };
                    let partner =
                        ConsoleSpace::of(System::Boost).iter().copied().find(|s| *s != die && *s != at);
                    for pips in -range..=range {
                        out.push(Act { pips, ..base });
                        if let Some(with) = partner.filter(|w| c.die(*w).is_some()) {
                            out.push(Act { pips, with: Some(with), ..base });
                        }
                    }
                }
                System::Manoeuvre => {
                    let range = if spend == Spend::Full { spare.min(2) } else { 0 };
                    for pips in 0..=range {
                        out.push(Act { pips, ..base });
                    }
                }
                System::Power => out.push(base),
            }
        }
    }
    out
}

/// The pips that make `value` fit a shield space (0 elsewhere).
fn fit(slot: ConsoleSpace, value: i8) -> i8 {
    let (lo, hi) = match slot {
        ConsoleSpace::ShieldFront => (1, 2),
        ConsoleSpace::ShieldRear => (3, 4),
        ConsoleSpace::ShieldMid => (5, 6),
        _ => return 0,
    };
    if value < lo {
        lo - value
    } else if value > hi {
        hi - value
    } else {
        0
    }
}
