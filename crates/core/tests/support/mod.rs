//! Shared test support: a seeded dice source, a weighted random-legal-intent
//! driver (also used by the benchmark), and scenario helpers that change a
//! position through the core's validated `Setup`.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod equipment;
pub mod fighters;
pub mod perft;
pub mod thunder;
pub mod thunder_walk;

use duel_core::event::Event;
use duel_core::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Dice from a seeded ChaCha RNG.
pub struct TestRng(pub ChaCha8Rng);

impl TestRng {
    pub fn new(seed: u64) -> TestRng {
        TestRng(ChaCha8Rng::seed_from_u64(seed))
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
}

impl DiceSource for TestRng {
    fn roll(&mut self) -> Pip {
        Pip::new((self.0.next_u32() % 6) as u8 + 1)
    }
}

/// Picks a weighted random intent from a list (the core's one random-play table).
pub fn pick(game: &Game, seat: SeatId, rng: &mut TestRng, legal: &[Intent]) -> Option<Intent> {
    random_play::pick_weighted(game, seat, legal, rng.0.next_u64())
}

/// One step of a random game: a random seat acts, or the host times out a
/// choice or resumes a finished freeze. Returns the events, or `None` when
/// nothing at all can happen.
pub fn random_step(game: &mut Game, rng: &mut TestRng) -> Option<Vec<Event>> {
    // The host deals the equipment draft as soon as the game exists (R22).
    if matches!(game.phase(), Phase::Draft { .. }) && game.draft().is_none() {
        return game.host(&HostAction::DealEquipment, rng).ok();
    }
    // The host's clock: sometimes a deadline passes or the review ends.
    if rng.below(8) == 0 {
        if let Some(c) = game.choices().first() {
            let id = c.id;
            return game.host(&HostAction::Timeout { choice: id }, rng).ok();
        }
    }
    if let Some(f) = game.freeze() {
        if f.progress == freeze::Progress::Review && f.awaiting.is_none() && rng.below(3) == 0 {
            return game.host(&HostAction::Resume, rng).ok();
        }
    }
    let seats = game.seats().len();
    let start = rng.below(seats);
    for k in 0..seats {
        let seat = SeatId(((start + k) % seats) as u8);
        let legal = game.legal_intents(seat);
        if let Some(intent) = pick(game, seat, rng, &legal) {
            let events = game.play(seat, &intent, rng);
            return Some(events.unwrap_or_else(|e| panic!("legal intent {intent:?} refused: {e}")));
        }
    }
    if let Some(c) = game.choices().first() {
        let id = c.id;
        return game.host(&HostAction::Timeout { choice: id }, rng).ok();
    }
    game.host(&HostAction::Resume, rng).ok()
}

/// Plays a random game until it ends or `max_events` events were applied.
pub fn random_game(seed: u64, config: GameConfig, max_events: u64) -> (Game, Vec<Event>) {
    let mut rng = TestRng::new(seed);
    let mut game = Game::new(config).expect("valid config");
    let mut log = Vec::new();
    while game.outcome().is_none() && (log.len() as u64) < max_events {
        match random_step(&mut game, &mut rng) {
            Some(events) => log.extend(events),
            None => break,
        }
    }
    (game, log)
}

// ----- scenario helpers: build a position by applying events -----

pub const WHITE: ShipId = ShipId(0);
pub const BLACK: ShipId = ShipId(1);
pub const WHITE_SEAT: SeatId = SeatId(0);
pub const BLACK_SEAT: SeatId = SeatId(1);

/// A duel with no obstacles, battle begun, one seat per ship.
pub fn duel() -> Game {
    duel_with(Ruleset::default())
}

pub fn duel_with(ruleset: Ruleset) -> Game {
    let mut config = GameConfig::duel();
    config.ruleset = ruleset;
    config.preplaced = Some(config::Preplaced::default());
    Game::new(config).expect("valid")
}

/// A duel under the given McGuire toggles (everything else as the rulebook).
pub fn duel_with_house(house: HouseRules) -> Game {
    duel_with(Ruleset { house, ..Default::default() })
}

/// Changes the position through the core's validated `Setup` (never by
/// forging events): the result must be a position the rules allow.
pub fn edit(game: &mut Game, change: impl FnOnce(&mut Setup)) {
    let mut setup = game.to_setup().expect("a position at rest (no freeze, no open choice)");
    change(&mut setup);
    *game = setup.into_game().unwrap_or_else(|e| panic!("not a possible position: {e}"));
}

/// Puts a die of `station` on `spot` showing `face` (as an override would, no crystal).
pub fn place(game: &mut Game, ship: ShipId, face: Face, spot: Spot) {
    edit(game, |s| {
        s.place(ship, face, spot);
    });
}

/// Moves a ship to `square` facing `facing`, in the centre.
pub fn put(game: &mut Game, ship: ShipId, square: Square, facing: Dir) {
    edit(game, |s| {
        s.put(ship, square, facing);
    });
}

/// Gives a ship `n` crystals from the map.
pub fn give_crystals(game: &mut Game, ship: ShipId, n: usize) {
    edit(game, |s| {
        s.give_crystals(ship, n);
    });
}

/// Sends an energy die to `station`.
pub fn energise(game: &mut Game, ship: ShipId, station: Station) {
    edit(game, |s| {
        s.energise(ship, station);
    });
}

/// A loaded torpedo in `tube`.
pub fn load(game: &mut Game, ship: ShipId, tube: Tube) {
    use duel_core::dice::WeaponFace::*;
    for (face, part) in [(Nose, TorpedoPart::Nose), (Body, TorpedoPart::Body), (Tail, TorpedoPart::Tail)] {
        place(game, ship, Face::Weapons(face), Spot::Torpedo(tube, part));
    }
}

pub const FRONT_1: Tube = Tube { side: TubeSide::Front, index: 0 };
pub const FRONT_2: Tube = Tube { side: TubeSide::Front, index: 1 };
pub const REAR_1: Tube = Tube { side: TubeSide::Rear, index: 0 };

pub fn lock(game: &mut Game, ship: ShipId, double_locks: u8, single_locks: u8) {
    use duel_core::dice::SensorFace::*;
    for _ in 0..double_locks {
        place(game, ship, Face::Sensors(DoubleLock), Spot::Lock);
    }
    for _ in 0..single_locks {
        place(game, ship, Face::Sensors(Lock), Spot::Lock);
    }
}

/// Rolls and places a helm die showing `pip` (R2: 1,2 F1; 3 F2; 4 left; 5 right; 6 around) in `slot`.
pub fn helm(g: &mut Game, ship: ShipId, seat: SeatId, slot: HelmSlot, pip: u8) -> Vec<Event> {
    energise(g, ship, Station::Helm);
    let die = g
        .ship(ship)
        .unwrap()
        .station_dice(Station::Helm)
        .iter()
        .position(|d| *d == ship::DieState::Idle)
        .unwrap() as u8;
    ok(g, seat, Intent::RollDice { station: Station::Helm, dice: vec![die] }, &[pip]);
    ok(g, seat, Intent::PlaceDie { station: Station::Helm, die, spot: Spot::Helm(slot) }, &[])
}

/// Plays an intent that must be accepted.
pub fn ok(game: &mut Game, seat: SeatId, intent: Intent, dice: &[u8]) -> Vec<Event> {
    let mut d = FixedDice::new(dice);
    match game.play(seat, &intent, &mut d) {
        Ok(events) => events,
        Err(e) => panic!("{intent:?} refused: {e}"),
    }
}

/// Plays an intent that must be refused; returns the reason.
pub fn refused(game: &mut Game, seat: SeatId, intent: Intent) -> RuleError {
    let before = game.state_hash();
    let err = game.play(seat, &intent, &mut FixedDice::new(&[1])).expect_err("should be refused");
    assert_eq!(game.state_hash(), before, "a refused intent changed the state");
    err
}

/// The pending choice of a kind, if any.
pub fn choice_of(game: &Game, pred: impl Fn(&ChoiceKind) -> bool) -> Option<Choice> {
    game.choices().iter().find(|c| pred(&c.kind)).cloned()
}
