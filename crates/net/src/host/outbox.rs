//! Messages the host produced during one call, already encoded (and
//! chunked) for the transport. A broadcast is encoded once and copied.

use crate::ids::{Epoch, PeerId};
use crate::wire::{encode_host, HostMsg};

/// One datagram for one peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outbound {
    pub to: PeerId,
    pub datagram: Vec<u8>,
}

#[derive(Debug, Default)]
pub(crate) struct Outbox {
    items: Vec<Outbound>,
    /// Next chunked-transfer id.
    transfer: u32,
    /// Messages that could not be encoded (over 1 MiB): a bug, never expected.
    pub(crate) failures: u64,
    /// The epoch every message is stamped with.
    pub(crate) epoch: Epoch,
}

impl Outbox {
    /// An empty outbox stamping with `epoch`.
    pub(crate) fn at(epoch: Epoch) -> Outbox {
        Outbox { epoch, ..Outbox::default() }
    }

    pub(crate) fn send(&mut self, to: PeerId, msg: &HostMsg) {
        self.send_all(&[to], msg);
    }

    pub(crate) fn send_all(&mut self, to: &[PeerId], msg: &HostMsg) {
        if to.is_empty() {
            return;
        }
        match encode_host(self.epoch, msg, &mut self.transfer) {
            Ok(datagrams) => {
                for peer in to {
                    for d in &datagrams {
                        self.items.push(Outbound { to: *peer, datagram: d.clone() });
                    }
                }
            }
            Err(_) => self.failures += 1,
        }
    }

    /// Something already encoded (an election message), for one peer.
    pub(crate) fn push_raw(&mut self, to: PeerId, datagram: Vec<u8>) {
        self.items.push(Outbound { to, datagram });
    }

    pub(crate) fn take(&mut self) -> Vec<Outbound> {
        std::mem::take(&mut self.items)
    }
}
