//! State invariants, checked by the property tests and after restoring a
//! snapshot: dice are conserved, displays hold only what their faces allow,
//! at most one mine per square, the damage track adds up.

use crate::choice::ChoiceKind;
use crate::config::ShipId;
use crate::game::Game;
use crate::ship::{mine_index, MineToken, HULL};
use crate::station::{HelmSlot, Spot, DICE_STATIONS};

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
        for station in crate::station::ALL_STATIONS {
            if ship.station_dice(station).len() != usize::from(station.dice_count()) {
                return Err(format!("ship {i}: {station} has the wrong number of dice (R3)"));
            }
        }
        if !game.map().contains(ship.position.square) {
            return Err(format!("ship {i} is off the map"));
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
            if ship.rolled_count(station) > ship.energy_at(station) {
                return Err(format!("ship {i}: {station} has more rolled dice than energy (R6)"));
            }
            for (_, face, spot) in ship.placed(station) {
                if !spot.accepts(face) || spot.station() != station {
                    return Err(format!("ship {i}: a {} die sits on {spot:?} (R9)", face.name()));
                }
                if let Spot::Mine(m) = spot {
                    if ship.mines[mine_index(m)] != MineToken::Held {
                        return Err(format!("ship {i}: mine {m:?} die placed for a released token"));
                    }
                }
            }
            for spot in Spot::all_for(station).into_iter().filter(|s| !s.is_area()) {
                if ship.dice_at(spot).count() > 1 {
                    return Err(format!("ship {i}: two dice in {spot:?}"));
                }
            }
        }
        let helm_full = [HelmSlot::A, HelmSlot::B, HelmSlot::C]
            .iter()
            .all(|s| ship.dice_at(Spot::Helm(*s)).next().is_some());
        if helm_full {
            return Err(format!("ship {i}: all three helm slots full but the ship did not move (R10)"));
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
