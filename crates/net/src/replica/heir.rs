//! What a replica hands over when its device becomes the host: everything
//! the old host knew that a successor needs, all of it replicated state.

use std::collections::BTreeMap;

use duel_core::{Event, Game};

use super::Replica;
use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo, PlayerToken, Seq};
use crate::seat_key::SeatKey;
use crate::wire::{Mark, RoomView};

/// A copy of the game: the snapshot it began with, the events since, their marks.
pub type CopyLog = ((Seq, Game), Vec<Event>, Vec<Mark>);

/// A replica's copy of the room, ready to be hosted (see `Host::succeed`).
#[derive(Clone, Debug)]
pub struct Heir {
    pub build: String,
    pub room_name: String,
    /// The new host's own player token (it becomes the room's owner).
    pub token: PlayerToken,
    /// The new host's seat key: it signs the announcement of its election.
    pub seat_key: SeatKey,
    pub room: RoomView,
    /// The game from the copy's snapshot on: base, events since, their marks.
    pub game: Option<CopyLog>,
    /// The log's chain value at the copy's base (see [`crate::chain`]).
    pub chain: Hash32,
    /// Each player's next command id: the furthest of the room view and the
    /// commands the events' marks show ran (so none runs twice).
    pub books: BTreeMap<PlayerNo, CommandId>,
}

impl Replica {
    /// The copy as a successor host needs it; `None` before the room view
    /// arrived, or when the game has started and this copy has none (such a
    /// replica must not stand: it would lose the game).
    pub fn heir(&self) -> Option<Heir> {
        let room = self.room.clone()?;
        let game = match &self.sync {
            Some(s) if !s.desynced => Some((s.base.clone(), s.log.clone(), s.marks.clone())),
            _ => None,
        };
        if room.started && game.is_none() {
            return None;
        }
        let mut books: BTreeMap<PlayerNo, CommandId> =
            room.players.iter().map(|p| (p.no, p.next_command)).collect();
        if let Some((_, _, marks)) = &game {
            for (player, id) in marks.iter().filter_map(|m| m.by) {
                let next = CommandId(id.0.saturating_add(1));
                let entry = books.entry(player).or_insert(next);
                *entry = (*entry).max(next);
            }
        }
        Some(Heir {
            build: self.cfg.build.clone(),
            room_name: self.cfg.room.clone(),
            token: self.cfg.player,
            seat_key: self.cfg.seat_key.clone(),
            room,
            chain: self.sync.as_ref().map_or(crate::chain::GENESIS, |s| s.base_chain),
            game,
            books,
        })
    }
}
