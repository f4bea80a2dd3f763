//! The connection's clocks: when to start a socket, when to give up on one
//! that never reached the server, when a guest stops waiting for its host
//! and rebuilds, and when to probe a lost signalling server. All of it is
//! [`Connection::tick`], on the caller's clock.

use super::{Connection, Role, Socket};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Nothing to do.
    Keep,
    /// Build a socket (there is none: the last one ended or was dropped).
    Start,
    /// Drop the current socket (then [`Connection::socket_dropped`]) and start anew.
    Rebuild,
    /// Signalling is lost but peers are still connected: ask the server's
    /// `/health` whether it is back, and call [`Connection::server_back`] if so.
    Probe,
}

/// A guest waits this long on a working socket for a host before showing
/// [`ConnState::HostAway`].
pub const HOST_WAIT_MS: u64 = 5_000;
/// A socket that got no id from the server within this time is rebuilt.
pub const START_TIMEOUT_MS: u64 = 15_000;
/// Consecutive sockets that never reached the server before [`ConnState::Failed`].
pub const FAILURES_BEFORE_FAILED: u32 = 3;
/// How often to probe a lost signalling server while peers are connected.
pub const PROBE_EVERY_MS: u64 = 2_000;
/// A guest whose datagrams to the host went unanswered this long drops the
/// host and rebuilds. The replica pings every second and the host answers at
/// once, so this only fires on a dead link: a connection matchbox still
/// reports open (its peer connections are not closed when a socket is
/// dropped, so a host that rebuilt its socket leaves a zombie behind) or a
/// frozen host tab. Counting from our own unanswered send, not from the last
/// datagram heard, keeps a throttled background guest from misfiring.
pub const HOST_SILENT_MS: u64 = 5_000;

/// Wait before the next socket after `failures` consecutive failed ones:
/// 0.5 s doubling to 8 s, so a restarting server is found within seconds
/// without hammering it (its per-IP cap is 20 connects per 10 s).
pub fn retry_delay_ms(failures: u32) -> u64 {
    500u64 << failures.min(4)
}

/// How long a guest keeps a working socket without a host before rebuilding
/// it (a fresh id makes every peer, the host included, handshake anew):
/// 3 s doubling to 24 s.
pub fn host_retry_ms(retries: u32) -> u64 {
    3_000u64 << retries.min(3)
}

/// How long a guest that lost its host keeps its socket while other players
/// are still linked to it: they may be electing a successor, and a rebuilt
/// socket gives this tab a new id, which the room's view (the electorate's
/// address book) does not know, so the election could never finish. A slow
/// phone's election takes seconds, not fifteen; the host's own reloaded tab
/// reaches us on the socket we keep.
pub const ELECTION_GRACE_MS: u64 = 15_000;

impl<R: Ord + Copy> Connection<R> {
    /// Time passes: decides whether to start, rebuild or probe.
    pub fn tick(&mut self, now: u64) -> Decision {
        if self.fatal.is_some() {
            return Decision::Keep;
        }
        let silent = self.awaiting_host_since.is_some_and(|t| now.saturating_sub(t) >= HOST_SILENT_MS);
        if let (true, Some(host)) = (silent, self.host) {
            // A dead link: forget the host (the protocol hears it left) and
            // rebuild so that both ends handshake afresh.
            if let Some(remote) = self.table.remote(host) {
                self.table.remove(remote);
            }
            self.forget(now, host);
            // Others still linked: keep the socket while they elect (see
            // ELECTION_GRACE_MS); `tick_up` rebuilds if nobody takes over.
            self.rebuild_asked = self.roles.is_empty();
        }
        let decision = match self.socket {
            Socket::Down { retry_at } if now >= retry_at => Decision::Start,
            Socket::Down { .. } => Decision::Keep,
            _ if std::mem::take(&mut self.rebuild_asked) => Decision::Rebuild,
            Socket::Starting { since } if now.saturating_sub(since) >= START_TIMEOUT_MS => {
                self.failures = self.failures.saturating_add(1);
                Decision::Rebuild
            }
            Socket::Starting { .. } => Decision::Keep,
            Socket::Up { since } => self.tick_up(now, since),
            // A guest without a host has nothing to keep alive: rebuild.
            Socket::SignallingLost { .. } if self.role == Role::Guest && self.host.is_none() => {
                Decision::Rebuild
            }
            Socket::SignallingLost { next_probe } if now >= next_probe => {
                self.socket = Socket::SignallingLost { next_probe: now + PROBE_EVERY_MS };
                Decision::Probe
            }
            Socket::SignallingLost { .. } => Decision::Keep,
        };
        self.refresh();
        decision
    }

    fn tick_up(&mut self, now: u64, since: u64) -> Decision {
        if self.role == Role::Host || self.host.is_some() {
            return Decision::Keep;
        }
        let away_since = match self.host_away_since {
            Some(t) => t,
            // Never had a host on this socket: count from when it came up.
            None if now.saturating_sub(since) >= HOST_WAIT_MS => *self.host_away_since.insert(since),
            None => return Decision::Keep,
        };
        let mut wait = host_retry_ms(self.host_retries);
        if !self.roles.is_empty() {
            wait = wait.max(ELECTION_GRACE_MS);
        }
        if now.saturating_sub(away_since) >= wait {
            self.host_retries = self.host_retries.saturating_add(1);
            // Counted again from the new socket's start.
            self.host_away_since = Some(now);
            return Decision::Rebuild;
        }
        Decision::Keep
    }
}
