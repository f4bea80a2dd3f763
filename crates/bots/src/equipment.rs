//! Experimental Equipment (R22, D25–D31): which card a crew drafts, and how
//! it uses the cards it holds.
//!
//! - The draft values each card for the crew's plan: Blink and Maneuver Jets
//!   always help a crew that fights by manoeuvre; NeuroNav is worth more the
//!   more obstacles there are (or will be) on the map.
//! - Expansion symbols are otherwise rerolled, so a die showing the symbol a
//!   card takes goes there: nothing else is given up.
//! - Helm puts a die on Blink or Rotational Thrusters only when the jump or
//!   pivot it makes possible is clearly better than staying put; Blink is
//!   shouted when its destination beats standing still.
//! - NeuroNav is charged with spare crystals while obstacles are on the map.

use duel_core::dice::{Face, HelmFace};
use duel_core::equipment::{blink_direction, pivot, Card};
use duel_core::geometry::Square;
use duel_core::map::Obstacle;
use duel_core::ship::DieState;
use duel_core::Spot;
use duel_core::{Game, Intent, Phase, SeatId, Station};

use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;
use crate::tactics::{exchange, stay, warp_score};

/// How much better than staying put a jump or a pivot must look to spend the dice.
const WORTH: i32 = 20;

/// The draft pick for `seat`'s team, if it is that team's pick.
pub fn suggest_pick(game: &Game, seat: SeatId) -> Option<Intent> {
    if !matches!(game.phase(), Phase::Draft { .. }) {
        return None;
    }
    let open = game.draft()?.open();
    let best = open.into_iter().max_by_key(|card| (draft_value(game, *card), std::cmp::Reverse(*card)))?;
    let intent = Intent::DraftPick { card: best };
    game.validate(seat, &intent).is_ok().then_some(intent)
}

/// What a card is worth to a crew before the battle.
pub(crate) fn draft_value(game: &Game, card: Card) -> i32 {
    // Obstacles on the map, or the ten still to come in set-up (R5).
    let obstacles = game.obstacles().len() as i32 + i32::from(game.tokens_left().0);
    match card {
        Card::Blink => 40,
        Card::ManeuverJets => 32,
        Card::RotationalThrusters => 28,
        Card::NeuroNav => 8 + 2 * obstacles,
    }
}

/// Pushes the card proposals for `seat` (not during a freeze).
pub(crate) fn propose(sit: &Situation, seat: SeatId, plan: &Plan, out: &mut Vec<Proposal>) {
    let game = sit.game;
    for card in sit.ship.cards.clone() {
        for (n, slot) in card.spec().slots.iter().enumerate() {
            let spot = Spot::Card(card, n as u8);
            if !game.holds(seat, slot.station) || sit.ship.dice_at(spot).next().is_some() {
                continue;
            }
            let rank = plan.rank(slot.station);
            for (die, face) in rolled(sit, slot.station) {
                if !slot.faces.contains(&face) {
                    continue;
                }
                let place = Intent::PlaceDie { station: slot.station, die, spot };
                match face {
                    // Maneuver Jets keep their die for good: not while Sensors is short of dice.
                    f if f.is_special()
                        && card == Card::ManeuverJets
                        && plan.want[Station::Sensors.index()] > 1 => {}
                    // An expansion symbol has no other use: it goes on the card.
                    f if f.is_special() => out.push(Proposal::new(band::PLACE, rank, place)),
                    Face::Helm(h) if helm_worth_it(sit, card, h) => {
                        let urgent = sit.in_loaded_arc();
                        out.push(Proposal::new(if urgent { band::ESCAPE } else { band::PLACE }, rank, place));
                    }
                    _ => {}
                }
                break;
            }
        }
        match card {
            Card::Blink if blink_gain(sit).is_some_and(|g| g > WORTH) => {
                out.push(Proposal::new(band::WARP, 5, Intent::UseCard { card }));
            }
            // The jump is no longer worth it: the helm die goes back to steering.
            Card::Blink if game.holds(seat, Station::Helm) && blink_gain(sit).is_some_and(|g| g <= 0) => {
                let helm = sit.ship.card_dice(card).into_iter().find(|(st, ..)| *st == Station::Helm);
                if let Some((station, die, ..)) = helm {
                    out.push(Proposal::new(band::REMOVE, 0, Intent::RemoveDie { station, die }));
                }
            }
            // The jets' die is locked on (D31): it costs Sensors a die for good. When
            // Sensors needs dice and has none left, the die goes back to the display.
            Card::ManeuverJets if game.holds(seat, Station::Sensors) && sensors_short(sit, plan) => {
                if let Some((station, die, ..)) = sit.ship.card_dice(card).into_iter().next() {
                    out.push(Proposal::new(
                        band::PLACE,
                        plan.rank(station),
                        Intent::RemoveDie { station, die },
                    ));
                }
            }
            Card::NeuroNav if wants_neuronav(sit, card) => {
                out.push(Proposal::new(band::SURGE, 0, Intent::CrystalToCard { card }));
            }
            _ => {}
        }
    }
}

/// Sensors wants dice and every sensor die off the cards is already placed.
fn sensors_short(sit: &Situation, plan: &Plan) -> bool {
    let free = sit.ship.station_dice(Station::Sensors).iter().filter(|d| d.placed().is_none()).count();
    plan.want[Station::Sensors.index()] > 0 && free == 0
}

/// Rolled dice of a station, as (die, face).
fn rolled(sit: &Situation, station: Station) -> Vec<(u8, Face)> {
    sit.ship
        .station_dice(station)
        .iter()
        .enumerate()
        .filter_map(|(i, d)| match d {
            DieState::Rolled { face, .. } => Some((i as u8, *face)),
            _ => None,
        })
        .collect()
}

/// Whether a helm die showing `face` is worth more on `card` than on the helm.
fn helm_worth_it(sit: &Situation, card: Card, face: HelmFace) -> bool {
    let now = stay(sit);
    // The helm die goes last, so it never waits on a card for the others.
    match card {
        Card::RotationalThrusters => {
            let shield_on = sit.ship.card_dice(card).iter().any(|(st, ..)| *st == Station::Shields);
            shield_on && pivot_score(sit, face).is_some_and(|s| s > now + WORTH)
        }
        Card::Blink => {
            let squares = tractor_on_blink(sit);
            squares > 0 && blink_score(sit, face, squares).is_some_and(|s| s > now + WORTH)
        }
        Card::ManeuverJets | Card::NeuroNav => false,
    }
}

fn tractor_on_blink(sit: &Situation) -> i8 {
    sit.ship.card_dice(Card::Blink).iter().filter(|(st, ..)| *st == Station::Tractor).count() as i8
}

/// Where a Blink with `face` over `squares` lands, if on the map (not in a gap).
fn blink_square(sit: &Situation, face: HelmFace, squares: i8) -> Option<Square> {
    let dir = blink_direction(face, sit.ship.facing);
    let (dx, dy) = dir.delta();
    // D42: a gap between tiles is off the map, as beyond its edge.
    sit.game.map().offset(sit.ship.position.square, dx * squares, dy * squares)
}

fn blink_score(sit: &Situation, face: HelmFace, squares: i8) -> Option<i32> {
    blink_square(sit, face, squares).map(|sq| warp_score(sit, sq))
}

/// What using Blink now would gain over staying put, if it can be used.
fn blink_gain(sit: &Situation) -> Option<i32> {
    let face = sit.ship.card_dice(Card::Blink).iter().find_map(|(_, _, _, f)| match f {
        Face::Helm(h) => Some(*h),
        _ => None,
    })?;
    let squares = tractor_on_blink(sit);
    if squares == 0 {
        return None;
    }
    blink_score(sit, face, squares).map(|s| s - stay(sit))
}

fn pivot_score(sit: &Situation, face: HelmFace) -> Option<i32> {
    let foe = sit.foe.as_ref()?;
    let facing = pivot(face, sit.ship.facing);
    Some(exchange(sit, sit.ship.position, facing, foe.ship.position, foe.ship.facing))
}

/// NeuroNav pays off while obstacles are about. A crystal on the card is
/// still spendable (D28: the box pays first, then the cards), so charging it
/// gives nothing up.
fn wants_neuronav(sit: &Situation, card: Card) -> bool {
    let on_card = sit.game.crystals_on_card(sit.me, card);
    let obstacles =
        sit.game.obstacles().iter().filter(|(_, o)| matches!(o, Obstacle::Asteroid | Obstacle::Nebula));
    on_card < card.spec().crystals && sit.crystals >= 1 && obstacles.count() >= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::{Equipment, FixedDice, GameConfig, HostAction, Ruleset};

    #[test]
    fn a_bot_drafts_the_card_it_values_most() {
        let ruleset = Ruleset { equipment: Equipment::Draft, ..Ruleset::default() };
        let mut game = Game::new(GameConfig { ruleset, ..GameConfig::quick_duel(1) }).expect("valid");
        // Deal in deck order; White (team 0) picks first.
        let mut dice = FixedDice::new(&[1, 1, 1, 1, 2]);
        game.host(&HostAction::DealEquipment, &mut dice).expect("dealt");
        let white = SeatId(0);
        assert_eq!(suggest_pick(&game, white), Some(Intent::DraftPick { card: Card::Blink }));
        assert_eq!(suggest_pick(&game, SeatId(1)), None, "not Black's pick");
    }
}
