//! The numbers that name a ship, a team and a seat: the vocabulary every
//! other module speaks, so it depends on nothing of the crate.

use serde::{Deserialize, Serialize};

/// A ship, numbered from 0 in start order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ShipId(pub u8);

/// A team (a side). In a duel team 0 is White and team 1 is Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TeamId(pub u8);

/// A seat: one player's set of stations on one ship, or its Captain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeatId(pub u8);
