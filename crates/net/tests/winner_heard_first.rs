//! Issue 45: a room of four whose host leaves. A device that polled the
//! winner before it followed it may hear the winner's answer, "I host this
//! epoch", after it followed the election and before the winner's first
//! room view (its view still names the host that left). That is its own
//! host speaking, not a false claim: the players are told of no forgery.
//! (In the browser the answer to a repeated poll arrived just so, and the
//! players read "A peer claimed to host the room".)
#![allow(clippy::unwrap_used)]

mod common;

use common::mesh::four_officers;
use duel_net::wire::encode_mesh;
use duel_net::{Conditions, Epoch, Forgery, MeshMsg, Transport};

#[test]
fn the_winners_i_host_heard_before_its_first_view_is_no_false_claim() {
    for seed in 461..466 {
        let mut m = four_officers(seed, Conditions::PERFECT);
        m.play(2_000, 300);
        assert!(m.settle());
        m.kill(0);
        // The first device that follows the winner, at the step it does.
        let mut follower = None;
        while follower.is_none() && m.now < 30_000 {
            m.step();
            follower = (1..4).find(|&i| !m.dev(i).is_host() && m.dev(i).replica.epoch() > Epoch(0));
        }
        let j = follower.expect("someone follows the winner");
        let winner = m.hosts()[0];
        let epoch = m.dev(j).replica.epoch();
        assert_eq!(
            m.dev(j).replica.room().unwrap().host.map(|h| h.0),
            Some(0),
            "its view still names the host that left"
        );
        // The winner's answer to a poll sent before: "I host this epoch".
        let mut wire = m.net.endpoint(m.ids[winner]);
        wire.send(m.ids[j], encode_mesh(&MeshMsg::Hosting { epoch }).unwrap());
        assert!(m.settle(), "one room: {}", m.describe());
        for d in m.devices.iter_mut().flatten() {
            let told = d.drain_refused_elections();
            assert!(!told.contains(&Forgery::FalseHosting), "seed {seed}: told {told:?}");
        }
    }
}
