//! How a successor proves it hosts the room a link pins (issue 43, attack
//! 8): the chain of elections from the owner's room to it.
//!
//! A pinned newcomer knows one key, the owner's. When the owner has left,
//! the room is hosted by a successor whose key the link does not name. The
//! successor proves its place the way every replica of the room checked it:
//! each host signs the room view it sends ([`SignedRoom`], "these are the
//! players and their keys, as I host epoch `e`"), and each election's
//! certificate (the `Elected` with its signed ballots) is checked against
//! the signed view of the room before it, with the very check a replica
//! runs before following an election. A [`Lineage`] is that chain, one
//! [`Step`] per election: the first view is signed by the key the link
//! pins; each later one by the winner the step before installed; the last
//! winner's key is the one that answers the knock.
//!
//! A peer cannot make up a step: the view must carry the installed host's
//! signature, and the certificate a majority of that view's players'
//! signed votes. What a lineage cannot show is that the view it starts from
//! is the room's latest (see `docs/PROTOCOL.md`, "What is still trusted").

use super::NotTheHost;
use crate::hash::Hash32;
use crate::ids::{Epoch, PlayerNo};
use crate::seat_key::SeatPublic;
use crate::wire::{Lineage, SignedRoom, Step};

/// The host a lineage installs last: its epoch, player and key.
pub(crate) type Installed = (Epoch, PlayerNo, SeatPublic);

impl Lineage {
    /// Follows the chain from the last room the key `pin` names hosted
    /// (in the room with digest `room`) and returns the host it installs
    /// last; `Ok(None)` for an empty lineage (the caller checks the key
    /// itself: only the pinned key hosts without an election).
    ///
    /// # Errors
    /// [`NotTheHost::OtherKey`] when no room of the chain is the pinned
    /// key's; [`NotTheHost::Unelected`] for any step from there that does not hold.
    pub(crate) fn trace(&self, pin: &super::KeyPin, room: &Hash32) -> Result<Option<Installed>, NotTheHost> {
        if self.steps.len() > Lineage::KEPT {
            return Err(NotTheHost::Unelected);
        }
        if self.steps.is_empty() {
            return Ok(None);
        }
        // From the pinned host's last room on (a link shared by a successor
        // pins the successor; a re-elected owner's own room is a fresh start).
        let pinned = |s: &&Step| s.before.host_key().is_some_and(|k| pin.names(&k));
        let Some(start) = self.steps.iter().rposition(|s| pinned(&s)) else {
            return Err(NotTheHost::OtherKey);
        };
        Ok(walk(&self.steps[start..], room)?.last().copied())
    }

    /// Every host the whole chain installs, in order: the host of its first
    /// room (the key that view lists for it), then each election's winner,
    /// every step checked as [`Lineage::trace`] checks it. What a host
    /// restored from its save (issue 45) proves its own election with: the
    /// same checks as a pinned newcomer's, from the chain's first room.
    ///
    /// # Errors
    /// [`NotTheHost::Unelected`] for a chain too long, or any step that does not hold.
    pub(crate) fn installs(&self, room: &Hash32) -> Result<Vec<Installed>, NotTheHost> {
        if self.steps.len() > Lineage::KEPT {
            return Err(NotTheHost::Unelected);
        }
        walk(&self.steps, room)
    }
}

/// Follows `steps` from the first one's room (signed by the host that view
/// lists) and returns the hosts they install: that room's, then each
/// winner's (empty for no steps).
fn walk(steps: &[Step], room: &Hash32) -> Result<Vec<Installed>, NotTheHost> {
    let mut installed: Vec<Installed> = Vec::with_capacity(steps.len() + 1);
    for step in steps {
        let before = &step.before;
        let signer = match installed.last() {
            None => {
                let host = before.view.host.ok_or(NotTheHost::Unelected)?;
                let key = before.host_key().ok_or(NotTheHost::Unelected)?;
                installed.push((before.epoch, host, key));
                key
            }
            // Each room is the one the election before installed a host for.
            Some(&(epoch, _, key)) if epoch == before.epoch => key,
            Some(_) => return Err(NotTheHost::Unelected),
        };
        if !SignedRoom::verifies(&signer, room, before.epoch, &before.view, &before.sig) {
            return Err(NotTheHost::Unelected);
        }
        // The check every replica of that room ran before following this election.
        crate::certificate::certified(&before.view, room, before.epoch, &step.elected)
            .map_err(|_| NotTheHost::Unelected)?;
        let e = &step.elected;
        let key = before.view.player(e.host).map(|p| p.key).ok_or(NotTheHost::Unelected)?;
        installed.push((e.epoch, e.host, key));
    }
    Ok(installed)
}
