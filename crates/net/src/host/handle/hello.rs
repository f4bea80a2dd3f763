//! Admitting a device: its build must be the room's, and the nonce chain it
//! commits to must be signed with the seat key it joins with (issue 31), or
//! nothing changes; then its seat key, chain and welcome.

use crate::fair::{room_digest, ChainCommit};
use crate::host::admit::{Admitted, Door};
use crate::host::{Host, Stage};
use crate::ids::{CommandId, PeerId, PlayerNo, PlayerToken};
use crate::seat_key::SeatPublic;
use crate::wire::{HostMsg, HostRefusal, Mark};

/// The first command id a player given number `no` may use: one past every
/// command of that number in the log (a successor host, or a room past
/// 65,535 players, gives a number again; see `admit.rs`).
fn book_from(marks: &[Mark], no: PlayerNo) -> CommandId {
    let past = marks.iter().filter_map(|m| m.by).filter(|(p, _)| *p == no);
    past.map(|(_, id)| id.0.saturating_add(1)).max().map_or(CommandId(0), CommandId)
}

impl Host {
    /// A `Hello` from `from`: the device's token and nonce chain, its name
    /// and seat key, its build. A refusal goes back to the sender, is
    /// counted ([`Host::refused_hellos`]) and changes nothing else.
    pub(super) fn hello(
        &mut self,
        now: u64,
        from: PeerId,
        who: (PlayerToken, ChainCommit),
        named: (&str, SeatPublic),
        build: String,
    ) {
        let chain = who.1;
        let admitted = match self.admission(now, from, who, named, build) {
            Ok(a) => a,
            Err(reason) => {
                self.roster.refused = self.roster.refused.saturating_add(1);
                return self.out.send(from, &HostMsg::Refused { reason });
            }
        };
        self.announced_to(from);
        // The device's nonces from its next command on: public (this call's
        // room broadcast) before any of its later datagrams is read.
        if self.roster.get_mut(admitted.no).is_some_and(|p| p.commit_chain(chain)) {
            self.room_dirty = true;
        }
        if let Some(old) = admitted.replaced {
            self.out.send(old, &HostMsg::Refused { reason: HostRefusal::Replaced });
        }
        let next_command = self.roster.get_mut(admitted.no).map(|p| p.book.next()).unwrap_or(CommandId(0));
        let build = self.settings.build.clone();
        let commits = self.keys.commits();
        self.out.send(from, &HostMsg::Welcome { build, you: admitted.no, next_command, commits });
        for msg in self.room_msgs() {
            self.out.send(from, &msg);
        }
        if let Some(sync) = self.sync_msg() {
            self.out.send(from, &sync);
        }
        self.probe(now, from);
        self.presence_changed(now);
    }

    /// Whether the `Hello` may come in, and as whom (see `admit.rs`).
    fn admission(
        &mut self,
        now: u64,
        from: PeerId,
        (token, chain): (PlayerToken, ChainCommit),
        named: (&str, SeatPublic),
        build: String,
    ) -> Result<Admitted, HostRefusal> {
        if build != self.settings.build {
            return Err(HostRefusal::Build { host: self.settings.build.clone(), peer: build });
        }
        // Its nonces, signed by the key it joins with: refused whole otherwise.
        if !chain.signed_by(&named.1, &room_digest(&self.settings.room)) {
            return Err(HostRefusal::UnsignedChain);
        }
        let seats = &self.seats;
        let marks: &[Mark] = match &self.stage {
            Stage::Playing(m) => &m.marks,
            Stage::Lobby(_) => &[],
        };
        let door = Door {
            capacity: self.settings.capacity,
            owner: self.settings.owner,
            holds_seat: &|p| seats.holds_any(p),
            book_from: &|no| book_from(marks, no),
        };
        self.roster.admit(from, token, named, now, &door)
    }

    /// `Hello`s refused since this host started (a wrong build, an
    /// unsigned chain, a full room, and issue 43's: a second player on one
    /// connection, a token with another key, a key another player holds).
    pub fn refused_hellos(&self) -> u64 {
        self.roster.refused
    }
}
