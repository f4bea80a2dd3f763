//! Options from the page address, for a practice or a room this tab hosts: `?seed=N&bots=off&fast=1&speed=20`.
//! They exist for tests and demos (a seeded host, paused bots, short
//! deadlines, a time-compressed clock); a normal visit uses none of them.

use duel_net::Timing;

/// Options parsed from a query string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Seeds the host's dice and the quick-start map (`None`: a random seed).
    pub seed: Option<u64>,
    /// `bots=off`: bot seats stay idle until switched on.
    pub bots_paused: bool,
    /// `fast=1`: short choice deadlines and review pauses.
    pub fast: bool,
    /// `speed=N`: bots and the host's game clocks run N times faster (1..=100).
    pub speed: u64,
    /// `view=board`: the shared-screen board view.
    pub board_view: bool,
    /// `checkpoint=N`: the host changes dice keys every N events (16..=256;
    /// tests: the audit's bound is two checkpoints, so a short one shows a
    /// withheld key within seconds).
    pub checkpoint: Option<u64>,
}

impl Default for Options {
    fn default() -> Options {
        Options { seed: None, bots_paused: false, fast: false, speed: 1, board_view: false, checkpoint: None }
    }
}

impl Options {
    /// Reads the options from a query string (with or without the leading `?`).
    /// Unknown keys and bad values are ignored: an address never stops the app.
    pub fn from_query(query: &str) -> Options {
        let get = |key| crate::platform::query::param(query, key);
        Options {
            seed: get("seed").and_then(|v| v.parse().ok()),
            bots_paused: get("bots").is_some_and(|v| matches!(v.as_str(), "off" | "0" | "false")),
            fast: get("fast").is_some_and(|v| !matches!(v.as_str(), "0" | "false")),
            speed: get("speed").map_or(1, |v| v.parse::<u64>().map_or(1, |s| s.clamp(1, 100))),
            board_view: get("view").is_some_and(|v| v == "board"),
            checkpoint: get("checkpoint").and_then(|v| v.parse::<u64>().ok()).map(|n| n.clamp(16, 256)),
        }
    }

    /// The host's timing under these options: deadlines and the review pause
    /// shrink with `fast` and with the speed; presence stays in real time (a
    /// throttled background tab must not be declared away twenty times sooner).
    pub fn timing(&self) -> Timing {
        let base = Timing::default();
        let (choice, review) = if self.fast { (4_000, 1_200) } else { (base.choice_ms, base.review_ms) };
        Timing {
            choice_ms: (choice / self.speed).max(50),
            review_ms: (review / self.speed).max(50),
            checkpoint_every: self.checkpoint.unwrap_or(base.checkpoint_every),
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_test_hooks_and_ignores_junk() {
        let o = Options::from_query("?seed=7&bots=off&fast=1&speed=20&view=board&x=y&speed");
        assert_eq!(o.seed, Some(7));
        assert!(o.bots_paused && o.fast && o.board_view);
        assert_eq!(o.speed, 20, "the first value counts");
        assert_eq!(Options::from_query("?speed&speed=20").speed, 1, "a bare `speed` is 1");
        assert!(Options::from_query("?fast").fast);
        let o = Options::from_query("speed=20");
        assert_eq!(o.speed, 20);
        assert_eq!(Options::from_query("speed=5000").speed, 100);
        assert_eq!(Options::from_query(""), Options::default());
        assert_eq!(Options::from_query("checkpoint=2").checkpoint, Some(16), "never below 16");
        assert_eq!(Options::from_query("checkpoint=32").timing().checkpoint_every, 32);
        assert_eq!(Options::default().timing().checkpoint_every, Timing::default().checkpoint_every);
    }

    #[test]
    fn fast_and_speed_shorten_deadlines_not_presence() {
        let o = Options { fast: true, speed: 20, ..Options::default() };
        let t = o.timing();
        assert_eq!(t.choice_ms, 200);
        assert_eq!(t.review_ms, 60);
        assert_eq!(t.away_after_ms, Timing::default().away_after_ms);
    }
}
