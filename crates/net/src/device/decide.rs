//! What a device does on an election's outcome: host the room it won
//! (and tell those the room view may not reach), or follow the winner; either
//! way its replica's lineage gains the election (a pinned newcomer's chain)
//! and the audit learns where the new term's own dice begin.

use super::{Device, Handover};
use crate::host::Host;
use crate::ids::Epoch;
use crate::pin::Certificate;
use crate::succession::Decision;
use crate::transport::Transport;
use crate::wire::decode_mesh;

impl<T: Transport> Device<T> {
    pub(super) fn decide(&mut self, now: u64, decision: Decision) {
        match decision {
            Decision::Host { epoch, votes, of } => {
                let Some(heir) = self.replica.heir() else { return };
                let me_no = self.replica.known_as();
                let seed = self.seed ^ u64::from(epoch.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                self.replica.term_began(epoch, &votes);
                let mut host = Host::succeed(heir, epoch, seed, self.me, (votes, of), now);
                self.succession.hosting(epoch, host.elected_msg());
                // Its own election ends the chain it shows a pinned newcomer.
                let won = host.elected_msg().and_then(|d| decode_mesh(&d).ok());
                self.descend(won.as_ref().and_then(Certificate::of_mesh), epoch);
                host.descend_from(self.replica.lineage().clone());
                self.tell_won(&host);
                self.host = Some(host);
                self.host_peer = self.me;
                let hello = self.replica.follow(now, epoch, me_no);
                self.deliver(now, hello);
                self.handovers.push(Handover::Hosting { epoch });
            }
            Decision::Follow { epoch, host, peer } => {
                // A stale host (its room moved on while it was away) steps down at once.
                self.host = None;
                self.host_peer = peer;
                // The certificate followed says where the new term's own dice
                // begin (the audit's) and extends a pinned newcomer's chain.
                let followed = self.succession.followed(epoch);
                if let Some(c) = &followed {
                    self.replica.term_began(epoch, &c.votes);
                }
                self.descend(followed, epoch);
                let hello = self.replica.follow(now, epoch, Some(host));
                self.deliver(now, hello);
                self.handovers.push(Handover::Following { epoch, host });
            }
        }
    }

    /// Tells the election just won where the room view may not reach: a
    /// rival host whose player chose this table (its address may be one the
    /// view lacks), and peers that said they host while this device stood
    /// (its host's tab reloaded under a new id: it follows what it hears).
    fn tell_won(&mut self, host: &Host) {
        let Some(a) = host.elected_msg() else { return };
        if let Some(peer) = self.succession.take_rival_peer() {
            self.transport.send(peer, a.clone());
        }
        for peer in self.succession.take_claimants() {
            self.transport.send(peer, a.clone());
        }
    }

    /// The replica's lineage gains the election of `epoch` about to be
    /// followed, if `elected` is its certificate (else the chain breaks).
    fn descend(&mut self, elected: Option<Certificate>, epoch: Epoch) {
        let elected = elected.filter(|c| c.epoch == epoch);
        match elected {
            Some(c) => self.replica.descend(c),
            None => self.replica.descend_unknown(),
        }
    }
}
