//! A pinned newcomer's first words (issue 43, attack 8; see [`crate::pin`]):
//! a `Knock` before any `Hello`, and the host's `Proof` checked against the
//! room link's pin.

use super::{Link, Notice, Replica};
use crate::hash::Hash32;
use crate::ids::Epoch;
use crate::pin::{Answer, Lineage};
use crate::seat_key::{SeatPublic, SeatSig};
use crate::wire::{HostMsg, PeerMsg, Stamped};

impl Replica {
    /// While knocking, only the `Proof` counts; anything else changes nothing.
    pub(super) fn knock_answered(&mut self, now: u64, challenge: &Hash32, stamped: Stamped) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        if let HostMsg::Proof { key, sig, lineage } = stamped.msg {
            self.proof(now, challenge, stamped.epoch, (key, &sig, lineage), &mut out);
        }
        self.encode(&out)
    }

    /// The same challenge again after `retry_ms`: a proof still on its way holds for it.
    pub(super) fn knock_again(&mut self, now: u64, at: u64, challenge: Hash32, out: &mut Vec<PeerMsg>) {
        if now.saturating_sub(at) >= self.cfg.timing.retry_ms {
            self.link = Link::Knocking { at: now, challenge };
            out.push(PeerMsg::Knock { challenge });
        }
    }

    /// Whether the host must prove the pinned key before our `Hello`: a
    /// tab that never joined this room and follows no host a checked
    /// certificate installed (one that did knows its host already).
    pub(super) fn must_knock(&self) -> bool {
        self.cfg.pin.is_some() && self.known_as.is_none() && self.hosts.key_of(self.epoch).is_none()
    }

    /// A fresh knock: the link waits for its proof.
    pub(super) fn knock(&mut self, now_ms: u64) -> PeerMsg {
        self.knocks = self.knocks.wrapping_add(1);
        let challenge = crate::pin::challenge(&self.cfg.nonce_seed, self.knocks, now_ms);
        self.link = Link::Knocking { at: now_ms, challenge };
        PeerMsg::Knock { challenge }
    }

    /// Whether this tab is still waiting for the host to prove the pinned key.
    pub fn knocking(&self) -> bool {
        matches!(self.link, Link::Knocking { .. })
    }

    /// A host's answer to our knock: its signature of our challenge at the
    /// epoch it stamped, with the key the pin names or the key a lineage of
    /// elections from the owner's room installed for that epoch; or that
    /// peer is not the room's host (counted and told; it never gets our `Hello`).
    pub(super) fn proof(
        &mut self,
        now: u64,
        challenge: &Hash32,
        epoch: Epoch,
        (key, sig, lineage): (SeatPublic, &SeatSig, Lineage),
        out: &mut Vec<PeerMsg>,
    ) {
        let Some(pin) = self.cfg.pin else { return };
        let answer = Answer { key: &key, sig, lineage: &lineage };
        match crate::pin::check(&pin, &self.room_digest(), challenge, epoch, &answer) {
            Ok(host) => {
                self.proven = Some(key);
                // The winner the lineage installed hosts that epoch: only its heads are history.
                if let Some(no) = host {
                    self.hosts.install(epoch, no, key);
                }
                self.inherit(lineage);
                // The epoch its owner's key vouches for is the one this tab follows.
                if self.sync.is_none() && self.me().is_none() {
                    self.epoch = epoch;
                }
                self.last_heard = Some(now);
                self.link = Link::Joining { hello_at: Some(now) };
                out.push(self.hello());
            }
            Err(why) => {
                self.refused = self.refused.saturating_add(1);
                self.notice(Notice::NotTheHost(why));
            }
        }
    }
}
