//! Thunderstruck Duel's hidden planning (T10, D36) and whole games played
//! at random: legal play never panics, invariants hold after every event,
//! replaying the log gives the same hash, 2 and 3 players.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use duel_core::thunderstruck::{
    Config, Event, Game, HostAction, Intent, Phase, Placement, Planning, Player, Secret, ThunderRuleError,
};
use duel_core::FixedDice;
use proptest::prelude::*;

fn seed(player: Player, round: u8, salt: u64) -> Secret {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&salt.to_le_bytes());
    bytes[8] = player.0;
    bytes[9] = round;
    Secret(bytes)
}

/// Commits every living player's seed and draws the beacon.
fn roll_round(g: &mut Game, salt: u64) -> Vec<Event> {
    let mut log = vec![];
    for p in g.living().collect::<Vec<_>>() {
        if g.ship(p).unwrap().planning == Planning::Unseeded {
            let digest = seed(p, g.round(), salt).digest();
            log.extend(g.play(p, &Intent::CommitSeed { seed: digest }).unwrap());
        }
    }
    log.extend(g.host(HostAction::Beacon, &mut FixedDice::cycling(&[3, 1, 4, 1, 5, 9 % 6 + 1])).unwrap());
    log
}

fn first_plan(g: &Game, p: Player, salt: u64) -> (Secret, Placement) {
    let s = seed(p, g.round(), salt);
    let dice = g.roll(p, &s, 0).unwrap();
    let plan = Placement::all(&dice, &g.ship(p).unwrap().console).swap_remove(0);
    (s, plan)
}

#[test]
fn t10_nothing_is_revealed_before_every_plan_is_sealed_and_reveals_must_match() {
    let mut g = Game::new(Config::default()).unwrap();
    roll_round(&mut g, 1);
    let (red_seed, red_plan) = first_plan(&g, Player(0), 1);
    let next = seed(Player(0), 2, 1).digest();
    let reveal = Intent::Reveal { seed: red_seed, rerolls: 0, placement: red_plan.clone(), next };
    assert_eq!(g.validate(Player(0), &reveal), Err(ThunderRuleError::NotSealed));
    g.play(Player(0), &Intent::SealPlan { plan: red_seed.seal(0, &red_plan) }).unwrap();
    assert_eq!(g.validate(Player(0), &reveal), Err(ThunderRuleError::OthersStillPlanning));
    let (blue_seed, blue_plan) = first_plan(&g, Player(1), 1);
    g.play(Player(1), &Intent::SealPlan { plan: blue_seed.seal(0, &blue_plan) }).unwrap();
    // A reveal of another seed, or another plan, is refused.
    let wrong_seed =
        Intent::Reveal { seed: seed(Player(0), 1, 99), rerolls: 0, placement: red_plan.clone(), next };
    assert_eq!(g.validate(Player(0), &wrong_seed), Err(ThunderRuleError::SeedMismatch));
    let mut other = red_plan.slots().to_vec();
    other.swap(0, 1);
    let wrong_plan = Intent::Reveal { seed: red_seed, rerolls: 0, placement: Placement::new(other), next };
    assert_eq!(g.validate(Player(0), &wrong_plan), Err(ThunderRuleError::SealMismatch));
    let rerolled = Intent::Reveal { seed: red_seed, rerolls: 1, placement: red_plan, next };
    assert_eq!(g.validate(Player(0), &rerolled), Err(ThunderRuleError::SealMismatch));
    g.play(Player(0), &reveal).unwrap();
    assert!(matches!(g.phase(), Phase::Planning { .. }), "the action waits for Blue's reveal");
    g.play(Player(1), &Intent::Reveal { seed: blue_seed, rerolls: 0, placement: blue_plan, next }).unwrap();
    assert!(matches!(g.phase(), Phase::Action { .. }));
}

#[test]
fn t6_a_reroll_in_planning_costs_a_cube_and_rerolls_every_die() {
    let mut g = Game::new(Config::default()).unwrap();
    roll_round(&mut g, 5);
    let s = seed(Player(0), 1, 5);
    let dice = g.roll(Player(0), &s, 1).unwrap();
    assert_ne!(dice, g.roll(Player(0), &s, 0).unwrap());
    let plan = Placement::all(&dice, &g.ship(Player(0)).unwrap().console).swap_remove(0);
    g.play(Player(0), &Intent::SealPlan { plan: s.seal(1, &plan) }).unwrap();
    g.host(HostAction::Forfeit { player: Player(1) }, &mut FixedDice::new(&[])).unwrap();
    let next = seed(Player(0), 2, 5).digest();
    let e = g.play(Player(0), &Intent::Reveal { seed: s, rerolls: 1, placement: plan, next }).unwrap();
    assert!(matches!(&e[0], Event::Revealed { dice: d, .. } if d == &dice));
    assert_eq!(g.ship(Player(0)).unwrap().console.cubes(), 0);
    assert_ne!(seed(Player(0), 1, 6).digest(), s.digest());
}

#[test]
fn d36_a_player_without_a_seed_at_the_beacon_or_a_reveal_at_the_deadline_sits_the_round_out() {
    let mut g = Game::new(Config::default()).unwrap();
    g.play(Player(0), &Intent::CommitSeed { seed: seed(Player(0), 1, 2).digest() }).unwrap();
    g.host(HostAction::Beacon, &mut FixedDice::cycling(&[2])).unwrap();
    assert_eq!(g.ship(Player(1)).unwrap().planning, Planning::Forfeit);
    assert_eq!(
        g.validate(Player(1), &Intent::CommitSeed { seed: seed(Player(1), 1, 2).digest() }),
        Err(ThunderRuleError::Forfeited)
    );
    let (s, plan) = first_plan(&g, Player(0), 2);
    g.play(Player(0), &Intent::SealPlan { plan: s.seal(0, &plan) }).unwrap();
    // Red sealed but never reveals: the host's deadline forfeits it too.
    g.host(HostAction::Forfeit { player: Player(0) }, &mut FixedDice::new(&[])).unwrap();
    // Nobody has dice: the round ends at once and both must commit afresh.
    assert_eq!(g.round(), 2);
    assert!(g.players().all(|p| g.ship(p).unwrap().planning == Planning::Unseeded));
}

/// A tiny deterministic RNG for the random games.
struct Xs(u64);
impl Xs {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays a whole duel with uniformly random legal choices; returns the log.
fn random_duel(config: Config, salt: u64) -> (Game, Vec<Event>) {
    let mut g = Game::new(config).unwrap();
    let mut rng = Xs(salt | 1);
    let mut log = vec![];
    let mut beacon_dice = FixedDice::cycling(&[(salt % 6) as u8 + 1, 2, 6, 3, 5, 1, 4]);
    for _ in 0..10_000 {
        if g.is_over() {
            break;
        }
        match g.phase().clone() {
            Phase::Planning { beacon: None } => log.extend(roll_round(&mut g, salt)),
            Phase::Planning { beacon: Some(_) } => {
                let living: Vec<Player> = g.living().collect();
                let mut plans = vec![];
                for p in &living {
                    let s = seed(*p, g.round(), salt);
                    let cubes = g.ship(*p).unwrap().console.cubes();
                    let rerolls = rng.below(usize::from(cubes) + 1) as u8;
                    let dice = g.roll(*p, &s, rerolls).unwrap();
                    let mut all = Placement::all(&dice, &g.ship(*p).unwrap().console);
                    let plan = all.swap_remove(rng.below(all.len()));
                    log.extend(g.play(*p, &Intent::SealPlan { plan: s.seal(rerolls, &plan) }).unwrap());
                    plans.push((*p, s, rerolls, plan));
                }
                for (p, s, rerolls, placement) in plans {
                    let next = seed(p, g.round() + 1, salt).digest();
                    log.extend(g.play(p, &Intent::Reveal { seed: s, rerolls, placement, next }).unwrap());
                }
                let _ = &mut beacon_dice;
            }
            Phase::Action { .. } => {
                let who = g.waiting_on();
                let p = who[rng.below(who.len())];
                let legal = g.legal_intents(p);
                assert!(!legal.is_empty(), "{p:?} must move but has no legal intent: {g:?}");
                let intent = &legal[rng.below(legal.len())];
                log.extend(g.play(p, intent).unwrap());
            }
            Phase::Over { .. } => break,
        }
        g.check_invariants().unwrap();
        assert!(!two_left_meeting_on_the_ring(&g), "D34: the sector behind them closes at once: {g:?}");
    }
    (g, log)
}

/// D34: after a retirement, the two remaining ships share a sector while the
/// ring is still whole (which the host's events must never leave standing).
fn two_left_meeting_on_the_ring(g: &Game) -> bool {
    let sectors: Vec<u8> = g.living().map(|p| g.ship(p).unwrap().at.sector()).collect();
    g.board().is_ring() && sectors.len() == 2 && sectors[0] == sectors[1]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_duels_end_and_replay_to_the_same_hash(salt in any::<u64>(), three in any::<bool>(), short in any::<bool>()) {
        let config = Config { players: if three { 3 } else { 2 }, rounds: if short { 6 } else { 12 }, first: Player((salt % 2) as u8) };
        let (g, log) = random_duel(config, salt);
        prop_assert!(g.is_over(), "the duel ends by destruction or the round limit");
        prop_assert!(g.round() <= config.rounds);
        let mut replica = Game::new(config).unwrap();
        for e in &log {
            replica.apply(e);
        }
        prop_assert_eq!(replica.state_hash(), g.state_hash());
        // A snapshot round-trips through the wire format.
        let bytes = postcard::to_allocvec(&g).unwrap();
        let back: Game = postcard::from_bytes(&bytes).unwrap();
        prop_assert_eq!(back.state_hash(), g.state_hash());
    }
}

#[test]
fn t1_t2_set_up_one_cube_a_mid_shield_and_the_ships_at_the_ends() {
    let g = Game::new(Config { players: 3, rounds: 6, first: Player(1) }).unwrap();
    for p in g.players() {
        let ship = g.ship(p).unwrap();
        assert_eq!(ship.console.cubes(), 1);
        assert!(ship.console.shield_up(duel_core::thunderstruck::Shield::Mid));
        assert_eq!(ship.at.0, p.0 * 6);
    }
    assert!(Game::new(Config { players: 4, rounds: 6, first: Player(0) }).is_err());
    assert!(Game::new(Config { players: 2, rounds: 7, first: Player(0) }).is_err());
}

#[test]
fn t10_every_replica_checks_a_reveal_against_its_commitments() {
    let mut g = Game::new(Config::default()).unwrap();
    roll_round(&mut g, 8);
    let mut reveals = vec![];
    for p in [Player(0), Player(1)] {
        let (s, plan) = first_plan(&g, p, 8);
        g.play(p, &Intent::SealPlan { plan: s.seal(0, &plan) }).unwrap();
        reveals.push((p, s, plan));
    }
    let replica = g.clone();
    let (p, s, plan) = reveals.swap_remove(0);
    let next = seed(p, 2, 8).digest();
    let honest = g.play(p, &Intent::Reveal { seed: s, rerolls: 0, placement: plan, next }).unwrap().remove(0);
    assert_eq!(replica.verify(&honest), Ok(()));
    // A host that shows other dice, or another plan, for the player is caught.
    let Event::Revealed { player, seed: sd, rerolls, mut dice, placement, next } = honest.clone() else {
        panic!()
    };
    dice[0] = duel_core::Pip::new(dice[0].value() % 6 + 1);
    let forged = Event::Revealed { player, seed: sd, rerolls, dice, placement, next };
    assert_eq!(replica.verify(&forged), Err(ThunderRuleError::DiceMismatch));
    let Event::Revealed { player, seed: sd, rerolls, dice, placement, next } = honest else { panic!() };
    let mut other = placement.slots().to_vec();
    other.rotate_left(1);
    let forged = Event::Revealed { player, seed: sd, rerolls, dice, placement: Placement::new(other), next };
    assert_eq!(replica.verify(&forged), Err(ThunderRuleError::SealMismatch));
}
