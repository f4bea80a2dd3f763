//! A seat's pace: when it may act again, when it notices a change, when it
//! gets bored, and the human hesitations a level adds (reading the dice after
//! a roll, making up its mind before shouting a freeze). Time is data: every
//! function takes the caller's `now_ms`.

use duel_core::{Game, Intent, SeatId};

use crate::level::Profile;
use crate::rng::BotRng;

/// How long a seat with nothing to do waits before it settles for a move
/// that is not strictly better than standing still: two crews that both
/// prefer to wait would otherwise wait for ever.
pub const BORED_MS: u64 = 3_000;

/// One seat's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatClock {
    pub seat: SeatId,
    /// The seat may act at or after this time.
    pub ready_at: u64,
    /// Set when the seat found nothing to do: the game's event count then.
    /// It sleeps until the game changes.
    pub idle_at: Option<u64>,
    /// When the seat last started having nothing to do (for boredom).
    pub idle_since: Option<u64>,
    /// Set while the seat makes up its mind to shout a freeze: when it will
    /// have decided.
    pub pondering: Option<u64>,
}

impl SeatClock {
    pub fn new(seat: SeatId) -> SeatClock {
        SeatClock { seat, ready_at: 0, idle_at: None, idle_since: None, pondering: None }
    }

    /// When this seat wants to be asked again, if ever.
    fn wake(&self, applied: u64, bored_ms: Option<u64>) -> Option<u64> {
        if self.idle_at != Some(applied) {
            return Some(self.ready_at);
        }
        Some(self.ready_at.max(self.idle_since? + bored_ms?))
    }

    /// The seat wants to shout `intent`. A freeze stops the whole table, so a
    /// person takes a moment first: the first time, the seat starts thinking
    /// for `think_ms` and does not shout; asked again after that, it shouts
    /// if it still wants to (the chance may have passed meanwhile). Anything
    /// else goes at once and ends the thinking.
    pub fn may_shout(&mut self, intent: &Intent, now_ms: u64, think_ms: u64) -> bool {
        if !intent.is_freeze() || think_ms == 0 {
            self.pondering = None;
            return true;
        }
        match self.pondering {
            Some(t) if now_ms >= t => {
                self.pondering = None;
                true
            }
            Some(_) => false,
            None => {
                self.pondering = Some(now_ms + think_ms);
                self.ready_at = now_ms + think_ms;
                false
            }
        }
    }
}

/// The earliest time any of `clocks` could act.
pub(crate) fn earliest(clocks: &[SeatClock], game: &Game, bored_ms: Option<u64>) -> Option<u64> {
    let applied = game.events_applied();
    clocks.iter().filter_map(|c| c.wake(applied, bored_ms)).min()
}

/// How long after sending `intent` the seat may act again: its reaction
/// time, stretched by the level's jitter, plus the time to read the faces
/// when it rolled dice.
pub(crate) fn delay_after(intent: &Intent, profile: &Profile, rng: &mut BotRng) -> u64 {
    let base = profile.reaction_ms;
    let reaction = base + rng.below(base * profile.jitter_percent / 100 + 1);
    let rolled = matches!(intent, Intent::RollDice { .. } | Intent::RollEnergy { .. });
    reaction + if rolled { profile.read_dice_ms } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Difficulty;

    #[test]
    fn a_freeze_waits_for_the_seat_to_make_up_its_mind() {
        let mut clock = SeatClock::new(SeatId(0));
        let fire = Intent::Fire { count: 1, target: None, side: None };
        assert!(!clock.may_shout(&fire, 1_000, 2_000), "thinks first");
        assert_eq!(clock.ready_at, 3_000);
        assert!(!clock.may_shout(&fire, 2_000, 2_000));
        assert!(clock.may_shout(&fire, 3_000, 2_000), "still wants to: shouts");
        // Changing its mind ends the thinking: the next shout thinks again.
        assert!(!clock.may_shout(&fire, 4_000, 2_000));
        assert!(clock.may_shout(&Intent::EnergySurge, 4_500, 2_000));
        assert_eq!(clock.pondering, None);
        assert!(SeatClock::new(SeatId(1)).may_shout(&fire, 0, 0), "no hesitation at 0 ms");
    }

    #[test]
    fn rolling_adds_the_time_to_read_the_dice() {
        let profile = Profile { jitter_percent: 0, ..Difficulty::Hard.profile() };
        let mut rng = BotRng::new(1);
        let roll = Intent::RollEnergy { dice: vec![0] };
        assert_eq!(delay_after(&roll, &profile, &mut rng), profile.reaction_ms + profile.read_dice_ms);
        assert_eq!(delay_after(&Intent::EnergySurge, &profile, &mut rng), profile.reaction_ms);
    }
}
