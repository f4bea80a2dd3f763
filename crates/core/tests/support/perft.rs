//! The perft-style legality check shared by `legal_complete*.rs`: every
//! intent shape a seat could send, built independently of `legal_intents`
//! (over every die, face, spot, square, target, card and choice, plus a few
//! out-of-range ones), filtered by `validate`, and compared with the list.

use std::collections::{BTreeMap, BTreeSet};

use duel_core::choice::{Answer, EnergySource};
use duel_core::equipment::DECK;
use duel_core::geometry::{Dir, SECTORS};
use duel_core::intent::{LaunchCost, LaunchSide};
use duel_core::map::Obstacle;
use duel_core::station::ALL_STATIONS;
use duel_core::thunderstruck as ts;
use duel_core::*;

use super::{random_step, TestRng};

/// Subsets of `0..n` up to `max` elements (n ≤ 8).
pub fn subsets(n: u8, max: usize) -> Vec<Vec<u8>> {
    (0u16..(1 << n))
        .map(|bits| (0..n).filter(|i| bits & (1 << i) != 0).collect::<Vec<u8>>())
        .filter(|s| s.len() <= max)
        .collect()
}

fn squares(game: &Game) -> Vec<Square> {
    let (cols, rows) = (game.map().cols, game.map().rows);
    // One column and one row past the edge: refused, never listed.
    (0..=rows).flat_map(|r| (0..=cols).map(move |c| Square::new(c, r))).collect()
}

/// Every intent shape a seat could send, valid or not.
pub fn candidates(game: &Game, seat: SeatId) -> Vec<Intent> {
    let mut out = Vec::new();
    let all_squares = squares(game);
    for &square in &all_squares {
        out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Asteroid });
        out.push(Intent::PlaceObstacle { square, obstacle: Obstacle::Nebula });
        out.push(Intent::PlaceWormhole { square });
    }
    // Answers to every pending choice (and to one that does not exist).
    let mut ids: Vec<ChoiceId> = game.choices().iter().map(|c| c.id).collect();
    ids.push(ChoiceId(u32::MAX));
    for choice in ids {
        let mut answers: Vec<Answer> = SECTORS.iter().map(|s| Answer::Sector(*s)).collect();
        answers.extend([TubeSide::Front, TubeSide::Rear].map(Answer::Side));
        answers.extend(all_squares.iter().map(|s| Answer::Square(*s)));
        answers.extend([Dir::North, Dir::East, Dir::South, Dir::West].map(Answer::Edge));
        answers.extend(subsets(6, 3).into_iter().map(Answer::Dice));
        answers.push(Answer::Energy(EnergySource::Pool));
        answers.extend(ALL_STATIONS.iter().map(|s| Answer::Energy(EnergySource::Station(*s))));
        answers.push(Answer::RollAgain);
        out.extend(answers.into_iter().map(|answer| Intent::Answer { choice, answer }));
    }
    // Freezes, at every target (ships, mines, an empty square, none) from either side.
    let ships = game.ships().len() as u8;
    let mut targets: Vec<Option<Target>> = (0..=ships).map(|s| Some(Target::Ship(ShipId(s)))).collect();
    targets.extend(game.mines().iter().map(|m| Some(Target::Mine(m.square))));
    targets.push(Some(Target::Mine(Square::new(0, 0))));
    targets.push(None);
    for count in 0..=3 {
        for target in &targets {
            for side in [None, Some(TubeSide::Front), Some(TubeSide::Rear)] {
                out.push(Intent::Fire { count, target: *target, side });
            }
        }
    }
    out.extend((0..=ships).map(|s| Intent::TractorShip { target: ShipId(s) }));
    out.push(Intent::WarpJump);
    out.push(Intent::EnergySurge);
    out.push(Intent::Bomb);
    for side in LaunchSide::BOTH {
        for pay in LaunchCost::BOTH {
            out.push(Intent::Launch { side, pay });
        }
    }
    // Every card of the deck, held or not: drafted, charged, discharged, used (R22).
    for card in DECK {
        out.push(Intent::DraftPick { card });
        out.push(Intent::CrystalToCard { card });
        out.push(Intent::CrystalOffCard { card });
        out.push(Intent::UseCard { card });
    }
    // The other mode's intents are never this one's.
    out.push(Intent::Thunderstruck(ts::Intent::Steer(ts::Steer::Hold)));
    out.push(Intent::Thunderstruck(ts::Intent::CommitSeed { seed: ts::Digest([0; 32]) }));
    // Engineering.
    let Some(ship) = game.seat_ship(seat).and_then(|s| game.ship(s)) else { return out };
    let energy = ship.energy.len() as u8;
    out.extend(subsets(energy + 1, usize::MAX).into_iter().map(|dice| Intent::RollEnergy { dice }));
    out.extend((0..=energy).map(|die| Intent::SendEnergy { die }));
    // Every station: every die on every spot of every display, every override face.
    // Every spot of every class's displays (a Fighter's bomb core included).
    let mut spots: Vec<Spot> = ALL_STATIONS.iter().flat_map(|s| Spot::all_for(*s)).collect();
    spots.push(Spot::PulseBomb);
    for station in ALL_STATIONS {
        out.push(Intent::ReturnEnergy { station });
        let dice = ship.station_dice(station).len() as u8;
        out.extend(subsets(dice + 1, 3).into_iter().map(|dice| Intent::RollDice { station, dice }));
        for die in 0..=dice {
            out.push(Intent::RemoveDie { station, die });
            for &spot in &spots {
                out.push(Intent::PlaceDie { station, die, spot });
            }
        }
        for face in station_faces(station) {
            for die in 0..dice {
                for &spot in spots.iter().filter(|s| s.station() == station) {
                    out.push(Intent::Override { station, die, face, spot });
                }
            }
        }
    }
    card_spot_candidates(ship, &mut out);
    // The tractor beam: mines, crystals (and one that does not exist), mine moves.
    out.extend([MineId::A, MineId::B].map(|mine| Intent::ReleaseMine { mine }));
    out.extend((0..=6).map(|crystal| Intent::TractorCrystal { crystal }));
    let mut from: Vec<Square> = game.mines().iter().map(|m| m.square).collect();
    from.push(ship.position.square);
    for at in from {
        for to in &all_squares {
            if at.col.abs_diff(to.col) <= 2 && at.row.abs_diff(to.row) <= 2 {
                out.push(Intent::TractorMine { at, to: *to });
            }
        }
    }
    out
}

/// The faces a die of `station` can show (the expansion symbols included).
fn station_faces(station: Station) -> BTreeSet<Face> {
    (1..=6).filter_map(|p| station.face(Pip::new(p))).collect()
}

/// Every die of every station (one past the last) onto every space of every
/// card of the deck (one past each card's last), rolled or by Station
/// Override with each face of its station and each face the space takes.
/// A ship holding no card gets die 0 only: every such intent is refused,
/// and the base walks stay quick.
fn card_spot_candidates(ship: &ship::Ship, out: &mut Vec<Intent>) {
    for card in DECK {
        for n in 0..=card.spec().slots.len() as u8 {
            let spot = Spot::Card(card, n);
            let slot_faces = card.slot(n).map_or(&[][..], |s| s.faces);
            for station in ALL_STATIONS {
                let mut faces = station_faces(station);
                faces.extend(slot_faces.iter().copied());
                let dice = if ship.cards.is_empty() { 0 } else { ship.station_dice(station).len() as u8 };
                for die in 0..=dice {
                    out.push(Intent::PlaceDie { station, die, spot });
                    for &face in &faces {
                        out.push(Intent::Override { station, die, face, spot });
                    }
                }
            }
        }
    }
}

/// What `legal_intents` promises to list once: a roll of some dice at a
/// station, an override of some idle die, some strip answer; and Fire with
/// no target when the one enemy is implied.
pub fn key(game: &Game, seat: SeatId, intent: &Intent) -> Intent {
    match intent {
        Intent::RollEnergy { .. } => Intent::RollEnergy { dice: Vec::new() },
        Intent::RollDice { station, .. } => Intent::RollDice { station: *station, dice: Vec::new() },
        Intent::Override { station, face, spot, .. } => {
            Intent::Override { station: *station, die: 0, face: *face, spot: *spot }
        }
        Intent::Answer { choice, answer: Answer::Dice(_) } => {
            Intent::Answer { choice: *choice, answer: Answer::Dice(Vec::new()) }
        }
        Intent::Fire { count, target: None, side } => {
            let team = game.seat_ship(seat).and_then(|s| game.ship(s)).map(|s| s.team);
            let enemies: Vec<ShipId> =
                team.map(|t| game.enemies_of(t).map(|(id, _)| id).collect()).unwrap_or_default();
            let target = match enemies.as_slice() {
                [only] => Some(Target::Ship(*only)),
                _ => None,
            };
            Intent::Fire { count: *count, target, side: *side }
        }
        other => other.clone(),
    }
}

/// Checks every seat of one position; returns the valid candidates of all seats.
pub fn check_position(game: &Game) -> Vec<(SeatId, Intent)> {
    let mut all_valid = Vec::new();
    for (i, _) in game.seats().iter().enumerate() {
        let seat = SeatId(i as u8);
        let legal = game.legal_intents(seat);
        for intent in &legal {
            assert!(game.validate(seat, intent).is_ok(), "listed but refused: {intent:?}");
        }
        let listed: BTreeSet<String> = legal.iter().map(|i| format!("{:?}", key(game, seat, i))).collect();
        let valid: Vec<Intent> =
            candidates(game, seat).into_iter().filter(|c| game.validate(seat, c).is_ok()).collect();
        let valid_keys: BTreeSet<String> =
            valid.iter().map(|c| format!("{:?}", key(game, seat, c))).collect();
        let missing: Vec<_> = valid_keys.difference(&listed).collect();
        assert!(missing.is_empty(), "seat {i}: valid but not listed: {missing:?}");
        let extra: Vec<_> = listed.difference(&valid_keys).collect();
        assert!(extra.is_empty(), "seat {i}: listed but outside the enumeration: {extra:?}");
        all_valid.extend(valid.into_iter().map(|v| (seat, v)));
    }
    all_valid
}

/// How many positions had each kind of intent valid (see [`kind`]).
pub type Coverage = BTreeMap<&'static str, usize>;

/// The kind of an intent for [`Coverage`]: its variant, and for dice and
/// overrides whether they go onto an equipment card.
pub fn kind(intent: &Intent) -> &'static str {
    match intent {
        Intent::PlaceDie { spot: Spot::Card(..), .. } => "PlaceDie on a card",
        Intent::Override { spot: Spot::Card(..), .. } => "Override onto a card",
        Intent::RemoveDie { .. } => "RemoveDie",
        Intent::DraftPick { .. } => "DraftPick",
        Intent::CrystalToCard { .. } => "CrystalToCard",
        Intent::CrystalOffCard { .. } => "CrystalOffCard",
        Intent::UseCard { .. } => "UseCard",
        Intent::PlaceDie { .. } => "PlaceDie",
        Intent::Override { .. } => "Override",
        _ => "other",
    }
}

/// Walks random games (set-up included), at most `steps` positions a
/// game, checks every position on the way and counts what was valid where.
/// `inspect` sees each position with its valid intents (for further checks);
/// between steps `nudge` may change the position (through the validated
/// `Setup`) to reach what random play seldom does.
pub fn walk(
    config: impl Fn(u64) -> GameConfig,
    (positions, seed0, steps): (usize, u64, usize),
    mut inspect: impl FnMut(&Game, &[(SeatId, Intent)]),
    mut nudge: impl FnMut(&mut Game, &mut TestRng),
) -> Coverage {
    let mut coverage = Coverage::new();
    let mut checked = 0;
    let mut seed = seed0;
    while checked < positions {
        let mut game = Game::new(config(seed)).expect("valid config");
        let mut rng = TestRng::new(seed);
        for _ in 0..steps {
            let valid = check_position(&game);
            inspect(&game, &valid);
            let kinds: BTreeSet<&'static str> = valid.iter().map(|(_, i)| kind(i)).collect();
            for k in kinds {
                *coverage.entry(k).or_default() += 1;
            }
            checked += 1;
            if checked >= positions || random_step(&mut game, &mut rng).is_none() {
                break;
            }
            nudge(&mut game, &mut rng);
        }
        seed += 1;
    }
    coverage
}

/// Plays each valid intent of a kind in `kinds` on a copy: it must be
/// carried out and leave the state consistent (a `validate` that accepts
/// too much passes the comparison when `legal_intents`, filtered by it,
/// offers the same intent).
pub fn plays_cleanly(game: &Game, valid: &[(SeatId, Intent)], kinds: &[&str]) {
    for (seat, intent) in valid.iter().filter(|(_, i)| kinds.contains(&kind(i))) {
        let mut copy = game.clone();
        let played = copy.play(*seat, intent, &mut TestRng::new(0));
        assert!(played.is_ok(), "valid but refused in play: {intent:?}: {played:?}");
        assert!(copy.is_consistent(), "{intent:?} left an inconsistent state: {copy:?}");
    }
}

/// Walks random games of up to 400 positions each (see [`walk`]).
pub fn check_games(config: impl Fn(u64) -> GameConfig, positions: usize, seed0: u64) -> Coverage {
    walk(config, (positions, seed0, 400), |_, _| {}, |_, _| {})
}
