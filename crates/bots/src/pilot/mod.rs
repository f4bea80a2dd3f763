//! The Pilot (R22): one seat flying a Fighter's whole cockpit. No energy:
//! every die but Health may be rolled at any time, so the Pilot rolls until
//! the faces it needs come up. It hunts the enemy Capital ship (missiles on
//! a sector with at most one shield, pulse bombs on bombing runs into its
//! square), or the enemy Fighter when no Capital ship is left (missiles,
//! one damage per hit); the flight plan keeps out of loaded enemy arcs and
//! does not fear asteroids, which do not hurt Fighters.

mod flight;
mod weapons;

use duel_core::class::MISSILE_TUBE;
use duel_core::geometry::Position;
use duel_core::ship::Ship;
use duel_core::station::TubeSide;
use duel_core::{Intent, ShipClass, ShipId, Target};

use crate::proposal::{band, Proposal};
use crate::situation::{shield_counts, struck, Situation};

/// What the Pilot is after: the enemy Capital ship if one flies, else the nearest enemy.
pub(crate) struct Quarry<'g> {
    pub id: ShipId,
    pub ship: &'g Ship,
    /// Shield dice on the sector a missile from where we are would strike (0 on a Fighter).
    pub shields_struck: u8,
}

impl Quarry<'_> {
    pub fn is_capital(&self) -> bool {
        self.ship.class == ShipClass::Capital
    }

    /// Shield dice a missile from `from` would meet.
    pub fn shields_from(&self, from: Position) -> u8 {
        let shields = shield_counts(self.ship);
        shields[struck(&shields, self.ship.position, self.ship.facing, from).index()]
    }
}

/// The Pilot's quarry from `sit`.
pub(crate) fn quarry<'g>(sit: &Situation<'g>) -> Option<Quarry<'g>> {
    let rule = sit.rule;
    let here = sit.ship.position.square;
    let (id, ship) = sit.game.enemies_of(sit.ship.team).min_by_key(|(id, s)| {
        let capital_first = u8::from(s.class != ShipClass::Capital);
        (capital_first, duel_core::geometry::range(here, s.position.square, rule), id.0)
    })?;
    let mut q = Quarry { id, ship, shields_struck: 0 };
    q.shields_struck = q.shields_from(sit.ship.position);
    Some(q)
}

/// Whether a missile is worth firing at the quarry: always at a Fighter; at a
/// Capital ship only on a sector with at most one shield die (a missile counts
/// one shield more, R22, and three stop it).
pub(crate) fn missile_worth(q: &Quarry) -> bool {
    !q.is_capital() || q.shields_struck <= 1
}

/// Pushes the Pilot's proposals (play is not frozen). `restless` > 0 when
/// the seat has waited long enough to settle for any move.
pub(crate) fn propose(sit: &Situation, restless: u8, out: &mut Vec<Proposal>) {
    let Some(q) = quarry(sit) else { return };
    // BOMB while the run stands (R22, D22): the core keeps the run open only
    // while it is legal; validate has the last word.
    if sit.ship.cockpit.is_some_and(|c| c.bomb_run.is_some()) {
        out.push(Proposal::new(band::FIRE, 9, Intent::Bomb));
    }
    let target = Target::Ship(q.id);
    if let Some(p) = sit.game.fire_preview(sit.me, target) {
        if p.would_hit
            && p.arc == Some(TubeSide::Front)
            && sit.ship.tube_loaded(MISSILE_TUBE)
            && missile_worth(&q)
        {
            let side = sit.game.ruleset().house.weapons_name_side.then_some(TubeSide::Front);
            out.push(Proposal::new(band::FIRE, 8, Intent::Fire { count: 1, target: Some(target), side }));
        }
    }
    weapons::propose(sit, &q, out);
    flight::propose(sit, &q, restless, out);
}
