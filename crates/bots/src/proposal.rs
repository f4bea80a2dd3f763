//! A station's suggestion and how urgent it is. Every policy returns
//! proposals; the seat carries out the most urgent one `validate` accepts.

use duel_core::Intent;

/// Urgency bands, highest first. Within a band the plan's station rank
/// (0..10) breaks ties, so `priority = band * 10 + rank`.
pub(crate) mod band {
    /// A pending choice holds up the whole table.
    pub const ANSWER: u16 = 100;
    /// "Fire!" is a race: whoever shouts first.
    pub const FIRE: u16 = 96;
    pub const WARP: u16 = 94;
    pub const TRACTOR_SHIP: u16 = 92;
    /// Placing the helm die that carries the ship out of a loaded enemy arc.
    pub const ESCAPE: u16 = 90;
    pub const OVERRIDE: u16 = 88;
    pub const TRACTOR_CRYSTAL: u16 = 85;
    pub const RELEASE_MINE: u16 = 84;
    /// An enemy mine straight ahead, shot away before the ship runs into it.
    pub const SHOOT_MINE: u16 = 83;
    /// A shield die for the sector the enemy can hit right now.
    pub const BRACE: u16 = 80;
    /// Placing a useful die: progress, and it returns an energy die.
    pub const PLACE: u16 = 70;
    /// Engineering answering a call-out.
    pub const SEND_REQUESTED: u16 = 68;
    pub const SEND: u16 = 60;
    pub const ROLL: u16 = 55;
    pub const ROLL_ENERGY: u16 = 50;
    pub const SURGE: u16 = 40;
    pub const STRIP_JAMMERS: u16 = 35;
    /// Dice nobody asked for: placed or rerolled only to free their energy.
    pub const SPARE: u16 = 30;
    pub const REMOVE: u16 = 25;
    pub const RETURN: u16 = 20;
}

/// An intent with its urgency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Proposal {
    pub priority: u16,
    pub intent: Intent,
}

impl Proposal {
    /// `intent` in urgency band `band`, ranked `rank` (0..10) within it.
    pub fn new(band: u16, rank: u8, intent: Intent) -> Proposal {
        Proposal { priority: band * 10 + u16::from(rank.min(9)), intent }
    }
}
