//! The owner's tab flying the bot seats of a Thunderstruck room (R23): one
//! [`Pilot`] and one [`Desk`] per bot seat. The desk's secrets live only in
//! this tab, as a person's do in theirs, so a bot's plan stays hidden from
//! everyone until the reveal, the host included when another tab hosts.
//!
//! Protocol steps (commit a seed, reveal) go at once; a plan and each
//! action wait a moment of bot time so the table can follow.

use std::collections::BTreeMap;

use duel_bots::thunderstruck::{Level, Pilot};
use duel_bots::Difficulty;
use duel_core::thunderstruck::{self as ts, Phase, Planning, Player, Secret};
use duel_core::{Intent, SeatId};
use duel_net::thunder::Desk;

/// Bot time between two bot moves.
const MOVE_MS: u64 = 700;

/// The pilots and desks of the bot seats, built when first needed.
pub struct ThunderBots {
    seats: BTreeMap<SeatId, (Difficulty, Desk, Pilot)>,
    /// Desks kept with the room before a reload, taken when their seat's bot is built.
    kept: BTreeMap<SeatId, Desk>,
    next_at: u64,
}

impl ThunderBots {
    pub fn new() -> ThunderBots {
        ThunderBots { seats: BTreeMap::new(), kept: BTreeMap::new(), next_at: 0 }
    }

    /// Every bot seat's desk as bytes, to keep with the room: a plan a bot
    /// sealed before a reload is still revealed after it (as a person's is).
    pub fn desks(&self) -> Vec<(SeatId, Vec<u8>)> {
        self.seats.iter().map(|(seat, (_, desk, _))| (*seat, desk.to_bytes())).collect()
    }

    /// A desk kept before a reload, for `seat`'s bot when it is next built.
    pub fn keep(&mut self, seat: SeatId, desk: Desk) {
        self.kept.insert(seat, desk);
    }

    /// The next intent one of `seats` sends, if any is due at bot time `clock`.
    pub fn next(
        &mut self,
        duel: &ts::Game,
        seats: &[(SeatId, Difficulty)],
        clock: u64,
        seed: u64,
    ) -> Option<(SeatId, Intent)> {
        for &(seat, level) in seats {
            let fresh = self.seats.get(&seat).is_none_or(|(l, _, _)| *l != level);
            if fresh {
                let player = Player(seat.0);
                let kept = self.kept.remove(&seat).filter(|d| d.player() == player);
                let desk = kept.unwrap_or_else(|| Desk::new(player, master(seed, seat)));
                let pilot = Pilot::new(pilot_level(level), player, seed ^ u64::from(seat.0));
                self.seats.insert(seat, (level, desk, pilot));
            }
        }
        // Protocol steps first: they hold up the whole table.
        for &(seat, _) in seats {
            let (_, desk, _) = self.seats.get(&seat)?;
            if let Some(step) = desk.next_intent(duel) {
                return Some((seat, Intent::Thunderstruck(step)));
            }
        }
        if clock < self.next_at {
            return None;
        }
        for &(seat, _) in seats {
            let (_, desk, pilot) = self.seats.get_mut(&seat)?;
            let player = Player(seat.0);
            let Some(ship) = duel.ship(player) else { continue };
            let intent = match duel.phase() {
                Phase::Planning { beacon: Some(_) } if matches!(ship.planning, Planning::Seeded { .. }) => {
                    let (rerolls, placement) = pilot.plan(duel, &|k| desk.dice(duel, k).unwrap_or_default());
                    desk.seal(duel, rerolls, placement).ok()
                }
                Phase::Action { .. } if duel.waiting_on().contains(&player) => pilot.act(duel),
                _ => None,
            };
            if let Some(intent) = intent {
                self.next_at = clock + MOVE_MS;
                return Some((seat, Intent::Thunderstruck(intent)));
            }
        }
        None
    }
}

/// The lobby's five crew levels onto the pilots' two playing levels: the
/// lower two fly Easy, the rest Hard.
fn pilot_level(level: Difficulty) -> Level {
    match level {
        Difficulty::Learning | Difficulty::Easy => Level::Easy,
        Difficulty::Medium | Difficulty::Skilled | Difficulty::Hard => Level::Hard,
    }
}

/// A bot seat's master secret: derived from this tab's private bot seed
/// (drawn from the browser's crypto RNG), never sent anywhere.
fn master(seed: u64, seat: SeatId) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8] = seat.0;
    bytes[9..13].copy_from_slice(b"tsbt");
    // SHA-256 of it (the rules' seed digest is exactly that hash, tagged).
    Secret(bytes).digest().0
}
