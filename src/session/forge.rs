//! Test hooks only: this tab plays the adversary (issue 31). It sends the
//! room forged election messages with duel-net's own public types, as a
//! peer that lies on purpose would, so a browser test can show the others
//! refuse them and say so.

use duel_core::{Event, TeamId};
use duel_net::seat_key::SeatSig;
use duel_net::wire::{encode_mesh, MeshMsg};
use duel_net::{Epoch, Seq};

use super::{RoomLink, Session};

impl<T: RoomLink> Session<T> {
    /// Sends `kind` to every other player in the room view: `election` (an
    /// `Elected` naming this tab with signatures it made up), `batch` (events
    /// nobody asked for that end the game), `hosting` (a false claim to host),
    /// `self-election` (issue 43, attack 2: an `Elected` with this guest's own
    /// ballot alone, while the host is live; this tab then hosts its own copy,
    /// as a modified client would). Returns how many peers it went to.
    pub(super) fn forge_now(&mut self, now: u64, kind: &str) -> Result<usize, String> {
        if kind == "self-election" {
            return self
                .dev
                .elect_self(now)
                .ok_or_else(|| String::from("this tab cannot stand: it hosts, or has no room"));
        }
        let room = self.dev.replica.room().ok_or("not in a room")?;
        let me = self.dev.replica.me().ok_or("not admitted")?;
        let peers: Vec<_> = room.players.iter().filter(|p| p.no != me).filter_map(|p| p.peer).collect();
        let next = self.dev.replica.epoch().after(me).ok_or("no epoch left")?;
        let nobody = SeatSig([0; 32], [0; 32]);
        let msg = match kind {
            "election" => MeshMsg::Elected {
                epoch: next,
                host: me,
                peer: self.dev.me,
                votes: Vec::new(),
                of: 1,
                sig: nobody,
            },
            "batch" => MeshMsg::Batch {
                from: Seq(self.dev.replica.head().0.saturating_add(1)),
                events: vec![Event::GameOver { winner: Some(TeamId(0)) }],
                marks: Vec::new(),
            },
            "hosting" => MeshMsg::Hosting { epoch: Epoch(self.dev.replica.epoch().0) },
            other => return Err(format!("no forgery called {other}")),
        };
        let data = encode_mesh(&msg).map_err(|e| e.to_string())?;
        for peer in &peers {
            self.dev.transport.send(*peer, data.clone());
        }
        Ok(peers.len())
    }
}

impl<T: RoomLink> Session<T> {
    /// How the succession stands, for a failing test's message.
    pub(super) fn report_election(&self, now: u64) -> String {
        let room = self.dev.replica.room().map(|r| {
            let players: Vec<String> = r
                .players
                .iter()
                .map(|p| format!("{}:{}:{}", p.no.0, p.connected, p.peer.map_or(0, |x| x.0 as u32)))
                .collect();
            format!("players [{}] successors {:?}", players.join(" "), r.successors)
        });
        format!(
            "{:?}; rival {:?}; me {} as {:?}; host silent {:?} ms; {}",
            self.dev.standing(),
            self.dev.rival(),
            self.dev.me.0 as u32,
            self.dev.replica.known_as(),
            self.dev.replica.host_silent_for(now),
            room.unwrap_or_default()
        )
    }
}

/// The dishonest host's ways a browser test may switch on (`test_hook_cheat`).
pub(super) fn cheat_named(kind: &str) -> Result<duel_net::host::Cheat, String> {
    use duel_net::host::Cheat;
    Ok(match kind {
        "strip-seals" => Cheat::StripSeals,
        "omit-marks" => Cheat::OmitMarks,
        "no-hashes" => Cheat::NoHashes,
        "uncommitted-key" => Cheat::UncommittedKey,
        other => return Err(format!("no cheat called {other}")),
    })
}
