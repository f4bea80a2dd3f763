//! A room as this tab runs it: the host when this tab created the room (the
//! authoritative game), always one replica (what the UI shows and where
//! every click goes), and the bot crews for the seats the room owner drives.
//!
//! Generic over the remote [`Transport`], so offline practice ([`Offline`])
//! and an online room (the WebRTC transport of `src/net`) run the same code.
//! No clock and no storage in here: the caller passes `now_ms` and stores
//! [`SessionApi::save`]. The UI sees the session through [`SessionApi`].

mod api;
mod bots;
mod bots_file;
mod cover;
#[cfg(feature = "test-hooks")]
mod forge;
pub(crate) mod handover;
mod idle;
#[cfg(test)]
mod idle_tests;
mod kind;
mod link;
mod notices;
mod open;
mod options;
pub mod practice;
pub mod replay;
mod rival;
#[cfg(test)]
mod station_tests;
#[cfg(test)]
mod tests;
mod thunder_bots;
mod thunder_desk;
#[cfg(test)]
mod thunder_desk_tests;
#[cfg(test)]
mod thunder_tests;
pub(crate) mod trust_words;

use std::collections::VecDeque;

use crate::net::ConnState;
use crate::platform::full_app::LOADED;
use duel_core::thunderstruck::{Intent as ThunderIntent, Placement};
use duel_core::{Event, Game, Intent, Pip, SeatId};
use duel_net::{
    Command, Device, Epoch, Handover, Host, PeerId, PlayerNo, RoomView, Standing, SubmitError, Timing,
    Transport,
};

pub use api::{Identity, Pumped, RoomLink, SessionApi};
pub use bots::{bot_level, difficulty, BotDriver, BotPace};
pub use duel_bots::suggest_token;
pub use kind::SessionKind;
pub use link::Offline;
pub use options::Options;
pub use replay::ReplaySession;

/// The build id peers must share (the rules code must agree byte for byte).
pub const BUILD: &str = concat!("dice-duel/", env!("CARGO_PKG_VERSION"));

/// This tab's transport id until the remote transport has one (offline
/// practice never does). Remote ids are random 128-bit numbers, so this
/// never meets one.
const LOCAL_ME: PeerId = PeerId(1);

/// Bot intents sent per pump at most (each followed by a host round trip).
const BOT_ACTIONS_PER_PUMP: usize = 12;

/// A room run by this tab. See the module docs.
pub struct Session<T: Transport> {
    /// The replica, the host while this tab hosts, and its part in electing
    /// a successor when the host goes silent.
    dev: Device<T>,
    bots: BotDriver,
    /// Commands to send as soon as the host welcomes us (a one-tap practice start).
    script: VecDeque<Command>,
    timing: Timing,
    host_head: u64,
    host_room: u32,
    /// The remote link's state as of the last pump.
    link: ConnState,
    /// Seats the owner's bots cover for departed players, as last told.
    cover: cover::CoverWatch,
    /// This device's person, and the stations a bot works while they are quiet (D46).
    idle: idle::IdleSeat,
    /// Every kind of forged election message refused here (one line tells them all).
    forged: Vec<duel_net::Forgery>,
    /// Two devices host this room: what the players were told, and chose.
    rival: rival::RivalWatch,
    /// The room's name (a practice's is empty): where the person's desk is kept.
    room_name: String,
    /// Thunderstruck: the person's seat and secrets, once a duel needs them.
    desk: Option<thunder_desk::ThunderDesk>,
}

impl<T: RoomLink> Session<T> {
    /// Queues commands sent once the host has welcomed this tab.
    pub fn then(mut self, commands: impl IntoIterator<Item = Command>) -> Session<T> {
        self.script.extend(commands);
        self
    }

    /// Pumps the device (its in-tab host answers within the same call).
    fn cycle(&mut self, now: u64, p: &mut Pumped) {
        if let Some(id) = self.dev.transport.my_id() {
            self.dev.rebind(now, id);
        }
        if !self.dev.is_host() {
            // A guest learns the host's transport id from the signalling (it
            // changes when the host's tab reconnects); after an election the
            // transport is told the winner, so the two agree.
            if let Some(peer) = self.dev.transport.host_peer() {
                self.dev.host_peer = peer;
            }
        }
        self.link = self.dev.transport.link_state();
        // Whether this device hosted before this pump: a host tab that came back
        // and finds another host is told so in its own words.
        let was_host = self.dev.is_host();
        // Who hosted before this pump: the news names who left.
        let left = self.host_name();
        let tables = self.dev.rival();
        self.dev.pump(now);
        for handover in self.dev.drain_handovers() {
            match handover {
                Handover::Hosting { .. } => {
                    self.dev.transport.now_hosting();
                    // The bots the old host ran are this tab's to run now.
                    self.bots.set_paused(false);
                    self.timing = self.dev.replica.room().map_or(self.timing, |r| r.timing);
                    p.hosting = Some(true);
                    p.handover = Some(handover::now_hosting(left.as_deref()));
                }
                Handover::Following { host, epoch } => {
                    let peer = self.dev.host_peer;
                    self.dev.transport.follow_host(peer);
                    p.hosting = Some(false);
                    let host = self.name_of(host);
                    p.handover = handover::now_following(&host, left.as_deref(), was_host, epoch > Epoch(0));
                }
            }
            p.room_changed = true;
        }
        self.tables_joined(tables, p);
        p.election = match self.dev.standing() {
            Standing::Quiet => None,
            Standing::Campaigning { have, need, .. } => Some(format!(
                "The host is not answering. Taking over: {have} of the {need} players needed have agreed."
            )),
            Standing::Catching { .. } => {
                Some("The host is not answering. Taking over: catching up on the game.".into())
            }
        };
        self.drain(now, p);
    }

    fn run_script(&mut self, now: u64, p: &mut Pumped) {
        if self.dev.replica.me().is_none() {
            return;
        }
        while let Some(command) = self.script.pop_front() {
            if self.dev.command(now, command).is_err() {
                break;
            }
            self.cycle(now, p);
        }
    }

    fn run_bots(&mut self, now: u64, p: &mut Pumped) {
        self.bots.advance(now);
        p.news.extend(bots_file::news().map(String::from));
        for _ in 0..BOT_ACTIONS_PER_PUMP {
            let seats = self.dev.replica.bot_seats_to_drive();
            if let Some(room) = self.dev.replica.room() {
                self.bots.follow(room, &seats);
            }
            let humans = self.dev.replica.room().map(cover::held_by_people).unwrap_or_default();
            let Some(game) = self.dev.replica.game() else { return };
            let Some((seat, intent)) = self.bots.next(game, &seats, &humans) else { return };
            // A bot acting on a copy a moment old may be refused: it simply tries again.
            let _ = self.dev.submit(now, seat, intent);
            self.cycle(now, p);
        }
    }
}

fn submit_error(e: SubmitError) -> String {
    e.to_string()
}

impl<T: RoomLink> SessionApi for Session<T> {
    fn pump(&mut self, now_ms: u64) -> Pumped {
        let mut p = Pumped::default();
        self.cycle(now_ms, &mut p);
        self.run_script(now_ms, &mut p);
        self.run_bots(now_ms, &mut p);
        self.run_desk(now_ms, &mut p);
        self.run_offer(now_ms, &mut p);
        if let Some(h) = &self.dev.host {
            let (head, room) = (h.head().0, h.room().version);
            if (head, room) != (self.host_head, self.host_room) {
                self.host_head = head;
                self.host_room = room;
                p.save_due = true;
            }
        }
        p
    }

    fn submit(&mut self, now_ms: u64, seat: SeatId, intent: Intent) -> Result<(), String> {
        self.dev.submit(now_ms, seat, intent).map_err(submit_error)?;
        self.idle.acted(now_ms);
        Ok(())
    }

    fn keep_stations(&mut self, now_ms: u64) {
        self.idle.acted(now_ms);
    }

    fn command(&mut self, now_ms: u64, command: Command) -> Result<(), String> {
        self.dev.command(now_ms, command).map_err(submit_error)?;
        Ok(())
    }

    fn follow_rival(&mut self, now_ms: u64) -> Result<(), String> {
        self.take_other_table(now_ms)
    }

    fn relink(&mut self, link: crate::net::RoomTransport) -> Result<(), crate::net::RoomTransport> {
        self.rejoin_hosting(link)
    }

    fn game(&self) -> Option<&Game> {
        self.dev.replica.game()
    }

    #[cfg(feature = "test-hooks")]
    fn head(&self) -> u64 {
        self.dev.replica.head().0
    }

    fn room(&self) -> Option<&RoomView> {
        self.dev.replica.room()
    }

    fn me(&self) -> Option<PlayerNo> {
        // While it joins a new host again after an election this device is still
        // that player (the number never changes in a room): its screen keeps its seats.
        self.dev.replica.known_as()
    }

    fn is_owner(&self) -> bool {
        match (self.room(), self.me()) {
            (Some(room), Some(me)) => room.owner == Some(me),
            _ => false,
        }
    }

    fn bots(&mut self) -> &mut BotDriver {
        &mut self.bots
    }

    fn bots_ref(&self) -> &BotDriver {
        &self.bots
    }

    fn save(&self) -> Option<Vec<u8>> {
        self.dev.host.as_ref().map(Host::save)
    }

    fn history(&self) -> &[Event] {
        match &self.dev.host {
            Some(host) => host.log(),
            None => &[],
        }
    }

    // Only the full app plays Thunderstruck (issue 32): the constant leaves the person's
    // desk out of the practice and base files, which never see a duel to seal.
    fn seal_plan(&mut self, rerolls: u8, placement: Placement) -> Result<(SeatId, ThunderIntent), String> {
        if !LOADED {
            return Err("Thunderstruck Duel needs the full app: reload the page".into());
        }
        self.seal_with_desk(rerolls, placement)
    }

    fn duel_dice(&self, rerolls: u8) -> Option<Vec<Pip>> {
        LOADED.then(|| self.desk_dice(rerolls)).flatten()
    }

    fn duel_plan(&self) -> Option<(u8, Placement)> {
        LOADED.then(|| self.desk_plan()).flatten()
    }

    fn copy(&self) -> Option<(u64, &Game, &[Event])> {
        self.dev.replica.history().map(|(base, game, events)| (base.0, game, events))
    }

    fn timing(&self) -> Timing {
        self.timing
    }

    fn link_state(&self) -> ConnState {
        self.link.clone()
    }

    fn pending(&self) -> usize {
        self.dev.replica.pending()
    }

    #[cfg(feature = "test-hooks")]
    fn hosting(&self) -> (u32, bool) {
        (self.dev.replica.epoch().0, self.dev.is_host())
    }

    #[cfg(feature = "test-hooks")]
    fn linked(&self) -> usize {
        self.dev.transport.linked()
    }

    #[cfg(feature = "test-hooks")]
    fn forge(&mut self, now_ms: u64, kind: &str) -> Result<usize, String> {
        self.forge_now(now_ms, kind)
    }

    #[cfg(feature = "test-hooks")]
    fn cheat(&mut self, kind: &str) -> Result<(), String> {
        let cheat = forge::cheat_named(kind)?;
        self.dev.host.as_mut().ok_or("this tab does not host")?.cheat(cheat);
        Ok(())
    }

    #[cfg(feature = "test-hooks")]
    fn election_report(&self, now: u64) -> String {
        self.report_election(now)
    }

    #[cfg(feature = "test-hooks")]
    fn quiet(&mut self, after_ms: Option<u64>) -> Vec<duel_core::Station> {
        self.idle.for_test(after_ms)
    }

    #[cfg(feature = "test-hooks")]
    fn host_peer(&self) -> Option<PeerId> {
        if self.dev.is_host() {
            None
        } else {
            self.dev.transport.host_peer()
        }
    }
}
