//! A test hook for the browser tests of this layer (`tests/e2e/rooms.test.js`,
//! `tests/e2e/bench/p2p.bench.js`): a minimal room runner, independent of
//! the app's screens, driven from JavaScript through the wasm exports
//! (`window.wasmBindings.net_probe_*`, which Trunk publishes).
//!
//! It runs exactly what the app runs underneath (a [`RoomTransport`], the
//! `duel-net` host with the host tab's own replica on a loopback, or a
//! guest replica, storage and tokens from [`super::store`]) with a waker that
//! pumps as soon as a datagram lands, and reports what a test needs to check
//! (connection state, seats, head, state hash, freeze, when each event was
//! applied) as JSON. It does nothing until a test calls `net_probe_open`, and
//! it can only send what the UI could: legal intents for seats it holds.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::Duration;

use duel_core::{Game, GameConfig, Intent, SeatId};
use duel_net::{
    Command, Host, HostConfig, HostNode, MemoryEndpoint, MemoryNet, Notice, PeerId, Replica, ReplicaConfig,
    ReplicaNode, WithLocal,
};
use futures_timer::Delay;
use serde_json::json;
use wasm_bindgen::prelude::*;

use super::link::Role;
use super::transport::{follow_host, RoomStatus, RoomTransport};
use super::{random, store};
use plan::{cheap_intent, fire_intent, gunner_score, loaded};

mod plan;

const BUILD: &str = concat!("dice-duel-probe/", env!("CARGO_PKG_VERSION"));
const HOST_LOOP: PeerId = PeerId(1);
const ME_LOOP: PeerId = PeerId(2);
/// Pump at least this often (heartbeats, retries, host deadlines).
const PUMP_EVERY_MS: u64 = 50;
/// Applied-at times kept (for the latency figures).
const MAX_TIMES: usize = 8192;

enum Node {
    Host { node: Box<HostNode<WithLocal<RoomTransport>>>, me: ReplicaNode<MemoryEndpoint> },
    Guest(ReplicaNode<RoomTransport>),
}

struct Probe {
    room: String,
    status: RoomStatus,
    node: Node,
    /// `performance.timeOrigin + now()` when each sequence number was applied here.
    applied: BTreeMap<u64, f64>,
    /// Seat whose gunner plan runs on every pump until its front tube is loaded.
    autoload: Option<SeatId>,
    /// The last Fire each held seat could legally declare (see `net_probe_act`).
    armed: BTreeMap<SeatId, Intent>,
    rejected: Vec<String>,
    /// Head and room version of the last save, and whether they changed since.
    saved: (u64, u32),
    save_due: bool,
    generation: u32,
}

thread_local! {
    static PROBE: RefCell<Option<Probe>> = const { RefCell::new(None) };
}

/// Protocol clock: wall milliseconds, so a reloaded host's saved deadlines stay meaningful.
fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// A clock comparable across tabs and browser contexts, sub-millisecond.
fn precise() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.time_origin() + p.now())
}

/// Opens `room` as host (`host = true`: restores this device's save of the
/// room if there is one, else creates it with a quick duel) or guest.
#[wasm_bindgen]
pub fn net_probe_open(room: String, host: bool, name: String) {
    let role = if host { Role::Host } else { Role::Guest };
    let transport = RoomTransport::connect(&room, role);
    // Pump the moment a datagram lands: this is what keeps latency low.
    transport.set_waker(pump);
    let status = transport.status();
    let token = store::player_token();
    let replica = Replica::new(ReplicaConfig::new(token, name, BUILD));
    let node = if host {
        let restored = store::load_host(&room).and_then(|b| Host::restore(&b).ok());
        let host = restored.unwrap_or_else(|| {
            let seed = random::u128() as u64;
            let mut config = HostConfig::new(BUILD, token, seed);
            config.lobby = GameConfig::quick_duel(seed);
            Host::new(config)
        });
        let net = MemoryNet::new(0);
        let remote = WithLocal::new(transport, net.endpoint(HOST_LOOP), vec![ME_LOOP]);
        let me = ReplicaNode::new(replica, net.endpoint(ME_LOOP), HOST_LOOP);
        net.connect(HOST_LOOP, ME_LOOP);
        Node::Host { node: Box::new(HostNode::new(host, remote)), me }
    } else {
        Node::Guest(ReplicaNode::new(replica, transport, PeerId(0)))
    };
    let generation =
        PROBE.with(|p| p.try_borrow().ok().and_then(|p| p.as_ref().map(|p| p.generation + 1))).unwrap_or(0);
    let probe = Probe {
        room,
        status,
        node,
        applied: BTreeMap::new(),
        autoload: None,
        armed: BTreeMap::new(),
        rejected: Vec::new(),
        saved: (u64::MAX, 0),
        save_due: true,
        generation,
    };
    PROBE.with(|p| *p.borrow_mut() = Some(probe));
    wasm_bindgen_futures::spawn_local(async move {
        loop {
            Delay::new(Duration::from_millis(PUMP_EVERY_MS)).await;
            let alive = PROBE.with(|p| {
                p.try_borrow().map_or(true, |p| p.as_ref().is_some_and(|p| p.generation == generation))
            });
            if !alive {
                return;
            }
            pump();
            save();
        }
    });
    pump();
}

/// Saves the host's room if it changed. Only from the timer, never on the
/// waker's path: serialising the whole log and writing `localStorage` costs
/// far more than relaying an event, and at most 50 ms of play is at stake.
fn save() {
    PROBE.with(|p| {
        let Ok(mut guard) = p.try_borrow_mut() else { return };
        let Some(probe) = guard.as_mut() else { return };
        let Node::Host { node, .. } = &probe.node else { return };
        if std::mem::take(&mut probe.save_due) {
            let h = &node.host;
            probe.saved = (h.head().0, h.room().version);
            let _ = store::save_host(&probe.room, &h.save());
        }
    });
}

/// Pumps the open probe. Called by the transport's waker (never while a
/// probe call holds the state: those never await) and by the timer.
fn pump() {
    PROBE.with(|p| {
        let Ok(mut guard) = p.try_borrow_mut() else { return };
        if let Some(probe) = guard.as_mut() {
            probe.pump();
        }
    });
}

impl Probe {
    fn pump(&mut self) {
        let t = now();
        match &mut self.node {
            Node::Host { node, me } => {
                node.pump(t);
                me.pump(t);
                node.pump(t);
                let h = &node.host;
                self.save_due |= (h.head().0, h.room().version) != self.saved;
            }
            Node::Guest(node) => {
                follow_host(node, &self.status);
                node.pump(t);
            }
        }
        self.autoload_step();
        self.arm();
        let at = precise();
        for n in self.replica_mut().drain_notices() {
            match n {
                Notice::Applied { from, to } => {
                    for seq in from.0..=to.0 {
                        self.applied.entry(seq).or_insert(at);
                    }
                }
                Notice::Rejected { reason, .. } => self.rejected.push(reason.to_string()),
                Notice::Refused(reason) => self.rejected.push(format!("refused: {reason}")),
                _ => {}
            }
        }
        while self.applied.len() > MAX_TIMES {
            self.applied.pop_first();
        }
    }

    fn replica(&self) -> &Replica {
        match &self.node {
            Node::Host { me, .. } => &me.replica,
            Node::Guest(node) => &node.replica,
        }
    }

    fn replica_mut(&mut self) -> &mut Replica {
        match &mut self.node {
            Node::Host { me, .. } => &mut me.replica,
            Node::Guest(node) => &mut node.replica,
        }
    }

    fn command(&mut self, command: Command) -> Result<u32, String> {
        let t = now();
        let r = match &mut self.node {
            Node::Host { me, .. } => me.command(t, command),
            Node::Guest(node) => node.command(t, command),
        };
        // Pump now: in the host tab the command sits on the loopback until the host runs.
        self.pump();
        r.map(|id| id.0).map_err(|e| e.to_string())
    }

    fn submit(&mut self, seat: SeatId, intent: Intent) -> Result<u32, String> {
        let t = now();
        let r = match &mut self.node {
            Node::Host { me, .. } => me.submit(t, seat, intent),
            Node::Guest(node) => node.submit(t, seat, intent),
        };
        self.pump();
        r.map(|id| id.0).map_err(|e| e.to_string())
    }

    /// Remembers, per held seat, the Fire it may declare right now.
    fn arm(&mut self) {
        let r = self.replica();
        let armed: Vec<(SeatId, Intent)> =
            r.my_seats().into_iter().filter_map(|s| fire_intent(r, s).map(|i| (s, i))).collect();
        self.armed.extend(armed);
    }

    /// One step of the gunner plan for the autoload seat, when idle.
    fn autoload_step(&mut self) {
        let Some(seat) = self.autoload else { return };
        let replica = self.replica();
        let (Some(game), 0) = (replica.game(), replica.pending()) else { return };
        if loaded(game, seat) {
            self.autoload = None;
            return;
        }
        let best = game.legal_intents(seat).into_iter().max_by_key(|i| gunner_score(game, seat, i));
        if let Some(intent) = best.filter(|i| gunner_score(game, seat, i) > 0) {
            let _ = self.submit(seat, intent);
        }
    }

    fn report(&self) -> serde_json::Value {
        let r = self.replica();
        let game = r.game();
        let freeze = game.and_then(Game::freeze).map(|f| {
            json!({ "declared": f.declared.ship.0, "queued": f.queued.iter().map(|d| d.ship.0).collect::<Vec<_>>() })
        });
        let seats: Vec<u8> = r.my_seats().iter().map(|s| s.0).collect();
        let fire_ready: Vec<u8> =
            seats.iter().copied().filter(|s| fire_intent(r, SeatId(*s)).is_some()).collect();
        json!({
            "room": self.room,
            "role": format!("{:?}", self.status.role()),
            "state": format!("{:?}", self.status.state()),
            "hostPeer": self.status.host_peer().map(|p| format!("{:032x}", p.0)),
            "me": r.me().map(|p| p.0),
            "seats": seats,
            "started": game.is_some(),
            "head": r.head().0,
            "hash": game.map(|g| format!("{:016x}", g.state_hash())),
            "pending": r.pending(),
            "freeze": freeze,
            "fireReady": fire_ready,
            "loaded": seats.iter().filter(|s| game.is_some_and(|g| loaded(g, SeatId(**s)))).copied().collect::<Vec<_>>(),
            "autoload": self.autoload.map(|s| s.0),
            "rejected": self.rejected,
            "players": r.room().map_or(0, |room| room.players.len()),
        })
    }
}

fn with_probe<T>(f: impl FnOnce(&mut Probe) -> T) -> Option<T> {
    PROBE.with(|p| p.try_borrow_mut().ok()?.as_mut().map(f))
}

fn result(r: Result<u32, String>) -> String {
    match r {
        Ok(id) => json!({ "ok": true, "id": id }).to_string(),
        Err(e) => json!({ "ok": false, "error": e }).to_string(),
    }
}

/// The probe's view as JSON (see [`Probe::report`]); `null` before `open`.
#[wasm_bindgen]
pub fn net_probe_state() -> String {
    with_probe(|p| p.report().to_string()).unwrap_or_else(|| String::from("null"))
}

/// Claims `seat` for this tab's player.
#[wasm_bindgen]
pub fn net_probe_claim(seat: u8) -> String {
    result(with_probe(|p| p.command(Command::Claim { seat: SeatId(seat) })).unwrap_or(Err("not open".into())))
}

/// Starts the game (room owner only).
#[wasm_bindgen]
pub fn net_probe_start() -> String {
    result(with_probe(|p| p.command(Command::Start)).unwrap_or(Err("not open".into())))
}

/// Sends one intent for `seat`: `"cheap"` prefers rerolling energy (state
/// changes, the game does not advance much: for latency runs); `"fire"`
/// declares the Fire this seat last could, without the local check, like a
/// tap that landed before the other crew's freeze reached this screen (the
/// host arbitrates: the first to arrive wins, the other is queued or
/// refused). Returns `{ok, id | error, t0, head}` where `t0` is [`precise`]
/// just before sending and `head` the head before.
#[wasm_bindgen]
pub fn net_probe_act(seat: u8, kind: String) -> String {
    let seat = SeatId(seat);
    with_probe(|p| {
        let head = p.replica().head().0;
        let fire = kind == "fire";
        let intent = if fire {
            fire_intent(p.replica(), seat).or_else(|| p.armed.get(&seat).cloned())
        } else {
            p.replica().game().and_then(|g| cheap_intent(g, seat))
        };
        let Some(intent) = intent else {
            return json!({ "ok": false, "error": "no such legal intent", "head": head }).to_string();
        };
        let t0 = precise();
        let sent = if fire { p.command(Command::Intent { seat, intent }) } else { p.submit(seat, intent) };
        match sent {
            Ok(id) => json!({ "ok": true, "id": id, "t0": t0, "head": head }).to_string(),
            Err(e) => json!({ "ok": false, "error": e, "head": head }).to_string(),
        }
    })
    .unwrap_or_else(|| String::from("null"))
}

/// Runs the gunner plan for `seat` (roll, route Weapons energy, load front
/// tube 0) on every pump until a torpedo is loaded.
#[wasm_bindgen]
pub fn net_probe_autoload(seat: u8) {
    with_probe(|p| p.autoload = Some(SeatId(seat)));
    pump();
}

/// When event `seq` was applied here ([`precise`] clock), or -1.
#[wasm_bindgen]
pub fn net_probe_applied_at(seq: u64) -> f64 {
    with_probe(|p| p.applied.get(&seq).copied()).flatten().unwrap_or(-1.0)
}

/// Asks the transport to rebuild its socket now.
#[wasm_bindgen]
pub fn net_probe_reconnect() {
    with_probe(|p| match &mut p.node {
        Node::Host { node, .. } => node.transport.remote().reconnect(),
        Node::Guest(node) => node.transport.reconnect(),
    });
}
