//! Whole Thunderstruck duels between pilots, with the real hidden-planning
//! protocol (T10): each round every player commits a seed digest, the host
//! draws the beacon, every pilot plans from its own seed's dice and seals,
//! and only then does anyone reveal. A pilot never sees another's dice
//! before the reveal. Everything derives from the game's seed, so a game
//! replays exactly.

use duel_core::thunderstruck::{
    Config, ConfigError, Game, HostAction, Intent, Phase, Planning, Player, Secret,
};

use super::level::Level;
use super::pilot::Pilot;
use crate::rng::BotRng;
use crate::sim::ChaChaDice;

/// More intents than any duel needs (12 rounds of at most 15 dice, answers
/// included): a game still going is stopped as unfinished.
const MAX_INTENTS: u64 = 2_000;

/// How one simulated duel went, summed up (not a game kept for replay:
/// that is `duel_net::GameRecord`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThunderSummary {
    pub seed: u64,
    /// `Some(None)`: a draw; `None`: stopped unfinished.
    pub winner: Option<Option<Player>>,
    /// Rounds begun.
    pub rounds: u8,
    /// Intents played (commits, seals and reveals included), by player.
    pub intents: Vec<u64>,
    /// Of which Action Phase intents (actions, hit answers, steers).
    pub actions: u64,
    /// Damage tokens at the end, by player.
    pub damage: Vec<u8>,
    /// Ships destroyed, by player.
    pub destroyed: Vec<bool>,
    /// Intents a pilot chose that the rules refused (should stay 0).
    pub refused: u32,
}

/// A player's secret seed for `round`, derived from the game's seed (the
/// pilots never see each other's).
fn round_seed(game_seed: u64, player: Player, round: u8) -> Secret {
    let mut rng = BotRng::new(game_seed ^ (u64::from(player.0) << 40) ^ (u64::from(round) << 48));
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Secret(bytes)
}

/// Plays one duel: `levels[i]` flies player `i`; the beacon dice, the
/// players' seeds and the pilots' tie-breaks all come from `seed`.
///
/// # Errors
/// A [`ConfigError`] if `config` cannot start a duel, or `levels` does not
/// give one level per player.
pub fn play_game(config: Config, levels: &[Level], seed: u64) -> Result<ThunderSummary, ConfigError> {
    if levels.len() != usize::from(config.players) {
        return Err(ConfigError::Players(levels.len() as u8));
    }
    let mut game = Game::new(config)?;
    let players: Vec<Player> = game.players().collect();
    let mut pilots: Vec<Pilot> =
        players.iter().zip(levels).map(|(p, l)| Pilot::new(*l, *p, seed.wrapping_mul(31) ^ 0x5eed)).collect();
    let mut beacon = ChaChaDice::new(seed);
    let n = players.len();
    let mut rec = ThunderSummary {
        seed,
        winner: None,
        rounds: 0,
        intents: vec![0; n],
        actions: 0,
        damage: vec![0; n],
        destroyed: vec![false; n],
        refused: 0,
    };
    while !game.is_over() && rec.intents.iter().sum::<u64>() < MAX_INTENTS {
        match game.phase().clone() {
            Phase::Planning { beacon: None } => {
                let round = game.round();
                rec.rounds = round;
                let living: Vec<Player> = game.living().collect();
                for p in &living {
                    if game.ship(*p).is_some_and(|s| s.planning == Planning::Unseeded) {
                        let digest = round_seed(seed, *p, round).digest();
                        played(&mut game, *p, &Intent::CommitSeed { seed: digest }, &mut rec);
                    }
                }
                if game.host(HostAction::Beacon, &mut beacon).is_err() {
                    break;
                }
                // Every pilot plans from the same table before anyone seals.
                let table = game.clone();
                let mut plans = Vec::new();
                for p in &living {
                    let secret = round_seed(seed, *p, round);
                    let roll = |k: u8| table.roll(*p, &secret, k).unwrap_or_default();
                    let (rerolls, placement) = pilots[usize::from(p.0)].plan(&table, &roll);
                    plans.push((*p, secret, rerolls, placement));
                }
                for (p, secret, rerolls, placement) in &plans {
                    played(
                        &mut game,
                        *p,
                        &Intent::SealPlan { plan: secret.seal(*rerolls, placement) },
                        &mut rec,
                    );
                }
                for (p, secret, rerolls, placement) in plans {
                    let next = round_seed(seed, p, round.wrapping_add(1)).digest();
                    let reveal = Intent::Reveal { seed: secret, rerolls, placement, next };
                    if !played(&mut game, p, &reveal, &mut rec) {
                        // A refused plan forfeits the round (D36), as a real host would.
                        let _ = game.host(HostAction::Forfeit { player: p }, &mut beacon);
                    }
                }
            }
            Phase::Planning { beacon: Some(_) } => break, // cannot happen: planned in one go above
            Phase::Action { .. } => {
                let Some(p) = game.waiting_on().first().copied() else { break };
                let intent = pilots[usize::from(p.0)].act(&game);
                rec.actions += 1;
                let ok = intent.is_some_and(|i| played(&mut game, p, &i, &mut rec));
                if !ok && game.host(HostAction::Default, &mut beacon).is_err() {
                    break;
                }
            }
            Phase::Over { .. } => break,
        }
    }
    if let Phase::Over { winner } = game.phase() {
        rec.winner = Some(*winner);
    }
    for p in players {
        if let Some(s) = game.ship(p) {
            rec.damage[usize::from(p.0)] = s.console.damage();
            rec.destroyed[usize::from(p.0)] = s.destroyed;
        }
    }
    Ok(rec)
}

/// Plays `intent` for `p`, counting it, and whether the rules accepted it.
fn played(game: &mut Game, p: Player, intent: &Intent, rec: &mut ThunderSummary) -> bool {
    rec.intents[usize::from(p.0)] += 1;
    let ok = game.play(p, intent).is_ok();
    if !ok {
        rec.refused += 1;
    }
    ok
}
