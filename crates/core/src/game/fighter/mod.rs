//! Die Fighter (R22): what a Fighter's cockpit allows and refuses, its
//! missiles, its pulse bombs, the Capital ship's LAUNCH, and the seats that
//! change with them. The rules a Fighter shares with Capital ships (helm,
//! sensors, tractor beams acting on it, mines) stay in their own modules and
//! ask [`crate::class::ShipClass`] what differs.

mod cockpit;
mod launch;
mod missile;
mod pulse_bomb;
mod seats;

pub(super) use cockpit::validate_cockpit;
pub(super) use launch::{check_launch, launch, launch_action};
pub(super) use missile::{check_missile, counted_shields, projectile_cause, shields_lost, strike_shieldless};
pub(super) use pulse_bomb::{after_move, check_bomb, drop_bomb};
pub(super) use seats::{reseat, validate_reseat};
