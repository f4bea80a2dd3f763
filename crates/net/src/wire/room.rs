//! The room as every device sees it: who holds which seat, the players
//! with their keys and chains, the host and its successors. Sent whole by
//! the host on every change (and signed, see [`super::SignedRoom`]).

use duel_core::{GameConfig, SeatId};
use serde::{Deserialize, Serialize};

use super::{BotLevel, BotPlan};
use crate::fair::ChainCommit;
use crate::hash::Hash32;
use crate::ids::{CommandId, PeerId, PlayerNo};
use crate::seat_key::SeatPublic;

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatHolder {
    Open,
    Player(PlayerNo),
    /// Driven by a bot in the room owner's app.
    Bot,
}

/// A player as everyone sees it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub no: PlayerNo,
    pub name: String,
    pub connected: bool,
    pub away: bool,
    /// The connection the host hears this player on (how peers reach each
    /// other to elect a successor).
    pub peer: Option<PeerId>,
    /// `SHA-256` of the player's token: what a successor host checks a
    /// rejoining player against (the token itself never leaves its device
    /// but to the host it talks to).
    pub proof: Hash32,
    /// The id the host expects next from this player (so a successor never
    /// runs an answered command twice).
    pub next_command: CommandId,
    /// The public half of the player's seat key, from its last `Hello`:
    /// what every device checks this player's election votes against.
    pub key: SeatPublic,
    /// The nonce chains the player committed to (from its `Hello`s and
    /// `Command::Chain`s), the one in use last: every replica's audit checks
    /// its commands' nonces. The last few are kept, so a replica that joins
    /// late can check the commands of its snapshot.
    pub chains: Vec<ChainCommit>,
}

/// The room as everyone sees it. Sent whole on every change (it is small);
/// `version` lets a replica drop a stale copy that arrives late.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomView {
    pub version: u32,
    /// The player whose device hosts the room now.
    pub host: Option<PlayerNo>,
    /// Who hosts next if the host goes silent, in order: seated players
    /// first (in admission order), spectators last; the host is not listed.
    pub successors: Vec<PlayerNo>,
    /// Most players the room admits, and the host's clocks (a successor keeps them).
    pub capacity: u16,
    pub timing: super::Timing,
    pub owner: Option<PlayerNo>,
    pub started: bool,
    /// The config being edited, or the one the game was built from.
    pub config: GameConfig,
    /// Parallel to `config.seats`.
    pub seats: Vec<SeatHolder>,
    pub players: Vec<PlayerView>,
    /// The bots' levels, and whether they cover a departed player (issue 30).
    pub bots: BotPlan,
}

impl RoomView {
    /// Seats `player` holds.
    pub fn seats_of(&self, player: PlayerNo) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Player(player))
    }

    /// Seats a bot plays now: the owner's app drives them through the
    /// command path. The bot seats, and once the game has started the
    /// seats of every player who is away ([`RoomView::covered_seats`]).
    pub fn bot_seats(&self) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Bot || self.covers(h))
    }

    /// Seats a bot plays for an away player, with that player (issue 30: a
    /// seat never dies with its device). Only in a started game, never the
    /// host's own; each goes back to its player the moment it returns.
    pub fn covered_seats(&self) -> Vec<(SeatId, PlayerNo)> {
        let seat = |i: usize| SeatId(u8::try_from(i).unwrap_or(u8::MAX));
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, h)| match h {
                SeatHolder::Player(p) if self.covers(*h) => Some((seat(i), *p)),
                _ => None,
            })
            .collect()
    }

    /// The level the bot in `seat` plays at: the room's cover level for a
    /// covered seat, else the seat's own.
    pub fn bot_level(&self, seat: SeatId) -> BotLevel {
        match self.seats.get(usize::from(seat.0)) {
            Some(h) if self.covers(*h) => self.bots.cover.unwrap_or_default(),
            _ => self.bots.level(seat),
        }
    }

    fn covers(&self, holder: SeatHolder) -> bool {
        let SeatHolder::Player(p) = holder else { return false };
        self.bots.cover.is_some()
            && self.started
            && self.host != Some(p)
            && self.player(p).is_none_or(|v| v.away)
    }

    /// Seats nobody holds.
    pub fn open_seats(&self) -> Vec<SeatId> {
        self.held_by(|h| h == SeatHolder::Open)
    }

    /// A player's public entry.
    pub fn player(&self, no: PlayerNo) -> Option<&PlayerView> {
        self.players.iter().find(|p| p.no == no)
    }

    fn held_by(&self, want: impl Fn(SeatHolder) -> bool) -> Vec<SeatId> {
        let seat = |i: usize| SeatId(u8::try_from(i).unwrap_or(u8::MAX));
        self.seats.iter().enumerate().filter(|(_, h)| want(**h)).map(|(i, _)| seat(i)).collect()
    }
}
