//! Online rooms through `src/net`'s WebRTC transport: the same session code
//! as practice, with [`RoomTransport`] as the remote link.

use duel_net::PeerId;

use crate::net::{ConnState, RoomTransport};
use crate::session::RoomLink;

impl RoomLink for RoomTransport {
    fn link_state(&self) -> ConnState {
        self.state()
    }

    fn host_peer(&self) -> Option<PeerId> {
        RoomTransport::host_peer(self)
    }

    fn my_id(&self) -> Option<PeerId> {
        RoomTransport::my_id(self)
    }

    #[cfg(feature = "test-hooks")]
    fn linked(&self) -> usize {
        RoomTransport::linked(self)
    }

    fn now_hosting(&mut self) {
        RoomTransport::set_role(self, crate::net::Role::Host, None);
        // Its predecessor may have left mid-introduction (issue 45): the mesh is whole again.
        self.pairing().introduce_all();
    }

    fn follow_host(&mut self, peer: PeerId) {
        RoomTransport::set_role(self, crate::net::Role::Guest, Some(peer));
    }

    fn adopt(&mut self, link: RoomTransport) -> Result<(), RoomTransport> {
        // The old transport is dropped here: its socket closes within a driver tick.
        *self = link;
        Ok(())
    }
}
