//! This tab's role in the room, host or guest, as the connection holds it.
//! A succession (`duel-net`'s `succession/`) decides it and the app tells the
//! connection: when the role changes, every peer must hear it by a new beacon.

use duel_net::PeerId;

use super::{Connection, Role};

impl<R: Ord + Copy> Connection<R> {
    /// A succession changed this tab's role: it hosts now, or follows `host`.
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
