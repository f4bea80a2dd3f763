//! Small identifiers that cross the wire. Each is a newtype so a transport
//! id can never be mistaken for a player, nor a sequence number for a
//! command id.

use serde::{Deserialize, Serialize};

/// A transport-level peer: who a datagram came from or goes to.
///
/// 128 bits so a matchbox `PeerId` (a UUID) maps onto it one to one. It
/// changes on every reconnect, so it never identifies a *player*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PeerId(pub u128);

/// A player's secret identity, kept in browser storage across reloads.
///
/// The host never reveals tokens to other peers (the room view shows
/// [`PlayerNo`]s), so knowing someone's seat does not let you act for them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerToken(pub u128);

impl std::fmt::Debug for PlayerToken {
    /// Only a prefix: tokens are secrets and logs are shared in bug reports.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PlayerToken({:08x}…)", (self.0 >> 96) as u32)
    }
}

/// The host's public number for an admitted player, in admission order.
/// Stable for the life of the room (saved with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerNo(pub u16);

/// A peer's number for one of its commands (intents, seat claims, lobby
/// edits). Consecutive per player; the host processes each player's
/// commands in this order and deduplicates by `(player, id)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CommandId(pub u32);

/// The 1-based position of an event in the room's log. `Seq(0)` is "no
/// event yet": a replica at head `Seq(n)` has applied events `1..=n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seq(pub u64);

impl Seq {
    /// The furthest a room's log may reach. No room plays 2^48 events (at
    /// thirty a second, three hundred thousand years), so a number past it
    /// comes from a peer that lies and is refused; below it, a sequence
    /// number plus any length held in memory is far from overflowing.
    pub const LIMIT: Seq = Seq(1 << 48);

    /// The sequence number after this one.
    pub fn next(self) -> Seq {
        Seq(self.0.saturating_add(1))
    }

    /// The number `n` after this one (for a batch of `n` events from here,
    /// the one after its last); `None` past [`Seq::LIMIT`].
    pub fn plus(self, n: usize) -> Option<Seq> {
        let n = u64::try_from(n).ok()?;
        self.0.checked_add(n).filter(|s| *s <= Seq::LIMIT.0).map(Seq)
    }
}

/// Which host's word counts: the election round in the high 16 bits (0 for
/// the room's creator, one more for each election) and the winner's player
/// number in the low 16, so two candidates of one round (possible while
/// devices disagree for a moment about who is connected) never share an
/// epoch: the higher one wins when they meet. Every host message carries it;
/// a replica ignores a lower one, and a host that sees a higher one steps down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Epoch(pub u32);

impl Epoch {
    /// The election round.
    pub fn round(self) -> u16 {
        (self.0 >> 16) as u16
    }

    /// The epoch `candidate` stands for in the round after this one; `None`
    /// after the last round (only a peer that lies gets a room there).
    pub fn after(self, candidate: PlayerNo) -> Option<Epoch> {
        let round = self.round().checked_add(1)?;
        Some(Epoch::at(round, candidate))
    }

    /// The epoch `candidate` stands for in `round`.
    pub fn at(round: u16, candidate: PlayerNo) -> Epoch {
        Epoch((u32::from(round) << 16) | u32::from(candidate.0))
    }

    /// The player who stands for (or won) this epoch: its low 16 bits.
    pub fn candidate(self) -> PlayerNo {
        PlayerNo((self.0 & 0xFFFF) as u16)
    }
}
