//! The per-address cap on new signalling connections (how many may *open* in a
//! window; how many may be *held* is [`crate::conns`]).
//!
//! A fixed window per address is enough here: the cap exists to stop a runaway
//! reconnect loop or a script from churning rooms, not to shape traffic. Every
//! attempt counts, refused ones too, so a loop stays refused until it backs off.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::conns::AddrKey;
use crate::refusal::SignalRefusal;

/// How many addresses we remember before sweeping out expired windows.
const SWEEP_AT: usize = 4096;

/// Counts connection attempts per IP address in fixed windows.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    windows: Arc<Mutex<HashMap<AddrKey, Window>>>,
    max: u32,
    window: Duration,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    attempts: u32,
}

impl RateLimiter {
    /// Allows `max` attempts per address in each `window`.
    pub fn new(max: u32, window: Duration) -> Self {
        Self { windows: Arc::default(), max, window }
    }

    /// Records one attempt from `ip` now.
    ///
    /// # Errors
    /// [`SignalRefusal::ConnectRate`] when `ip` has used up its attempts in the current window.
    pub fn check(&self, ip: IpAddr) -> Result<(), SignalRefusal> {
        self.check_at(ip, Instant::now())
    }

    fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), SignalRefusal> {
        let mut windows = self.lock();
        if windows.len() >= SWEEP_AT {
            let span = self.window;
            windows.retain(|_, w| now.saturating_duration_since(w.started) < span);
        }
        let entry = windows.entry(AddrKey::from(ip)).or_insert(Window { started: now, attempts: 0 });
        if now.saturating_duration_since(entry.started) >= self.window {
            *entry = Window { started: now, attempts: 0 };
        }
        entry.attempts = entry.attempts.saturating_add(1);
        if entry.attempts > self.max {
            Err(SignalRefusal::ConnectRate { max: self.max, window: self.window })
        } else {
            Ok(())
        }
    }

    /// Each update is one step, so a poisoned lock still holds sane counts.
    fn lock(&self) -> MutexGuard<'_, HashMap<AddrKey, Window>> {
        self.windows.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn refuses_past_the_cap_and_recovers_after_the_window() {
        let limiter = RateLimiter::new(2, Duration::from_secs(10));
        let t0 = Instant::now();
        assert!(limiter.check_at(A, t0).is_ok());
        assert!(limiter.check_at(A, t0).is_ok());
        assert!(limiter.check_at(A, t0).is_err());
        // Another address has its own budget.
        assert!(limiter.check_at(B, t0).is_ok());
        let later = t0 + Duration::from_secs(10);
        assert!(limiter.check_at(A, later).is_ok());
    }

    #[test]
    fn refusal_says_why() {
        let limiter = RateLimiter::new(1, Duration::from_secs(10));
        let t0 = Instant::now();
        assert!(limiter.check_at(A, t0).is_ok());
        let refusal = limiter.check_at(A, t0).err();
        assert_eq!(
            refusal.map(|r| r.to_string()).as_deref(),
            Some("too many new connections from your address (1 per 10s); try again shortly")
        );
    }
}
