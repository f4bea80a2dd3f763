//! Two devices each host the room (issue 43): a room of two cut in half
//! while both tabs ran, or a guest that elected itself while its host was
//! live. No rule can tell which should keep it, so both screens name the
//! other host and offer its table; the player who taps it brings this
//! device to that table (`Device::follow_rival`), and the line goes once
//! the room is one again.

use duel_net::{PlayerNo, Rival};

use super::api::Pumped;
use super::trust_words;
use super::{RoomLink, Session};
use crate::net::RoomTransport;

/// What this device's player was told of another host, and chose.
#[derive(Debug, Default)]
pub(super) struct RivalWatch {
    /// The other host as last told, and whether this player had chosen it.
    told: Option<(PlayerNo, bool)>,
    /// The other host whose table this player chose.
    chose: Option<PlayerNo>,
}

impl<T: RoomLink> Session<T> {
    /// Tells the players when another device starts or stops hosting this
    /// room beside this one, naming it.
    pub(super) fn two_tables(&mut self, p: &mut Pumped) {
        let rival = self.dev.rival().map(|r| r.host);
        if rival.is_none() {
            self.rival.chose = None;
        }
        let now = rival.map(|host| (host, self.rival.chose == Some(host)));
        if now == self.rival.told {
            return;
        }
        self.rival.told = now;
        p.two_tables = Some(now.map(|(host, chosen)| trust_words::two_tables(&self.name_of(host), chosen)));
    }

    /// This device, hosting, rejoined its room by camera (issue 45): it goes
    /// on over `link` with its own copy and the election it won, which the
    /// other host checks before both screens offer the two tables (see
    /// `SessionApi::relink`). The next pump rebinds the device to the link's id.
    pub(super) fn rejoin_hosting(&mut self, link: RoomTransport) -> Result<(), RoomTransport> {
        if !self.dev.is_host() {
            return Err(link);
        }
        self.dev.transport.adopt(link)
    }

    /// The player chose the other host's table.
    pub(super) fn take_other_table(&mut self, now: u64) -> Result<(), String> {
        let rival = self.dev.rival().ok_or("Only one device hosts this room now.")?;
        self.dev.follow_rival(now);
        self.rival.chose = Some(rival.host);
        Ok(())
    }

    /// The room is one again after two tables (`before`: the other host as
    /// this pump began): the news says so in its own words, not "Ann left"
    /// or "while this device was away" (nobody left; a player chose).
    pub(super) fn tables_joined(&self, before: Option<Rival>, p: &mut Pumped) {
        let Some(other) = before.map(|r| r.host).or(self.rival.chose) else { return };
        let name = self.name_of(other);
        p.handover = Some(match p.hosting {
            Some(false) => format!("One game again: you play on at {name}'s table."),
            Some(true) => {
                format!(
                    "One game again: {name} chose your table, so this device hosts it: keep this tab open."
                )
            }
            None if self.dev.rival().is_none() => format!("One game again: {name} chose your table."),
            None => return,
        });
    }
}
