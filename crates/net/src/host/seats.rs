//! The seat table: who holds each seat of the config, in the lobby and in
//! the game alike. A player may hold several seats (a tablet passed round
//! the table); a player with none is a spectator; a bot seat is driven by
//! the room owner's app through the same command path as everyone else.

use duel_core::SeatId;
use serde::{Deserialize, Serialize};

use crate::ids::PlayerNo;
use crate::wire::{HostRefusal, SeatHolder};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Seats(Vec<SeatHolder>);

impl Seats {
    pub(crate) fn new(count: usize) -> Seats {
        Seats(vec![SeatHolder::Open; count])
    }

    pub(crate) fn reset(&mut self, count: usize) {
        *self = Seats::new(count);
    }

    pub(crate) fn holder(&self, seat: SeatId) -> Option<SeatHolder> {
        self.0.get(usize::from(seat.0)).copied()
    }

    pub(crate) fn set(&mut self, seat: SeatId, holder: SeatHolder) {
        if let Some(h) = self.0.get_mut(usize::from(seat.0)) {
            *h = holder;
        }
    }

    pub(crate) fn all(&self) -> &[SeatHolder] {
        &self.0
    }

    /// Every seat with its holder.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (SeatId, SeatHolder)> + '_ {
        self.0.iter().enumerate().map(|(i, h)| (SeatId(u8::try_from(i).unwrap_or(u8::MAX)), *h))
    }

    pub(crate) fn holds_any(&self, player: PlayerNo) -> bool {
        self.0.contains(&SeatHolder::Player(player))
    }

    /// Whether `player` may send intents for `seat` in a game: it holds it,
    /// or it is the owner and a bot plays the seat (a bot seat, or one whose
    /// player is `away`: the owner's bots cover it until the player is back).
    pub(crate) fn may_act(
        &self,
        seat: SeatId,
        player: PlayerNo,
        is_owner: bool,
        away: impl Fn(PlayerNo) -> bool,
    ) -> Result<(), HostRefusal> {
        match self.holder(seat) {
            None => Err(HostRefusal::NoSuchSeat(seat)),
            Some(SeatHolder::Player(p)) if p == player => Ok(()),
            Some(SeatHolder::Bot) if is_owner => Ok(()),
            Some(SeatHolder::Player(p)) if is_owner && away(p) => Ok(()),
            Some(_) => Err(HostRefusal::NotYourSeat(seat)),
        }
    }

    /// Takes an open seat (claiming one's own seat again is fine).
    pub(crate) fn claim(&mut self, seat: SeatId, player: PlayerNo) -> Result<(), HostRefusal> {
        match self.holder(seat) {
            None => Err(HostRefusal::NoSuchSeat(seat)),
            Some(SeatHolder::Open) => {
                self.set(seat, SeatHolder::Player(player));
                Ok(())
            }
            Some(SeatHolder::Player(p)) if p == player => Ok(()),
            Some(SeatHolder::Bot) => Err(HostRefusal::BotSeat(seat)),
            Some(SeatHolder::Player(_)) => Err(HostRefusal::SeatTaken(seat)),
        }
    }

    /// Gives a held seat up to `to`: `Open` in the lobby; mid-game a `Bot`
    /// (issue 30: every station stays crewed).
    pub(crate) fn give_up(
        &mut self,
        seat: SeatId,
        player: PlayerNo,
        to: SeatHolder,
    ) -> Result<(), HostRefusal> {
        match self.holder(seat) {
            None => Err(HostRefusal::NoSuchSeat(seat)),
            Some(SeatHolder::Player(p)) if p == player => {
                self.set(seat, to);
                Ok(())
            }
            Some(_) => Err(HostRefusal::NotYourSeat(seat)),
        }
    }

    /// Mid-game, a player slides into a seat (issue 30, as a friend takes an
    /// empty chair): an open seat, a bot's, or one a bot covers for a player
    /// whose device is gone (`away`). A seat a present player holds is theirs.
    pub(crate) fn take_in_game(
        &mut self,
        seat: SeatId,
        player: PlayerNo,
        away: impl Fn(PlayerNo) -> bool,
    ) -> Result<(), HostRefusal> {
        match self.holder(seat) {
            None => Err(HostRefusal::NoSuchSeat(seat)),
            Some(SeatHolder::Player(p)) if p == player => Ok(()),
            Some(SeatHolder::Player(p)) if !away(p) => Err(HostRefusal::SeatTaken(seat)),
            Some(_) => {
                self.set(seat, SeatHolder::Player(player));
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_acts_for_a_seat_only_while_a_bot_plays_it() {
        let (owner, ana, cy) = (PlayerNo(0), PlayerNo(1), PlayerNo(2));
        let mut seats = Seats::new(3);
        seats.set(SeatId(0), SeatHolder::Player(ana));
        seats.set(SeatId(1), SeatHolder::Bot);
        let here = |_| false;
        let ana_away = |p| p == ana;
        assert_eq!(seats.may_act(SeatId(0), ana, false, here), Ok(()));
        assert_eq!(
            seats.may_act(SeatId(0), owner, true, here),
            Err(HostRefusal::NotYourSeat(SeatId(0))),
            "Ana is here"
        );
        assert_eq!(seats.may_act(SeatId(0), owner, true, ana_away), Ok(()), "a bot covers Ana's seat");
        assert_eq!(
            seats.may_act(SeatId(0), cy, false, ana_away),
            Err(HostRefusal::NotYourSeat(SeatId(0))),
            "only the owner's bots"
        );
        assert_eq!(seats.may_act(SeatId(1), owner, true, here), Ok(()));
        assert_eq!(seats.may_act(SeatId(1), cy, false, here), Err(HostRefusal::NotYourSeat(SeatId(1))));
        assert_eq!(
            seats.may_act(SeatId(2), owner, true, ana_away),
            Err(HostRefusal::NotYourSeat(SeatId(2))),
            "an open seat"
        );
        assert_eq!(seats.may_act(SeatId(9), owner, true, here), Err(HostRefusal::NoSuchSeat(SeatId(9))));
    }

    #[test]
    fn mid_game_a_player_takes_a_bots_seat_or_a_departed_players_and_hands_its_own_to_a_bot() {
        let (ana, cy) = (PlayerNo(1), PlayerNo(2));
        let mut seats = Seats::new(3);
        seats.set(SeatId(0), SeatHolder::Player(ana));
        seats.set(SeatId(1), SeatHolder::Bot);
        let here = |_| false;
        assert_eq!(
            seats.take_in_game(SeatId(0), cy, here),
            Err(HostRefusal::SeatTaken(SeatId(0))),
            "Ana is here"
        );
        assert_eq!(seats.take_in_game(SeatId(1), cy, here), Ok(()), "a bot's seat");
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Player(cy)));
        assert_eq!(seats.take_in_game(SeatId(2), cy, here), Ok(()), "an open seat");
        assert_eq!(
            seats.take_in_game(SeatId(0), cy, |p| p == ana),
            Ok(()),
            "Ana's device is gone: a bot covered it"
        );
        assert_eq!(seats.holder(SeatId(0)), Some(SeatHolder::Player(cy)));
        assert_eq!(seats.give_up(SeatId(1), ana, SeatHolder::Bot), Err(HostRefusal::NotYourSeat(SeatId(1))));
        assert_eq!(seats.give_up(SeatId(1), cy, SeatHolder::Bot), Ok(()));
        assert_eq!(seats.holder(SeatId(1)), Some(SeatHolder::Bot), "handed to a bot, never left empty");
        assert_eq!(seats.take_in_game(SeatId(7), cy, here), Err(HostRefusal::NoSuchSeat(SeatId(7))));
    }
}
