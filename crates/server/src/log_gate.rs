//! Refusals are logged at a rate, not per request.
//!
//! A client in a reconnect loop, or someone probing long paths, would otherwise
//! write one log line per request and fill the disk. The first refusal of a kind
//! in each window is logged; the others are counted, and the next line logged
//! says how many were left out.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tracing::warn;

use crate::refusal::SignalRefusal;

/// At most one line per kind of refusal in this window.
pub const LOG_WINDOW: Duration = Duration::from_secs(10);

/// Decides which refusals are written to the log. Cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct LogGate {
    kinds: Arc<Mutex<HashMap<&'static str, Window>>>,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    left_out: u64,
}

impl LogGate {
    /// Logs `refusal` of a client at `origin` (one WARN line), unless one of its
    /// kind was logged within [`LOG_WINDOW`].
    pub fn refused(&self, refusal: &SignalRefusal, origin: SocketAddr) {
        self.note(refusal.kind(), || format!("refused {origin}: {refusal}"));
    }

    /// Logs the line `line` makes (one WARN line) unless one of `kind` was logged
    /// within [`LOG_WINDOW`]; the line is only built when it is written.
    pub fn note(&self, kind: &'static str, line: impl FnOnce() -> String) {
        match self.admit(kind, Instant::now()) {
            Some(0) => warn!("{}", line()),
            Some(left_out) => warn!(
                "{} (and {left_out} more like it in the last {}s, not logged)",
                line(),
                LOG_WINDOW.as_secs()
            ),
            None => {}
        }
    }

    /// `Some(how many of this kind were left out)` when a line may be written now.
    fn admit(&self, kind: &'static str, now: Instant) -> Option<u64> {
        // Each update is one step, so a poisoned lock still holds sane counts.
        let mut kinds = self.kinds.lock().unwrap_or_else(PoisonError::into_inner);
        match kinds.get_mut(kind) {
            Some(window) if now.saturating_duration_since(window.started) < LOG_WINDOW => {
                window.left_out += 1;
                None
            }
            Some(window) => {
                let left_out = window.left_out;
                *window = Window { started: now, left_out: 0 };
                Some(left_out)
            }
            None => {
                kinds.insert(kind, Window { started: now, left_out: 0 });
                Some(0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_kind_per_window_then_the_count() {
        let gate = LogGate::default();
        let t0 = Instant::now();
        assert_eq!(gate.admit("room-full", t0), Some(0));
        assert_eq!(gate.admit("room-full", t0), None);
        assert_eq!(gate.admit("room-full", t0 + Duration::from_secs(1)), None);
        // Another kind has its own window.
        assert_eq!(gate.admit("idle", t0), Some(0));
        assert_eq!(gate.admit("room-full", t0 + LOG_WINDOW), Some(2));
        assert_eq!(gate.admit("room-full", t0 + LOG_WINDOW), None);
    }
}
