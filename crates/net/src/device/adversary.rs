//! Test support only: a device whose player plays the adversary, as a
//! modified client of its own would (the browser tests' hook for issue 43).

use super::Device;
use crate::ids::PeerId;
use crate::succession::Decision;
use crate::transport::Transport;
use crate::wire::{Ballot, Vote};

impl<T: Transport> Device<T> {
    /// Issue 43, attack 2: this guest elects itself while its host is live,
    /// with its own ballot alone (a majority of a room of two by the old
    /// count), hosts its own copy from then on, and sends its `Elected` to
    /// every other player of its room view. A live host refuses it
    /// (`Forgery::LiveHost`) and keeps its room: two devices host, and both
    /// screens say so. Returns how many peers it told; `None` when it has
    /// no room view or no round left, or already hosts.
    pub fn elect_self(&mut self, now: u64) -> Option<usize> {
        if self.host.is_some() {
            return None;
        }
        let me = self.replica.known_as()?;
        let epoch = self.replica.epoch().after(me)?;
        let peers: Vec<PeerId> =
            self.replica.room()?.players.iter().filter(|p| p.no != me).filter_map(|p| p.peer).collect();
        let vote = Vote { epoch, candidate: me, voter: me, granted: true, state: self.replica.copy_state() };
        let ballot = Ballot::sign(vote, self.replica.seat_key(), &self.replica.room_digest());
        self.decide(now, Decision::Host { epoch, votes: vec![ballot], of: 2 });
        let elected = self.host.as_ref()?.elected_msg()?;
        for peer in &peers {
            self.transport.send(*peer, elected.clone());
        }
        Some(peers.len())
    }
}
