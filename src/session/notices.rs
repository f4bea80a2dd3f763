//! A pump's notices in words: what the replica noticed (events applied,
//! refusals, tampering, a new host) and the seats the owner's bots now cover,
//! turned into what the UI shows.

use duel_net::{Command, Notice, Refusal};

use super::api::Pumped;
use super::{RoomLink, Session};

impl<T: RoomLink> Session<T> {
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

    /// A peer's forged election message was refused here: the players are
    /// told in words (it changed nothing, and who still hosts), each kind once
    /// per pump (the trust bar shows a repeated sentence once).
    fn forgeries(&mut self, p: &mut Pumped) {
        let refused = self.dev.drain_refused_elections();
        if refused.is_empty() {
            return;
        }
        let room = self.dev.replica.room();
        let host = room.and_then(|r| r.host.and_then(|h| r.player(h))).map(|v| v.name.clone());
        let still = match host {
            Some(name) => format!("{name} still hosts the room and the game goes on."),
            None => String::from("The game goes on."),
        };
        for why in refused {
            p.warnings.push(format!("Warning: {why}. This device refused it and nothing changed: {still}"));
        }
    }

    pub(super) fn drain(&mut self, p: &mut Pumped) {
        self.forgeries(p);
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
                Notice::DiceTampered { at, .. } => p.warnings.push(format!(
                    "Warning: the host's dice at event {} are not the ones it committed to. \
                     Its rolls cannot be trusted.",
                    at.0
                )),
                Notice::PlanForged { at } => p.warnings.push(format!(
                    "Warning: the host's event {} reveals a plan its player never locked in. \
                     This duel cannot be trusted.",
                    at.0
                )),
                // A host that left before showing its last key: true after every
                // honest migration too, so a note, not a warning (nobody is
                // accused), and in the trust bar, not a toast: one toast shows at
                // a time, and this would replace "The host left. Bo is now hosting.".
                Notice::DiceUnchecked(finding) if finding.why == duel_net::AuditFinding::HostGone => {
                    p.warnings.push(format!(
                        "Note: {finding} They stand as rolled; the new host's dice are checked as before."
                    ));
                }
                Notice::DiceUnchecked(finding) => p.warnings.push(format!(
                    "Warning: {finding} From here on, treat the host's rolls as its own choice: finish the \
                     game if you like, or leave and play on in a room someone else hosts."
                )),
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
