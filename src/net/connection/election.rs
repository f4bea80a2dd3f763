//! The connection's side of a host election (`duel-net`'s succession
//! decides; the app tells the connection): this tab's role changes, and every
//! peer must hear it by a new beacon.

use duel_net::PeerId;

use super::{Connection, Role};

impl<R: Ord + Copy> Connection<R> {
    /// An election changed this tab's part: it hosts now, or follows `host`.
    pub fn set_role(&mut self, role: Role, host: Option<PeerId>) {
        if role != self.role {
            self.role = role;
            self.beacon_due = true;
        }
        match role {
            Role::Host => {
                self.host = None;
                self.awaiting_host_since = None;
                self.host_away_since = None;
                self.ever_connected = true;
            }
            Role::Guest => match host {
                // Reachable on this socket: link to it now.
                Some(h) if self.announced.contains(&h) => self.take_host(h),
                // Not (yet) met here (its socket may have been rebuilt): its beacon links us.
                _ => {
                    self.host = None;
                    self.awaiting_host_since = None;
                }
            },
        }
        self.refresh();
    }

    /// Whether the beacon must be sent again to every peer (our role
    /// changed); clears the flag.
    pub fn take_beacon_due(&mut self) -> bool {
        std::mem::take(&mut self.beacon_due)
    }

    /// Every peer on the current socket.
    pub fn remotes(&self) -> Vec<R> {
        self.table.remotes()
    }
}
