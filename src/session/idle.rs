//! A person who has gone quiet at a table of friends (D46): once they have
//! sent nothing, and nobody has acted at a station of theirs, for
//! [`IDLE_OFFER_MS`], this device's own bot works that station for them
//! (their own seat: the host cannot tell it from their clicks), with a toast
//! they can tap to keep it. Their next action takes every station back.
//!
//! Only at a table with someone else seated: practice and lessons wait for
//! their one player however long they think.

use duel_bots::{IdleOffer, IDLE_OFFER_MS};
use duel_core::{SeatId, Station};
use duel_net::{PlayerNo, RoomView, SeatHolder};

use super::{difficulty, Pumped, RoomLink, Session};

/// Bot intents sent for an idle person per pump at most.
const OFFER_ACTIONS_PER_PUMP: usize = 4;

/// This device's person and the stations offered for them.
pub(super) struct IdleSeat {
    offer: IdleOffer,
    /// The bound ([`IDLE_OFFER_MS`]; a test may shorten it).
    after_ms: u64,
    /// Said on the next pump: the stations are the person's again.
    reclaimed: Option<String>,
}

impl Default for IdleSeat {
    fn default() -> IdleSeat {
        IdleSeat { offer: IdleOffer::new(IDLE_OFFER_MS), after_ms: IDLE_OFFER_MS, reclaimed: None }
    }
}

impl IdleSeat {
    /// The person acted (or tapped "keep them"): every station is theirs again.
    pub(super) fn acted(&mut self, now: u64) {
        let stations = self.offer.offered().to_vec();
        if self.offer.acted(now) {
            self.reclaimed = Some(format!("{} {} yours again.", words(&stations), are(&stations)));
        }
    }

    /// Test hooks: a browser test shortens the bound (`Some`: the person's
    /// quiet starts again from now) rather than wait 30 s of wall clock; the
    /// toast names the bound in force. Returns the stations offered now.
    #[cfg(feature = "test-hooks")]
    pub(super) fn for_test(&mut self, after_ms: Option<u64>) -> Vec<Station> {
        if let Some(ms) = after_ms {
            *self = IdleSeat { offer: IdleOffer::new(ms), after_ms: ms, reclaimed: None };
        }
        self.offer.offered().to_vec()
    }
}

/// Whether someone besides `me` holds a seat (a table of friends, not practice).
fn others_seated(room: &RoomView, me: PlayerNo) -> bool {
    room.seats.iter().any(|h| matches!(h, SeatHolder::Player(p) if *p != me))
}

impl<T: RoomLink> Session<T> {
    /// Offers this device's idle person's stations to a bot, and runs that bot.
    pub(super) fn run_offer(&mut self, now: u64, p: &mut Pumped) {
        if let Some(text) = self.idle.reclaimed.take() {
            p.cover.push(text);
        }
        let (Some(room), Some(me)) = (self.dev.replica.room(), self.dev.replica.me()) else { return };
        if !room.started || !others_seated(room, me) || self.bots.paused() {
            return;
        }
        let level = difficulty(room.bots.cover.unwrap_or_default());
        let seats: Vec<SeatId> = room.seats_of(me);
        let Some(game) = self.dev.replica.game() else { return };
        if game.thunderstruck().is_some() {
            return;
        }
        if let Some(new) = self.idle.offer.poll(game, &seats, now) {
            p.offered = Some(offer_words(&new, self.idle.after_ms));
        }
        for _ in 0..OFFER_ACTIONS_PER_PUMP {
            let stations = self.idle.offer.offered().to_vec();
            let Some(game) = self.dev.replica.game() else { return };
            if stations.is_empty() {
                return;
            }
            let Some((seat, intent)) = self.bots.work_for(game, &seats, &stations, level) else { return };
            // Sent like the owner's bots: a stale copy's refusal is simply tried again.
            let _ = self.dev.submit(now, seat, intent);
            self.cycle(now, p);
        }
    }
}

/// The toast for stations newly offered to a bot after `after_ms` of quiet.
fn offer_words(stations: &[Station], after_ms: u64) -> String {
    format!(
        "You have been quiet for {} s: a bot works {} for you until you play. Tap here to keep {}.",
        after_ms / 1000,
        words(stations),
        if stations.len() == 1 { "it" } else { "them" }
    )
}

fn are(stations: &[Station]) -> &'static str {
    if stations.len() == 1 {
        "is"
    } else {
        "are"
    }
}

/// "Weapons, Sensors and Engineering".
fn words(stations: &[Station]) -> String {
    let names: Vec<&str> = stations.iter().map(|s| s.name()).collect();
    super::cover::and_list(&names, "your stations")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offer_and_the_return_are_said_in_words() {
        assert_eq!(
            offer_words(&[Station::Weapons, Station::Sensors], IDLE_OFFER_MS),
            "You have been quiet for 30 s: a bot works Weapons and Sensors for you until you play. \
             Tap here to keep them."
        );
        assert!(offer_words(&[Station::Helm], IDLE_OFFER_MS).ends_with("Tap here to keep it."));
        assert!(
            offer_words(&[Station::Helm], 5_000).starts_with("You have been quiet for 5 s:"),
            "the bound in force"
        );
        let mut idle = IdleSeat::default();
        idle.acted(0);
        assert_eq!(idle.reclaimed, None, "nothing was offered");
    }
}
