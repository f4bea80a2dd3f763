//! Online rooms through `src/net`'s WebRTC transport: the same session code
//! as practice, with [`RoomTransport`] as the remote link.

use duel_net::PeerId;

use crate::net::{ConnState, RoomTransport};
use crate::session::{LinkState, Remote};

impl Remote for RoomTransport {
    fn link_state(&self) -> LinkState {
        match self.state() {
            ConnState::Connecting => LinkState::Connecting,
            ConnState::Connected => LinkState::Connected,
            ConnState::HostAway => LinkState::HostAway,
            ConnState::Reconnecting => LinkState::Reconnecting,
            ConnState::Failed(_) => LinkState::Failed,
        }
    }

    fn host_peer(&self) -> Option<PeerId> {
        RoomTransport::host_peer(self)
    }

    fn link_note(&self) -> Option<String> {
        match self.state() {
            ConnState::Failed(reason) => Some(reason),
            _ => None,
        }
    }
}
