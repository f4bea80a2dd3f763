//! Answers to the choices the rules leave to a crew mid-resolution: the
//! sector on a diagonal (keep the stronger), where to drag a tractored ship
//! (an asteroid, a mine, out of its arc), which edge to enter by, where to
//! warp, which dice an asteroid or nebula strips, which energy die a hit takes.
//! Anything not worth thinking about gets the host's own default.

use duel_core::choice::{Answer, Choice, ChoiceKind, EnergySource};
use duel_core::dice::{Face, SensorFace};
use duel_core::station::{points, DICE_STATIONS};
use duel_core::Spot;
use duel_core::{Intent, SeatId, Station};

use crate::level::Profile;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;
use crate::tactics;

/// Pushes an answer for every pending choice `seat` may make.
pub(crate) fn propose(sit: &Situation, seat: SeatId, profile: &Profile, out: &mut Vec<Proposal>) {
    for choice in sit.game.choices() {
        if choice.ship != sit.me || !sit.game.may_answer(seat, choice) {
            continue;
        }
        let answer = answer(sit, profile, choice).or_else(|| sit.game.default_answer(choice.id));
        if let Some(answer) = answer {
            out.push(Proposal::new(band::ANSWER, 9, Intent::Answer { choice: choice.id, answer }));
        }
    }
}

fn answer(sit: &Situation, profile: &Profile, choice: &Choice) -> Option<Answer> {
    match &choice.kind {
        // More shield dice on the struck sector, less damage (R13, R14).
        ChoiceKind::DiagonalSector { options } => {
            let [a, b] = *options;
            Some(Answer::Sector(if sit.shields[b.index()] > sit.shields[a.index()] { b } else { a }))
        }
        ChoiceKind::TorpedoSide => None,
        ChoiceKind::TractorDestination { options, .. } => {
            tactics::best_drag(sit, options).map(|(sq, _)| Answer::Square(sq))
        }
        ChoiceKind::EntryEdge { to, options } => {
            options.iter().max_by_key(|e| tactics::edge_score(sit, *to, **e)).map(|e| Answer::Edge(*e))
        }
        ChoiceKind::WarpDestination { options, .. } => {
            let (best, score) =
                options.iter().map(|sq| (*sq, tactics::warp_score(sit, *sq))).max_by_key(|(_, s)| *s)?;
            // Still in the line of fire: another crystal buys two more dice (R18).
            if sit.sees_tricks(profile) && sit.crystals > 0 && score < -40 && options.len() < 4 {
                Some(Answer::RollAgain)
            } else {
                Some(Answer::Square(best))
            }
        }
        ChoiceKind::StripDice { station, count } => strip(sit, *station, *count),
        ChoiceKind::LoseEnergy => lose_energy(sit),
    }
}

/// R10, R33: lose the dice that matter least now.
fn strip(sit: &Situation, station: Station, count: u8) -> Option<Answer> {
    let struck = sit.foe.as_ref().map(|f| f.struck);
    let foe_loaded = sit.foe.as_ref().is_some_and(|f| f.torps.total() > 0);
    let keep = |face: Face, spot: Spot| -> u8 {
        match (spot, face) {
            (Spot::Shield(s), _) if Some(s) == struck => 10,
            (Spot::Shield(_), _) => 1,
            (Spot::Lock, f) => points(f) * if sit.torps.total() > 0 { 5 } else { 2 },
            (Spot::Jammer, f) => points(f) * if foe_loaded { 5 } else { 1 },
            (_, Face::Sensors(SensorFace::Special)) => 0,
            _ => 1,
        }
    };
    let mut placed: Vec<(u8, u8)> = sit.ship.placed(station).map(|(die, f, s)| (keep(f, s), die)).collect();
    placed.sort();
    let n = placed.len().min(usize::from(count));
    Some(Answer::Dice(placed.iter().take(n).map(|(_, d)| *d).collect()))
}

/// R15: an unrolled die from the pool, else the station with the most
/// energy that backs no rolled die.
fn lose_energy(sit: &Situation) -> Option<Answer> {
    let ship = sit.ship;
    if ship.pool().next().is_some() {
        return Some(Answer::Energy(EnergySource::Pool));
    }
    DICE_STATIONS
        .iter()
        .filter(|st| ship.energy_at(**st) > 0)
        .max_by_key(|st| {
            let spare = ship.station_room(**st);
            // Ties: lose it from the station that matters least.
            let importance = match st {
                Station::Weapons => 5,
                Station::Sensors => 4,
                Station::Helm => 3,
                Station::Shields => 2,
                _ => 1,
            };
            (spare, std::cmp::Reverse(importance))
        })
        .map(|st| Answer::Energy(EnergySource::Station(*st)))
}
