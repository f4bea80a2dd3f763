//! State invariants, checked by the property tests and after restoring a
//! snapshot: dice are conserved, displays hold only what their faces allow,
//! at most one mine per square, the damage track adds up.

use super::Game;
use crate::choice::ChoiceKind;
use crate::class::{ShipClass, MISSILE_TUBE};
use crate::ids::ShipId;
use crate::ship::Ship;
use crate::ship::{mine_index, MineToken, HULL};
use crate::spot::Spot;
use crate::station::{TorpedoPart, DICE_STATIONS};

/// `Ok` when every invariant holds, else the first one broken.
///
/// # Errors
/// A description of the broken invariant.
pub fn check(game: &Game) -> Result<(), String> {
    if game.ships().len() != usize::from(game.layout().ship_count()) {
        return Err("the number of ships does not match the layout".to_string());
    }
    if game.seats().iter().any(|s| usize::from(s.ship.0) >= game.ships().len()) {
        return Err("a seat names a ship that is not in the game".to_string());
    }
    for (i, ship) in game.ships().iter().enumerate() {
        let id = ShipId(i as u8);
        if ship.class != game.layout().class_of(id) {
            return Err(format!("ship {i} is not a {} in this layout", game.layout().class_of(id)));
        }
        for station in crate::station::ALL_STATIONS {
            if ship.station_dice(station).len() != usize::from(ship.class.dice_count(station)) {
                return Err(format!("ship {i}: {station} has the wrong number of dice (R3)"));
            }
        }
        if ship.energy.len() != ship.class.energy_dice() {
            return Err(format!(
                "ship {i}: a {} has {} energy dice (R3)",
                ship.class,
                ship.class.energy_dice()
            ));
        }
        fighter_invariants(game, i, ship)?;
        card_invariants(game, id, ship)?;
        if !game.map().contains(ship.position.square) {
            return Err(format!("ship {i} is off the map"));
        }
        // D44: a kept helm die is an idle helm die, listed once.
        let helm = ship.station_dice(crate::station::Station::Helm);
        let idle = |d: &u8| helm.get(usize::from(*d)) == Some(&crate::ship::DieState::Idle);
        if !ship.gravity_kept.iter().all(idle) || !ship.gravity_kept.windows(2).all(|w| w[0] < w[1]) {
            return Err(format!("ship {i}: a kept helm die is not idle, or listed twice (D44)"));
        }
        let on_track = ship.energy_on_track() as u8;
        if ship.hits > HULL {
            return Err(format!("ship {i} has {} hits", ship.hits));
        }
        if !ship.destroyed {
            // Every hit took an energy die, is waiting for the team's choice, or was surged back.
            let pending =
                game.choices().iter().filter(|c| c.ship == id && c.kind == ChoiceKind::LoseEnergy).count()
                    as u8;
            if on_track + ship.track_crystals + pending != ship.hits {
                return Err(format!(
                    "ship {i}: {on_track} energy dice + {} crystals on the track + {pending} pending != {} hits",
                    ship.track_crystals, ship.hits
                ));
            }
        }
        for station in DICE_STATIONS {
            if ship.class.uses_energy() && ship.rolled_count(station) > ship.energy_at(station) {
                return Err(format!("ship {i}: {station} has more rolled dice than energy (R6)"));
            }
            for (_, face, spot) in ship.placed(station) {
                let on_ship = match spot {
                    Spot::Card(card, n) => ship.has_card(card) && card.slot(n).is_some(),
                    _ => ship.class.has_spot(spot),
                };
                if !spot.accepts(face) || spot.station() != station || !on_ship {
                    return Err(format!("ship {i}: a {} die sits on {spot:?} (R9)", face.name()));
                }
                if let Spot::Mine(m) = spot {
                    if ship.mines[mine_index(m)] != MineToken::Held {
                        return Err(format!("ship {i}: mine {m:?} die placed for a released token"));
                    }
                }
            }
            for spot in ship.class.spots(station).into_iter().filter(|s| !s.is_area()) {
                if ship.dice_at(spot).count() > 1 {
                    return Err(format!("ship {i}: two dice in {spot:?}"));
                }
            }
        }
        let helm_full = ship.class.helm_slots().iter().all(|s| ship.dice_at(Spot::Helm(*s)).next().is_some());
        if helm_full {
            return Err(format!("ship {i}: every helm slot is full but the ship did not move (R10)"));
        }
    }
    let mines = game.mines();
    for (i, m) in mines.iter().enumerate() {
        if mines[..i].iter().any(|o| o.square == m.square) {
            return Err(format!("two mines in one square {:?} (R17)", m.square));
        }
    }
    Ok(())
}

/// Equipment (R22, D30): cards only under the equipment ruleset, on a
/// Capital ship, each at most once; crystals only on cards the ship holds,
/// no more than their spaces; no card space holding two dice; Maneuver Jets
/// charged with two helm dice placed means the move has happened (D31).
fn card_invariants(game: &Game, id: ShipId, ship: &Ship) -> Result<(), String> {
    let i = id.0;
    if !ship.cards.is_empty() && (!game.ruleset().equipment.is_on() || ship.class != ShipClass::Capital) {
        return Err(format!("ship {i}: equipment cards on a {} or outside the equipment rules", ship.class));
    }
    for (n, card) in ship.cards.iter().enumerate() {
        if ship.cards[..n].contains(card) {
            return Err(format!("ship {i}: holds {card} twice"));
        }
        if game.crystals_on_card(id, *card) > card.spec().crystals {
            return Err(format!("ship {i}: more crystals on {card} than it has spaces"));
        }
        for slot in 0..card.spec().slots.len() as u8 {
            if ship.dice_at(Spot::Card(*card, slot)).count() > 1 {
                return Err(format!("ship {i}: two dice on one space of {card}"));
            }
        }
    }
    for c in game.crystals() {
        if let crate::event::CrystalAt::OnCard(s, card) = c {
            if *s == id && !ship.has_card(*card) {
                return Err(format!("ship {i}: a crystal on {card}, which it does not hold"));
            }
        }
    }
    let helm =
        ship.class.helm_slots().iter().filter(|s| ship.dice_at(Spot::Helm(**s)).next().is_some()).count();
    if helm >= 2 && game.card_active(id, crate::equipment::Card::ManeuverJets) {
        return Err(format!("ship {i}: Maneuver Jets charged with two helm dice placed, but no move (D31)"));
    }
    Ok(())
}

/// A Fighter's own invariants (R22): Health between 1 and the starting
/// Health while it flies (0 once destroyed), no mine tokens, at most two
/// jammer dice, one die in the centre of the missile bay, a bombing run on a
/// real ship; a Capital ship has no cockpit and carries its mine tokens.
fn fighter_invariants(game: &Game, i: usize, ship: &Ship) -> Result<(), String> {
    let carried = ship.mines.iter().all(|m| *m != MineToken::NotCarried);
    if ship.class.carries_mines() != carried {
        return Err(format!("ship {i}: a {} with the wrong mine tokens", ship.class));
    }
    if (ship.class == ShipClass::Fighter) != ship.cockpit.is_some() {
        return Err(format!("ship {i}: only a Fighter has a cockpit"));
    }
    let Some(cockpit) = ship.cockpit else { return Ok(()) };
    let most = game.ruleset().fighter_health();
    if ship.destroyed != (cockpit.health == 0) || cockpit.health > most {
        return Err(format!(
            "ship {i}: a Fighter with Health {} (destroyed: {}, starting Health {most}) (R22)",
            cockpit.health, ship.destroyed
        ));
    }
    if let Some(slots) = ship.class.jammer_slots() {
        if ship.dice_at(Spot::Jammer).count() > slots {
            return Err(format!("ship {i}: more than {slots} jammer dice on a Fighter"));
        }
    }
    let body = ship.dice_at(Spot::Torpedo(MISSILE_TUBE, TorpedoPart::Body)).next().is_some();
    if body && ship.dice_at(Spot::PulseBomb).next().is_some() {
        return Err(format!("ship {i}: a body and a bomb core both in the missile bay centre (R22)"));
    }
    if cockpit.bomb_run.is_some_and(|r| usize::from(r.target.0) >= game.ships().len()) {
        return Err(format!("ship {i}: a bombing run on a ship that is not in the game"));
    }
    Ok(())
}
