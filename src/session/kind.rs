//! What kind of session runs: none, a practice, an online room, a replay.

/// What the running session is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionKind {
    None,
    /// Offline practice, hosted in this tab.
    Practice,
    /// An online room; `host` when this tab runs its host.
    Online {
        room: String,
        host: bool,
    },
    /// Watching a saved game (`key`: its key among the saved games).
    Replay {
        key: String,
    },
}
