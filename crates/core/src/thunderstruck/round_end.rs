//! The end of a round and of the duel (`004_…` Ending the Round, T8, T9,
//! D34, D39): what follows by itself once the last die of a round is
//! actioned, a ship is destroyed, or the two remaining ships meet.

use super::event::Event;
use super::{Game, Phase, Player};

impl Game {
    /// What follows by itself after the last event: the duel's end, or the round's.
    pub(super) fn settlement(&self) -> Option<Event> {
        if self.is_over() {
            return None;
        }
        let living: Vec<Player> = self.living().collect();
        if living.len() <= 1 {
            return Some(Event::Over { winner: living.first().copied() });
        }
        // D34: checked after every answer, not only when the round ends, so
        // two ships that meet and part again within a round still close it.
        // Before the phase test: a warp answering a Manoeuvre may be the meeting.
        if let Some(sector) = self.closing(&living) {
            return Some(Event::SectorClosed { sector });
        }
        let Phase::Action { pending: None, .. } = self.phase else { return None };
        if living.iter().any(|p| self.ships[usize::from(p.0)].console.has_dice()) {
            return None;
        }
        if self.round >= self.config.rounds {
            // T9: the least damage wins; equal is a draw.
            let least = living.iter().map(|p| self.ships[usize::from(p.0)].console.damage()).min();
            let best: Vec<&Player> = living
                .iter()
                .filter(|p| Some(self.ships[usize::from(p.0)].console.damage()) == least)
                .collect();
            let winner = (best.len() == 1).then(|| *best[0]);
            return Some(Event::Over { winner });
        }
        Some(Event::RoundEnded { reflex: self.reflex_for_next(&living), closed: None })
    }

    /// T8, D39: one player lowest on both tokens (or lowest on one and tied
    /// lowest on the other) gives the Reflex die to the opponent; with three
    /// players, to the opponent with the higher Boost + Manoeuvre total (a
    /// tie: nobody).
    fn reflex_for_next(&self, living: &[Player]) -> Option<Player> {
        let tokens = |p: &Player| {
            let s = &self.ships[usize::from(p.0)];
            (s.boost_token, s.manoeuvre_token)
        };
        let low_b = living.iter().map(|p| tokens(p).0).min()?;
        let low_m = living.iter().map(|p| tokens(p).1).min()?;
        let at_b: Vec<&Player> = living.iter().filter(|p| tokens(p).0 == low_b).collect();
        let at_m: Vec<&Player> = living.iter().filter(|p| tokens(p).1 == low_m).collect();
        let slow = living
            .iter()
            .find(|p| at_b.contains(p) && at_m.contains(p) && (at_b.len() == 1 || at_m.len() == 1))?;
        let rivals: Vec<(&Player, u8)> =
            living.iter().filter(|p| *p != slow).map(|p| (p, tokens(p).0 + tokens(p).1)).collect();
        let top = rivals.iter().map(|r| r.1).max()?;
        let best: Vec<_> = rivals.iter().filter(|r| r.1 == top).collect();
        (best.len() == 1).then(|| *best[0].0)
    }

    /// `004_…` Ending the Round 1, D34: after a retirement, as soon as the
    /// two remaining ships share a sector, the sector behind it
    /// (anticlockwise) closes and the ring becomes a straight track of two
    /// sectors. `None` once closed, so it is sent only once.
    fn closing(&self, living: &[Player]) -> Option<u8> {
        if !self.board.is_ring() || living.len() != 2 {
            return None;
        }
        let (a, b) = (self.ships[usize::from(living[0].0)].at, self.ships[usize::from(living[1].0)].at);
        (a.sector() == b.sector()).then(|| (a.sector() + self.board.sectors() - 1) % self.board.sectors())
    }
}
