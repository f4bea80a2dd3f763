//! The Pilot's dice other than the helm: the missile bay (nose, body or pulse
//! bomb core, tail in the one front tube, R22), the lock and the two jammer
//! slots. Nothing costs energy, so a useless face is simply rolled again,
//! but only while something is still missing.

use duel_core::class::MISSILE_TUBE;
use duel_core::dice::{Face, SensorFace, TractorFace, WeaponFace};
use duel_core::geometry::{arc_of, range, Arc};
use duel_core::ship::DieState;
use duel_core::station::TorpedoPart;
use duel_core::Spot;
use duel_core::{Intent, Station};

use super::{missile_worth, Quarry};
use crate::proposal::{band, Proposal};
use crate::situation::Situation;

fn part_spot(part: TorpedoPart) -> Spot {
    Spot::Torpedo(MISSILE_TUBE, part)
}

fn filled(sit: &Situation, spot: Spot) -> bool {
    sit.ship.dice_at(spot).next().is_some()
}

/// Whether the quarry sits in our front arc now.
fn in_front(sit: &Situation, q: &Quarry) -> bool {
    arc_of(sit.ship.position, sit.ship.facing, q.ship.position) == Some(Arc::Front)
}

/// Whether an empty bay centre should take a body (a missile) rather than wait
/// for a bolt (a pulse bomb): always against a Fighter (bombs only hit
/// Capital ships), against a Capital ship when it is in the front arc now
/// with a weak sector towards us.
pub(crate) fn wants_missile(sit: &Situation, q: &Quarry) -> bool {
    !q.is_capital() || (in_front(sit, q) && missile_worth(q))
}

/// Pushes the bay and sensor proposals.
/// The bay's centre waits for a tractor die: a pulse bomb, not a missile, is
/// being built against this Capital ship.
fn builds_bomb(sit: &Situation, q: &Quarry) -> bool {
    sit.ship.spot_free(Spot::PulseBomb) && q.is_capital() && !wants_missile(sit, q)
}

pub(crate) fn propose(sit: &Situation, q: &Quarry, out: &mut Vec<Proposal>) {
    bay(sit, q, out);
    sensors(sit, q, out);
}

fn bay(sit: &Situation, q: &Quarry, out: &mut Vec<Proposal>) {
    let centre_free = sit.ship.spot_free(Spot::PulseBomb);
    let missile = wants_missile(sit, q);
    let bomb_core = builds_bomb(sit, q);
    let mut nose = !filled(sit, part_spot(TorpedoPart::Nose));
    let mut tail = !filled(sit, part_spot(TorpedoPart::Tail));
    let mut body = centre_free && missile;
    let station = Station::Weapons;
    let mut reroll = Vec::new();
    for (i, d) in sit.ship.station_dice(station).iter().enumerate() {
        let die = i as u8;
        match d {
            DieState::Idle => reroll.push(die),
            DieState::Rolled { face: Face::Weapons(w), .. } => {
                let spot = match w {
                    WeaponFace::Nose if nose => {
                        nose = false;
                        Some(TorpedoPart::Nose)
                    }
                    WeaponFace::Tail if tail => {
                        tail = false;
                        Some(TorpedoPart::Tail)
                    }
                    WeaponFace::Body if body => {
                        body = false;
                        Some(TorpedoPart::Body)
                    }
                    _ => None,
                };
                match spot {
                    Some(part) => {
                        let intent = Intent::PlaceDie { station, die, spot: part_spot(part) };
                        out.push(Proposal::new(band::PLACE, 8, intent));
                    }
                    None => reroll.push(die),
                }
            }
            _ => {}
        }
    }
    // Roll only while a part is missing: a spare die is left alone.
    let missing = usize::from(nose) + usize::from(tail) + usize::from(body);
    if missing > 0 && !reroll.is_empty() {
        out.push(Proposal::new(band::ROLL, 8, Intent::RollDice { station, dice: reroll }));
    }
    // The pulse bomb core: a Bolt or Double Bolt tractor die (R9, R22).
    if bomb_core {
        let station = Station::Tractor;
        for (i, d) in sit.ship.station_dice(station).iter().enumerate() {
            let die = i as u8;
            match d {
                DieState::Rolled {
                    face: Face::Tractor(TractorFace::Bolt | TractorFace::DoubleBolt), ..
                } => {
                    let intent = Intent::PlaceDie { station, die, spot: Spot::PulseBomb };
                    out.push(Proposal::new(band::PLACE, 7, intent));
                }
                DieState::Idle | DieState::Rolled { .. } => {
                    out.push(Proposal::new(band::ROLL, 7, Intent::RollDice { station, dice: vec![die] }));
                }
                DieState::Placed { .. } => {}
            }
        }
    }
}

fn sensors(sit: &Situation, q: &Quarry, out: &mut Vec<Proposal>) {
    let station = Station::Sensors;
    let dist = range(sit.ship.position.square, q.ship.position.square, sit.rule);
    // A bomb needs no lock (R22); a missile needs lock ≥ range + jammers (R14),
    // with one to spare for the range changing as both ships fly.
    let bombing = sit.ship.bomb_loaded() || builds_bomb(sit, q);
    let lock_wanted = if bombing { 0 } else { (dist + q.ship.jammers() + 1).clamp(2, 6) };
    let mut lock = sit.ship.lock();
    let slots = sit.ship.class.jammer_slots().unwrap_or(2);
    let mut jam_free = slots.saturating_sub(sit.ship.dice_at(Spot::Jammer).count());
    let mut reroll = Vec::new();
    for (i, d) in sit.ship.station_dice(station).iter().enumerate() {
        let die = i as u8;
        match d {
            DieState::Idle => reroll.push(die),
            DieState::Rolled { face: Face::Sensors(s), .. } => {
                let face = Face::Sensors(*s);
                match s {
                    SensorFace::Lock | SensorFace::DoubleLock if lock < lock_wanted => {
                        lock += duel_core::station::points(face);
                        out.push(Proposal::new(
                            band::PLACE,
                            6,
                            Intent::PlaceDie { station, die, spot: Spot::Lock },
                        ));
                    }
                    SensorFace::Jammer | SensorFace::DoubleJammer if jam_free > 0 => {
                        jam_free -= 1;
                        let intent = Intent::PlaceDie { station, die, spot: Spot::Jammer };
                        out.push(Proposal::new(band::PLACE, 5, intent));
                    }
                    _ => reroll.push(die),
                }
            }
            _ => {}
        }
    }
    if (lock < lock_wanted || jam_free > 0) && !reroll.is_empty() {
        out.push(Proposal::new(band::ROLL, 5, Intent::RollDice { station, dice: reroll }));
    }
}
