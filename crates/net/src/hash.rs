//! The protocol's one hash, SHA-256, kept as its 32 bytes.
//!
//! A leaf: it imports nothing of the crate, so the seat keys that sign over
//! a room's hash and the dice that commit to one need not import each other.

/// A SHA-256 hash as its 32 bytes: a room's digest ([`crate::fair::room_digest`]),
/// a link of the log's hash chain, a token's proof, a knock's challenge, the
/// commitment to a dice key as the wire carries it.
///
/// Not `duel_core::seal::Digest`: that is commit-reveal's commitment, a type
/// of its own; a dice key's commitment is one ([`crate::fair::dice_commitment`])
/// before the wire keeps its bytes.
pub type Hash32 = [u8; 32];
