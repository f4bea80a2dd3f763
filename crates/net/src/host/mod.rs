//! The host: a state machine that takes datagrams and clock ticks and
//! returns datagrams. It owns the room (players, seats, the lobby or the
//! game), never touches a socket or a clock, and never calls the app: bots
//! and the host's own player reach it as peers, through a loopback.
//!
//! Lobby handling is in [`lobby`], the game in [`game`], message dispatch
//! in [`handle`], persistence in [`save`].

mod admit;
mod book;
mod bump;
#[cfg(any(test, feature = "test-support"))]
mod cheat;
mod game;
mod handle;
mod heads;
mod keys;
mod lobby;
mod outbox;
mod restored_election;
mod roster;
mod save;
mod seating;
mod seats;
mod signed;
mod succeed;
mod thunder;

#[cfg(any(test, feature = "test-support"))]
pub use cheat::Cheat;
pub use lobby::MAX_SEATS;
pub use outbox::Outbound;
pub use roster::MAX_NAME;
pub use save::RestoreError;

use duel_core::{Event, Game, GameConfig, SeatId, Setup};
use serde::{Deserialize, Serialize};

use crate::fair::token_proof;
use crate::hash::Hash32;
use crate::ids::{Epoch, PeerId, PlayerNo, PlayerToken, Seq};
use crate::wire::{BotPlan, RoomView, SeatHolder, Timing};
use game::Match;
use keys::Keys;
use lobby::Lobby;
use outbox::Outbox;
use roster::Roster;
use seats::Seats;

/// Everything a room is created with.
#[derive(Clone, Debug, PartialEq)]
pub struct HostConfig {
    /// The app's build id; peers with another one are refused (they must reload).
    pub build: String,
    /// The room owner's token: the only player who may edit the lobby and
    /// start, and the one whose app drives the bot seats.
    pub owner: PlayerToken,
    /// Seed for the host's dice secrets (the app draws it from the browser's crypto RNG).
    pub seed: u64,
    /// The room's name: it enters every roll, so a secret is worth nothing elsewhere.
    pub room: String,
    /// Most players (seated or spectating) the room admits.
    pub capacity: u16,
    /// The game the lobby starts from.
    pub lobby: GameConfig,
    /// A mid-game position the game starts from instead of a new game of
    /// `lobby` (a lesson's scripted situation). Its config replaces `lobby`;
    /// `Start` checks it with [`Setup::into_game`] like any position, so a
    /// bad one is refused in words and the room stays in its lobby.
    pub position: Option<Setup>,
    pub timing: Timing,
    /// The bots' levels and whether they cover a departed player (the
    /// owner may change both later).
    pub bots: BotPlan,
}

impl HostConfig {
    /// A room for a duel with default timing and room for 16 players.
    pub fn new(build: impl Into<String>, owner: PlayerToken, seed: u64) -> HostConfig {
        HostConfig {
            build: build.into(),
            owner,
            seed,
            room: String::new(),
            capacity: 16,
            lobby: GameConfig::duel(),
            position: None,
            timing: Timing::default(),
            bots: BotPlan::default(),
        }
    }
}

/// The settings that never change during a room's life (saved with it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Settings {
    build: String,
    /// The owner's token proof (a successor host never learns the token).
    owner: Hash32,
    seed: u64,
    capacity: u16,
    timing: Timing,
    room: String,
    /// 0 for the room's creator, one more for each successor.
    epoch: Epoch,
}

#[derive(Debug)]
enum Stage {
    Lobby(Lobby),
    Playing(Box<Match>),
}

/// The authoritative room. See the module docs.
#[derive(Debug)]
pub struct Host {
    settings: Settings,
    roster: Roster,
    seats: Seats,
    stage: Stage,
    room_version: u32,
    /// The room view changed during this call: broadcast it once at the end.
    room_dirty: bool,
    out: Outbox,
    keys: Keys,
    /// Successors of an election announce it until every peer has joined them.
    announce: Option<succeed::Announce>,
    /// Latency probes and the freezes held for the speed bump (not saved).
    bump: bump::Bump,
    /// A dishonest host's ways (the audit tests only), and its grinding tally.
    #[cfg(any(test, feature = "test-support"))]
    cheat: Option<Cheat>,
    #[cfg(any(test, feature = "test-support"))]
    tally: (u64, u64),
    /// The host's signed chain heads (not saved: the device hands the key in).
    heads: heads::Heads,
    /// The bots' levels and whether they cover a departed player (issue 30).
    bots: BotPlan,
}

impl Host {
    /// A new room in its lobby.
    pub fn new(config: HostConfig) -> Host {
        let lobby = Lobby::new(config.lobby, config.position);
        let seats = Seats::new(lobby.config.seats.len());
        Host {
            keys: Keys::new(config.seed, Epoch(0), &config.room),
            settings: Settings {
                build: config.build,
                owner: token_proof(config.owner.0),
                seed: config.seed,
                capacity: config.capacity,
                timing: config.timing,
                room: config.room,
                epoch: Epoch(0),
            },
            roster: Roster::default(),
            seats,
            stage: Stage::Lobby(lobby),
            room_version: 1,
            room_dirty: false,
            out: Outbox::default(),
            announce: None,
            bump: bump::Bump::default(),
            #[cfg(any(test, feature = "test-support"))]
            cheat: None,
            #[cfg(any(test, feature = "test-support"))]
            tally: (0, 0),
            heads: heads::Heads::default(),
            bots: config.bots,
        }
    }

    /// The room's name (what the dice derivation and a successor use).
    pub fn room_name(&self) -> &str {
        &self.settings.room
    }

    /// This host's epoch.
    pub fn epoch(&self) -> Epoch {
        self.settings.epoch
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(m) => Some(&m.game),
            Stage::Lobby(_) => None,
        }
    }

    /// The event log (empty before the start; a successor's starts at its copy's snapshot).
    pub fn log(&self) -> &[Event] {
        match &self.stage {
            Stage::Playing(m) => &m.log,
            Stage::Lobby(_) => &[],
        }
    }

    /// What caused each batch of the log (the commands that ran, the dice keys).
    pub fn marks(&self) -> &[crate::wire::Mark] {
        match &self.stage {
            Stage::Playing(m) => &m.marks,
            Stage::Lobby(_) => &[],
        }
    }

    /// Makes this host cheat: it rolls from a secret of its own while
    /// revealing the committed one. Only for the tests that prove every
    /// replica catches it (feature `test-support`): the app cannot call it.
    #[cfg(any(test, feature = "test-support"))]
    pub fn bend_dice(&mut self, secret: [u8; 32]) {
        self.keys.bend(crate::fair::Secret(secret));
    }

    /// The sequence number of the last event.
    pub fn head(&self) -> Seq {
        match &self.stage {
            Stage::Playing(m) => m.head(),
            Stage::Lobby(_) => Seq(0),
        }
    }

    /// The room as peers see it.
    pub fn room(&self) -> RoomView {
        let config = match &self.stage {
            Stage::Lobby(l) => l.config.clone(),
            Stage::Playing(m) => m.config.clone(),
        };
        let host = self.owner_no();
        RoomView {
            version: self.room_version,
            host,
            successors: self.successors(host),
            capacity: self.settings.capacity,
            timing: self.settings.timing,
            owner: host,
            started: matches!(self.stage, Stage::Playing(_)),
            config,
            seats: self.seats.all().to_vec(),
            // A command the speed bump holds has not run: a successor must run it.
            players: if self.bump.holds_any() {
                self.bump.unrun(&self.roster).views()
            } else {
                self.roster.views()
            },
            bots: self.bots.clone(),
        }
    }

    /// Seats the owner's app must drive with a bot.
    pub fn bot_seats(&self) -> Vec<SeatId> {
        self.room().bot_seats()
    }

    /// Connections currently admitted.
    pub fn peers(&self) -> Vec<PeerId> {
        self.roster.peers()
    }

    /// The player a connection speaks for.
    pub fn player_of(&self, peer: PeerId) -> Option<PlayerNo> {
        self.roster.player_of(peer)
    }

    /// The checkpoint snapshot a joining peer would get now, encoded (its
    /// size is what the 16 KiB budget is about).
    pub fn snapshot_bytes(&self) -> Option<Vec<u8>> {
        match &self.stage {
            Stage::Playing(m) => postcard::to_allocvec(&m.snapshot()).ok(),
            Stage::Lobby(_) => None,
        }
    }

    /// Messages that failed to encode (always 0 unless something is badly wrong).
    pub fn encode_failures(&self) -> u64 {
        self.out.failures
    }

    fn owner_no(&self) -> Option<PlayerNo> {
        self.roster.no_of(self.settings.owner)
    }

    /// This host's own player, whose commands roll as its own actions do
    /// (see [`crate::fair::crew_of`]).
    fn crew(&self) -> Option<PlayerNo> {
        crate::fair::crew_of(self.keys.current().epoch, self.owner_no())
    }

    /// Who hosts next, in order: players holding a seat, then spectators,
    /// each in admission order; never the host itself.
    fn successors(&self, host: Option<PlayerNo>) -> Vec<PlayerNo> {
        let seated: Vec<PlayerNo> = self
            .seats
            .all()
            .iter()
            .filter_map(|h| match h {
                SeatHolder::Player(p) => Some(*p),
                _ => None,
            })
            .collect();
        let others = self.roster.players.keys().copied().filter(|p| Some(*p) != host);
        let (mut first, rest): (Vec<PlayerNo>, Vec<PlayerNo>) = others.partition(|p| seated.contains(p));
        first.extend(rest);
        first
    }
}
