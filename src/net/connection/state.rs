//! `ConnState`: what the player is told about the link.

/// How this tab's link to its room is doing: the one connection state of
/// the app, from the [`Connection`](super::Connection) machine to the lobby and the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnState {
    /// No remote link at all: offline practice, hosted in this tab (never
    /// produced by a [`Connection`]).
    Offline,
    /// Reaching the signalling server, or (a guest) waiting for the host's
    /// first answer.
    Connecting,
    /// Host: in the room and reachable by guests. Guest: linked to the host.
    Connected,
    /// Guest: the host's tab is gone (closed, reloading, asleep) or never
    /// answered; retrying in the background, the replica keeps its copy.
    HostAway,
    /// Was connected; the signalling server was lost and the socket is
    /// being rebuilt (a host's live peers may still be playing meanwhile).
    Reconnecting,
    /// Cannot connect: a reason a player can read. Retries continue where
    /// they can help (a server that is down); a bad room id is final.
    Failed(String),
}

impl ConnState {
    /// A short label for the UI.
    pub fn label(&self) -> &'static str {
        match self {
            ConnState::Offline => "offline",
            ConnState::Connecting => "connecting…",
            ConnState::Connected => "connected",
            ConnState::HostAway => "host not answering",
            ConnState::Reconnecting => "reconnecting…",
            ConnState::Failed(_) => "connection failed",
        }
    }

    /// Why the link failed, in words a player can read.
    pub fn reason(&self) -> Option<&str> {
        match self {
            ConnState::Failed(why) => Some(why),
            _ => None,
        }
    }
}
