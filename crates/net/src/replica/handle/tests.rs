//! The replica's handling of the host's messages, tested.
#![allow(clippy::unwrap_used)]
use duel_core::{Game, GameConfig};

use super::*;
use crate::ids::{Epoch, PlayerToken, Seq};
use crate::replica::ReplicaConfig;
use crate::wire::{encode_host, Command};

fn from_host(r: &mut Replica, msg: HostMsg) {
    for d in encode_host(Epoch(0), &msg, &mut 0).unwrap() {
        r.handle(0, &d);
    }
}

#[test]
fn acceptances_of_commands_never_sent_are_not_kept() {
    let mut r = Replica::new(ReplicaConfig::new(PlayerToken(2), "G", "b"));
    r.connect(0);
    let welcome =
        HostMsg::Welcome { build: "b".into(), you: PlayerNo(1), next_command: CommandId(0), commits: vec![] };
    from_host(&mut r, welcome);
    let game = Game::new(GameConfig::quick_duel(1)).unwrap();
    let hash = game.state_hash();
    from_host(
        &mut r,
        HostMsg::Sync(Box::new(Snapshot {
            seq: Seq(0),
            game,
            tail: vec![],
            hash,
            marks: vec![],
            chain: crate::chain::GENESIS,
            signed: None,
        })),
    );
    assert!(r.game().is_some());
    // A host making up ids, each "done" at a head the copy never reaches.
    for id in 0..1_000 {
        from_host(&mut r, HostMsg::Accepted { id: CommandId(id), at: Seq(u64::MAX) });
    }
    assert!(r.waiting.is_empty());
    // A command of ours is still waited for.
    let sent = r.command(0, Command::Rename { name: "G".into() }).unwrap();
    from_host(&mut r, HostMsg::Accepted { id: sent.id, at: Seq(1) });
    assert_eq!(r.waiting, vec![(Seq(1), sent.id)]);
}
