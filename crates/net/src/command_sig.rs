//! A command signed end to end by its player's seat key (issue 43, point
//! 10): in a room with no server, the device that introduced two others
//! relays their link, so it could alter a command on its way to the host or
//! make one up in another player's name. Each command is signed as
//! `b"dice-duel/command/1" ‖ room digest ‖ postcard(player, id, command)`;
//! the host runs only a command its player's key signed, carries the
//! signature in the batch's [`Mark`], and every replica checks it again
//! against the key its own room view lists for that player.
//!
//! The nonce is left out on purpose: it is tied to the player by the chain
//! its device committed to (and a host that shows another one is named by
//! the dice audit, which a refused batch would hide).

use crate::hash::Hash32;
use crate::ids::{CommandId, PlayerNo};
use crate::seat_key::{SeatKey, SeatPublic, SeatSig, Statement};
use crate::wire::{Act, Command, Mark};
use duel_core::HostAction;

/// `player`'s device signs its command `id` in the room with digest `room`.
pub fn sign_command(
    key: &SeatKey,
    room: &Hash32,
    player: PlayerNo,
    id: CommandId,
    command: &Command,
) -> SeatSig {
    key.sign(Statement::Command, room, &(player, id, command))
}

/// Whether `key` signed `command` as `player`'s command `id` in the room with digest `room`.
pub fn command_signed_by(
    key: &SeatPublic,
    room: &Hash32,
    (player, id): (PlayerNo, CommandId),
    command: &Command,
    sig: &SeatSig,
) -> bool {
    key.verifies(Statement::Command, room, &(player, id, command), sig)
}

impl Mark {
    /// The player's command that caused this batch, rebuilt from what the
    /// mark says was done (an intent, or a Fighter's reseat); `None` for a
    /// host action, which no player signs.
    pub fn command(&self) -> Option<Command> {
        self.by?;
        match &self.act {
            Act::Play { seat, intent } => Some(Command::Intent { seat: *seat, intent: intent.clone() }),
            Act::Host(HostAction::Reseat { seats }) => Some(Command::Reseat { seats: seats.clone() }),
            Act::Host(_) => None,
        }
    }

    /// Whether this mark's command carries `key`'s signature: `true` for a
    /// host action (no player's command), `false` for a player's command
    /// with no signature, one that does not hold, or an act no command makes.
    pub fn signed_by(&self, key: &SeatPublic, room: &Hash32) -> bool {
        let Some(by) = self.by else { return true };
        match (self.command(), &self.sig) {
            (Some(command), Some(sig)) => command_signed_by(key, room, by, &command, sig),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::KeyId;
    use crate::ids::Seq;
    use duel_core::{Intent, SeatId};

    #[test]
    fn a_marked_command_holds_only_for_its_player_id_act_and_room() {
        let (ana, bo) = (SeatKey::from_seed([1; 32]), SeatKey::from_seed([2; 32]));
        let room = [7; 32];
        let command = Command::Intent { seat: SeatId(1), intent: Intent::EnergySurge };
        let by = (PlayerNo(2), CommandId(5));
        let act = Act::Play { seat: SeatId(1), intent: Intent::EnergySurge };
        let mut mark = Mark::new(Seq(3), KeyId { epoch: 0, index: 0 }, [0; 32], Some(by), act);
        assert!(!mark.signed_by(&ana.public(), &room), "unsigned");
        mark.sig = Some(sign_command(&ana, &room, by.0, by.1, &command));
        assert!(mark.signed_by(&ana.public(), &room));
        assert!(!mark.signed_by(&bo.public(), &room), "another key");
        assert!(!mark.signed_by(&ana.public(), &[8; 32]), "another room");
        let other_seat =
            Mark { act: Act::Play { seat: SeatId(2), intent: Intent::EnergySurge }, ..mark.clone() };
        assert!(!other_seat.signed_by(&ana.public(), &room), "another act");
        let other_id = Mark { by: Some((PlayerNo(2), CommandId(6))), ..mark.clone() };
        assert!(!other_id.signed_by(&ana.public(), &room), "another id");
        let other_player = Mark { by: Some((PlayerNo(3), CommandId(5))), ..mark.clone() };
        assert!(!other_player.signed_by(&ana.public(), &room), "another player");
        let resume = Mark { by: None, sig: None, act: Act::Host(HostAction::Resume), ..mark.clone() };
        assert!(resume.signed_by(&bo.public(), &room), "a host action is no player's");
        let claimed = Mark { act: Act::Host(HostAction::Resume), ..mark };
        assert!(!claimed.signed_by(&ana.public(), &room), "an act no command makes");
    }

    /// What end-to-end signatures add to a typical batch on the wire: the
    /// host's broadcast of one intent (the figure in docs/PERFORMANCE.md).
    #[test]
    fn a_command_costs_64_bytes_up_and_65_in_its_batch() {
        use crate::fuzz::{command_of, started_host};
        use crate::ids::{PeerId, PlayerToken};
        use crate::wire::{encode_host, encode_peer, HostDecoder, HostMsg};
        let mut host = started_host();
        let seat = SeatId(1);
        let intent = host.game().unwrap().legal_intents(seat).into_iter().find(|i| !i.is_freeze()).unwrap();
        let cmd = command_of(PlayerToken(2), PlayerNo(1), CommandId(1), Command::Intent { seat, intent });
        let up = encode_peer(&cmd).unwrap();
        let out = host.handle(0, PeerId(2), &up);
        let mut decoder = HostDecoder::default();
        let batch =
            out.iter().filter(|o| o.to == PeerId(1)).find_map(|o| match decoder.decode(&o.datagram) {
                Ok(Some(s)) if matches!(s.msg, HostMsg::Events { .. }) => {
                    Some((s.epoch, s.msg, o.datagram.len()))
                }
                _ => None,
            });
        let (epoch, msg, signed_len) = batch.unwrap();
        let HostMsg::Events { from, events, hash, mut marks, signed } = msg else { unreachable!() };
        assert!(marks.iter().all(|m| m.sig.is_some()), "the host put the command's signature on its mark");
        for m in &mut marks {
            m.sig = None;
        }
        let n = marks.len();
        let unsigned = HostMsg::Events { from, events, hash, marks, signed };
        // Before protocol 11 a mark had no signature field at all: one byte less than `None`.
        let before_len = encode_host(epoch, &unsigned, &mut 0).unwrap()[0].len() - n;
        eprintln!(
            "a command: {} bytes up (was {}); its batch to each peer: {signed_len} bytes (was {before_len})",
            up.len(),
            up.len() - 64
        );
        assert_eq!((n, signed_len - before_len), (1, 65));
    }
}
