//! What a crew remembers about each of its ships between decisions: the
//! helm's cached plans and how restless the crew has grown at one spot
//! (a bored crew settles for a worse move rather than sit still forever).

use duel_core::{Dir, Position, ShipId};

use crate::helm::HelmPlanner;
use crate::situation::Situation;

/// What a crew remembers about one of its ships between decisions.
#[derive(Clone, Debug)]
pub(super) struct ShipMind {
    pub(super) ship: ShipId,
    pub(super) planner: HelmPlanner,
    /// Set when a seat got bored here: the helm stays willing to move
    /// until the ship has left this spot (or turned).
    restless_at: Option<(Position, Dir)>,
    /// Where the ship was at the last decision, and how many decisions since it moved.
    seen_at: Option<(Position, Dir)>,
    decisions_here: u16,
    /// How many times it got bored at that spot: each time it settles for a worse move.
    restless_level: u8,
}

impl ShipMind {
    /// How restless the crew is at the ship's current spot (0: not at all).
    pub(super) fn restless(&self, sit: &Situation) -> u8 {
        if self.restless_at == Some((sit.ship.position, sit.ship.facing)) {
            self.restless_level
        } else {
            0
        }
    }

    /// A Pilot that keeps deciding without its Fighter moving — two Fighters
    /// rerolling their helms out of each other's arcs, neither move ever good
    /// enough — is never idle, so it never gets bored the usual way. Every
    /// [`SPIN_LIMIT`] decisions at one spot count as a bout of boredom.
    pub(super) fn spinning(&mut self, sit: &Situation) -> bool {
        let here = (sit.ship.position, sit.ship.facing);
        if self.seen_at == Some(here) {
            self.decisions_here = self.decisions_here.saturating_add(1);
        } else {
            self.seen_at = Some(here);
            self.decisions_here = 0;
        }
        if self.decisions_here >= SPIN_LIMIT {
            self.decisions_here = 0;
            true
        } else {
            false
        }
    }

    pub(super) fn get_bored(&mut self, sit: &Situation) {
        let here = (sit.ship.position, sit.ship.facing);
        if self.restless_at == Some(here) {
            self.restless_level = self.restless_level.saturating_add(1);
        } else {
            self.restless_at = Some(here);
            self.restless_level = 1;
        }
    }
}

/// Decisions a Pilot makes at one spot before it counts as bored (≈ 10 s at Hard's pace).
const SPIN_LIMIT: u16 = 20;

pub(super) fn mind_for(minds: &mut Vec<ShipMind>, ship: ShipId) -> &mut ShipMind {
    let i = match minds.iter().position(|m| m.ship == ship) {
        Some(i) => i,
        None => {
            minds.push(ShipMind {
                ship,
                planner: HelmPlanner::default(),
                restless_at: None,
                restless_level: 0,
                seen_at: None,
                decisions_here: 0,
            });
            minds.len() - 1
        }
    };
    &mut minds[i]
}
