//! Random Thunderstruck matches (R23) for the legality walk: each player's
//! device commits its secret seed, seals a plan and reveals it, in any
//! order, now and then sealing one it cannot reveal; the host draws the
//! beacon (sometimes before everyone committed, D36), forfeits a player now
//! and then, and plays some turns by its deadline default (D38). Everything
//! goes through the match (`duel_core::Game`), as a room would send it.

use duel_core::thunderstruck::{self as ts, Placement, Planning, Player, Secret};
use duel_core::{Game, GameConfig, HostAction, Intent, SeatId};

use super::TestRng;

/// The secret seed a player's device uses in `round` of the duel `salt`.
pub fn seed(player: Player, round: u8, salt: u64) -> Secret {
    let mut bytes = [0x5e; 32];
    bytes[..8].copy_from_slice(&salt.to_le_bytes());
    bytes[8] = player.0;
    bytes[9] = round;
    Secret(bytes)
}

/// A match playing a duel, and what each device sealed: (round, rerolls, placement).
pub struct Duel {
    pub game: Game,
    pub salt: u64,
    pub sealed: Vec<Option<(u8, u8, Placement)>>,
}

impl Duel {
    pub fn new(config: ts::Config, salt: u64) -> Duel {
        let game = Game::new(GameConfig::thunderstruck(config)).expect("a valid duel");
        Duel { game, salt, sealed: vec![None; usize::from(config.players)] }
    }

    pub fn duel(&self) -> &ts::Game {
        self.game.thunderstruck().expect("a Thunderstruck match")
    }

    /// What `p` sealed this round, if anything.
    pub fn sealed(&self, p: Player) -> Option<(u8, &Placement)> {
        let round = self.duel().round();
        let s = self.sealed.get(usize::from(p.0))?.as_ref()?;
        (s.0 == round).then_some((s.1, &s.2))
    }
}

/// One step of a random duel: a device or the host. `false` once it is over.
pub fn step(d: &mut Duel, rng: &mut TestRng) -> bool {
    let duel = d.duel().clone();
    let round = duel.round();
    let with = |state: fn(&Planning) -> bool| -> Vec<Player> {
        duel.living().filter(|p| duel.ship(*p).is_some_and(|s| state(&s.planning))).collect()
    };
    let pick = |ps: &[Player], rng: &mut TestRng| ps[rng.below(ps.len())];
    match *duel.phase() {
        ts::Phase::Over { .. } => return false,
        ts::Phase::Planning { beacon: None } => {
            let unseeded = with(|s| *s == Planning::Unseeded);
            // D36: now and then the host draws before everyone has committed.
            if unseeded.is_empty() || rng.below(15) == 0 {
                host(d, ts::HostAction::Beacon, rng);
            } else {
                let p = pick(&unseeded, rng);
                play(d, p, ts::Intent::CommitSeed { seed: seed(p, round, d.salt).digest() }, rng);
            }
        }
        ts::Phase::Planning { beacon: Some(_) } => {
            let seeded = with(|s| matches!(s, Planning::Seeded { .. }));
            let sealed = with(|s| matches!(s, Planning::Sealed { .. }));
            if rng.below(30) == 0 || seeded.is_empty() && sealed.is_empty() {
                let player = pick(&with(|s| !matches!(s, Planning::Revealed | Planning::Forfeit)), rng);
                host(d, ts::HostAction::Forfeit { player }, rng);
            } else if !seeded.is_empty() {
                let p = pick(&seeded, rng);
                let (mine, console) = (seed(p, round, d.salt), &duel.ship(p).unwrap().console);
                // A device may seal a plan it cannot reveal: too many rerolls, no dice placed.
                let cubes = usize::from(console.cubes());
                let rerolls = if rng.below(20) == 0 { cubes + 1 } else { rng.below(cubes + 1) } as u8;
                let dice = duel.roll(p, &mine, rerolls).unwrap();
                let mut all = Placement::all(&dice, console);
                let placement = if all.is_empty() || rng.below(20) == 0 {
                    Placement::new(vec![None; dice.len()])
                } else {
                    all.swap_remove(rng.below(all.len()))
                };
                d.sealed[usize::from(p.0)] = Some((round, rerolls, placement.clone()));
                play(d, p, ts::Intent::SealPlan { plan: mine.seal(rerolls, &placement) }, rng);
            } else {
                // Once every plan is sealed; one the device cannot reveal is forfeited.
                let p = pick(&sealed, rng);
                let (rerolls, placement) =
                    d.sealed(p).map(|(r, s)| (r, s.clone())).expect("sealed by the walk");
                let (mine, next) = (seed(p, round, d.salt), seed(p, round + 1, d.salt).digest());
                let reveal = ts::Intent::Reveal { seed: mine, rerolls, placement, next };
                if d.duel().validate(p, &reveal).is_ok() {
                    play(d, p, reveal, rng);
                } else {
                    host(d, ts::HostAction::Forfeit { player: p }, rng);
                }
            }
        }
        ts::Phase::Action { .. } => {
            let p = pick(&duel.waiting_on(), rng);
            let legal = duel.legal_intents(p);
            if legal.is_empty() || rng.below(15) == 0 {
                host(d, ts::HostAction::Default, rng);
            } else {
                play(d, p, legal[rng.below(legal.len())].clone(), rng);
            }
        }
    }
    true
}

fn play(d: &mut Duel, p: Player, intent: ts::Intent, rng: &mut TestRng) {
    let intent = Intent::Thunderstruck(intent);
    d.game.play(SeatId(p.0), &intent, rng).unwrap_or_else(|e| panic!("{intent:?} refused: {e}"));
}

fn host(d: &mut Duel, action: ts::HostAction, rng: &mut TestRng) {
    let action = HostAction::Thunderstruck(action);
    d.game.host(&action, rng).unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
}
