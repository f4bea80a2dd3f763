//! What a replica checks of every host message before it applies it (issue
//! 43, point 10): that each batch's commands carry their players' signatures,
//! and that the host signed the head the batch ends at. In a room with no
//! server the device that introduced this one relays its link to the host,
//! so it could alter a batch on its way; a batch these checks refuse changes
//! nothing, is counted and told in words (the copy asks for it again).

use thiserror::Error;

use super::{Notice, Replica};
use crate::chain::SignedHead;
use crate::ids::{CommandId, PlayerNo, Seq};
use crate::seat_key::SeatPublic;
use crate::wire::Mark;

/// A host message refused because the signatures in it do not vouch for
/// it, or the room view binds this player to another key. The `Display`
/// is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Tampered {
    #[error(
        "the host's events from {} on came without the host's signature: they were refused (a device \
         relaying this link may have altered them); this device asks the host again",
        .from.0
    )]
    UnsignedBatch { from: Seq },
    #[error(
        "the host's events from {} on are not the ones the host signed: they were refused (altered on \
         the way, by a device relaying this link); this device asks the host again",
        .from.0
    )]
    AlteredBatch { from: Seq },
    #[error(
        "the host's events at {} carry a command in player {}'s name that player's device never signed: \
         they were refused (a device relaying this link, or the host, made it up)",
        .at.0, .player.0
    )]
    ForgedCommand { at: Seq, player: PlayerNo },
    #[error(
        "the host refused command {} in your name: it did not carry this device's signature (a device \
         relaying this link altered or made it up); your own command is sent again",
        .0.0
    )]
    CommandRefused(CommandId),
    #[error(
        "the room lists another device's seat key for you: a device relaying this link may have put its \
         own in when you joined, to act in your name; leave and join again through another device"
    )]
    KeySwapped,
}

impl Replica {
    /// Whether every batch must come with the host's signed head: in a room
    /// of more than one player whose host's key this device has installed
    /// (a host alone, in practice, signs nothing: only its own device listens).
    pub(super) fn heads_required(&self) -> bool {
        let others = self.room.as_ref().is_some_and(|r| r.players.len() > 1);
        others && self.hosts.key_of(self.epoch).is_some_and(|k| k != SeatPublic::NONE)
    }

    /// Checks a batch of the host's (or a snapshot's tail) ending at `end`
    /// before anything of it is applied: each command's signature against
    /// the key the room view lists for its player, and the host's signed
    /// head at `end` against the key installed for this epoch. Whether the
    /// events are the ones the head signed is [`super::sync`]'s to check, as
    /// it applies them.
    pub(super) fn check_batch(
        &self,
        from: Seq,
        end: Seq,
        marks: &[Mark],
        signed: Option<&SignedHead>,
    ) -> Result<(), Tampered> {
        self.check_marks(marks)?;
        let digest = self.room_digest();
        match signed {
            None if self.heads_required() => Err(Tampered::UnsignedBatch { from }),
            None => Ok(()),
            Some(h) if h.epoch != self.epoch || h.seq != end || !h.signed_by_host(&self.hosts, &digest) => {
                if self.heads_required() {
                    Err(Tampered::AlteredBatch { from })
                } else {
                    Ok(())
                }
            }
            Some(_) => Ok(()),
        }
    }

    /// Checks each command's signature in `marks` against the key the room
    /// view lists for its player (a host action's mark has none to check).
    pub(super) fn check_marks(&self, marks: &[Mark]) -> Result<(), Tampered> {
        let Some(room) = &self.room else { return Ok(()) };
        let digest = self.room_digest();
        for m in marks {
            let Some((player, _)) = m.by else { continue };
            let key = room.player(player).map(|p| p.key);
            if !key.is_some_and(|k| m.signed_by(&k, &digest)) {
                return Err(Tampered::ForgedCommand { at: m.at, player });
            }
        }
        Ok(())
    }

    /// Refuses what `why` names: counted, told, nothing else changed.
    pub(super) fn tampered(&mut self, why: Tampered) {
        self.refused = self.refused.saturating_add(1);
        self.notice(Notice::Tampered(why));
    }

    /// Tells the player, once per key, that the room view binds this
    /// device's player to another key than its own (an introducer that put
    /// its own in the `Hello` it relayed, and signs in the player's name).
    pub(super) fn check_own_key(&mut self) {
        let (Some(me), Some(room)) = (self.known_as, &self.room) else { return };
        let Some(listed) = room.player(me).map(|p| p.key) else { return };
        if listed == SeatPublic::NONE || listed == self.cfg.seat_key.public() || self.told_key == Some(listed)
        {
            return;
        }
        self.told_key = Some(listed);
        self.notice(Notice::Tampered(Tampered::KeySwapped));
    }
}
