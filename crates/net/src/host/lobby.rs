//! The lobby: the `GameConfig` being edited by the room owner, before
//! `Start` turns it into a `Game`. Seat claims live in the seat table
//! ([`super::seats`]) because they carry on into the game.

use duel_core::{Game, GameConfig, Mode, SeatSpec, Setup, SetupError, ShipId};
use serde::{Deserialize, Serialize};

use super::seats::Seats;
use crate::wire::{HostRefusal, LobbyEdit, SeatHolder};

/// Most seats a config may have (a four-ship game of Captains and officers needs 16).
pub const MAX_SEATS: usize = 32;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Lobby {
    pub(crate) config: GameConfig,
    /// The position `Start` begins from, if not a new game (a lesson); its
    /// own config is ignored for `config`, which the owner may still edit.
    pub(crate) position: Option<Box<Setup>>,
}

impl Lobby {
    /// A lobby for `config`, or for `position`'s config when one is given.
    pub(crate) fn new(config: GameConfig, position: Option<Setup>) -> Lobby {
        match position {
            Some(p) => Lobby { config: p.config.clone(), position: Some(Box::new(p)) },
            None => Lobby { config, position: None },
        }
    }

    /// The game `Start` builds: a new game of the config, or the position
    /// with the config as edited, checked like any position.
    pub(crate) fn game(&self) -> Result<Game, SetupError> {
        match &self.position {
            None => Game::new(self.config.clone()),
            Some(p) => Setup { config: self.config.clone(), ..(**p).clone() }.into_game(),
        }
    }

    /// Applies one owner edit. Changing the seat shape clears claims and bot
    /// flags: a claim names a seat by index, which no longer means the same.
    pub(crate) fn edit(&mut self, edit: LobbyEdit, seats: &mut Seats) -> Result<(), HostRefusal> {
        match edit {
            LobbyEdit::Ruleset(ruleset) => self.config.ruleset = ruleset,
            LobbyEdit::Map(map) => {
                map.check().map_err(|e| HostRefusal::Setup(e.to_string()))?;
                // D42: a tile map is its own set-up; there are no tokens to preplace.
                if map.is_tiled() {
                    self.config.preplaced = None;
                }
                self.config.map = map;
            }
            LobbyEdit::Preplaced(Some(_)) if self.config.map.is_tiled() => {
                return Err(HostRefusal::Setup(duel_core::SetupError::TokensOnTileMap.to_string()));
            }
            LobbyEdit::Preplaced(preplaced) => self.config.preplaced = preplaced,
            LobbyEdit::Mode(mode) => {
                let config = match mode {
                    Mode::DiceDuel => GameConfig { layout: self.config.layout, ..GameConfig::duel() },
                    Mode::Thunderstruck(duel) => {
                        duel_core::thunderstruck::Game::new(duel)
                            .map_err(|e| HostRefusal::Setup(e.to_string()))?;
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
                    return Err(HostRefusal::Setup(format!("at most {MAX_SEATS} seats")));
                }
                self.config.seats = specs;
                seats.reset(self.config.seats.len());
            }
            LobbyEdit::Bot { seat, bot } => {
                let holder = seats.holder(seat).ok_or(HostRefusal::NoSuchSeat(seat))?;
                match (holder, bot) {
                    (SeatHolder::Player(_), true) => return Err(HostRefusal::SeatTaken(seat)),
                    (_, true) => seats.set(seat, SeatHolder::Bot),
                    (SeatHolder::Bot, false) => seats.set(seat, SeatHolder::Open),
                    (_, false) => {}
                }
            }
            // The host handles the bots' play itself (allowed mid-game too).
            LobbyEdit::Level { .. } | LobbyEdit::Cover(_) => {}
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
        let mut lobby = Lobby::new(GameConfig::duel(), None);
        let mut seats = Seats::new(2);
        assert_eq!(lobby.edit(LobbyEdit::Bot { seat: SeatId(1), bot: true }, &mut seats), Ok(()));
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Bot));
        assert_eq!(
            lobby.edit(LobbyEdit::Bot { seat: SeatId(9), bot: true }, &mut seats),
            Err(HostRefusal::NoSuchSeat(SeatId(9)))
        );
        assert_eq!(lobby.edit(LobbyEdit::Layout(Layout::TwoPerSide), &mut seats), Ok(()));
        assert_eq!(lobby.config.seats.len(), 4);
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Open));
    }

    #[test]
    fn r23_the_mode_edit_gives_one_seat_per_thunderstruck_player_and_checks_the_duel() {
        use duel_core::thunderstruck::{Config, Player};
        let mut lobby = Lobby::new(GameConfig::duel(), None);
        let mut seats = Seats::new(2);
        let three = Config { players: 3, rounds: 6, first: Player(0) };
        assert_eq!(lobby.edit(LobbyEdit::Mode(Mode::Thunderstruck(three)), &mut seats), Ok(()));
        assert_eq!((lobby.config.seats.len(), seats.holder(SeatId(2))), (3, Some(SeatHolder::Open)));
        let four = Config { players: 4, ..three };
        assert!(matches!(
            lobby.edit(LobbyEdit::Mode(Mode::Thunderstruck(four)), &mut seats),
            Err(HostRefusal::Setup(_))
        ));
        assert_eq!(lobby.edit(LobbyEdit::Mode(Mode::DiceDuel), &mut seats), Ok(()));
        assert_eq!((lobby.config.mode, lobby.config.seats.len()), (Mode::DiceDuel, 2));
    }

    #[test]
    fn a_room_given_a_position_starts_from_it_and_refuses_a_bad_one() {
        use crate::fuzz::BUILD;
        use crate::host::{Host, HostConfig};
        use crate::ids::{CommandId, PeerId, PlayerToken};
        use crate::wire::{encode_peer, Command};
        use duel_core::geometry::{Dir, Square};
        use duel_core::{Setup, Station};

        let started = |position: Setup| {
            let owner = PlayerToken(1);
            let mut config = HostConfig::new(BUILD, owner, 7);
            config.position = Some(position);
            let mut host = Host::new(config);
            for msg in [
                crate::fuzz::hello_of(owner, "A", BUILD),
                crate::fuzz::command_of(
                    owner,
                    crate::ids::PlayerNo(0),
                    CommandId(0),
                    Command::Claim { seat: SeatId(0) },
                ),
                crate::fuzz::command_of(owner, crate::ids::PlayerNo(0), CommandId(1), Command::Start),
            ] {
                host.handle(0, PeerId(1), &encode_peer(&msg).unwrap());
            }
            host
        };
        let mut lesson = Setup::battle(GameConfig::duel()).unwrap();
        lesson.put(ShipId(0), Square::new(2, 5), Dir::East).energise(ShipId(0), Station::Helm);
        let host = started(lesson.clone());
        let game = host.game().expect("the lesson started");
        assert_eq!(game.to_setup().as_ref(), Some(&lesson), "the game is the position, not a new game");
        assert!(host.room().started);

        // The host's checks stand: a ship off the map is refused, the room stays in its lobby.
        lesson.put(ShipId(0), Square::new(20, 5), Dir::East);
        let host = started(lesson);
        assert!(host.game().is_none() && !host.room().started);
    }
}
