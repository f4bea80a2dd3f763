//! The lobby: the `GameConfig` being edited by the room owner, before
//! `Start` turns it into a `Game`. Seat claims live in the seat table
//! ([`super::seats`]) because they carry on into the game.

use duel_core::{GameConfig, Mode, SeatSpec, ShipId};
use serde::{Deserialize, Serialize};

use super::seats::Seats;
use crate::wire::{LobbyEdit, Refusal, SeatHolder};

/// Most seats a config may have (a four-ship game of Captains and officers needs 16).
pub const MAX_SEATS: usize = 32;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Lobby {
    pub(crate) config: GameConfig,
}

impl Lobby {
    /// Applies one owner edit. Changing the seat shape clears claims and bot
    /// flags: a claim names a seat by index, which no longer means the same.
    pub(crate) fn edit(&mut self, edit: LobbyEdit, seats: &mut Seats) -> Result<(), Refusal> {
        match edit {
            LobbyEdit::Ruleset(ruleset) => self.config.ruleset = ruleset,
            LobbyEdit::Map(map) => {
                map.check().map_err(|e| Refusal::Setup(e.to_string()))?;
                // D42: a tile map is its own set-up; there are no tokens to preplace.
                if map.is_tiled() {
                    self.config.preplaced = None;
                }
                self.config.map = map;
            }
            LobbyEdit::Preplaced(Some(_)) if self.config.map.is_tiled() => {
                return Err(Refusal::Setup(duel_core::SetupError::TokensOnTileMap.to_string()));
            }
            LobbyEdit::Preplaced(preplaced) => self.config.preplaced = preplaced,
            LobbyEdit::Mode(mode) => {
                let config = match mode {
                    Mode::DiceDuel => GameConfig { layout: self.config.layout, ..GameConfig::duel() },
                    Mode::Thunderstruck(duel) => {
                        duel_core::thunderstruck::Game::new(duel)
                            .map_err(|e| Refusal::Setup(e.to_string()))?;
                        GameConfig::thunderstruck(duel)
                    }
                };
                self.config.mode = config.mode;
                self.config.seats = match mode {
                    Mode::DiceDuel => {
                        (0..config.layout.ship_count()).map(|s| SeatSpec::whole_ship(ShipId(s))).collect()
                    }
                    Mode::Thunderstruck(_) => config.seats,
                };
                seats.reset(self.config.seats.len());
            }
            LobbyEdit::Layout(layout) => {
                self.config.layout = layout;
                self.config.seats =
                    (0..layout.ship_count()).map(|s| SeatSpec::whole_ship(ShipId(s))).collect();
                seats.reset(self.config.seats.len());
            }
            LobbyEdit::Seats(specs) => {
                if specs.len() > MAX_SEATS {
                    return Err(Refusal::Setup(format!("at most {MAX_SEATS} seats")));
                }
                self.config.seats = specs;
                seats.reset(self.config.seats.len());
            }
            LobbyEdit::Bot { seat, bot } => {
                let holder = seats.holder(seat).ok_or(Refusal::NoSuchSeat(seat))?;
                match (holder, bot) {
                    (SeatHolder::Player(_), true) => return Err(Refusal::SeatTaken(seat)),
                    (_, true) => seats.set(seat, SeatHolder::Bot),
                    (SeatHolder::Bot, false) => seats.set(seat, SeatHolder::Open),
                    (_, false) => {}
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_core::{Layout, SeatId};

    #[test]
    fn layout_change_resets_seats_and_bots_need_open_seats() {
        let mut lobby = Lobby { config: GameConfig::duel() };
        let mut seats = Seats::new(2);
        assert_eq!(lobby.edit(LobbyEdit::Bot { seat: SeatId(1), bot: true }, &mut seats), Ok(()));
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Bot));
        assert_eq!(
            lobby.edit(LobbyEdit::Bot { seat: SeatId(9), bot: true }, &mut seats),
            Err(Refusal::NoSuchSeat(SeatId(9)))
        );
        assert_eq!(lobby.edit(LobbyEdit::Layout(Layout::TwoPerSide), &mut seats), Ok(()));
        assert_eq!(lobby.config.seats.len(), 4);
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Open));
    }

    #[test]
    fn r23_the_mode_edit_gives_one_seat_per_thunderstruck_player_and_checks_the_duel() {
        use duel_core::thunderstruck::{Config, Player};
        let mut lobby = Lobby { config: GameConfig::duel() };
        let mut seats = Seats::new(2);
        let three = Config { players: 3, rounds: 6, first: Player(0) };
        assert_eq!(lobby.edit(LobbyEdit::Mode(Mode::Thunderstruck(three)), &mut seats), Ok(()));
        assert_eq!((lobby.config.seats.len(), seats.holder(SeatId(2))), (3, Some(SeatHolder::Open)));
        let four = Config { players: 4, ..three };
        assert!(matches!(
            lobby.edit(LobbyEdit::Mode(Mode::Thunderstruck(four)), &mut seats),
            Err(Refusal::Setup(_))
        ));
        assert_eq!(lobby.edit(LobbyEdit::Mode(Mode::DiceDuel), &mut seats), Ok(()));
        assert_eq!((lobby.config.mode, lobby.config.seats.len()), (Mode::DiceDuel, 2));
    }
}
