//! A room as this tab runs it: the host when this tab created the room (the
//! authoritative game), always one replica (what the UI shows and where
//! every click goes), and the bot crews for the seats the room owner drives.
//!
//! Generic over the remote [`Transport`], so offline practice ([`Offline`])
//! and an online room (the WebRTC transport of `src/net`) run the same code.
//! No clock and no storage in here: the caller passes `now_ms` and stores
//! [`SessionApi::save`]. The UI sees the session through [`SessionApi`].

mod api;
mod bots;
mod link;
mod options;
pub mod practice;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use crate::net::ConnState;
use duel_core::{Event, Game, Intent, SeatId};
use duel_net::{
    Command, Host, HostConfig, HostNode, MemoryNet, Notice, PeerId, PlayerNo, Replica, ReplicaConfig,
    ReplicaNode, RestoreError, RoomView, SeatHolder, SubmitError, Timing, Transport, WithLocal,
};

pub use api::{Player, Pumped, Remote, SessionApi};
pub use bots::BotDriver;
pub use duel_bots::suggest_token;
pub use link::{Link, Offline, Tap};
pub use options::Options;

/// The build id peers must share (the rules code must agree byte for byte).
pub const BUILD: &str = concat!("dice-duel/", env!("CARGO_PKG_VERSION"));

/// Transport ids on the in-tab loopback. Remote ids are random 128-bit
/// numbers, so these two never meet one.
const HOST_LOOP: PeerId = PeerId(1);
const ME_LOOP: PeerId = PeerId(2);

/// Bot intents sent per pump at most (each followed by a host round trip).
const BOT_ACTIONS_PER_PUMP: usize = 12;

/// A room run by this tab. See the module docs.
pub struct Session<T: Transport> {
    host: Option<HostNode<WithLocal<T>>>,
    node: ReplicaNode<Tap<Link<T>>>,
    bots: BotDriver,
    /// Commands to send as soon as the host welcomes us (a one-tap practice start).
    script: VecDeque<Command>,
    timing: Timing,
    host_head: u64,
    host_room: u32,
    /// The remote link's state as of the last pump.
    link: ConnState,
}

impl<T: Remote> Session<T> {
    /// A new room hosted in this tab, reachable through `remote`.
    pub fn host(config: HostConfig, remote: T, player: Player, bots: BotDriver) -> Session<T> {
        let timing = config.timing;
        Session::around(Host::new(config), remote, player, bots, timing)
    }

    /// A saved room, hosted again in this tab (the page was reloaded).
    ///
    /// # Errors
    /// Why the save cannot be restored (another build, damaged storage).
    pub fn restore(
        saved: &[u8],
        remote: T,
        player: Player,
        bots: BotDriver,
        timing: Timing,
    ) -> Result<Session<T>, RestoreError> {
        let host = Host::restore(saved)?;
        Ok(Session::around(host, remote, player, bots, timing))
    }

    fn around(host: Host, remote: T, player: Player, bots: BotDriver, timing: Timing) -> Session<T> {
        let loopback = MemoryNet::new(0);
        loopback.connect(HOST_LOOP, ME_LOOP);
        let transport = WithLocal::new(remote, loopback.endpoint(HOST_LOOP), vec![ME_LOOP]);
        let replica = Replica::new(replica_config(&player));
        let link = Tap::new(Link::Loopback(loopback.endpoint(ME_LOOP)));
        Session {
            host: Some(HostNode::new(host, transport)),
            node: ReplicaNode::new(replica, link, HOST_LOOP),
            bots,
            script: VecDeque::new(),
            timing,
            host_head: 0,
            host_room: 0,
            link: ConnState::Offline,
        }
    }

    /// A guest of a room hosted elsewhere, reached through `remote`.
    pub fn join(remote: T, player: Player) -> Session<T> {
        let host_peer = remote.host_peer().unwrap_or(PeerId(0));
        let replica = Replica::new(replica_config(&player));
        Session {
            host: None,
            node: ReplicaNode::new(replica, Tap::new(Link::Remote(remote)), host_peer),
            bots: BotDriver::new(1, 0, true),
            script: VecDeque::new(),
            timing: Timing::default(),
            host_head: 0,
            host_room: 0,
            link: ConnState::Offline,
        }
    }

    /// Queues commands sent once the host has welcomed this tab.
    pub fn then(mut self, commands: impl IntoIterator<Item = Command>) -> Session<T> {
        self.script.extend(commands);
        self
    }

    /// Pumps host and replica until both are quiet: the replica's datagrams
    /// reach the in-tab host and its answers come back within one call.
    fn cycle(&mut self, now: u64, p: &mut Pumped) {
        if let Link::Remote(r) = &self.node.transport.inner {
            // A guest learns the host's transport id from the signalling.
            if let Some(peer) = r.host_peer() {
                self.node.host_peer = peer;
            }
            self.link = r.link_state();
        }
        if let Some(h) = &mut self.host {
            self.link = h.transport.remote().link_state();
        }
        self.node.pump(now);
        if let Some(h) = &mut self.host {
            h.pump(now);
            self.node.pump(now);
        }
        self.drain(p);
    }

    fn drain(&mut self, p: &mut Pumped) {
        let bots = self.node.replica.bot_seats_to_drive();
        for notice in self.node.replica.drain_notices() {
            match notice {
                Notice::Joined { .. } | Notice::Room => p.room_changed = true,
                Notice::Refused(reason) => p.refused = Some(reason.to_string()),
                Notice::Synced { head } => {
                    // A snapshot's events happened before we looked: show the state, narrate nothing.
                    self.node.transport.forget_upto(head.0);
                    p.game_changed = true;
                }
                Notice::Applied { from, to } => {
                    p.events.extend(self.node.transport.take(from.0, to.0));
                    p.game_changed = true;
                }
                Notice::Rejected { command, reason, .. } => {
                    let bot = matches!(&command, Some(Command::Intent { seat, .. }) if bots.contains(seat));
                    if !bot {
                        p.rejections.push(reason.to_string());
                    }
                }
                Notice::DiceTampered { at } => p.rejections.push(format!(
                    "Warning: the host's dice at event {} do not match what it committed to. \
                     Its rolls cannot be trusted.",
                    at.0
                )),
                Notice::NewHost { .. } => p.room_changed = true,
                Notice::Accepted { .. } | Notice::Desync { .. } => {}
            }
        }
    }

    fn run_script(&mut self, now: u64, p: &mut Pumped) {
        if self.node.replica.me().is_none() {
            return;
        }
        while let Some(command) = self.script.pop_front() {
            if self.node.command(now, command).is_err() {
                break;
            }
            self.cycle(now, p);
        }
    }

    fn run_bots(&mut self, now: u64, p: &mut Pumped) {
        self.bots.advance(now);
        for _ in 0..BOT_ACTIONS_PER_PUMP {
            let seats = self.node.replica.bot_seats_to_drive();
            let humans = self.node.replica.room().map(held_by_people).unwrap_or_default();
            let Some(game) = self.node.replica.game() else { return };
            let Some((seat, intent)) = self.bots.next(game, &seats, &humans) else { return };
            // A bot acting on a copy a moment old may be refused: it simply tries again.
            let _ = self.node.submit(now, seat, intent);
            self.cycle(now, p);
        }
    }
}

/// This tab's replica: its command nonces come from the browser's crypto RNG
/// (a host that could predict them could pick its next dice secret to suit them).
fn replica_config(player: &Player) -> ReplicaConfig {
    let mut cfg = ReplicaConfig::new(player.token, player.name.clone(), BUILD);
    cfg.nonce_seed = crate::platform::random::u64();
    cfg
}

/// Seats a person holds (bot teams never place set-up tokens for them).
fn held_by_people(room: &RoomView) -> Vec<SeatId> {
    room.seats
        .iter()
        .enumerate()
        .filter(|(_, h)| matches!(h, SeatHolder::Player(_)))
        .map(|(i, _)| SeatId(u8::try_from(i).unwrap_or(u8::MAX)))
        .collect()
}

fn submit_error(e: SubmitError) -> String {
    e.to_string()
}

impl<T: Remote> SessionApi for Session<T> {
    fn pump(&mut self, now_ms: u64) -> Pumped {
        let mut p = Pumped::default();
        self.cycle(now_ms, &mut p);
        self.run_script(now_ms, &mut p);
        self.run_bots(now_ms, &mut p);
        if let Some(h) = &self.host {
            let (head, room) = (h.host.head().0, h.host.room().version);
            if (head, room) != (self.host_head, self.host_room) {
                self.host_head = head;
                self.host_room = room;
                p.save_due = true;
            }
        }
        p
    }

    fn submit(&mut self, now_ms: u64, seat: SeatId, intent: Intent) -> Result<(), String> {
        self.node.submit(now_ms, seat, intent).map_err(submit_error)?;
        Ok(())
    }

    fn command(&mut self, now_ms: u64, command: Command) -> Result<(), String> {
        self.node.command(now_ms, command).map_err(submit_error)?;
        Ok(())
    }

    fn game(&self) -> Option<&Game> {
        self.node.replica.game()
    }

    #[cfg(feature = "test-hooks")]
    fn head(&self) -> u64 {
        self.node.replica.head().0
    }

    fn room(&self) -> Option<&RoomView> {
        self.node.replica.room()
    }

    fn me(&self) -> Option<PlayerNo> {
        self.node.replica.me()
    }

    fn is_owner(&self) -> bool {
        match (self.room(), self.me()) {
            (Some(room), Some(me)) => room.owner == Some(me),
            _ => false,
        }
    }

    fn bots(&mut self) -> &mut BotDriver {
        &mut self.bots
    }

    fn bots_ref(&self) -> &BotDriver {
        &self.bots
    }

    fn save(&self) -> Option<Vec<u8>> {
        self.host.as_ref().map(|h| h.host.save())
    }

    fn history(&self) -> Vec<Event> {
        self.host.as_ref().map(|h| h.host.log().to_vec()).unwrap_or_default()
    }

    fn timing(&self) -> Timing {
        self.timing
    }

    fn link_state(&self) -> ConnState {
        self.link.clone()
    }

    #[cfg(feature = "test-hooks")]
    fn pending(&self) -> usize {
        self.node.replica.pending()
    }

    #[cfg(feature = "test-hooks")]
    fn host_peer(&self) -> Option<PeerId> {
        match &self.node.transport.inner {
            Link::Remote(r) => r.host_peer(),
            Link::Loopback(_) => None,
        }
    }
}
