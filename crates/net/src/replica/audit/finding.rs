//! What the dice audit reports: its counts, and each finding (a batch it
//! could not check, and why) with a sentence every player can read.

use crate::ids::{CommandId, PlayerNo, Seq};

/// What the audit found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditReport {
    /// Batches whose dice were re-derived and matched.
    pub checked: u64,
    /// Batches applied unchecked (their key was never revealed, or their mark is missing).
    pub unchecked: u64,
    /// The first batch whose dice or events the host altered, if any.
    pub tampered: Option<Seq>,
    /// The first batch the host kept the audit from checking (tampering or
    /// withholding), and why.
    pub withheld: Option<Finding>,
    /// The first batch nobody can ever check through no fault of the host
    /// in charge now (its host left before showing the key).
    pub unverifiable: Option<Finding>,
}

/// A batch the audit could not check, from `since` on, why, and whose dice they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    pub since: Seq,
    pub why: AuditFinding,
    /// The host it is about, as this device saw it: the host that delivered
    /// the batch (a finding against it), or for [`AuditFinding::HostGone`]
    /// the departed host whose key it was, if this device followed it.
    /// `None`: nobody this device can name (events a voter served in an
    /// election, or a key of a host this device never followed).
    pub host: Option<PlayerNo>,
}

impl Finding {
    /// Whether the finding accuses its host (a warning every player must
    /// see) rather than telling of dice nobody can check through no proven
    /// fault (a host that left before showing its key, once: a caution).
    pub fn accuses(&self) -> bool {
        self.why != AuditFinding::HostGone
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.since.0;
        match self.why {
            AuditFinding::NoMark => {
                write!(f, "The host's dice since event {n} cannot be checked: it did not say what caused them.")
            }
            AuditFinding::MarksOutOfOrder => write!(
                f,
                "The host's dice since event {n} cannot be checked: its record of what caused them is out of order."
            ),
            AuditFinding::SealMissing => write!(
                f,
                "The host's dice since event {n} cannot be checked: it did not change its key where the rules say."
            ),
            AuditFinding::KeyOutOfTurn => write!(
                f,
                "The host's dice at event {n} were rolled with a key it had no right to use then."
            ),
            AuditFinding::KeyNeverCommitted => write!(
                f,
                "The host's dice since event {n} cannot be checked: they use a key it never committed to."
            ),
            AuditFinding::KeyNotShown => {
                write!(f, "The host's dice since event {n} cannot be checked: it has not shown its key.")
            }
            AuditFinding::NoStateHash => write!(
                f,
                "The host's events since event {n} cannot be checked: it has stopped confirming the game's state."
            ),
            AuditFinding::NonceNotCommitted { player, id } => write!(
                f,
                "The dice at event {n} do not come from player {}'s command {}: the host gave it a nonce that player never committed to.",
                player.0, id.0
            ),
            AuditFinding::ChainNotSigned { player } => write!(
                f,
                "At event {n} the host showed a dice commitment in player {}'s name that player never signed: it could choose that player's dice.",
                player.0
            ),
            AuditFinding::HostGone => write!(
                f,
                "The dice since event {n} cannot be checked: the host that rolled them left before showing its key."
            ),
            AuditFinding::HostGoneAgain => write!(
                f,
                "The dice since event {n} cannot be checked: the host that rolled them left before showing its key, \
                 and it had failed the audit before."
            ),
        }
    }
}

/// Why a batch could not be checked. Every reason but [`AuditFinding::HostGone`]
/// is the host's doing: tampering, or withholding what the check needs (a
/// host that leaves before showing its key again and again chose its dice
/// where nobody could check them: [`AuditFinding::HostGoneAgain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditFinding {
    /// A batch without a mark (what caused it, with which key and nonce).
    NoMark,
    /// Marks out of order, overlapping, or host actions numbered with a gap.
    MarksOutOfOrder,
    /// The batch that crosses a checkpoint (or ends the game) carries no seal.
    SealMissing,
    /// A key used before its turn, after it was shown, or changed without a seal.
    KeyOutOfTurn,
    /// A key the host never committed to.
    KeyNeverCommitted,
    /// A key of the host in charge not shown within the bound.
    KeyNotShown,
    /// No state hash for longer than the bound: nothing can be judged.
    NoStateHash,
    /// A command's nonce is not the link its player committed to.
    NonceNotCommitted { player: PlayerNo, id: CommandId },
    /// A key of a host that is gone (not a finding against the host in charge).
    HostGone,
    /// A key of a host that is gone, which had failed the audit before (a
    /// finding against it, or an earlier term it left before showing its
    /// key): once may be a closed tab, twice is a way to roll unchecked.
    HostGoneAgain,
    /// A nonce-chain commitment in the room view that its player's seat key
    /// did not sign: the host made it up (and so knows its links).
    ChainNotSigned { player: PlayerNo },
}
