//! What a lesson asks the learner to do, as a typed check over the game
//! (and, for a freeze, the events since the lesson began). Checked after
//! every event, so the check mark shows the moment the goal is met.

use duel_core::event::Event;
use duel_core::freeze::FreezeAction;
use duel_core::{Dir, Game, Sector, ShipId, Square, Station, Tube};

/// The learner's ship in every lesson (White, the bottom of the board).
pub const LEARNER: ShipId = ShipId(0);

/// One lesson's goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// At least `dice` energy dice in `station`'s striped section (R1).
    EnergyAt { station: Station, dice: u8 },
    /// Nose, Body and Tail in `tube`.
    TorpedoLoaded { tube: Tube },
    /// The ship in `square`, facing `facing` (after a move, R10).
    ShipAt { square: Square, facing: Dir },
    /// A lock of at least `n` on Sensors (a Double Lock counts 2).
    LockAtLeast { n: u8 },
    /// At least `n` shield dice on `sector`.
    ShieldsOn { sector: Sector, n: u8 },
    /// At least `n` crystals held (pulled aboard by the tractor beam, R16).
    CrystalsHeld { n: u8 },
    /// A torpedo of the learner's ship hit (R14).
    TorpedoHit,
    /// A freeze of this kind, declared by the learner's ship, resolved to its end.
    FreezeDone { kind: FreezeKind },
}

/// The freezes a lesson may ask for (R19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreezeKind {
    Tractor,
    Warp,
}

impl Goal {
    /// Whether the goal is met in `game`, reached through `events` (every
    /// event since the lesson's start position, oldest first).
    pub fn met(self, game: &Game, events: &[Event]) -> bool {
        let Some(ship) = game.ship(LEARNER) else { return false };
        match self {
            Goal::EnergyAt { station, dice } => ship.energy_at(station) >= usize::from(dice),
            Goal::TorpedoLoaded { tube } => ship.tube_loaded(tube),
            Goal::ShipAt { square, facing } => ship.position.square == square && ship.facing == facing,
            Goal::LockAtLeast { n } => ship.lock() >= n,
            Goal::ShieldsOn { sector, n } => ship.shields(sector) >= n,
            Goal::CrystalsHeld { n } => game.crystals_held(LEARNER) >= n,
            // `HitTested` names the shooter.
            Goal::TorpedoHit => events
                .iter()
                .any(|e| matches!(e, Event::HitTested { hit: true, ship, .. } if *ship == LEARNER)),
            Goal::FreezeDone { kind } => freeze_done(kind, events),
        }
    }
}

/// A freeze of `kind` by the learner's ship was declared, and a freeze
/// ended after it (lessons run one freeze at a time: the enemy is idle).
fn freeze_done(kind: FreezeKind, events: &[Event]) -> bool {
    let declared = events.iter().position(|e| match e {
        Event::FreezeDeclared { declared } if declared.ship == LEARNER => matches!(
            (kind, &declared.action),
            (FreezeKind::Tractor, FreezeAction::Tractor { .. }) | (FreezeKind::Warp, FreezeAction::Warp)
        ),
        _ => false,
    });
    declared.is_some_and(|at| events[at..].iter().any(|e| matches!(e, Event::FreezeEnded)))
}
