//! What the UI sees of a session, whatever its transport: [`SessionApi`],
//! the outcome of a pump ([`Pumped`]), and the link's state ([`LinkState`],
//! [`Remote`]).

use duel_core::{Event, Game, Intent, SeatId};
use duel_net::{Command, PeerId, PlayerNo, PlayerToken, RoomView, Timing, Transport};

use super::{BotDriver, Offline};

/// How the link to the room's host is doing, as the lobby and header show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// This tab is the host and nobody else is needed (practice).
    Offline,
    Connecting,
    Connected,
    /// The host has not answered for a while.
    HostAway,
    Reconnecting,
    Failed,
}

impl LinkState {
    /// A short label for the UI.
    pub fn label(self) -> &'static str {
        match self {
            LinkState::Offline => "offline",
            LinkState::Connecting => "connecting…",
            LinkState::Connected => "connected",
            LinkState::HostAway => "host not answering",
            LinkState::Reconnecting => "reconnecting…",
            LinkState::Failed => "connection failed",
        }
    }
}

/// A remote transport that can say how it is doing and who the host is.
pub trait Remote: Transport {
    /// The state of the connection (offline practice: [`LinkState::Offline`]).
    fn link_state(&self) -> LinkState;
    /// The host's transport id, once known (guests only).
    fn host_peer(&self) -> Option<PeerId>;
    /// Why the link failed, in words a player can read.
    fn link_note(&self) -> Option<String> {
        None
    }
}

impl Remote for Offline {
    fn link_state(&self) -> LinkState {
        LinkState::Offline
    }

    fn host_peer(&self) -> Option<PeerId> {
        None
    }
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
    /// The host refused the connection.
    pub refused: Option<String>,
    /// The host's room changed: time to save it.
    pub save_due: bool,
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
    /// Sends a lobby command (claim, release, edit, start).
    ///
    /// # Errors
    /// Why it could not be sent (not joined yet, too many waiting).
    fn command(&mut self, now_ms: u64, command: Command) -> Result<(), String>;
    fn game(&self) -> Option<&Game>;
    /// The last event the replica applied.
    fn head(&self) -> u64;
    fn room(&self) -> Option<&RoomView>;
    fn me(&self) -> Option<PlayerNo>;
    /// Whether this tab owns the room (edits the lobby, drives the bots).
    fn is_owner(&self) -> bool;
    fn bots(&mut self) -> &mut BotDriver;
    fn bots_ref(&self) -> &BotDriver;
    /// The host's save, when this tab hosts.
    fn save(&self) -> Option<Vec<u8>>;
    /// The host's whole event log, when this tab hosts (the result screen after a reload).
    fn history(&self) -> Vec<Event>;
    /// The host's timing (the deadline countdowns).
    fn timing(&self) -> Timing;
    fn link_state(&self) -> LinkState;
    /// Why the link failed, if it did.
    fn link_note(&self) -> Option<String>;
}

/// Who is playing in this tab.
#[derive(Clone, Debug)]
pub struct Player {
    pub token: PlayerToken,
    pub name: String,
}
