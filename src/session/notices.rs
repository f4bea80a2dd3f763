//! A pump's notices in words: what the replica noticed (events applied,
//! refusals, tampering, a new host) and the seats the owner's bots now cover,
//! turned into what the UI shows.

use duel_net::{Command, Notice, Refusal};

use super::api::Pumped;
use super::{Remote, Session};

impl<T: Remote> Session<T> {
    /// Two phones tapped Take on one seat at once and this one lost: say who
    /// has it, in the seat's own words, not "seat 3 is taken".
    fn seat_race_lost(&self, seat: duel_core::SeatId) -> String {
        let room = self.dev.replica.room();
        let holder = room.and_then(|r| match r.seats.get(usize::from(seat.0)) {
            Some(duel_net::SeatHolder::Player(p)) => r.player(*p).map(|v| v.name.clone()),
            _ => None,
        });
        let what = room
            .and_then(|r| r.config.seats.get(usize::from(seat.0)))
            .map(super::cover::stations_words)
            .unwrap_or_else(|| "That seat".into());
        match holder {
            Some(name) => format!("{name} took {what} a moment before you. Pick another free seat."),
            None => format!("Someone took {what} a moment before you. Pick another free seat."),
        }
    }

    pub(super) fn drain(&mut self, p: &mut Pumped) {
        let bots = self.dev.replica.bot_seats_to_drive();
        for notice in self.dev.replica.drain_notices() {
            match notice {
                Notice::Joined { .. } | Notice::Room => p.room_changed = true,
                Notice::Refused(reason) => {
                    p.outdated |= matches!(reason, Refusal::Build { .. } | Refusal::Version { .. });
                    p.refused = Some(reason.to_string());
                }
                // A snapshot's events happened before we looked: show the state, narrate nothing.
                Notice::Synced { .. } => p.game_changed = true,
                Notice::Applied { from, to } => {
                    p.events.extend(self.dev.replica.events(from, to));
                    p.game_changed = true;
                }
                Notice::Rejected { command, reason, .. } => {
                    let bot = matches!(&command, Some(Command::Intent { seat, .. }) if bots.contains(seat));
                    if let (Some(Command::Claim { seat }), Refusal::SeatTaken(_)) = (&command, &reason) {
                        p.rejections.push(self.seat_race_lost(*seat));
                    } else if !bot {
                        p.rejections.push(reason.to_string());
                    }
                }
                Notice::DiceTampered { at } => p.rejections.push(format!(
                    "Warning: the host's dice at event {} are not the ones it committed to. \
                     Its rolls cannot be trusted.",
                    at.0
                )),
                Notice::PlanForged { at } => p.rejections.push(format!(
                    "Warning: the host's event {} reveals a plan its player never locked in. \
                     This duel cannot be trusted.",
                    at.0
                )),
                Notice::DiceUnchecked(finding) => p.rejections.push(format!("Warning: {finding}")),
                Notice::NewHost { .. } => p.room_changed = true,
                Notice::Accepted { .. } | Notice::Desync { .. } => {}
            }
        }
        if p.room_changed || p.game_changed {
            if let (Some(room), Some(game)) = (self.dev.replica.room(), self.dev.replica.game()) {
                p.cover.extend(self.cover.update(room, game, self.dev.replica.me()));
            }
        }
    }
}
