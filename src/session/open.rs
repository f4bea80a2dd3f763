//! Opening a session: a room hosted in this tab (new or restored from its
//! save), or a guest of a room hosted elsewhere.

use std::collections::VecDeque;

use duel_net::{
    Device, Host, HostConfig, PeerId, Replica, ReplicaConfig, RestoreError, SuccessionTiming, Timing,
};

use super::{cover, idle, rival, BotDriver, Identity, RoomLink, Session, BUILD, LOCAL_ME};
use crate::net::ConnState;

impl<T: RoomLink> Session<T> {
    /// A new room hosted in this tab, reachable through `remote`.
    pub fn host(config: HostConfig, remote: T, player: Identity, bots: BotDriver) -> Session<T> {
        let timing = config.timing;
        let room = config.room.clone();
        Session::around((Host::new(config), false), room, remote, player, bots, timing)
    }

    /// A saved room, hosted again in this tab (the page was reloaded). If the
    /// room elected another host meanwhile, this tab hears so from the first
    /// peer it meets and joins that host as a guest.
    ///
    /// # Errors
    /// Why the save cannot be restored (another build, damaged storage).
    pub fn restore(
        saved: &[u8],
        remote: T,
        player: Identity,
        bots: BotDriver,
        timing: Timing,
    ) -> Result<Session<T>, RestoreError> {
        let host = Host::restore(saved)?;
        let room = host.room_name().to_string();
        Ok(Session::around((host, true), room, remote, player, bots, timing))
    }

    /// `restored`: the host comes from this tab's save (see [`Device::restored`]).
    fn around(
        (host, restored): (Host, bool),
        room: String,
        remote: T,
        player: Identity,
        bots: BotDriver,
        timing: Timing,
    ) -> Session<T> {
        let me = remote.my_id().unwrap_or(LOCAL_ME);
        let replica = Replica::new(replica_config(&player, &room));
        let seed = crate::platform::random::u64();
        let dev = Device::hosting(host, replica, remote, me, SuccessionTiming::default(), seed);
        let dev = if restored { dev.restored() } else { dev };
        Session::with(dev, room, bots, timing)
    }

    /// A guest of a room hosted elsewhere, reached through `remote`. `bots`
    /// drive the room's bot seats if this tab is ever elected its host.
    pub fn join(remote: T, player: Identity, room: &str, bots: BotDriver) -> Session<T> {
        let host_peer = remote.host_peer().unwrap_or(PeerId(0));
        let me = remote.my_id().unwrap_or(LOCAL_ME);
        let mut cfg = replica_config(&player, room);
        // A room link's `&k=`: follow only a host that proves the owner's key (issue 43).
        cfg.pin = crate::net::pin_from_location();
        let replica = Replica::new(cfg);
        let seed = crate::platform::random::u64();
        let dev = Device::join(replica, remote, me, host_peer, SuccessionTiming::default(), seed);
        Session::with(dev, room.to_string(), bots, Timing::default())
    }

    fn with(dev: Device<T>, room_name: String, bots: BotDriver, timing: Timing) -> Session<T> {
        Session {
            dev,
            room_name,
            desk: None,
            bots,
            script: VecDeque::new(),
            timing,
            host_head: 0,
            host_room: 0,
            link: ConnState::Offline,
            cover: cover::CoverWatch::default(),
            idle: idle::IdleSeat::default(),
            forged: Vec::new(),
            rival: rival::RivalWatch::default(),
        }
    }
}

/// This tab's replica: its nonce chains are seeded from the browser's crypto
/// RNG (a host that could predict the nonces could pick its dice to suit them).
fn replica_config(player: &Identity, room: &str) -> ReplicaConfig {
    let mut cfg = ReplicaConfig::new(player.token, player.name.clone(), BUILD);
    cfg.room = room.to_string();
    crate::platform::random::fill(&mut cfg.nonce_seed);
    // The device's own seat key, kept with the token: it signs this device's election votes.
    cfg.seat_key = player.key.clone();
    cfg
}
