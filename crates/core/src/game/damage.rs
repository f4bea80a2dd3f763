//! Damage and the end (R15, R37): a hit marks the damage track at once; the
//! team then picks which energy die goes (a choice with a default); the
//! fourth hit destroys the ship; a side with no ships left loses.

use super::{energy, Game, Phase};
use crate::choice::{ChoiceKind, Chooser, EnergySource};
use crate::class::ShipClass;
use crate::event::{DamageCause, Event};
use crate::ids::{ShipId, TeamId};
use crate::ship::{EnergyAt, HULL};
use crate::station::{Station, DICE_STATIONS};

/// One point of damage to `ship`.
pub(super) fn hit(game: &mut Game, ship: ShipId, cause: DamageCause, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    if s.destroyed {
        return;
    }
    game.emit(out, Event::Damaged { ship, cause });
    // A Fighter's Health die rotates down and at 0 it is destroyed (R22); the
    // fourth damage destroys a Capital ship (R15).
    let gone = |s: &crate::ship::Ship| s.health().map_or(s.hits >= HULL, |health| health == 0);
    if game.ship(ship).is_some_and(gone) {
        game.emit(out, Event::ShipDestroyed { ship });
        return;
    }
    let sources = energy_sources(game, ship);
    match sources.as_slice() {
        [] => {}
        [only] => lose_energy(game, ship, *only, out),
        _ => game.open_choice(out, ship, Chooser::AnySeat, ChoiceKind::LoseEnergy),
    }
}

/// Where an energy die could be taken from now.
pub(super) fn energy_sources(game: &Game, ship: ShipId) -> Vec<EnergySource> {
    let Some(s) = game.ship(ship) else { return vec![] };
    let mut out = Vec::new();
    if s.pool().next().is_some() {
        out.push(EnergySource::Pool);
    }
    for st in DICE_STATIONS {
        if s.energy_at(st) > 0 {
            out.push(EnergySource::Station(st));
        }
    }
    out
}

/// R15 default: Engineering's pool if it has a die, else the station with the
/// most energy dice (ties: the lowest station number).
pub(super) fn default_source(game: &Game, ship: ShipId) -> Option<EnergySource> {
    let s = game.ship(ship)?;
    if s.pool().next().is_some() {
        return Some(EnergySource::Pool);
    }
    let mut best: Option<(usize, Station)> = None;
    for st in DICE_STATIONS {
        let n = s.energy_at(st);
        if n > 0 && best.is_none_or(|(b, _)| n > b) {
            best = Some((n, st));
        }
    }
    best.map(|(_, st)| EnergySource::Station(st))
}

/// Moves one energy die from `source` to the damage track.
pub(super) fn lose_energy(game: &mut Game, ship: ShipId, source: EnergySource, out: &mut Vec<Event>) {
    let Some(s) = game.ship(ship) else { return };
    let die = match source {
        // Prefer an unrolled die: losing a useful roll is worse.
        EnergySource::Pool => s
            .energy
            .iter()
            .position(|e| *e == EnergyAt::Pool(None))
            .or_else(|| s.energy.iter().position(|e| matches!(e, EnergyAt::Pool(_)))),
        EnergySource::Station(st) => energy::energy_die_at(s, st).map(usize::from),
    };
    let Some(die) = die else { return };
    game.emit(out, Event::EnergyLost { ship, die: die as u8 });
    if let EnergySource::Station(st) = source {
        energy::drop_excess_rolls(game, ship, st, out);
    }
}

/// Ends the game when at most one team has a ship left (R37: none left is a
/// draw). In mission 1 only Capital ships keep a team in the game (R22, D24).
pub(super) fn check_over(game: &mut Game, out: &mut Vec<Event>) {
    if !matches!(game.phase, Phase::Battle) {
        return;
    }
    let fighters_count = game.mission().is_none_or(|m| m.fighters_hold_the_field());
    let holds = |s: &&crate::ship::Ship| !s.destroyed && (s.class == ShipClass::Capital || fighters_count);
    let mut alive: Vec<TeamId> = game.ships.iter().filter(holds).map(|s| s.team).collect();
    alive.sort();
    alive.dedup();
    match alive.as_slice() {
        [] => game.emit(out, Event::GameOver { winner: None }),
        [winner] => game.emit(out, Event::GameOver { winner: Some(*winner) }),
        _ => {}
    }
}
