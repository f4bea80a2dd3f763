//! What the learner has done, as each hint checks it (issue 33: the card
//! follows the learner). A hint carries the [`Step`] it asks for; the card
//! shows the hint after the furthest step done, so pressing Roll (by touch,
//! mouse or R) moves it on, and undoing a step (every die placed, a wrong
//! face rolled again) brings the hint back. Hints with [`Step::Read`] are
//! reached as the last one or with ‹ ›.

use duel_core::{Face, Game, Spot, Station};

use super::goal::LEARNER;

/// What one hint asks the learner to do, checked on the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing to check: the last hint, or advice reached with ‹ ›.
    Read,
    /// Engineering rolled: a die in the pool shows a face.
    PoolRolled,
    /// A die of this station rolled and not yet placed, or nothing left to roll with (then
    /// "press Roll" is no step to take: the next hint says where energy comes from).
    Rolled(Station),
    /// A rolled, unplaced die shows this face.
    Showing(Face),
    /// At least `dice` energy dice at the station.
    EnergyAt { station: Station, dice: u8 },
    /// A die placed on this spot.
    Placed(Spot),
    /// A lock of at least this much.
    LockAtLeast(u8),
    /// A tractor strength of at least this much.
    BoltsAtLeast(u8),
    /// A freeze is running (the learner's Fire, Tractor or Warp).
    Frozen,
}

impl Step {
    /// Whether the learner's ship has done this step in `game`.
    pub fn done(self, game: &Game) -> bool {
        let Some(ship) = game.ship(LEARNER) else { return false };
        match self {
            Step::Read => false,
            Step::PoolRolled => ship.pool().any(|(_, pip)| pip.is_some()),
            Step::Rolled(station) => ship.rolled_count(station) > 0 || ship.ready_to_roll(station) == 0,
            Step::Showing(face) => {
                let station = face_station(face);
                ship.station_dice(station).iter().any(|d| d.rolled() == Some(face))
            }
            Step::EnergyAt { station, dice } => ship.energy_at(station) >= usize::from(dice),
            Step::Placed(spot) => ship.dice_at(spot).next().is_some(),
            Step::LockAtLeast(n) => ship.lock() >= n,
            Step::BoltsAtLeast(n) => ship.tractor_strength() >= n,
            Step::Frozen => game.freeze().is_some(),
        }
    }
}

fn face_station(face: Face) -> Station {
    match face {
        Face::Helm(_) => Station::Helm,
        Face::Weapons(_) => Station::Weapons,
        Face::Sensors(_) => Station::Sensors,
        Face::Shields(_) => Station::Shields,
        Face::Tractor(_) => Station::Tractor,
    }
}

/// The hint to show for `steps` in `game`: the one after the furthest step
/// done (the last hint at most), so a step undone brings its hint back.
pub fn follow(steps: impl DoubleEndedIterator<Item = Step> + ExactSizeIterator, game: &Game) -> usize {
    let count = steps.len();
    let furthest = steps.enumerate().rev().find(|(_, s)| s.done(game)).map(|(k, _)| k);
    furthest.map_or(0, |k| k + 1).min(count.saturating_sub(1))
}
