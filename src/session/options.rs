//! Practice options from the page address: `?seed=N&bots=off&fast=1&speed=20`.
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
}

impl Default for Options {
    fn default() -> Options {
        Options { seed: None, bots_paused: false, fast: false, speed: 1, board_view: false }
    }
}

impl Options {
    /// Reads the options from a query string (with or without the leading `?`).
    /// Unknown keys and bad values are ignored: an address never stops the app.
    pub fn from_query(query: &str) -> Options {
        let mut o = Options::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "seed" => o.seed = value.parse().ok(),
                "bots" => o.bots_paused = matches!(value, "off" | "0" | "false"),
                "fast" => o.fast = !matches!(value, "0" | "false"),
                "speed" => o.speed = value.parse::<u64>().map_or(1, |s| s.clamp(1, 100)),
                "view" => o.board_view = value == "board",
                _ => {}
            }
        }
        o
    }

    /// The host's timing under these options: deadlines and the review pause
    /// shrink with `fast` and with the speed; presence stays in real time (a
    /// throttled background tab must not be declared away twenty times sooner).
    pub fn timing(&self) -> Timing {
        let base = Timing::default();
        let (choice, review) = if self.fast { (4_000, 1_200) } else { (base.choice_ms, base.review_ms) };
        Timing { choice_ms: (choice / self.speed).max(50), review_ms: (review / self.speed).max(50), ..base }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_test_hooks_and_ignores_junk() {
        let o = Options::from_query("?seed=7&bots=off&fast=1&speed=20&view=board&x=y&speed");
        assert_eq!(o.seed, None.or(Some(7)));
        assert!(o.bots_paused && o.fast && o.board_view);
        assert_eq!(o.speed, 1, "a bare `speed` resets to 1");
        let o = Options::from_query("speed=20");
        assert_eq!(o.speed, 20);
        assert_eq!(Options::from_query("speed=5000").speed, 100);
        assert_eq!(Options::from_query(""), Options::default());
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
