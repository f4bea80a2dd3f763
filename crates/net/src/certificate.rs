//! Checking an election before following it: the winner's certificate of
//! signed votes against this device's own copy of the room, and what a
//! refused election message was.
//!
//! Below the replica and [`crate::succession`]: the succession runs this
//! check before it follows an `Elected`, and a pinned newcomer runs the same
//! check on each step of a host's lineage ([`crate::pin`]) before the
//! replica sends its `Hello`.

use std::collections::BTreeSet;

use crate::hash::Hash32;
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::seat_key::{SeatPublic, SeatSig, Statement};
use crate::wire::{Ballot, Certificate, RoomView};

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
    /// An election this hosting device refused because it still hears its
    /// room (issue 43: a live host never yields; in a room of two, a guest's
    /// own vote is a majority only once the host has left).
    LiveHost,
    /// An election this device never followed because it went on hearing
    /// its host for the whole silence bound after it arrived.
    HostHeard,
    /// Another device went on hosting its own copy of the room after this
    /// one told it who hosts now (a room of two after a cut in the network:
    /// each side kept hosting, and the players choose).
    TwoHosts,
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
            Forgery::LiveHost => "a peer announced it had taken over the room, which this device still hosts",
            Forgery::HostHeard => "a peer announced an election while this device still heard the host",
            Forgery::TwoHosts => {
                "another device still hosts its own copy of the room after hearing who hosts now: \
                 two devices each say they host, and the players must choose one"
            }
        })
    }
}

/// The electorate: the distinct seat keys of the players the room view
/// lists as connected (the host among them) and of `with` (the candidate,
/// counted even if this view has lost it). Keys, not players: a device that
/// holds several places in a room has one voice.
pub(crate) fn electorate(room: &RoomView, with: PlayerNo) -> usize {
    let connected = room.players.iter().filter(|p| p.connected || p.no == with);
    connected.map(|p| p.key).collect::<BTreeSet<SeatPublic>>().len()
}

/// Votes needed, own included, of an electorate of `electorate` keys: a
/// strict majority, so that two halves can never both elect. A room of two
/// continues with its survivor: the guest's own vote is enough once the host
/// has left, and the host, while it lives, never yields to it (it follows
/// an election only when it no longer hears its room, see `sticky.rs`).
pub fn quorum(electorate: usize) -> usize {
    if electorate <= 2 {
        1
    } else {
        electorate / 2 + 1
    }
}

/// The rounds a device following `current` may vote in: the next
/// [`ROUND_WINDOW`] (fewer near the last round).
pub(crate) fn in_window(current: Epoch, epoch: Epoch) -> bool {
    let top = current.round().saturating_add(ROUND_WINDOW);
    epoch.round() > current.round() && epoch.round() <= top
}

/// An `Elected` message, as received.
pub(crate) struct Claim<'a> {
    pub(crate) epoch: Epoch,
    pub(crate) host: PlayerNo,
    pub(crate) peer: PeerId,
    pub(crate) votes: &'a [Ballot],
    pub(crate) of: u16,
    pub(crate) sig: &'a SeatSig,
}

/// What a valid certificate says beyond its winner.
pub(crate) struct Verified {
    /// Whether its voters were following this device's host (or a later
    /// one) when they granted: their votes say *this* host went silent, so a
    /// device that still hears it does not follow (leader stickiness). A
    /// certificate whose only vote is the winner's (a room of two) says so
    /// on the winner's word alone, so it counts as such too. Votes cast
    /// under an older host belong to an election that raced the one this
    /// device followed: the later round wins, as it always has.
    pub(crate) deposes_current: bool,
}

/// Checks `claim` against this device's view of the room (`room`, whose
/// name has digest `digest`), when it follows `current` (which the claim's
/// epoch must be above: the caller drops older ones unread).
///
/// Valid: the epoch is `host`'s, in the window; `host` signed where to
/// find it; and the distinct seat keys of the players of `room` who signed
/// a granted vote for exactly this epoch and candidate (the winner's own
/// among them) are a majority of the larger of the winner's count and this
/// device's count of the room's connected keys. One key signing as several
/// players counts once. Views of who is connected lag a little between
/// devices; taking the larger count means a claimed tiny room (`of` = 1)
/// never lowers the bar, and the winner, which waits for every voter's
/// answer a moment after its majority, normally carries more votes than the
/// bare majority of its own count. A listed player's vote counts even if
/// this view no longer shows it connected (a host cut off from the room
/// loses sight of the very devices that elected its successor). Votes this
/// view cannot check (an unknown player, a key it does not list) simply do
/// not count.
///
/// # Errors
/// The kind of forgery.
pub(crate) fn check(
    room: &RoomView,
    digest: &Hash32,
    current: Epoch,
    claim: &Claim<'_>,
) -> Result<Verified, Forgery> {
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
    let mut keys = BTreeSet::new();
    let (mut others, mut under_current) = (false, false);
    for b in claim.votes {
        let v = &b.vote;
        let Some(voter) = room.player(v.voter) else { continue };
        if v.granted && v.epoch == claim.epoch && v.candidate == claim.host && b.signed_by(&voter.key, digest)
        {
            keys.insert(voter.key);
            if voter.key != winner.key {
                others = true;
                under_current |= v.state.epoch >= current;
            }
        }
    }
    let need = quorum(electorate(room, claim.host).max(usize::from(claim.of)));
    if !keys.contains(&winner.key) || keys.len() < need {
        return Err(Forgery::Certificate);
    }
    Ok(Verified { deposes_current: under_current || !others })
}

/// Checks an election's certificate against `room`, the signed view of the
/// room before it, as a device following `current` checks an `Elected`
/// (for a pinned newcomer's [`crate::pin::Lineage`]).
///
/// # Errors
/// The kind of forgery.
pub(crate) fn certified(
    room: &RoomView,
    digest: &Hash32,
    current: Epoch,
    c: &Certificate,
) -> Result<(), Forgery> {
    let claim = Claim { epoch: c.epoch, host: c.host, peer: c.peer, votes: &c.votes, of: c.of, sig: &c.sig };
    check(room, digest, current, &claim).map(|_| ())
}
