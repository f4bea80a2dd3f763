//! Online rooms: creating one (with a server, or with none: "Play here, no
//! internet"), joining one by its link, its code or a scanned invitation. Each
//! asks first whether this browser can be in a room at all
//! ([`crate::platform::webrtc`]) and, where it cannot, opens nothing and says why.

use duel_core::{GameConfig, SeatId};
use duel_net::{Command, HostConfig, Timing};
use leptos::prelude::*;

use super::{full_first, identity, load_desks, seed, SessionKind};
use crate::net::{self, Role, RoomTransport};
use crate::platform::webrtc::{self, NoWebRtc};
use crate::platform::{self, full_app, random};
use crate::route::Route;
use crate::session::{BotDriver, Session, BUILD};
use crate::store::Store;

/// Pumps the session as soon as the transport has news (lower latency than the timer).
/// Not on a test's clock (test builds, issue 44): there the test pumps, step by
/// step, so nothing a peer sends is read between two of its steps.
fn wake_on_news(store: Store, transport: &RoomTransport) {
    transport.set_waker(move || {
        if !platform::on_test_clock() {
            leptos::task::spawn_local(async move { store.pump() })
        }
    });
}

/// Creates an online room hosted in this tab and opens its lobby.
///
/// # Errors
/// [`NoWebRtc`]: this browser cannot be in a room (nothing is opened, nothing changes).
pub fn create_room(store: Store) -> Result<(), NoWebRtc> {
    webrtc::rooms()?;
    if !full_first::ask(store, full_first::Then::CreateRoom) {
        host_room(store, net::new_room_id());
    }
    Ok(())
}

/// Hosts a new online room named `room` in this tab and opens its lobby.
pub fn host_room(store: Store, room: String) {
    if !full_app::ROOMS {
        // Not reached from the home (Create room loads the full app first): a test's or a
        // stale page's ask. The same address on a file with rooms hosts it.
        return to_rooms_file(store, &format!("/?room={room}&host=1"));
    }
    host_with(store, room.clone(), RoomTransport::connect(&room, Role::Host));
}

/// Hosts a room with no signalling server ("Play here, no internet"):
/// devices join by scanning this one's invitations (issue 34).
///
/// # Errors
/// [`NoWebRtc`]: this browser cannot be in a room (nothing is opened, nothing changes).
pub fn host_serverless(store: Store) -> Result<(), NoWebRtc> {
    webrtc::rooms()?;
    if !full_first::ask(store, full_first::Then::HostHere) {
        let room = net::new_room_id();
        net::saves::mark_serverless(&room);
        host_with(store, room.clone(), RoomTransport::serverless_host(&room));
    }
    Ok(())
}

/// Joins the room of a scanned invitation, with no server: this device's
/// answer is then its code to show (see [`net::Pairing::showing`]). Stays on
/// the screen it is on; the caller shows the answer and the room once linked.
///
/// # Errors
/// The code is an answer, not an invitation; or this browser cannot be in a
/// room ([`net::PairError::NoWebRtc`]). Nothing changes.
pub fn join_serverless(store: Store, offer: &duel_net::pairing::PairingCode) -> Result<(), net::PairError> {
    webrtc::rooms()?;
    if !full_app::ROOMS {
        // The camera's panel is not in the practice file: not reached.
        return Ok(());
    }
    let room = offer.room.clone();
    let role = net::role_for(&room);
    let transport = RoomTransport::serverless_guest(offer, role)?;
    net::saves::mark_serverless(&room);
    if let Err(transport) = relink(store, &room, transport) {
        join_with(store, &room, role, transport);
    }
    platform::replace_url(&format!("/?room={room}{}", store.route.get_untracked().hash()));
    Ok(())
}

/// This tab hosts `room` live (its links dropped, it was not reloaded): the
/// running session goes on over `transport` (see `SessionApi::relink`).
/// `Err(transport)`: no such session here, to start one.
fn relink(store: Store, room: &str, transport: RoomTransport) -> Result<(), RoomTransport> {
    let here = matches!(store.kind.get_untracked(), SessionKind::Online { room: r, .. } if r == room);
    if !here {
        return Err(transport);
    }
    wake_on_news(store, &transport);
    let pairing = transport.pairing();
    let mut slot = Some(transport);
    store.with_session(|s| {
        if let Some(t) = slot.take() {
            slot = s.relink(t).err();
        }
    });
    match slot {
        Some(transport) => Err(transport),
        None => {
            store.set_pairing(Some(pairing));
            Ok(())
        }
    }
}

fn host_with(store: Store, room: String, transport: RoomTransport) {
    wake_on_news(store, &transport);
    let pairing = transport.pairing();
    // `?seed=` (tests, demos) seeds a room as it seeds a practice: the same tokens on the board.
    let seed = seed(store);
    let me = identity();
    let mut config = HostConfig::new(BUILD, me.token, seed);
    config.lobby = GameConfig::quick_duel(seed);
    config.room = room.clone();
    // `?speed=` and `?fast=` (tests, demos) apply to online rooms as to practice.
    config.timing = store.opts.timing();
    let bots = BotDriver::new(store.opts.speed, seed, store.opts.bots_paused);
    let session = Session::host(config, transport, me, bots).then([Command::Claim { seat: SeatId(0) }]);
    store.install(Box::new(session), SessionKind::Online { room: room.clone(), host: true });
    store.set_pairing(Some(pairing));
    store.save(platform::now_ms(), true);
    platform::replace_url(&format!("/?room={room}{}", Route::Play.hash()));
    store.go(Route::Play);
}

/// Joins `room` from a link: as its host if this device holds its save (a reloaded host tab), else as a guest.
/// A room this tab was in with no server (issue 45) asks no server: it
/// waits to be rejoined by camera through a device still in it.
pub fn join_room(store: Store, room: &str) {
    if !full_app::ROOMS {
        return to_rooms_file(store, &format!("/?room={room}"));
    }
    let role = net::role_for(room);
    let transport = if net::saves::is_serverless(room) {
        RoomTransport::unlinked(room, role)
    } else {
        RoomTransport::connect(room, role)
    };
    join_with(store, room, role, transport);
}

fn join_with(store: Store, room: &str, role: Role, transport: RoomTransport) {
    wake_on_news(store, &transport);
    let pairing = transport.pairing();
    let mode = SessionKind::Online { room: room.to_string(), host: role == Role::Host };
    if role == Role::Host {
        if let Some(bytes) = net::saves::load_host(room) {
            if full_first::to_resume(store, room) {
                return;
            }
            let mut bots = BotDriver::new(1, random::u64(), false);
            load_desks(room, &mut bots);
            match Session::restore(&bytes, transport, identity(), bots, Timing::default()) {
                Ok(session) => {
                    store.install(Box::new(session), mode);
                    store.set_pairing(Some(pairing));
                    return;
                }
                Err(e) => {
                    net::saves::forget_host(room);
                    store.toasts.error(format!("This room's save could not be resumed: {e}"));
                    // A room with no server cannot be asked again from here: scan again.
                    if !pairing.is_serverless() {
                        join_room(store, room);
                    }
                    return;
                }
            }
        }
    }
    // Bots run here only if this tab is elected the room's host one day.
    let bots = BotDriver::new(store.opts.speed, random::u64(), store.opts.bots_paused);
    store.install(Box::new(Session::join(transport, identity(), room, bots)), mode);
    store.set_pairing(Some(pairing));
}

/// Enters `room` from its link or code (the home screen's "join"): joins it,
/// puts it in the address (a reload rejoins) and shows it.
///
/// # Errors
/// [`NoWebRtc`]: this browser cannot be in a room (nothing is opened, nothing changes).
pub fn enter_room(store: Store, room: &str) -> Result<(), NoWebRtc> {
    webrtc::rooms()?;
    if !full_app::ROOMS {
        to_rooms_file(store, &format!("/?room={room}{}", Route::Play.hash()));
        return Ok(());
    }
    // Joined before the address changes: the transport reads `?sig=` and `?ice=` from it.
    join_room(store, room);
    platform::replace_url(&format!("/?room={room}{}", Route::Play.hash()));
    store.go(Route::Play);
    Ok(())
}

/// On the practice file (issue 49), which has no rooms: the room's own address,
/// which the page opens on the base file (index.html: a room link loads it). A
/// practice is saved first, and resumes from its save when the player comes
/// back to it.
fn to_rooms_file(store: Store, address: &str) {
    store.save(platform::now_ms(), true);
    platform::assign_url(address);
}
