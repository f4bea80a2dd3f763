//! A peer's relay budget: a token bucket, kept as a "theoretical arrival time"
//! (GCRA), so it is one `Instant` and needs no refill timer.
//!
//! A message that fits the budget goes at once; one that does not is told how long
//! to wait. The peer's task then stops reading its socket for that long, so a
//! flooding client is slowed by TCP itself instead of being buffered or cut off,
//! and a legitimate burst is only delayed, never lost.

use std::time::{Duration, Instant};

/// Budget of `per_sec` units a second, up to `burst` at once.
#[derive(Debug, Clone)]
pub struct RelayBudget {
    /// Time one unit takes to refill.
    per_unit: Duration,
    /// How far ahead of now the budget may be spent (`burst` units).
    tolerance: Duration,
    /// When the budget would be whole again if nothing more were spent.
    full_at: Instant,
}

impl RelayBudget {
    /// A full budget at `now`. `per_sec` must be at least 1 (the config checks).
    pub fn new(per_sec: u32, burst: u32, now: Instant) -> Self {
        let per_unit = Duration::from_secs(1) / per_sec.max(1);
        Self { per_unit, tolerance: per_unit * burst, full_at: now }
    }

    /// Spends `cost` units at `now`. Returns how long to wait before the message
    /// may go: zero while the budget lasts.
    pub fn spend(&mut self, cost: u64, now: Instant) -> Duration {
        let cost = u32::try_from(cost).unwrap_or(u32::MAX);
        let start = self.full_at.max(now);
        self.full_at = start + self.per_unit.saturating_mul(cost);
        let ahead = self.full_at.saturating_duration_since(now);
        ahead.saturating_sub(self.tolerance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_goes_at_once_then_the_rate_holds() {
        let t0 = Instant::now();
        let mut budget = RelayBudget::new(10, 5, t0);
        for _ in 0..5 {
            assert_eq!(budget.spend(1, t0), Duration::ZERO);
        }
        // The sixth unit waits one refill (100 ms), the seventh two.
        assert_eq!(budget.spend(1, t0), Duration::from_millis(100));
        assert_eq!(budget.spend(1, t0), Duration::from_millis(200));
    }

    #[test]
    fn the_budget_refills_with_time() {
        let t0 = Instant::now();
        let mut budget = RelayBudget::new(10, 5, t0);
        assert_eq!(budget.spend(5, t0), Duration::ZERO);
        let later = t0 + Duration::from_millis(300);
        assert_eq!(budget.spend(3, later), Duration::ZERO);
        assert_eq!(budget.spend(1, later), Duration::from_millis(100));
        // Idle for long: whole again, but never more than the burst.
        let much_later = later + Duration::from_secs(60);
        assert_eq!(budget.spend(5, much_later), Duration::ZERO);
        assert_eq!(budget.spend(1, much_later), Duration::from_millis(100));
    }

    #[test]
    fn sustained_rate_matches_per_sec() {
        let t0 = Instant::now();
        let mut budget = RelayBudget::new(40, 400, t0);
        let mut now = t0;
        let mut sent = 0u32;
        // A flooder that sends whenever it is allowed, for 10 s.
        while now < t0 + Duration::from_secs(10) {
            now += budget.spend(1, now);
            sent += 1;
        }
        assert!((799..=801).contains(&sent), "{sent}");
    }
}
