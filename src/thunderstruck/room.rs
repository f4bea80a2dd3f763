//! Thunderstruck on the room's host (R23): this device's seat, its secrets,
//! and the room it plays in (`practice` for this tab's own). The duel comes
//! from the replica (every device holds one); intents go through the
//! session like any other. The seat's [`Desk`] stays in this browser's
//! `localStorage`, keyed by room and seat, so a reloaded tab can still
//! reveal the plan it sealed.

use duel_core::thunderstruck::{Game, Intent, Player};
use duel_core::SeatId;
use duel_net::thunder::Desk;

use crate::platform::{random, storage};

/// This device's seat in a Thunderstruck room.
pub struct RoomSeat {
    pub seat: SeatId,
    desk: Desk,
    key: String,
}

impl RoomSeat {
    /// The seat's desk as kept for `room`, or a new one from the browser's
    /// crypto RNG (always a new one for a `fresh` duel: a secret from an
    /// earlier duel is never used twice).
    pub fn open(room: &str, seat: SeatId, fresh: bool) -> RoomSeat {
        let key = format!("dice-duel/ts-desk/{room}/{}", seat.0);
        let player = Player(seat.0);
        let saved = storage::get(&key)
            .filter(|_| !fresh)
            .and_then(|text| from_hex(&text))
            .and_then(|b| Desk::from_bytes(&b));
        let mut seat = RoomSeat { seat, desk: Desk::new(player, [0; 32]), key };
        match saved.filter(|d| d.player() == player) {
            Some(desk) => seat.desk = desk,
            None => seat.renew(),
        }
        seat
    }

    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    /// A new desk for a new duel (a rematch in the same tab): a secret from
    /// the duel before is never used twice.
    pub fn renew(&mut self) {
        let mut master = [0u8; 32];
        random::fill(&mut master);
        self.desk = Desk::new(self.desk.player(), master);
        self.keep();
    }

    /// The protocol step due now (commit a seed, reveal the sealed plan).
    pub fn step(&self, duel: &Game) -> Option<Intent> {
        self.desk.next_intent(duel)
    }

    /// Seals `placement` after `rerolls`; the intent to send, or why not.
    pub fn seal(
        &mut self,
        duel: &Game,
        rerolls: u8,
        placement: duel_core::thunderstruck::Placement,
    ) -> Result<Intent, duel_core::thunderstruck::ThunderRuleError> {
        let intent = self.desk.seal(duel, rerolls, placement)?;
        self.keep();
        Ok(intent)
    }

    /// Writes the desk (a failed write only costs the reveal after a reload).
    fn keep(&self) {
        let _ = storage::set(&self.key, &to_hex(&self.desk.to_bytes()));
    }
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let bytes = vec![0, 1, 0xab, 0xff];
        assert_eq!(from_hex(&to_hex(&bytes)), Some(bytes));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
    }
}
