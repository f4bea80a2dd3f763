//! The helm planner (R10). The ship moves only when all three slots are
//! filled, A then B then C, so a move is an ordered triple of faces: 125 of
//! them. Each is walked die by die with `plan_move` (moves sharing their
//! first dice share those steps; gravity arrows keep or cancel dice, D44,
//! rifts strip shields, D43) and its end judged ([`tactics::exchange_at`],
//! which knows a rift on the line of fire). Then, for every partly filled display, it
//! works out what the display is worth if the helm keeps rolling for the
//! missing dice, paying `reroll_cost` per reroll: an optimal-stopping value
//! that says when a rolled face is good enough to place.
//!
//! The tables are cached and rebuilt only when something they depend on
//! changes (positions, dice that the score reads, mines, crystals).

use duel_core::dice::HelmFace;

use crate::level::{HelmSkill, Profile};
use crate::situation::Situation;
use crate::tactics;

use super::keys::{geometry_key, lines_key, reach_key, situation_key};

/// The five helm faces (R2).
pub(crate) const FACES: [HelmFace; 5] =
    [HelmFace::Forward1, HelmFace::Forward2, HelmFace::TurnLeft, HelmFace::TurnRight, HelmFace::TurnAround];
/// How many of a die's six faces show each of `FACES` (R2: Forward 1 twice).
const WEIGHT: [i64; 5] = [2, 1, 1, 1, 1];
/// Displays: each slot empty (0) or holding face `1..=5`.
const STATES: usize = 216;

/// What the three slots hold: 0 empty, `i + 1` for `FACES[i]`.
pub(crate) type Slots = [u8; 3];

/// The index of a helm face in `FACES`.
pub(crate) fn face_index(face: HelmFace) -> usize {
    match face {
        HelmFace::Forward1 => 0,
        HelmFace::Forward2 => 1,
        HelmFace::TurnLeft => 2,
        HelmFace::TurnRight => 3,
        HelmFace::TurnAround => 4,
    }
}

fn state(slots: Slots) -> usize {
    usize::from(slots[0]) * 36 + usize::from(slots[1]) * 6 + usize::from(slots[2])
}

fn decode(state: usize) -> Slots {
    [(state / 36) as u8, (state / 6 % 6) as u8, (state % 6) as u8]
}

/// What one face index adds to a state in each slot.
const PLACE: [usize; 3] = [36, 6, 1];
/// Displays with at least one gap (91 of them), fewest gaps first: a
/// display's worth depends on the displays one die fuller.
const ORDER: [u8; 91] = order();

const fn order() -> [u8; 91] {
    let mut out = [0u8; 91];
    let mut n = 0;
    let mut gaps = 1;
    while gaps <= 3 {
        let mut s = 0;
        while s < STATES {
            let e = (s / 36 == 0) as usize + (s / 6 % 6 == 0) as usize + (s % 6 == 0) as usize;
            if e == gaps {
                out[n] = s as u8;
                n += 1;
            }
            s += 1;
        }
        gaps += 1;
    }
    out
}

/// The cached tables for one ship.
#[derive(Clone, Debug)]
pub(crate) struct HelmPlanner {
    /// Key of the positions the outcomes were walked from.
    geometry_key: Option<u64>,
    /// Outcome of each full display, as an index into `outcomes`.
    outcome_of: [u8; 125],
    /// The distinct outcomes of the 125 moves (far fewer than 125), sorted,
    /// each with the index of its end in `ends`.
    outcomes: Vec<(tactics::Outcome, u8)>,
    /// The distinct places the moves end in.
    ends: Vec<tactics::End>,
    /// Key of the crystals on the map `reach` was computed for.
    reach_key: Option<u64>,
    /// The pull of crystals in light tractor reach from each end.
    reach: Vec<i32>,
    /// Key of the enemy's place the sightlines were computed for.
    lines_key: Option<u64>,
    /// Sightlines from each end to the enemy.
    lines: Vec<Option<tactics::Sightlines>>,
    /// Key of everything the scores read.
    key: Option<u64>,
    /// Score of each full display, index `a * 25 + b * 5 + c`.
    scores: [i32; 125],
    /// Worth of each display when the helm keeps rolling for the gaps.
    values: [i32; STATES],
    stay: i32,
    /// The reroll cost the values were computed with.
    cost: i32,
}

impl Default for HelmPlanner {
    fn default() -> HelmPlanner {
        HelmPlanner {
            geometry_key: None,
            outcome_of: [0; 125],
            outcomes: Vec::new(),
            ends: Vec::new(),
            reach_key: None,
            reach: Vec::new(),
            lines_key: None,
            lines: Vec::new(),
            key: None,
            scores: [0; 125],
            values: [0; STATES],
            stay: 0,
            cost: i32::MIN,
        }
    }
}

impl HelmPlanner {
    /// Rebuilds the tables if the situation changed since the last call.
    pub fn refresh(&mut self, sit: &Situation, profile: &Profile) {
        let whole_path = profile.helm == HelmSkill::Planner;
        let crystals = profile.crystals && whole_path;
        let geometry = geometry_key(sit);
        let reach_key = reach_key(sit, crystals, geometry);
        let lines_key = lines_key(sit, geometry);
        let key = situation_key(sit, profile, lines_key ^ reach_key);
        if self.key == Some(key) {
            return;
        }
        self.key = Some(key);
        if self.geometry_key != Some(geometry) {
            self.geometry_key = Some(geometry);
            self.walk(sit);
            self.lines_key = None;
            self.reach_key = None;
        }
        if self.reach_key != Some(reach_key) {
            self.reach_key = Some(reach_key);
            self.reach = self
                .ends
                .iter()
                .map(|e| if crystals { tactics::crystal_reach(sit, e.square) } else { 0 })
                .collect();
        }
        if self.lines_key != Some(lines_key) {
            self.lines_key = Some(lines_key);
            self.lines = self.ends.iter().map(|end| tactics::end_sightlines(sit, end)).collect();
        }
        let ends: Vec<i32> = self
            .reach
            .iter()
            .zip(&self.lines)
            .map(|(reach, lines)| reach + lines.map_or(0, |l| tactics::exchange_at(sit, &l)))
            .collect();
        let scored: Vec<i32> = self
            .outcomes
            .iter()
            .map(|(o, end)| ends[usize::from(*end)] - tactics::outcome_cost(sit, o, whole_path))
            .collect();
        let mut changed = false;
        for (score, o) in self.scores.iter_mut().zip(self.outcome_of) {
            let new = scored[usize::from(o)];
            changed |= *score != new;
            *score = new;
        }
        self.stay = tactics::stay(sit);
        // Often a die placed somewhere changes no move's score: keep the values.
        if changed || self.cost != profile.reroll_cost {
            self.cost = profile.reroll_cost;
            self.fill_values(i64::from(profile.reroll_cost.max(0)));
        }
    }

    /// Walks all 125 moves with `plan_move` and keeps their distinct outcomes.
    fn walk(&mut self, sit: &Situation) {
        // Die A, then B, then C (R10): moves sharing their first dice share those steps.
        let start = tactics::Trail::start(sit);
        // Die C is the last: an arrow moved against by A or B costs its action (D44).
        let after_a: [tactics::Trail; 5] = FACES.map(|f| start.then(sit, f, false));
        let after_b: [tactics::Trail; 25] =
            std::array::from_fn(|i| after_a[i / 5].then(sit, FACES[i % 5], false));
        let all: [tactics::Outcome; 125] =
            std::array::from_fn(|i| after_b[i / 5].then(sit, FACES[i % 5], true).outcome(sit));
        let end_keys = distinct(all.iter().map(|o| u64::from(o.end.key())));
        let outcome_keys = distinct(all.iter().map(|o| o.key()));
        let mut ends = vec![None; end_keys.len()];
        let mut outcomes = vec![None; outcome_keys.len()];
        for (i, o) in all.iter().enumerate() {
            let at = find(&outcome_keys, o.key());
            self.outcome_of[i] = at as u8;
            let end = find(&end_keys, u64::from(o.end.key()));
            outcomes[at] = Some((*o, end as u8));
            ends[end] = Some(o.end);
        }
        self.outcomes = outcomes.into_iter().flatten().collect();
        self.ends = ends.into_iter().flatten().collect();
    }

    fn fill_values(&mut self, cost: i64) {
        for (i, score) in self.scores.iter().enumerate() {
            self.values[(i / 25 + 1) * 36 + (i / 5 % 5 + 1) * 6 + (i % 5 + 1)] = *score;
        }
        for s in ORDER {
            let s = usize::from(s);
            let slots = decode(s);
            let mut best = [i32::MIN; 5];
            for (f, b) in best.iter_mut().enumerate() {
                for k in 0..3 {
                    if slots[k] == 0 {
                        *b = (*b).max(self.values[s + (f + 1) * PLACE[k]]);
                    }
                }
            }
            self.values[s] = stopping_value(&best, cost);
        }
    }

    /// The worth of a display (a full one: the score of its move).
    pub fn value(&self, slots: Slots) -> i32 {
        self.values[state(slots)]
    }

    /// The worth of not moving at all.
    pub fn stay(&self) -> i32 {
        self.stay
    }

    /// The best empty slot for face `f` and the worth of the display after.
    pub fn best_slot(&self, slots: Slots, f: usize) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        for k in 0..3 {
            if slots[k] != 0 {
                continue;
            }
            let mut next = slots;
            next[k] = f as u8 + 1;
            let v = self.values[state(next)];
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((k, v));
            }
        }
        best
    }
}

/// The distinct keys, sorted.
fn distinct(keys: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut v: Vec<u64> = keys.collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The index of `key` in the sorted `keys` (which hold it).
fn find(keys: &[u64], key: u64) -> usize {
    keys.binary_search(&key).unwrap_or_else(|i| i)
}

/// The worth of rolling one die until it shows a face worth placing: with
/// the faces sorted from worst to best, try "reroll the k worst" for every k;
/// the value V solves V = Σ keep p·a + p_reroll·(V − cost).
fn stopping_value(best: &[i32; 5], cost: i64) -> i32 {
    // (worth, weight) sorted by worth: insertion sort, five items.
    let mut faces: [(i64, i64); 5] = std::array::from_fn(|i| (i64::from(best[i]), WEIGHT[i]));
    for i in 1..5 {
        let mut j = i;
        while j > 0 && faces[j - 1].0 > faces[j].0 {
            faces.swap(j - 1, j);
            j -= 1;
        }
    }
    // Keep everything first, then drop the worst face into "reroll" one by one.
    let mut num: i64 = faces.iter().map(|(v, w)| v * w).sum();
    let mut den: i64 = 6;
    let (mut top, mut bottom) = (num, den);
    for &(v, w) in &faces[..4] {
        num -= w * (v + cost);
        den -= w;
        // num / den > top / bottom, both denominators positive.
        if num * bottom > top * den {
            (top, bottom) = (num, den);
        }
    }
    i32::try_from(top.div_euclid(bottom)).unwrap_or(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_round_trip_and_the_order_puts_fuller_displays_first() {
        for s in 0..STATES {
            assert_eq!(state(decode(s)), s);
        }
        let gaps = |s: u8| decode(usize::from(s)).iter().filter(|x| **x == 0).count();
        assert!(ORDER.windows(2).all(|w| gaps(w[0]) <= gaps(w[1])));
        assert_eq!(gaps(ORDER[0]), 1);
        assert_eq!(ORDER[90], 0);
    }

    #[test]
    fn stopping_value_rerolls_only_what_is_worse_than_trying_again() {
        // One great face (Forward 2), the rest poor: worth rolling for it when rerolls are cheap.
        let best = [0, 60, 0, 0, 0];
        assert_eq!(stopping_value(&best, 0), 60);
        // Expensive rerolls: take whatever comes (average of the faces).
        assert_eq!(stopping_value(&best, 1000), 10);
        // All equal: no reason to reroll.
        assert_eq!(stopping_value(&[7; 5], 5), 7);
    }
}

#[cfg(test)]
#[path = "planner_map_tests.rs"]
mod map_tests;
