//! A host restored from its save keeps the election that made it host
//! (issue 45). A room of two whose guest's links dropped forks: the guest
//! wins the election alone and hosts its copy while the host keeps its own.
//! If that guest's tab reloads before it rejoins, all it has is its save:
//! without the certificate it won with, the two hosts cannot even tell each
//! other apart, and the room never becomes one again. So the save keeps the
//! host's lineage (the elections from the owner's room to it, the last one
//! its own: see [`crate::pin::Lineage`]), and the restored host announces
//! that election again to the older host it meets, as a host that never
//! reloaded does.
//!
//! The save is untrusted like a peer: its last election is checked on
//! restore with the very check a replica runs before following one (the
//! winner's signature, a majority of the signed votes of the room view
//! before it, a view signed by its host), and it must make this save's own
//! player the host of this save's epoch under the key the save lists for
//! it. A save that fails is refused whole ([`RestoreError::Unelected`]):
//! nothing of it is restored. Elections before the last one are kept only
//! if the whole chain holds (a pinned newcomer checks them again anyway).

use super::roster::Roster;
use super::{RestoreError, Settings};
use crate::fair::room_digest;
use crate::wire::Lineage;

/// The lineage a save kept, checked (see the module docs): the whole chain
/// when it holds, else its last election alone; empty when none was kept
/// (the room's creator, a chain that broke, a save before format 12).
///
/// # Errors
/// [`RestoreError::Unelected`]: the last election does not hold, or does not
/// make this save's player the host of its epoch.
pub(super) fn checked(
    lineage: Lineage,
    settings: &Settings,
    roster: &Roster,
) -> Result<Lineage, RestoreError> {
    let Some(last) = lineage.steps.last() else { return Ok(lineage) };
    let room = room_digest(&settings.room);
    let own = Lineage { steps: vec![last.clone()] };
    let listed = |no| roster.players.get(&no).map(|p| p.key);
    let installed = own.installs(&room).map_err(|_| RestoreError::Unelected)?;
    let &[(_, before, before_key), (epoch, host, key)] = installed.as_slice() else {
        return Err(RestoreError::Unelected);
    };
    let holds = epoch == settings.epoch
        && Some(host) == roster.no_of(settings.owner)
        && listed(host) == Some(key)
        // The host it was won from signed that room under the key this save lists for it.
        && listed(before).is_none_or(|k| k == before_key);
    if !holds {
        return Err(RestoreError::Unelected);
    }
    Ok(if lineage.installs(&room).is_ok() { lineage } else { own })
}
