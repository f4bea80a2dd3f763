//! Checking an election before following it: the winner's certificate of
//! signed votes against this device's own copy of the room, and what a
//! refused election message was.

use std::collections::BTreeSet;

use crate::fair::Digest;
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::seat_key::{SeatSig, Statement};
use crate::wire::{Ballot, RoomView};

/// How many rounds past the one a device follows it votes in, and accepts
/// a certificate for. Rounds that end without a winner (two successors who
/// split the vote, a device cut off that stands alone every few seconds)
/// each use one up, one every three or four seconds, so the window must
/// outlast a room split for a while: 32 rounds is about two minutes of it.
/// Past the window nothing counts, so an election "won" at an epoch near
/// `u32::MAX` changes nothing, and the rounds after the one the room
/// follows stay usable.
pub const ROUND_WINDOW: u16 = 32;

/// Why an election message was refused (the last one is kept for the UI:
/// "a peer sent a forged election").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgery {
    /// A poll or vote whose signature is not its sender's seat key's.
    Signature,
    /// An election announcement without a valid certificate: a signature
    /// that is not the winner's, or too few valid votes of this room.
    Certificate,
    /// An election for a round past [`ROUND_WINDOW`].
    BeyondWindow,
    /// "I host the room" from a peer that does not, as this device's room
    /// view has it.
    FalseHosting,
    /// Events nobody asked that peer for.
    UnrequestedBatch,
    /// A voter's history its host never signed: a claimed head whose
    /// signature is not the key of the host of its epoch, or served events
    /// that do not carry the candidate's chain to the head it claimed.
    UnsignedHistory,
}

impl std::fmt::Display for Forgery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Forgery::Signature => "a peer sent an election message it did not sign",
            Forgery::Certificate => "a peer announced an election nobody won",
            Forgery::BeyondWindow => "a peer announced an election far in the future",
            Forgery::FalseHosting => "a peer claimed to host the room",
            Forgery::UnrequestedBatch => "a peer sent game events nobody asked it for",
            Forgery::UnsignedHistory => "a peer served game events its host never signed",
        })
    }
}

/// Players the room view lists as connected (the host among them): the electorate.
pub(super) fn electorate(room: &RoomView) -> usize {
    room.players.iter().filter(|p| p.connected).count()
}

/// Votes needed, own included: a strict majority of the room, so that two
/// halves can never both elect; a room of two continues with its survivor.
pub fn quorum(electorate: usize) -> usize {
    if electorate <= 2 {
        1
    } else {
        electorate / 2 + 1
    }
}

/// The rounds a device following `current` may vote in: the next
/// [`ROUND_WINDOW`] (fewer near the last round).
pub(super) fn in_window(current: Epoch, epoch: Epoch) -> bool {
    let top = current.round().saturating_add(ROUND_WINDOW);
    epoch.round() > current.round() && epoch.round() <= top
}

/// An `Elected` message, as received.
pub(super) struct Claim<'a> {
    pub(super) epoch: Epoch,
    pub(super) host: PlayerNo,
    pub(super) peer: PeerId,
    pub(super) votes: &'a [Ballot],
    pub(super) of: u16,
    pub(super) sig: &'a SeatSig,
}

/// Checks `claim` against this device's view of the room (`room`, whose
/// name has digest `digest`), when it follows `current` (which the claim's
/// epoch must be above: the caller drops older ones unread).
///
/// Valid: the epoch is `host`'s, in the window; `host` signed where to
/// find it; and the distinct players of `room` who signed a granted vote
/// for exactly this epoch and candidate (the winner's own among them) are
/// a majority of the larger of the winner's count and this device's
/// count of the room's connected players. Views of who is connected lag a
/// little between devices; taking the larger count means a claimed tiny
/// room (`of` = 1) never lowers the bar, and the winner, which waits for
/// every voter's answer a moment after its majority, normally carries more
/// votes than the bare majority of its own count. Votes this view cannot
/// check (an unknown player, a key it does not list) simply do not count.
///
/// # Errors
/// The kind of forgery.
pub(super) fn check(
    room: &RoomView,
    digest: &Digest,
    current: Epoch,
    claim: &Claim<'_>,
) -> Result<(), Forgery> {
    if !in_window(current, claim.epoch) {
        return Err(Forgery::BeyondWindow);
    }
    let Some(winner) = room.player(claim.host) else { return Err(Forgery::Certificate) };
    let addressed = (claim.epoch, claim.host, claim.peer);
    if claim.epoch.candidate() != claim.host
        || !winner.key.verifies(Statement::Elected, digest, &addressed, claim.sig)
    {
        return Err(Forgery::Certificate);
    }
    let mut voters = BTreeSet::new();
    for b in claim.votes {
        let v = &b.vote;
        let signed = room.player(v.voter).is_some_and(|p| b.signed_by(&p.key, digest));
        if v.granted && v.epoch == claim.epoch && v.candidate == claim.host && signed {
            voters.insert(v.voter);
        }
    }
    let need = quorum(electorate(room).max(usize::from(claim.of)));
    if !voters.contains(&claim.host) || voters.len() < need {
        return Err(Forgery::Certificate);
    }
    Ok(())
}
