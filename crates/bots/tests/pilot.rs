//! Die Fighter scenarios (R22): what a Hard Pilot and a Hard Capital crew do
//! in positions written with the core's validated `Setup`. Every intent is
//! played through `Game::play`, as the host would.

mod common;

use common::edit;
use duel_bots::{Crew, Difficulty};
use duel_core::class::MISSILE_TUBE;
use duel_core::dice::{Face, SensorFace, WeaponFace};
use duel_core::intent::LaunchCost;
use duel_core::station::TorpedoPart;
use duel_core::Spot;
use duel_core::{
    Dir, FixedDice, Game, GameConfig, Intent, Mission, Pip, SeatId, ShipId, Square, Station, Target,
};

/// Mission 1's ships, in ship order: White Capital, White Fighter, Black Capital, Black Fighter.
const WHITE_CAPITAL: ShipId = ShipId(0);
const WHITE_FIGHTER: ShipId = ShipId(1);
const BLACK_CAPITAL: ShipId = ShipId(2);

/// Mission 1 on an empty board, battle begun (seat `i` flies ship `i`).
fn carrier_strike() -> Game {
    let mut config = GameConfig::mission(Mission::CarrierStrike);
    config.preplaced = Some(duel_core::config::Preplaced::default());
    Game::new(config).expect("valid config")
}

fn bay(part: TorpedoPart) -> Spot {
    Spot::Torpedo(MISSILE_TUBE, part)
}

/// A Hard crew for one seat that notices changes at once.
fn crew(seat: SeatId) -> Crew {
    Crew::with_profile(Difficulty::Hard.profile().attentive(), &[seat], 7)
}

/// What `seat`'s crew sends next.
fn next(game: &Game, seat: SeatId) -> Option<Intent> {
    crew(seat).next_action(game, 1_000_000, &[]).map(|(s, intent)| {
        assert_eq!(s, seat);
        intent
    })
}

/// Plays `seat`'s crew until `stop` says so (at most `steps` intents); returns what it sent.
fn fly(game: &mut Game, seat: SeatId, steps: usize, stop: impl Fn(&Intent) -> bool) -> Vec<Intent> {
    let mut dice = FixedDice::cycling(&[3]);
    let mut sent = Vec::new();
    for _ in 0..steps {
        let Some(intent) = next(game, seat) else { break };
        game.play(seat, &intent, &mut dice).unwrap_or_else(|e| panic!("{intent:?} refused: {e}"));
        sent.push(intent.clone());
        if stop(&intent) {
            break;
        }
    }
    sent
}

#[test]
fn a_pilot_loads_and_fires_a_missile_when_the_enemy_capital_is_in_its_front_arc() {
    let mut game = carrier_strike();
    edit(&mut game, |s| {
        s.put(WHITE_FIGHTER, Square::new(4, 5), Dir::North);
        // Facing away: the missile strikes its bare aft sector.
        s.put(BLACK_CAPITAL, Square::new(4, 3), Dir::North);
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose));
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
        s.place(WHITE_FIGHTER, Face::Sensors(SensorFace::DoubleLock), Spot::Lock);
        s.place(WHITE_FIGHTER, Face::Sensors(SensorFace::Lock), Spot::Lock);
        // The body die is rolled, not yet placed (no energy on a Fighter, R22).
        s.roll_die(WHITE_FIGHTER, Station::Weapons, Pip::new(2)).expect("an idle weapons die");
    });
    let sent = fly(&mut game, SeatId(1), 6, |i| matches!(i, Intent::Fire { .. }));
    let body = sent.iter().position(|i| {
        matches!(i, Intent::PlaceDie { station: Station::Weapons, spot, .. } if *spot == bay(TorpedoPart::Body))
    });
    let fire = sent
        .iter()
        .position(|i| matches!(i, Intent::Fire { count: 1, target: Some(Target::Ship(BLACK_CAPITAL)), .. }));
    assert!(body.is_some() && fire.is_some() && body < fire, "{sent:?}");
}

#[test]
fn a_pilot_with_a_bomb_loaded_flies_into_the_enemy_capitals_square_and_declares_bomb() {
    let mut game = carrier_strike();
    edit(&mut game, |s| {
        s.put(WHITE_FIGHTER, Square::new(4, 6), Dir::North);
        s.put(BLACK_CAPITAL, Square::new(4, 4), Dir::East);
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose));
        s.place(WHITE_FIGHTER, Face::Tractor(duel_core::dice::TractorFace::Bolt), Spot::PulseBomb);
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
        // Two Forward 1 helm dice rolled: together they end in its square.
        s.roll_die(WHITE_FIGHTER, Station::Helm, Pip::new(1)).expect("an idle helm die");
        s.roll_die(WHITE_FIGHTER, Station::Helm, Pip::new(2)).expect("an idle helm die");
    });
    assert!(game.ship(WHITE_FIGHTER).expect("fighter").bomb_loaded());
    let sent = fly(&mut game, SeatId(1), 8, |i| matches!(i, Intent::Bomb));
    let helm = sent.iter().filter(|i| matches!(i, Intent::PlaceDie { station: Station::Helm, .. })).count();
    assert!(helm >= 2, "flies the run with both helm dice: {sent:?}");
    assert_eq!(sent.last(), Some(&Intent::Bomb), "{sent:?}");
}

#[test]
fn a_pilot_declares_bomb_while_its_bombing_run_is_open() {
    let mut game = carrier_strike();
    let helm = edit(&mut game, |s| {
        s.put(WHITE_FIGHTER, Square::new(4, 6), Dir::North);
        s.put(BLACK_CAPITAL, Square::new(4, 4), Dir::East);
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Nose), bay(TorpedoPart::Nose));
        s.place(WHITE_FIGHTER, Face::Tractor(duel_core::dice::TractorFace::Bolt), Spot::PulseBomb);
        s.place(WHITE_FIGHTER, Face::Weapons(WeaponFace::Tail), bay(TorpedoPart::Tail));
        let a = s.roll_die(WHITE_FIGHTER, Station::Helm, Pip::new(1)).expect("an idle helm die");
        let b = s.roll_die(WHITE_FIGHTER, Station::Helm, Pip::new(2)).expect("an idle helm die");
        [a, b]
    });
    // Forward 1 twice ends the move in its square: the run is open (D22).
    let mut dice = FixedDice::cycling(&[3]);
    let seat = SeatId(1);
    game.play(
        seat,
        &Intent::PlaceDie { station: Station::Helm, die: helm[0], spot: Spot::Helm(duel_core::HelmSlot::A) },
        &mut dice,
    )
    .expect("placed");
    game.play(
        seat,
        &Intent::PlaceDie { station: Station::Helm, die: helm[1], spot: Spot::Helm(duel_core::HelmSlot::B) },
        &mut dice,
    )
    .expect("placed: the Fighter moves");
    let run = game.ship(WHITE_FIGHTER).and_then(|s| s.cockpit).and_then(|c| c.bomb_run);
    assert!(run.is_some_and(|r| r.target == BLACK_CAPITAL), "{run:?}");
    assert_eq!(next(&game, seat), Some(Intent::Bomb));
}

#[test]
fn a_capital_crew_relaunches_its_destroyed_fighter_with_crystals_in_mission_1() {
    let mut game = carrier_strike();
    edit(&mut game, |s| {
        s.destroy_fighter(WHITE_FIGHTER);
        s.give_crystals(WHITE_CAPITAL, 3);
    });
    assert!(matches!(next(&game, SeatId(0)), Some(Intent::Launch { pay: LaunchCost::Crystals, .. })));
}

#[test]
fn a_capital_crew_without_crystals_relaunches_for_one_damage_but_never_the_fourth() {
    let mut game = carrier_strike();
    edit(&mut game, |s| {
        s.destroy_fighter(WHITE_FIGHTER);
    });
    assert!(matches!(next(&game, SeatId(0)), Some(Intent::Launch { pay: LaunchCost::Damage, .. })));
    edit(&mut game, |s| {
        s.damage(WHITE_CAPITAL, 3);
    });
    assert!(!matches!(next(&game, SeatId(0)), Some(Intent::Launch { .. })));
}
