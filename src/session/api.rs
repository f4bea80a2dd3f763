//! What the UI sees of a session, whatever its transport: [`SessionApi`],
//! the outcome of a pump ([`Pumped`]), and what a remote transport tells
//! about its link ([`RoomLink`], in the app's one [`ConnState`]).

use duel_core::thunderstruck::{Intent as ThunderIntent, Placement};
use duel_core::{Event, Game, Intent, Pip, SeatId};
use duel_net::{Command, PeerId, PlayerNo, PlayerToken, RoomView, SeatKey, Timing, Transport};

use super::{BotDriver, Offline};
use crate::net::{ConnState, RoomTransport};

/// A transport that can say how its link to the room is doing and who the
/// host is (offline practice has none: [`Offline`] says so).
pub trait RoomLink: Transport {
    /// The state of the connection (offline practice: [`ConnState::Offline`]),
    /// with the reason a player can read when it failed.
    fn link_state(&self) -> ConnState;
    /// The host's transport id, once known (guests only).
    fn host_peer(&self) -> Option<PeerId>;
    /// This tab's own transport id, once the signalling server gave it one.
    fn my_id(&self) -> Option<PeerId>;
    /// This tab won an election: it hosts now (say so to every peer).
    fn now_hosting(&mut self);
    /// Another device hosts now, at `peer` (this tab stepped down if it hosted).
    fn follow_host(&mut self, peer: PeerId);
    /// Peers this tab can reach directly (offline: none).
    #[cfg(feature = "test-hooks")]
    fn linked(&self) -> usize {
        0
    }
    /// This tab rejoined its room by camera on a new link (issue 45): `link`
    /// takes this transport's place. `Err(link)`: this kind of transport cannot.
    fn adopt(&mut self, link: RoomTransport) -> Result<(), RoomTransport> {
        Err(link)
    }
}

impl RoomLink for Offline {
    fn link_state(&self) -> ConnState {
        ConnState::Offline
    }

    fn host_peer(&self) -> Option<PeerId> {
        None
    }

    fn my_id(&self) -> Option<PeerId> {
        None
    }

    fn now_hosting(&mut self) {}

    fn follow_host(&mut self, _peer: PeerId) {}
}

/// What one pump changed, for the UI to publish.
#[derive(Debug, Default)]
pub struct Pumped {
    pub game_changed: bool,
    pub room_changed: bool,
    /// Events newly applied, with their sequence numbers, in order.
    pub events: Vec<(u64, Event)>,
    /// Reasons the host refused this tab's own (not its bots') commands.
    pub rejections: Vec<String>,
    /// What a peer did that could not be refused (dice that do not match
    /// their commitment, a plan never locked in, a forged message): the
    /// players are told in words, and the words stay on screen (the trust bar).
    pub warnings: Vec<crate::trust::Warning>,
    /// What happened in the room that the story tells, once (dice nobody
    /// can check because their host left before showing its key).
    pub story: Vec<String>,
    /// The host refused the connection.
    pub refused: Option<String>,
    /// What this device's own machinery tells the players, a toast and a line in the story
    /// (the bots' file could not be downloaded, then came: issue 49).
    pub news: Vec<String>,
    /// ... because it runs another build or protocol: a reload fetches this one's successor.
    pub outdated: bool,
    /// Two devices each host this room (issue 43), when that changed:
    /// `Some(Some(line))` offers the other host's table, `Some(None)`: one
    /// game again (the players chose, or the other host left).
    pub two_tables: Option<Option<crate::trust::TwoTables>>,
    /// The host's room changed: time to save it.
    pub save_due: bool,
    /// The room changed hosts: what to tell the player ("The host left. Ann is now hosting.").
    pub handover: Option<String>,
    /// `Some(true)`: this tab hosts now; `Some(false)`: it no longer does (forget its save).
    pub hosting: Option<bool>,
    /// An election is under way: how it stands, in words.
    pub election: Option<String>,
    /// Seats the owner's bots now play for a departed player, or gave back
    /// to one who returned: what to tell the player.
    pub cover: Vec<String>,
    /// This device's quiet person's stations were just offered to a bot
    /// (D46): the toast, which the person taps to keep them.
    pub offered: Option<String>,
}

/// The session as the UI uses it, whatever the transport.
pub trait SessionApi {
    /// Moves the nodes and bots on to `now_ms` (ms since the epoch).
    fn pump(&mut self, now_ms: u64) -> Pumped;
    /// Sends a person's intent for `seat`.
    ///
    /// # Errors
    /// The reason a player can read when the local copy already refuses it.
    fn submit(&mut self, now_ms: u64, seat: SeatId, intent: Intent) -> Result<(), String>;
    /// The person keeps the stations a bot was offered while they were quiet (D46).
    fn keep_stations(&mut self, _now_ms: u64) {}
    /// The player chose the other host's table (two devices host this room,
    /// issue 43): this device follows it, or votes it in and follows.
    ///
    /// # Errors
    /// No other device hosts this room (the choice was made meanwhile).
    fn follow_rival(&mut self, _now_ms: u64) -> Result<(), String> {
        Err(String::from("Only one device hosts this room now."))
    }
    /// A hosting device whose links dropped rejoins its room by camera on
    /// `link` (issue 45): it goes on with its own copy and the election it
    /// won, which proves it to a device that hosted beside it meanwhile (two
    /// tables, and the players choose). Restarting from its save would lose
    /// that election: the two hosts could not even tell each other apart.
    ///
    /// # Errors
    /// `link` back: this device does not host, or its transport cannot.
    fn relink(&mut self, link: RoomTransport) -> Result<(), RoomTransport> {
        Err(link)
    }
    /// Sends a lobby command (claim, release, edit, start).
    ///
    /// # Errors
    /// Why it could not be sent (not joined yet, too many waiting).
    fn command(&mut self, now_ms: u64, command: Command) -> Result<(), String>;
    fn game(&self) -> Option<&Game>;
    fn room(&self) -> Option<&RoomView>;
    fn me(&self) -> Option<PlayerNo>;
    /// Whether this tab owns the room (edits the lobby, drives the bots).
    fn is_owner(&self) -> bool;
    fn bots(&mut self) -> &mut BotDriver;
    fn bots_ref(&self) -> &BotDriver;
    /// The host's save, when this tab hosts.
    fn save(&self) -> Option<Vec<u8>>;
    /// The host's whole event log, when this tab hosts (the result screen after a reload).
    fn history(&self) -> &[Event];
    /// Thunderstruck: seals the plan of this device's person with its desk,
    /// `placement` after `rerolls` rerolls; the seat and the `SealPlan` to send.
    ///
    /// # Errors
    /// This device flies no ship in a duel, or the rules' reason in words.
    fn seal_plan(&mut self, _rerolls: u8, _placement: Placement) -> Result<(SeatId, ThunderIntent), String> {
        Err(String::from("This device flies no ship in this duel."))
    }
    /// Thunderstruck: the person's dice this round after `rerolls` rerolls.
    fn duel_dice(&self, _rerolls: u8) -> Option<Vec<Pip>> {
        None
    }
    /// Thunderstruck: the plan the person sealed this round (its rerolls, its placement).
    fn duel_plan(&self) -> Option<(u8, Placement)> {
        None
    }
    /// This device's copy of the game: the position it began from (after
    /// that many events) and every event since (what a saved game keeps).
    fn copy(&self) -> Option<(u64, &Game, &[Event])>;
    /// The replay being watched, when this session is one.
    fn as_replay(&mut self) -> Option<&mut super::ReplaySession> {
        None
    }
    /// The host's timing (the deadline countdowns).
    fn timing(&self) -> Timing;
    /// The link to the room as of the last pump.
    fn link_state(&self) -> ConnState;
    /// The last event the replica applied (test hooks).
    #[cfg(feature = "test-hooks")]
    fn head(&self) -> u64;
    /// Commands and intents the replica sent that the host has not answered yet.
    fn pending(&self) -> usize;
    /// Guest: the host's transport id while linked to it (test hooks).
    #[cfg(feature = "test-hooks")]
    fn host_peer(&self) -> Option<PeerId>;
    /// Peers this tab reaches directly (test hooks: a room's mesh is whole).
    #[cfg(feature = "test-hooks")]
    fn linked(&self) -> usize;
    /// How the succession stands, for a failing test's message (test hooks).
    #[cfg(feature = "test-hooks")]
    fn election_report(&self, _now: u64) -> String {
        String::new()
    }
    /// Test hooks: this tab plays the adversary and sends the room a forged
    /// election message (`election`, `batch`, `hosting`), or elects itself
    /// with its own ballot alone and hosts its own copy (`self-election`);
    /// how many peers got it.
    ///
    /// # Errors
    /// Not in a room, or no such forgery.
    #[cfg(feature = "test-hooks")]
    fn forge(&mut self, _now_ms: u64, _kind: &str) -> Result<usize, String> {
        Err(String::from("not in a room"))
    }
    /// Test hooks: this tab's host cheats from now on (`strip-seals`,
    /// `omit-marks`, `no-hashes`, `uncommitted-key`).
    ///
    /// # Errors
    /// This tab does not host, or no such cheat.
    #[cfg(feature = "test-hooks")]
    fn cheat(&mut self, _kind: &str) -> Result<(), String> {
        Err(String::from("not in a room"))
    }
    /// Test hooks: the bound after which this device's quiet person's
    /// stations are offered to a bot (D46; `None` keeps it), and the stations
    /// offered now.
    #[cfg(feature = "test-hooks")]
    fn quiet(&mut self, _after_ms: Option<u64>) -> Vec<duel_core::Station> {
        Vec::new()
    }
    /// The epoch of the host this tab follows, and whether this tab hosts (test hooks).
    #[cfg(feature = "test-hooks")]
    fn hosting(&self) -> (u32, bool);
}

/// Who is playing in this tab: its token and seat key are one identity (a
/// room lets the token back in only with that key, issue 43).
#[derive(Clone, Debug)]
pub struct Identity {
    pub token: PlayerToken,
    /// Signs this device's election votes and nonce chains (`net::saves::seat_key`).
    pub key: SeatKey,
    pub name: String,
}
