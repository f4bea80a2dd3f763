//! The succession's clocks (split from `mod.rs` by concept).

/// The succession's clocks, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuccessionTiming {
    /// Host silence after which the first successor stands. Two seconds:
    /// replicas ping every second, so a live host answers at least once
    /// in that time unless two pings in a row are lost, and a voter insists
    /// on half of it too; with the election's round trips a room changes
    /// host within three seconds of its host's last word.
    pub silence_ms: u64,
    /// Extra wait per place in the successor order (the next successor
    /// stands only if the ones before it did not).
    pub stagger_ms: u64,
    /// Wait after a majority for the remaining voters' copies (the longest
    /// copy wins, so an event that reached any survivor is kept).
    pub grace_ms: u64,
    /// Repeat of polls not yet granted (a "no" from a voter that still
    /// heard the host may turn into a "yes") and of fetches.
    pub retry_ms: u64,
    /// A campaign with no majority after this long ends: two successors
    /// that stood in one round refuse each other (one vote a round), so
    /// each stands again after its place's stagger, the first one first,
    /// in the next round.
    pub campaign_ms: u64,
    /// Most time a candidate spends catching up from one voter, from its
    /// first fetch there: a voter that serves its copy slowly (one event a
    /// fetch) is then passed over like one that does not serve, and the
    /// candidate goes on with the best copy it has proven. Three seconds:
    /// a copy a thousand events behind comes in eight fetches of 128.
    pub catch_up_ms: u64,
}

impl Default for SuccessionTiming {
    fn default() -> SuccessionTiming {
        SuccessionTiming {
            silence_ms: 2_000,
            stagger_ms: 1_000,
            grace_ms: 150,
            retry_ms: 250,
            campaign_ms: 2_000,
            catch_up_ms: 3_000,
        }
    }
}
