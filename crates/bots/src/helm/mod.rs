//! Helm (R10): plan the three-die move toward a firing position and place
//! each rolled die where the plan wants it; reroll faces that are worse than
//! trying again; hold the last die while standing still is better (the move
//! then happens the moment it is placed). A die a gravity arrow kept (D44)
//! goes on the best face for nothing and is never rolled away.

mod keys;
mod planner;

pub(crate) use planner::HelmPlanner;

use duel_core::dice::HelmFace;
use duel_core::game::plan_path;
use duel_core::geometry::{arc_of, Position};
use duel_core::ship::DieState;
use duel_core::station::{helm_face, HELM_SLOTS};
use duel_core::Spot;
use duel_core::{Intent, Station};

use crate::level::{HelmSkill, Profile};
use crate::plan::Plan;
use crate::proposal::{band, Proposal};
use crate::situation::Situation;
use planner::{face_index, Slots};

/// A move must beat standing still by this much to be worth the energy.
const MARGIN: i32 = 3;
/// With Maneuver Jets a begun move finishes with the next die: accept one
/// this much worse than standing still rather than reroll forever.
const JETS_SLACK: i32 = 15;
/// A bored helm (nothing has happened for a while) accepts a move this much
/// worse than standing still, more each time it gets bored at the same spot:
/// anything beats a stand-off.
const BORED_SLACK: i32 = 40;

fn margin(restless: u8) -> i32 {
    if restless == 0 {
        MARGIN
    } else {
        -BORED_SLACK * i32::from(restless)
    }
}

/// What the slots hold now.
fn slots(sit: &Situation) -> Slots {
    HELM_SLOTS.map(|slot| {
        sit.ship
            .dice_at(Spot::Helm(slot))
            .next()
            .and_then(|(_, f)| helm_face(f))
            .map_or(0, |h| face_index(h) as u8 + 1)
    })
}

/// Whether the move made by putting `face` in empty slot `k` of `slots`
/// ends with the enemy in one of our arcs.
fn ends_facing_enemy(sit: &Situation, slots: Slots, k: usize, face: HelmFace) -> bool {
    let Some(foe) = &sit.foe else { return true };
    let mut faces = [face; 3];
    for (i, f) in faces.iter_mut().enumerate() {
        if i != k {
            match slots[i] {
                0 => return true,
                n => *f = planner::FACES[usize::from(n - 1)],
            }
        }
    }
    let path = plan_path(sit.game, sit.ship.position.square, sit.ship.facing, &faces);
    let (end, facing) =
        path.last().map_or((sit.ship.position.square, sit.ship.facing), |s| (s.square, s.facing));
    arc_of(Position::centre(end), facing, foe.ship.position).is_some()
}

/// With Maneuver Jets charged and one helm die placed, the best empty slot
/// for `face` and the score of the two-die move it completes (D31).
fn jets_move(sit: &Situation, current: Slots, face: HelmFace) -> Option<(usize, i32)> {
    use crate::tactics::{end_sightlines, exchange_at, outcome_cost, Trail};
    let mut best: Option<(usize, i32)> = None;
    for k in (0..3).filter(|k| current[*k] == 0) {
        let faces: Vec<HelmFace> = (0..3)
            .filter_map(|i| match (i == k, current[i]) {
                (true, _) => Some(face),
                (false, 0) => None,
                (false, n) => Some(planner::FACES[usize::from(n - 1)]),
            })
            .collect();
        // D44: the second of the two dice plays C's part.
        let last = faces.len().saturating_sub(1);
        let trail = faces.iter().enumerate().fold(Trail::start(sit), |t, (i, f)| t.then(sit, *f, i == last));
        let o = trail.outcome(sit);
        let v = end_sightlines(sit, &o.end).map_or(0, |l| exchange_at(sit, &l)) - outcome_cost(sit, &o, true);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((k, v));
        }
    }
    best
}

/// Whether a decision now reads the planner: a helm die is rolled, or no
/// move is under way (so whether to start one is open).
pub(crate) fn planner_needed(sit: &Situation) -> bool {
    let helm = sit.ship.station_dice(Station::Helm);
    helm.iter().any(|d| d.rolled().is_some())
        || helm.iter().all(|d| d.placed().is_none())
        || !kept_dice(sit).is_empty()
}

/// Idle helm dice a gravity arrow kept (D44): each may be placed on any
/// face with no crystal and no energy, until it is rolled or placed.
fn kept_dice(sit: &Situation) -> Vec<u8> {
    let helm = sit.ship.station_dice(Station::Helm);
    sit.ship
        .gravity_kept
        .iter()
        .copied()
        .filter(|d| helm.get(usize::from(*d)) == Some(&DieState::Idle))
        .collect()
}

/// D44: the best (slot, face) for a kept die, and the worth of the display after.
fn best_kept_placement(planner: &HelmPlanner, current: Slots) -> Option<(usize, usize, i32)> {
    let mut best: Option<(usize, usize, i32)> = None;
    for f in 0..planner::FACES.len() {
        if let Some((k, v)) = planner.best_slot(current, f) {
            if best.is_none_or(|(_, _, b)| v > b) {
                best = Some((k, f, v));
            }
        }
    }
    best
}

/// Whether the helm should ask for energy: a move is under way, or one is
/// expected to beat standing still. Easy crews always move.
pub(crate) fn wants_move(sit: &Situation, profile: &Profile, planner: &HelmPlanner, restless: u8) -> bool {
    let s = slots(sit);
    profile.helm == HelmSkill::Naive || s != [0; 3] || planner.value(s) > planner.stay() + margin(restless)
}

/// Pushes the helm's proposals.
pub(crate) fn propose(
    sit: &Situation,
    plan: &Plan,
    profile: &Profile,
    planner: &HelmPlanner,
    restless: u8,
    out: &mut Vec<Proposal>,
) {
    let station = Station::Helm;
    let rank = plan.rank(station);
    let current = slots(sit);
    let gaps = current.iter().filter(|s| **s == 0).count();
    let mut rolled = 0usize;
    let mut reroll: Vec<u8> = Vec::new();
    let mut idle: Vec<u8> = Vec::new();
    let cost = profile.reroll_cost;
    let jets = sit.game.card_active(sit.me, duel_core::Card::ManeuverJets);
    let kept = kept_dice(sit);
    let planned = profile.helm != HelmSkill::Naive && !jets;
    // A misjudged course: this die goes where a beginner would put it.
    let naive = profile.helm == HelmSkill::Naive || sit.glance();
    if let (true, Some(die)) = (planned, kept.first().copied()) {
        // D44: a kept die needs no roll: the best face in the best slot, for nothing.
        if let Some((k, f, v)) = best_kept_placement(planner, current) {
            let place = if gaps > 1 {
                plan.helm_move
            } else {
                gaps == 1 && v >= planner.stay() + margin(restless).min(0)
            };
            if place {
                let b = if gaps == 1 && sit.in_loaded_arc() && v > planner.stay() + 20 {
                    band::ESCAPE
                } else {
                    band::PLACE
                };
                let face = duel_core::Face::Helm(planner::FACES[f]);
                let spot = Spot::Helm(HELM_SLOTS[k]);
                out.push(Proposal::new(b, rank, Intent::Override { station, die, face, spot }));
            }
        }
    }
    for (i, d) in sit.ship.station_dice(station).iter().enumerate() {
        let die = i as u8;
        let face = match d {
            DieState::Rolled { face, .. } => *face,
            // A kept die rolled would lose its mark (D44): the planning helm keeps it.
            DieState::Idle if planned && kept.contains(&die) => continue,
            DieState::Idle => {
                idle.push(die);
                continue;
            }
            DieState::Placed { .. } => continue,
        };
        rolled += 1;
        let Some(h) = helm_face(face) else { continue };
        if naive {
            // No plan: first free slot; only the last die gets a glance at where the ship ends.
            let Some(k) = current.iter().position(|s| *s == 0) else { continue };
            if gaps > 1 || ends_facing_enemy(sit, current, k, h) {
                let spot = Spot::Helm(HELM_SLOTS[k]);
                out.push(Proposal::new(band::PLACE, rank, Intent::PlaceDie { station, die, spot }));
            } else {
                reroll.push(die);
            }
            continue;
        }
        if jets && gaps == 2 {
            // Maneuver Jets (D31): this second die moves the ship now.
            let Some((k, v)) = jets_move(sit, current, h) else { continue };
            let stay = crate::tactics::stay(sit);
            // A move already begun is worth finishing unless it is clearly worse.
            if v >= stay + margin(restless).min(0) - JETS_SLACK {
                let b = if sit.in_loaded_arc() && v > stay + 20 { band::ESCAPE } else { band::PLACE };
                let spot = Spot::Helm(HELM_SLOTS[k]);
                out.push(Proposal::new(b, rank, Intent::PlaceDie { station, die, spot }));
            } else if sit.in_loaded_arc() {
                reroll.push(die);
            }
            // Otherwise hold it: a crew that waits long enough gets bored and takes it.
            continue;
        }
        let Some((k, v)) = planner.best_slot(current, face_index(h)) else { continue };
        let spot = Spot::Helm(HELM_SLOTS[k]);
        let worth_placing = v >= planner.value(current) - cost;
        if gaps > 1 {
            if worth_placing {
                out.push(Proposal::new(band::PLACE, rank, Intent::PlaceDie { station, die, spot }));
            } else {
                reroll.push(die);
            }
        } else if worth_placing && v >= planner.stay() + margin(restless).min(0) {
            // The last die moves the ship now: urgent when it leaves a loaded enemy arc.
            let b = if sit.in_loaded_arc() && v > planner.stay() + 20 { band::ESCAPE } else { band::PLACE };
            out.push(Proposal::new(b, rank, Intent::PlaceDie { station, die, spot }));
        } else if planner.value(current) > planner.stay() + margin(restless) {
            reroll.push(die);
        }
        // Otherwise hold it: standing still is better for now.
    }
    let capacity = sit.ship.energy_at(station).saturating_sub(rolled);
    if plan.helm_move {
        reroll.extend(idle.iter().take(capacity));
        if !reroll.is_empty() {
            out.push(Proposal::new(band::ROLL, rank, Intent::RollDice { station, dice: reroll }));
        }
    } else if capacity > 0 {
        out.push(Proposal::new(band::RETURN, rank, Intent::ReturnEnergy { station }));
    }
}
