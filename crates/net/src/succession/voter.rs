//! The voter's side of an election: answering a signed poll with a signed
//! ballot, one granted vote a round, and only once this device too has
//! stopped hearing the host.

use super::{certificate, Forgery, Succession};
use crate::ids::{Epoch, PeerId, PlayerNo};
use crate::replica::Replica;
use crate::seat_key::{SeatSig, Statement};
use crate::wire::{encode_mesh, Ballot, MeshMsg, Vote};

impl Succession {
    /// Answers `candidate`'s poll for `epoch` (from `from`): a host says it
    /// hosts; anyone else sends its ballot, granted or not.
    pub(super) fn answer_poll(
        &mut self,
        now: u64,
        from: PeerId,
        (epoch, candidate, sig): (Epoch, PlayerNo, SeatSig),
        replica: &Replica,
        hosting: Option<Epoch>,
        out: &mut Vec<(PeerId, Vec<u8>)>,
    ) {
        if let Some(e) = hosting {
            send(out, from, &MeshMsg::Hosting { epoch: e });
            // With the election that made us host, so the candidate can follow at once.
            if let Some((won, a)) = &self.announcement {
                if *won == e {
                    out.push((from, a.clone()));
                }
            }
            return;
        }
        let (Some(me), Some(room)) = (replica.known_as(), replica.room()) else { return };
        let digest = replica.room_digest();
        let current = replica.epoch();
        let Some(standing) = room.player(candidate) else { return };
        if !standing.key.verifies(Statement::Poll, &digest, &(epoch, candidate), &sig) {
            self.refuse(Forgery::Signature);
            return;
        }
        let sender_ok = standing.peer.is_none_or(|peer| peer == from) && epoch.candidate() == candidate;
        let silent = replica.host_silent_for(now).is_none_or(|s| s >= self.timing.silence_ms / 2);
        // The same candidate polling again for the same epoch gets the same answer.
        let again = self.ballots.get(&epoch.round()) == Some(&(epoch, candidate));
        // One vote a round, in the window; none for a round below one this device stands in.
        let fresh = certificate::in_window(current, epoch)
            && !self.ballots.contains_key(&epoch.round())
            && self.campaign.as_ref().is_none_or(|c| c.epoch() < epoch);
        // A host this device caught failing the audit is never voted back in.
        let trusted = !replica.failed_audit().contains(&candidate);
        let granted = again || (sender_ok && silent && fresh && trusted);
        if granted {
            self.ballots.insert(epoch.round(), (epoch, candidate));
            self.poll_seen = Some(now);
            if self.campaign.as_ref().is_some_and(|c| c.epoch() < epoch) {
                self.end_campaign();
            }
        }
        let vote = Vote { epoch, candidate, voter: me, granted, state: replica.copy_state() };
        let ballot = Ballot::sign(vote, replica.seat_key(), &digest);
        send(out, from, &MeshMsg::Vote { ballot });
    }
}

fn send(out: &mut Vec<(PeerId, Vec<u8>)>, to: PeerId, m: &MeshMsg) {
    if let Ok(d) = encode_mesh(m) {
        out.push((to, d));
    }
}
