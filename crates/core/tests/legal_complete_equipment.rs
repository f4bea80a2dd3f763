//! `legal_intents` against the independent enumeration of
//! `legal_complete.rs` (`support::perft`) with Die Fighter's Experimental
//! Equipment cards on (R22, D25–D31). Besides every base intent shape, the
//! enumeration sends every equipment intent over every card of the deck,
//! held or not: `DraftPick`, `CrystalToCard`, `CrystalOffCard`, `UseCard`,
//! and every die of every station (one past the last) onto every card space
//! (one past each card's last), placed rolled or by Station Override with
//! every face of its station and every face the space takes. What
//! `validate` accepts must be exactly what is listed (up to `key`), and
//! every valid card intent is also played on a copy, which must stay
//! consistent (a `validate` that accepts too much could otherwise hide
//! behind the list, which is filtered by it). The picks of the draft are
//! also checked against the rulebook's order, stated apart.
//!
//! Positions come from random play with the cards drafted (the deal, the
//! one-two-one picks, the forced last one) or dealt two each, before the
//! set-up or the battle, with split crews and a Captain, under the McGuire
//! rules, in mission 1 and on every tile map: about 8,000 in all. The walk
//! must reach every kind of equipment intent valid somewhere, so the check
//! is not vacuous.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::BTreeSet;

use duel_core::map::{MapSpec, Terrain};
use duel_core::*;
use support::equipment::{deal, equipped, BLINK, NEURONAV};
use support::perft::{candidates, check_position, key, plays_cleanly, walk, Coverage};
use support::*;

fn with_cards(mut config: GameConfig, equipment: Equipment) -> GameConfig {
    config.ruleset.equipment = equipment;
    config
}

/// Random play seldom holds a crystal, keeps one on a card or fills Blink,
/// so now and then (at rest, in the battle) a Capital ship gets a crystal
/// from the map (R16), one on NeuroNav, or dice on Blink's Helm and first
/// Tractor spaces, written through the validated `Setup`.
fn charge_now_and_then(game: &mut Game, rng: &mut TestRng) {
    if rng.below(10) != 0 || game.phase() != &Phase::Battle {
        return;
    }
    let Some(mut setup) = game.to_setup() else { return };
    let capitals: Vec<ShipId> = (0..game.ships().len() as u8)
        .map(ShipId)
        .filter(|s| game.ship(*s).is_some_and(|s| s.class == ShipClass::Capital && !s.destroyed))
        .collect();
    let Some(&id) = capitals.get(rng.below(capitals.len())) else { return };
    let ship = game.ship(id).unwrap();
    match rng.below(3) {
        0 => {
            setup.give_crystals(id, 1);
        }
        1 if ship.has_card(NEURONAV) && game.crystals_on_card(id, NEURONAV) < 2 => {
            setup.give_crystals(id, 1).crystals_on_card(id, NEURONAV, 1);
        }
        2 if ship.has_card(BLINK) => {
            let helm = Station::Helm.face(Pip::new(rng.below(6) as u8 + 1)).unwrap();
            let square = Face::Tractor(duel_core::dice::TractorFace::Special);
            for (face, spot) in [(helm, Spot::Card(BLINK, 0)), (square, Spot::Card(BLINK, 1))] {
                if ship.spot_free(spot) {
                    setup.place(id, face, spot);
                }
            }
        }
        _ => return,
    }
    *game = setup.into_game().unwrap_or_else(|e| panic!("a charged card is a possible position: {e}"));
}

/// R22's draft, stated apart from the core's: once the cards are dealt, the
/// seats of the team whose turn it is in the one-two-one order (first,
/// other, other, first) may take exactly the cards nobody has taken, and no
/// one else may pick. (`legal_intents` is filtered by `validate`, so the
/// comparison alone would not see a pick out of turn that both accept.)
fn picks_follow_the_order(game: &Game, valid: &[(SeatId, Intent)]) {
    let picks: BTreeSet<(SeatId, Card)> = valid
        .iter()
        .filter_map(|(seat, i)| match i {
            Intent::DraftPick { card } => Some((*seat, *card)),
            _ => None,
        })
        .collect();
    let mut expected = BTreeSet::new();
    if let (Phase::Draft { .. }, Some(d)) = (game.phase(), game.draft()) {
        let turn = [d.first, d.other, d.other, d.first].get(d.picks.len()).copied();
        let open = d.dealt.iter().filter(|c| !d.picks.iter().any(|(_, p)| p == *c));
        for (i, seat) in game.seats().iter().enumerate() {
            if game.ship(seat.ship).map(|s| s.team) == turn {
                expected.extend(open.clone().map(|card| (SeatId(i as u8), *card)));
            }
        }
    }
    assert_eq!(picks, expected, "the draft's picks (seat, card) in {:?}", game.draft());
}

/// Checks `positions` positions of random games, at most `steps` a game.
fn check(config: impl Fn(u64) -> GameConfig, positions: usize, seed0: u64, steps: usize) -> Coverage {
    let inspect = |game: &Game, valid: &[(SeatId, Intent)]| {
        picks_follow_the_order(game, valid);
        plays_cleanly(game, valid, &PLAYED);
    };
    walk(config, (positions, seed0, steps), inspect, charge_now_and_then)
}

/// Each kind must have been valid in at least `min` of the positions walked.
fn assert_reached(coverage: &Coverage, kinds: &[&str], min: usize) {
    for kind in kinds {
        let seen = coverage.get(kind).copied().unwrap_or(0);
        assert!(seen >= min, "{kind} was valid in only {seen} positions (want {min}): {coverage:?}");
    }
}

/// Card intents that are also played on a copy when valid (see `walk`).
const PLAYED: [&str; 6] =
    ["DraftPick", "PlaceDie on a card", "Override onto a card", "CrystalToCard", "CrystalOffCard", "UseCard"];

/// The kinds that need a card in hand (every kind but the draft pick).
const ON_CARDS: &[&str] = PLAYED.split_at(1).1;

fn add(total: &mut Coverage, more: Coverage) {
    for (kind, n) in more {
        *total.entry(kind).or_default() += n;
    }
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_in_the_equipment_draft() {
    // Short games: the deal, the picks and the first set-up tokens.
    let mut seen = Coverage::new();
    add(&mut seen, check(|_| with_cards(GameConfig::duel(), Equipment::Draft), 500, 20_000, 8));
    let quick = |seed| with_cards(GameConfig::quick_duel(seed), Equipment::Draft);
    add(&mut seen, check(quick, 500, 21_000, 8));
    let two_each = |seed| with_cards(GameConfig::quick_duel(seed), Equipment::RandomTwoEach);
    add(&mut seen, check(two_each, 100, 22_000, 4));
    assert_reached(&seen, &["DraftPick"], 200);
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_with_the_cards_in_battle() {
    let mut seen = Coverage::new();
    let drafted = |seed| with_cards(GameConfig::quick_duel(seed), Equipment::Draft);
    add(&mut seen, check(drafted, 1_500, 23_000, 400));
    let two_each = |seed| with_cards(GameConfig::quick_duel(seed), Equipment::RandomTwoEach);
    add(&mut seen, check(two_each, 1_500, 24_000, 400));
    add(&mut seen, check(|_| with_cards(GameConfig::duel(), Equipment::RandomTwoEach), 600, 25_000, 400));
    assert_reached(&seen, ON_CARDS, 20);
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_with_split_crews_a_captain_and_the_mcguire_rules() {
    let mut seen = Coverage::new();
    for (i, players) in [2u8, 3, 4].into_iter().enumerate() {
        let config = |seed| {
            let mut config = with_cards(GameConfig::quick_duel(seed), Equipment::RandomTwoEach);
            config.seats = SeatSpec::recommended(BLACK, players);
            config.seats.splice(0..0, SeatSpec::recommended(WHITE, players));
            config.ruleset.house = HouseRules::mcguire();
            config
        };
        add(&mut seen, check(config, 500, 26_000 + 1_000 * i as u64, 400));
    }
    assert_reached(&seen, ON_CARDS, 5);
}

#[test]
fn legal_intents_are_exactly_the_valid_ones_with_cards_in_mission_one_and_on_every_tile_map() {
    let mut seen = Coverage::new();
    // D30: mission 1 has one Capital ship a team; its Fighters hold no cards.
    let mission =
        |seed| with_cards(GameConfig::quick_mission(Mission::CarrierStrike, seed), Equipment::Draft);
    add(&mut seen, check(mission, 700, 30_000, 400));
    // Gravity arrows keep helm dice that a free override may place (D44).
    for (i, map) in duel_core::map::builtin_maps().into_iter().filter(|m| m.is_tiled()).enumerate() {
        let tiled = GameConfig { map, preplaced: None, ..GameConfig::duel() };
        let config = |_| with_cards(tiled.clone(), Equipment::RandomTwoEach);
        add(&mut seen, check(config, 400, 31_000 + 1_000 * i as u64, 400));
    }
    assert_reached(&seen, ON_CARDS, 5);
}

#[test]
fn the_enumeration_catches_a_missing_card_intent() {
    // The check itself can fail: a crystal may go on NeuroNav, and a list
    // shortened by the card intents would miss it.
    let mut game = equipped(&[NEURONAV], &[]);
    give_crystals(&mut game, WHITE, 1);
    let to_card = Intent::CrystalToCard { card: NEURONAV };
    assert!(game.legal_intents(WHITE_SEAT).contains(&to_card));
    let shortened: BTreeSet<String> = game
        .legal_intents(WHITE_SEAT)
        .iter()
        .filter(|i| !matches!(i, Intent::CrystalToCard { .. }))
        .map(|i| format!("{:?}", key(&game, WHITE_SEAT, i)))
        .collect();
    let valid: Vec<Intent> =
        candidates(&game, WHITE_SEAT).into_iter().filter(|c| game.validate(WHITE_SEAT, c).is_ok()).collect();
    assert!(valid.contains(&to_card));
    assert!(valid.iter().any(|v| !shortened.contains(&format!("{:?}", key(&game, WHITE_SEAT, v)))));
}

#[test]
/// Found by this check: a kept die was free on a card's Helm space too (validate
/// accepted it, the list did not offer it). D44 frees it on a helm space only.
fn d44_a_die_kept_by_gravity_is_free_on_a_helm_space_and_the_list_agrees_on_cards() {
    // The random walk on the tile maps seldom meets this: a kept die, no
    // crystal, Blink's Helm space free.
    let mut map = MapSpec { name: "One arrow".into(), ..MapSpec::default() };
    map.paint(Square::new(4, 4), Some(Terrain::Gravity(Dir::North)));
    let ruleset = support::equipment::ruleset(Equipment::RandomTwoEach);
    let mut game = Game::new(GameConfig { map, preplaced: None, ruleset, ..GameConfig::duel() }).unwrap();
    deal(&mut game, TeamId(0));
    assert_eq!(game.ship(WHITE).unwrap().cards, [BLINK, NEURONAV]);
    put(&mut game, WHITE, Square::new(4, 6), Dir::North);
    for slot in [HelmSlot::A, HelmSlot::B, HelmSlot::C] {
        helm(&mut game, WHITE, WHITE_SEAT, slot, 1);
    }
    assert_eq!(game.ship(WHITE).unwrap().gravity_kept.len(), 1, "die B rode the arrow: kept");
    assert_eq!(game.crystals_to_spend(WHITE), 0);
    check_position(&game);
}
