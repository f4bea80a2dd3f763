//! The task that owns the matchbox socket: builds it, moves what it reports
//! into the shared state and the [`Connection`](super::connection::Connection),
//! and rebuilds it when the connection says so. One socket at a time; the driver ends when the
//! transport is dropped.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::{select, FutureExt, StreamExt};
use futures_timer::Delay;
use matchbox_socket::{ChannelConfig, Packet, PeerState, RtcIceServerConfig, WebRtcSocket};

use super::beacon;
use super::config::{health_url, IceConfig};
use super::connection::{ConnState, Decision};
use super::early_peers::{self, Adopted, Kept, News};
use super::mesh::signaller::{to_uuid, Mesh, MeshSignallerBuilder};
use super::mesh::{wire, Hub};
use super::peers::local_id;
use super::signaller::{Closed, WatchedSignallerBuilder};
use super::transport::{wake, Remote, Shared};

/// How often the driver looks at the clock when nothing arrives: the
/// connection's timeouts are seconds, and a dropped transport is noticed this fast.
const TICK_MS: u64 = 250;
/// Datagrams kept for the app at most (the protocol repairs what is dropped).
const MAX_INBOX: usize = 8_192;
/// Channel 0 carries `duel-net` datagrams, channel 1 the role beacon,
/// channel 2 the introductions (`mesh/wire.rs`).
const DATA: usize = 0;
const BEACON: usize = 1;
const RELAY: usize = 2;

/// Milliseconds on the page's monotonic clock (`performance.now()`).
pub fn now_ms() -> u64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0, |p| p.now() as u64)
}

/// Starts the driver task for `shared`.
pub fn spawn(shared: Rc<RefCell<Shared>>, url: String, ice: IceConfig) {
    wasm_bindgen_futures::spawn_local(run(shared, url, ice));
}

async fn run(shared: Rc<RefCell<Shared>>, url: String, ice: IceConfig) {
    let server_back = Rc::new(AtomicBool::new(false));
    let mut shown = shared.borrow().conn.state().clone();
    loop {
        if shared.borrow().closed {
            return;
        }
        let decision = shared.borrow_mut().conn.tick(now_ms());
        match decision {
            Decision::Start => {
                run_socket(&shared, &url, &ice, &server_back, &mut shown).await;
                log_state(&shared, &mut shown);
                wake(&shared);
            }
            // Rebuild and Probe only arise while a socket runs (run_socket handles them).
            Decision::Keep | Decision::Rebuild | Decision::Probe => {
                Delay::new(Duration::from_millis(TICK_MS)).await
            }
        }
    }
}

/// Runs one socket until it ends, the connection wants a new one, or the
/// transport is dropped.
async fn run_socket(
    shared: &Rc<RefCell<Shared>>,
    url: &str,
    ice: &IceConfig,
    server_back: &Rc<AtomicBool>,
    shown: &mut ConnState,
) {
    let (mesh, serverless) = {
        let s = shared.borrow();
        (s.mesh.clone(), s.serverless)
    };
    // The server's TURN relay for this room, asked afresh for every socket (credentials
    // expire). With no server there is nobody to ask: the devices share a network.
    let ice = &if serverless { ice.clone() } else { super::ice::resolve(url, ice).await };
    let lost = Arc::new(AtomicBool::new(false));
    let closed: Closed = Arc::default();
    if !serverless {
        // The server names this socket afresh: the last one's peers and invitations are gone.
        mesh.quiet(Hub::socket_started);
    }
    // The connections the page made before the game arrived (a room link's first socket only).
    let (news_tx, mut news) = futures::channel::mpsc::unbounded();
    let (mut early, kept) = match (!serverless).then(|| early_peers::take(url, &news_tx)).flatten() {
        Some((early, ids)) => (early, Arc::new(Kept { ids, ..Kept::default() })),
        None => (Adopted::default(), Arc::default()),
    };
    let server =
        (!serverless).then(|| WatchedSignallerBuilder::new(lost.clone(), closed.clone(), kept.clone()));
    let mut hub_news = mesh.driver_wakes();
    let (mut socket, message_loop) = WebRtcSocket::builder(url)
        .ice_server(RtcIceServerConfig {
            urls: ice.urls.clone(),
            username: ice.username.clone(),
            credential: ice.credential.clone(),
        })
        .add_channel(ChannelConfig::reliable())
        .add_channel(ChannelConfig::reliable())
        .add_channel(ChannelConfig::reliable())
        .signaller_builder(Arc::new(MeshSignallerBuilder { mesh: mesh.clone(), server }))
        .build();
    shared.borrow_mut().conn.socket_started(now_ms());
    let (Ok(data), Ok(beacons), Ok(relay)) =
        (socket.take_channel(DATA), socket.take_channel(BEACON), socket.take_channel(RELAY))
    else {
        // The channels were added just above; this cannot happen.
        shared.borrow_mut().conn.socket_ended(now_ms());
        return;
    };
    let (data_tx, mut data_rx) = data.split();
    let (beacon_tx, mut beacon_rx) = beacons.split();
    let (relay_tx, mut relay_rx) = relay.split();
    // The transport's datagrams go through here: to a connection the page made, or matchbox's.
    let (out_tx, mut out_rx) = futures::channel::mpsc::unbounded::<(Remote, Packet)>();
    shared.borrow_mut().out = Some(out_tx);
    let txs = [&data_tx, &beacon_tx, &relay_tx];
    let send = |early: &Adopted, channel: usize, peer: Remote, packet: Packet| {
        if !early.send(peer, channel, &packet) {
            // Fails only while the socket is torn down.
            let _ = txs[channel].unbounded_send((peer, packet));
        }
    };
    let mut message_loop = message_loop.fuse();
    let mut id_known = false;

    // One timer for the socket's life, re-armed when it fires (not one per
    // message: a busy room would create and drop a setTimeout per datagram).
    let mut tick = Delay::new(Duration::from_millis(TICK_MS)).fuse();
    loop {
        let mut ended: Option<Option<String>> = None;
        select! {
            change = socket.next().fuse() => match change {
                Some((peer, PeerState::Connected)) => connected(shared, &mesh, peer, &|p| send(&early, BEACON, peer, p)),
                Some((peer, PeerState::Disconnected)) => disconnected(shared, &mesh, peer),
                None => ended = Some(None),
            },
            got = data_rx.next() => match got {
                Some((peer, packet)) => heard(shared, &mesh, peer, DATA, &packet),
                None => ended = Some(None),
            },
            got = beacon_rx.next() => match got {
                Some((peer, packet)) => heard(shared, &mesh, peer, BEACON, &packet),
                None => ended = Some(None),
            },
            got = relay_rx.next() => match got {
                Some((peer, packet)) => heard(shared, &mesh, peer, RELAY, &packet),
                None => ended = Some(None),
            },
            got = out_rx.next() => if let Some((peer, packet)) = got { send(&early, DATA, peer, packet) },
            // The connections the page made report as matchbox's do.
            got = news.next() => match got {
                Some((peer, News::Open)) => connected(shared, &mesh, peer, &|p| send(&early, BEACON, peer, p)),
                Some((peer, News::Message(channel, bytes))) => heard(shared, &mesh, peer, channel, &bytes),
                Some((peer, News::Closed)) if early.has(peer) => {
                    early.drop_peer(peer);
                    disconnected(shared, &mesh, peer);
                }
                Some((_, News::Closed)) | None => {}
            },
            // The hub has messages for the introductions channel (flushed below).
            _ = hub_news.next() => {}
            result = message_loop => ended = Some(result.err().map(|e| e.to_string())),
            _ = tick => tick = Delay::new(Duration::from_millis(TICK_MS)).fuse(),
        }
        for (to, message) in mesh.quiet(Hub::take_outbox) {
            send(&early, RELAY, to_uuid(to), Packet::from(wire::encode(&message)));
        }
        // A peer whose connection the page made left the room: the server said so.
        for peer in kept.take_left().iter().filter_map(|id| uuid::Uuid::parse_str(id).ok()) {
            let peer = matchbox_socket::PeerId(peer);
            if early.has(peer) {
                early.drop_peer(peer);
                disconnected(shared, &mesh, peer);
            }
        }
        let now = now_ms();
        if let Some(error) = ended {
            if let Some(e) = error {
                leptos::logging::log!("[net] the socket ended: {e}");
            }
            let mut s = shared.borrow_mut();
            s.out = None;
            s.me = None;
            // A refusal ends the socket at once: keep the server's words.
            if let Some((code, reason)) = closed.lock().ok().and_then(|mut c| c.take()) {
                s.conn.signalling_closed(now, code, &reason);
            }
            s.conn.socket_ended(now);
            return;
        }
        if !id_known {
            if let Some(id) = socket.id() {
                id_known = true;
                let mut s = shared.borrow_mut();
                s.me = Some(local_id(id));
                s.conn.id_assigned(now);
            }
        }
        let beacon_due = shared.borrow_mut().conn.take_beacon_due();
        if beacon_due {
            // Our role changed (an election): every peer hears it, so a tab
            // that joins later finds the new host by its beacon.
            let (role, peers) = {
                let s = shared.borrow();
                (s.conn.role(), s.conn.remotes())
            };
            for peer in peers {
                send(&early, BEACON, peer, Packet::from(beacon::encode(role)));
            }
        }
        if lost.swap(false, Ordering::Relaxed) {
            let how = closed.lock().ok().and_then(|mut c| c.take());
            let mut s = shared.borrow_mut();
            match how {
                Some((code, reason)) => s.conn.signalling_closed(now, code, &reason),
                None => s.conn.signalling_lost(now),
            }
        }
        if server_back.swap(false, Ordering::Relaxed) {
            shared.borrow_mut().conn.server_back();
        }
        let (closed, decision) = {
            let mut s = shared.borrow_mut();
            (s.closed, s.conn.tick(now))
        };
        log_state(shared, shown);
        // With no server, a new socket could reach nobody: keep this one and its links.
        let decision = if serverless && decision == Decision::Rebuild { Decision::Keep } else { decision };
        if closed || decision == Decision::Rebuild {
            if !closed {
                leptos::logging::log!("[net] rebuilding the socket");
            }
            socket.close();
            let mut s = shared.borrow_mut();
            s.out = None;
            s.me = None;
            s.conn.socket_dropped(now);
            return;
        }
        if decision == Decision::Probe {
            probe(url, server_back.clone());
        }
        wake(shared);
    }
}

/// The channels to `peer` are open: the connection hears of it, the hub links it, and it hears
/// our role (read now: an election may have made this guest the host since the socket started).
fn connected(shared: &Rc<RefCell<Shared>>, mesh: &Mesh, peer: Remote, send_beacon: &dyn Fn(Packet)) {
    shared.borrow_mut().conn.peer_connected(now_ms(), peer, local_id(peer));
    mesh.with(|hub| hub.linked(local_id(peer)));
    let role = shared.borrow().conn.role();
    send_beacon(Packet::from(beacon::encode(role)));
}

fn disconnected(shared: &Rc<RefCell<Shared>>, mesh: &Mesh, peer: Remote) {
    shared.borrow_mut().conn.peer_disconnected(now_ms(), peer);
    mesh.with(|hub| hub.unlinked(local_id(peer)));
}

/// A message from `peer` on `channel`. Keyed by the peer's UUID directly: data may overtake the
/// "connected" report, and the protocol ignores peers it does not expect.
fn heard(shared: &Rc<RefCell<Shared>>, mesh: &Mesh, peer: Remote, channel: usize, packet: &[u8]) {
    match channel {
        DATA => {
            let mut s = shared.borrow_mut();
            // Bounded: every datagram wakes a pump that drains the inbox, so it only fills if
            // the app stopped pumping.
            if s.conn.heard_from(local_id(peer)) && s.inbox.len() < MAX_INBOX {
                s.inbox.push_back((local_id(peer), packet.to_vec()));
            }
        }
        BEACON => {
            if let Some(their_role) = beacon::decode(packet) {
                shared.borrow_mut().conn.beacon(now_ms(), peer, local_id(peer), their_role);
            }
        }
        RELAY => mesh.with(|hub| hub.relay_in(local_id(peer), packet)),
        _ => {}
    }
}

/// One console line per state change: what a player copies into a bug report.
fn log_state(shared: &Rc<RefCell<Shared>>, shown: &mut ConnState) {
    let s = shared.borrow();
    if s.conn.state() != shown {
        *shown = s.conn.state().clone();
        // Only a prefix of the room id: it is the room's only secret.
        let room: String = s.room.chars().take(4).collect();
        leptos::logging::log!("[net] room {room}…: {shown:?}");
    }
}

/// Asks the server's `/health` whether it is back, in the background.
fn probe(signal_url: &str, server_back: Rc<AtomicBool>) {
    let (Some(url), Some(window)) = (health_url(signal_url), web_sys::window()) else { return };
    let request = window.fetch_with_str(&url);
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(response) = wasm_bindgen_futures::JsFuture::from(request).await else { return };
        let ok = js_sys::Reflect::get(&response, &"ok".into()).ok().and_then(|v| v.as_bool());
        if ok == Some(true) {
            server_back.store(true, Ordering::Relaxed);
        }
    });
}
