//! Admitting a device: its build must be the room's, and the nonce chain it
//! commits to must be signed with the seat key it joins with (issue 31), or
//! nothing changes; then its seat key, chain and welcome.

use crate::fair::{room_digest, ChainCommit};
use crate::host::Host;
use crate::ids::{CommandId, PeerId, PlayerToken};
use crate::seat_key::SeatPublic;
use crate::wire::{HostMsg, Refusal};

impl Host {
    /// A `Hello` from `from`: the device's token and nonce chain, its name
    /// and seat key, its build.
    pub(super) fn hello(
        &mut self,
        now: u64,
        from: PeerId,
        who: (PlayerToken, ChainCommit),
        named: (&str, SeatPublic),
        build: String,
    ) {
        let (token, chain) = who;
        if build != self.settings.build {
            let reason = Refusal::Build { host: self.settings.build.clone(), peer: build };
            self.out.send(from, &HostMsg::Refused { reason });
            return;
        }
        // Its nonces, signed by the key it joins with: refused whole otherwise (nothing changes).
        if !chain.signed_by(&named.1, &room_digest(&self.settings.room)) {
            return self.out.send(from, &HostMsg::Refused { reason: Refusal::UnsignedChain });
        }
        let seats = &self.seats;
        let room = (self.settings.capacity, self.settings.owner);
        let admitted = match self.roster.admit(from, token, named, now, room, |p| seats.holds_any(p)) {
            Ok(a) => a,
            Err(reason) => return self.out.send(from, &HostMsg::Refused { reason }),
        };
        self.announced_to(from);
        // The device's nonces from its next command on: public (this call's
        // room broadcast) before any of its later datagrams is read.
        if self.roster.get_mut(admitted.no).is_some_and(|p| p.commit_chain(chain)) {
            self.room_dirty = true;
        }
        if let Some(old) = admitted.replaced {
            self.out.send(old, &HostMsg::Refused { reason: Refusal::Replaced });
        }
        let next_command = self.roster.get_mut(admitted.no).map(|p| p.book.next()).unwrap_or(CommandId(0));
        let build = self.settings.build.clone();
        let commits = self.keys.commits();
        self.out.send(from, &HostMsg::Welcome { build, you: admitted.no, next_command, commits });
        self.out.send(from, &HostMsg::Room(Box::new(self.room())));
        if let Some(sync) = self.sync_msg() {
            self.out.send(from, &sync);
        }
        self.probe(now, from);
        self.presence_changed(now);
    }
}
