//! Who plays which seat, in the lobby and mid-game alike (issue 30: a seat
//! never dies with its device): claims and releases, the owner's edits
//! (the bots' levels and cover among them), Die Fighter reseats, and the
//! game's away flags kept in step with the table.

use duel_core::{HostAction, SeatId, SeatSpec};

use super::{Host, Stage};
use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo};
use crate::wire::{HostRefusal, LobbyEdit, SeatHolder};

impl Host {
    /// Takes a seat: an open one in the lobby; mid-game also one a bot plays
    /// (a bot seat, or one it covers for a player whose device is gone), as a
    /// friend slides into an empty chair.
    pub(super) fn take_seat(&mut self, seat: SeatId, player: PlayerNo, now: u64) -> Result<(), HostRefusal> {
        if let Stage::Playing(m) = &self.stage {
            // A Thunderstruck ship's plan is sealed by its device: it keeps its player.
            if matches!(m.config.mode, duel_core::Mode::Thunderstruck(_)) {
                return Err(HostRefusal::Started);
            }
            // One side per player: the seats it holds and the one it takes share a team.
            let team_of = |s: SeatId| m.game.seat_ship(s).and_then(|sh| m.game.ship(sh)).map(|sh| sh.team);
            let target = team_of(seat).ok_or(HostRefusal::NoSuchSeat(seat))?;
            let mine = self.seats.iter().filter(|(_, h)| *h == SeatHolder::Player(player));
            if mine.map(|(s, _)| team_of(s)).any(|t| t.is_some_and(|t| t != target)) {
                return Err(HostRefusal::OtherSide(seat));
            }
            // A departed player's seat may be taken whether or not bots cover it.
            self.seats.take_in_game(seat, player, |p| self.roster.is_away(p))?;
        } else {
            self.seats.claim(seat, player)?;
        }
        self.seats_changed(now);
        Ok(())
    }

    /// Gives a seat up: open in the lobby, a bot's mid-game (every station stays crewed).
    /// Mid-game the bot plays at the room's cover level when bots cover: the
    /// same bot that plays a departed player's seats takes one handed over.
    pub(super) fn give_up_seat(
        &mut self,
        seat: SeatId,
        player: PlayerNo,
        now: u64,
    ) -> Result<(), HostRefusal> {
        let playing = matches!(self.stage, Stage::Playing(_));
        let to = if playing { SeatHolder::Bot } else { SeatHolder::Open };
        self.seats.give_up(seat, player, to)?;
        if let (true, Some(level)) = (playing, self.bots.cover) {
            self.bots.set_level(seat, level, self.seats.all().len());
        }
        self.seats_changed(now);
        Ok(())
    }

    /// One owner edit. The bots' levels and cover change no rule, so they
    /// are allowed mid-game; everything else only in the lobby.
    pub(super) fn edit(&mut self, edit: LobbyEdit, now: u64) -> Result<(), HostRefusal> {
        match edit {
            LobbyEdit::Level { seat, level } => {
                if self.seats.holder(seat).is_none() {
                    return Err(HostRefusal::NoSuchSeat(seat));
                }
                self.bots.set_level(seat, level, self.seats.all().len());
            }
            LobbyEdit::Cover(cover) => {
                self.bots.cover = cover;
                // Seats bots stop covering wait for their player (or a taker).
                self.seats_changed(now);
            }
            edit => {
                let Stage::Lobby(lobby) = &mut self.stage else { return Err(HostRefusal::Started) };
                let before = lobby.config.seats.clone();
                lobby.edit(edit, &mut self.seats)?;
                if lobby.config.seats != before {
                    self.bots.refit(&before, &lobby.config.seats);
                }
            }
        }
        self.room_dirty = true;
        Ok(())
    }

    /// Die Fighter: a team moves its players between stations and ships
    /// (D20). The sender must be able to act for one of the moved seats.
    pub(super) fn reseat(
        &mut self,
        seats: Vec<(SeatId, SeatSpec)>,
        cause: (PlayerNo, CommandId, Hash32),
        is_owner: bool,
        now: u64,
    ) -> Result<(), HostRefusal> {
        let Stage::Playing(m) = &self.stage else { return Err(HostRefusal::NotStarted) };
        let team_of = |seat: SeatId| m.game.seat_ship(seat).and_then(|s| m.game.ship(s)).map(|s| s.team);
        let (first, _) = seats.first().ok_or(HostRefusal::Rule(duel_core::RuleError::NoSeat))?;
        let team = team_of(*first).ok_or(HostRefusal::NoSuchSeat(*first))?;
        // One of the moved seats is the sender's: a team reseats itself.
        let away = |p| self.covers(p);
        if !seats.iter().any(|(seat, _)| self.seats.may_act(*seat, cause.0, is_owner, away).is_ok()) {
            return Err(HostRefusal::NotYourSeat(*first));
        }
        if let Some((other, _)) = seats.iter().find(|(seat, _)| team_of(*seat) != Some(team)) {
            return Err(HostRefusal::NotYourSeat(*other));
        }
        let crew = self.crew();
        let Stage::Playing(m) = &mut self.stage else { return Err(HostRefusal::NotStarted) };
        let by = Some(cause);
        let batch =
            m.act(&HostAction::Reseat { seats }, by, crew, &mut self.keys, now).map_err(HostRefusal::Rule)?;
        self.broadcast_batches(&[batch]);
        Ok(())
    }

    /// Whether the owner's bots play `player`'s seats: its device is gone
    /// and the room has bots cover (otherwise the seats wait, idle).
    pub(super) fn covers(&self, player: PlayerNo) -> bool {
        self.bots.cover.is_some() && self.roster.is_away(player)
    }

    /// After an election: the old host's seats go away (R21) until it returns.
    pub(super) fn reconcile_after_succession(&mut self, now: u64) {
        self.presence_changed(now);
    }

    pub(super) fn seats_changed(&mut self, now: u64) {
        self.room_dirty = true;
        self.reconcile_away(now);
    }

    pub(super) fn presence_changed(&mut self, now: u64) {
        self.room_dirty = true;
        self.reconcile_away(now);
    }

    /// Makes each seat's away flag in the game match the table: a seat is
    /// away when nobody holds it or its player is away (R21: an away Captain
    /// hands Fire to Weapons). Bot seats are never away. An away player's
    /// seats stay marked away while the owner's bots cover them
    /// (`RoomView::covered_seats`): the record says who was gone, and R21
    /// still passes an away Captain's Fire to Weapons.
    fn reconcile_away(&mut self, now: u64) {
        let Stage::Playing(m) = &mut self.stage else { return };
        if m.game.outcome().is_some() {
            return;
        }
        let mut batches = Vec::new();
        for (seat, holder) in self.seats.iter() {
            let away = match holder {
                SeatHolder::Open => true,
                SeatHolder::Bot => false,
                SeatHolder::Player(p) => self.roster.is_away(p),
            };
            if m.game.is_away(seat) != away {
                if let Ok(batch) = m.act(&HostAction::SetAway { seat, away }, None, None, &mut self.keys, now)
                {
                    batches.push(batch);
                }
            }
        }
        self.broadcast_batches(&batches);
    }
}
