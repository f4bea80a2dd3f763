//! A pump's notices in words: what the replica noticed (events applied,
//! refusals, tampering, a new host) and the seats the owner's bots now cover,
//! turned into what the UI shows, each at its weight (see [`trust_words`]).

use duel_net::{Command, Finding, HostRefusal, Notice, PlayerNo};

use super::api::Pumped;
use super::trust_words::{self, Told};
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
        // The seat as the lobby shows it: its ship first ("Black's seat", or
        // "White's Weapons and Sensors" when a crew shares the ship).
        let what = room
            .and_then(|r| r.config.seats.get(usize::from(seat.0)).map(|spec| (r.config.layout, spec)))
            .map(|(layout, spec)| {
                let ship = crate::ui::names::ship_name(layout, spec.ship);
                if spec.stations.len() == duel_core::station::ALL_STATIONS.len() {
                    format!("{ship}'s seat")
                } else {
                    format!("{ship}'s {}", super::cover::stations_words(spec))
                }
            })
            .unwrap_or_else(|| "that seat".into());
        match holder {
            Some(name) => format!("{name} took {what} a moment before you. Pick another free seat."),
            None => format!("Someone took {what} a moment before you. Pick another free seat."),
        }
    }

    /// A peer's forged election message was refused here: the players are
    /// told in words (it changed nothing, and who still hosts), every kind
    /// refused so far in one line of the trust bar (a guest can send them at
    /// will: they must never push a host's cheat out of it).
    fn forgeries(&mut self, p: &mut Pumped) {
        let refused = self.dev.drain_refused_elections();
        if refused.is_empty() {
            return;
        }
        for why in refused {
            if !self.forged.contains(&why) {
                self.forged.push(why);
            }
        }
        let still = match self.host_name() {
            Some(name) => format!("{name} still hosts the room and the game goes on."),
            None => String::from("The game goes on."),
        };
        p.warnings.push(trust_words::forgeries(&self.forged, &still));
    }

    /// The name of the host this device follows now.
    pub(super) fn host_name(&self) -> Option<String> {
        let room = self.dev.replica.room()?;
        room.host.and_then(|h| room.player(h)).map(|v| v.name.clone())
    }

    fn player_name(&self, player: PlayerNo) -> Option<String> {
        self.dev.replica.room().and_then(|r| r.player(player)).map(|v| v.name.clone())
    }

    /// A player's name, or "Player N" for one the room view no longer lists.
    pub(super) fn name_of(&self, player: PlayerNo) -> String {
        self.player_name(player).unwrap_or_else(|| format!("Player {}", player.0 + 1))
    }

    /// A finding of the dice audit, told at its weight (`now`: when, for its words).
    fn finding(&self, f: &Finding, now: u64, p: &mut Pumped) {
        let host = f.host.and_then(|h| self.player_name(h));
        let at = crate::platform::time_of_day(now);
        match trust_words::finding(f, host.as_deref(), |n| self.player_name(n), &at) {
            Told::Warning(w) => p.warnings.push(w),
            Told::Caution(line) => p.story.push(line),
        }
    }

    pub(super) fn drain(&mut self, now: u64, p: &mut Pumped) {
        self.forgeries(p);
        self.two_tables(p);
        let bots = self.dev.replica.bot_seats_to_drive();
        for notice in self.dev.replica.drain_notices() {
            match notice {
                Notice::Joined { .. } | Notice::Room => p.room_changed = true,
                Notice::Refused(reason) => {
                    p.outdated |= matches!(reason, HostRefusal::Build { .. } | HostRefusal::Version { .. });
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
                    if let (Some(Command::Claim { seat }), HostRefusal::SeatTaken(_)) = (&command, &reason) {
                        p.rejections.push(self.seat_race_lost(*seat));
                    } else if !bot {
                        p.rejections.push(reason.to_string());
                    }
                }
                Notice::DiceTampered { host, .. } => {
                    let name = host.and_then(|h| self.player_name(h));
                    p.warnings.push(trust_words::tampered(host, name.as_deref()));
                }
                Notice::PlanForged { .. } => {
                    let host = self.dev.replica.room().and_then(|r| r.host);
                    p.warnings.push(trust_words::plan_forged(host, self.host_name().as_deref()));
                }
                Notice::DiceUnchecked(finding) => self.finding(&finding, now, p),
                Notice::NewHost { .. } => p.room_changed = true,
                // A false proof is refused and changes nothing, like a forged election: that line.
                Notice::NotTheHost(why) => p.warnings.push(crate::trust::Warning::new(
                    crate::trust::Concern::Forgery,
                    format!(
                        "This peer is not the room's host: {why}. This tab did not follow it nor tell it who you are; it waits for the room's host: the owner the link names, or a host the room elected after it."
                    ),
                )),
                // Altered or made up on the link (issue 43, point 10): refused, or a key put in for ours.
                Notice::Tampered(why) => {
                    let why = why.to_string();
                    let mut words = why.chars();
                    let first = words.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
                    let text = format!("{first}{}.", words.as_str());
                    p.warnings.push(crate::trust::Warning::new(crate::trust::Concern::Forgery, text));
                }
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
