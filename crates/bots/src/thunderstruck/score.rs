//! How good a Thunderstruck state is for one player, in points: a win is
//! worth [`WIN`], a damage token 1,000, and the rest estimates what the
//! position threatens. Integers only, so every bot decision replays exactly.

use duel_core::thunderstruck::{ConsoleSpace, Game, Phase, Player, Shield, Ship, System};

/// A duel won (lost: minus this).
pub(super) const WIN: i32 = 100_000;
/// A damage token: the score at the round limit (T9).
const DAMAGE: i32 = 1_000;
/// A shot that will find no facing shield this round: nearly a lost duel (T3).
const DEATH_LIVE: i32 = 30_000;
/// A shielded hit still to come this round.
const HIT_LIVE: i32 = 700;
/// Per space inside fire range (7 − distance) while no shield faces the rival.
const OPEN_LATENT: i32 = 700;
/// Each shield facing the rival, and the Mid shield again for covering both ways.
const GUARD: i32 = 350;
const MID: i32 = 200;
/// A power cube held (a reroll, a pip, or a moved die later).
const CUBE: i32 = 150;
/// A system with one of its two spaces damaged: one more there destroys the ship (T3).
const HALF_CRIPPLED: i32 = 300;

/// Whether a shot from `shooter` would strike `target` from the front (T4).
pub(super) fn frontal(game: &Game, shooter: &Ship, target: &Ship) -> bool {
    game.board().towards(target.at, shooter.at) == Some(target.facing)
}

/// The shields of `target` that would stop a shot from `shooter` now.
pub(super) fn guards(game: &Game, shooter: Player, target: Player) -> u8 {
    let (Some(s), Some(t)) = (game.ship(shooter), game.ship(target)) else { return 0 };
    let front = frontal(game, s, t);
    Shield::ALL.into_iter().filter(|sh| !game.hit_spaces(target, *sh, front).is_empty()).count() as u8
}

/// The points `game` is worth to `me`.
pub(super) fn score(game: &Game, me: Player) -> i32 {
    if let Phase::Over { winner } = game.phase() {
        return match winner {
            Some(w) if *w == me => WIN,
            Some(_) => -WIN,
            None => 0,
        };
    }
    let Some(mine) = game.ship(me) else { return 0 };
    if mine.destroyed {
        return -WIN;
    }
    let rivals: Vec<Player> = game.players().filter(|p| *p != me).collect();
    let living: Vec<Player> = rivals.iter().copied().filter(|p| game.living().any(|l| l == *p)).collect();
    // A rival out of a three-player duel is half the way to winning it.
    let mut total = (rivals.len() - living.len()) as i32 * WIN / 3;
    let my_damage = i32::from(mine.console.damage());
    // T9: the least damage wins, so it is the closest rival that counts.
    let least = living.iter().filter_map(|p| game.ship(*p)).map(|s| i32::from(s.console.damage())).min();
    let sum: i32 = living.iter().filter_map(|p| game.ship(*p)).map(|s| i32::from(s.console.damage())).sum();
    if let Some(least) = least {
        total += DAMAGE * (least - my_damage) + DAMAGE / 5 * (sum - my_damage * living.len() as i32);
    }
    total += standing(mine);
    for rival in &living {
        total += exposure(game, *rival, me) - exposure(game, me, *rival);
        total -= game.ship(*rival).map_or(0, standing) / living.len() as i32;
    }
    total
}

/// What a ship's own state is worth, whoever it faces: cubes, the Mid
/// shield, systems one hit from failing.
fn standing(ship: &Ship) -> i32 {
    let c = &ship.console;
    let half = [System::Fire, System::Boost, System::Manoeuvre]
        .into_iter()
        .filter(|s| ConsoleSpace::of(*s).iter().any(|slot| c.is_damaged(*slot)))
        .count() as i32;
    i32::from(c.cubes()) * CUBE + if c.shield_up(Shield::Mid) { MID } else { 0 } - half * HALF_CRIPPLED
}

/// How badly `victim` is exposed to `shooter`: the shots still to come
/// this round against the shields that face them, and, for later rounds,
/// how close the two ships are while no shield faces the shooter.
fn exposure(game: &Game, victim: Player, shooter: Player) -> i32 {
    let (Some(v), Some(s)) = (game.ship(victim), game.ship(shooter)) else { return 0 };
    let distance = i32::from(game.board().distance(v.at, s.at));
    let guard = i32::from(guards(game, shooter, victim));
    // Shield dice still waiting would add a facing shield when actioned.
    let front = frontal(game, s, v);
    let waiting = Shield::ALL
        .into_iter()
        .filter(|sh| sh.guards(front) && !v.console.shield_up(*sh) && v.console.die(sh.slot()).is_some())
        .count() as i32;
    // Boost dice still waiting bring the shooter closer if it faces the victim.
    let closing = if game.board().towards(s.at, v.at) == Some(s.facing) {
        ConsoleSpace::of(System::Boost)
            .iter()
            .filter_map(|b| s.console.die(*b))
            .map(|p| i32::from(p.value()))
            .max()
    } else {
        None
    };
    let reach = distance - closing.unwrap_or(0);
    let cubes = i32::from(s.console.cubes());
    let shots = ConsoleSpace::of(System::Fire)
        .iter()
        .filter_map(|f| s.console.die(*f))
        .filter(|p| i32::from(p.value()) + cubes >= reach)
        .count() as i32;
    let live = if shots > guard + waiting { DEATH_LIVE } else { shots * HIT_LIVE };
    let latent = (7 - distance).max(0);
    let open = if guard == 0 { OPEN_LATENT * latent } else { 0 };
    live + open - guard * GUARD
}
