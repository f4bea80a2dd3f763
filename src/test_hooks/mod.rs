//! Browser-test hooks over the running app (`--features test-hooks` only;
//! the release `dist/` served to players has none of this, and
//! `scripts/test` checks its wasm exports no `test_hook_*` symbol).
//!
//! The hooks drive the app's own [`Store`] and the real [`Session`] under it,
//! so the browser tests and the latency bench measure the code players run:
//! [`boot::host_room`] / [`boot::enter_room`] open a room exactly as the home
//! screen's "create" and "join" do (the screens follow), intents go through
//! [`Store::submit`] (a tap's path) and commands through
//! [`Store::try_command`], and the times are taken in [`Store::pump`] the
//! moment the session applied an event. The hooks add
//! only what a test needs beside that: a JSON report (connection, seats,
//! head, state hash, freeze), a way to pick a legal intent (a test's finger),
//! and a bot crew that keeps a seat's torpedo ready (`test_hook_autoload`).
//! `window.__duel` is a frozen copy of the report's core, refreshed after
//! every pump that changed the game or the room.
//!
//! Exported as `window.wasmBindings.test_hook_*` (Trunk publishes the
//! bindings); the page object is `tests/e2e/lib/pages/room_hooks.js`.
//!
//! [`Session`]: crate::session::Session

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use duel_bots::Crew;
use duel_core::{Game, Intent, SeatId};
use duel_net::Command;
use leptos::prelude::*;
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::boot;
use crate::net;
use crate::platform::test_clock::precise;
use crate::session::{Pumped, SessionKind};
use crate::store::Store;

mod autoload;
mod clock;
mod notices;
mod report;

/// Applied-at times kept (for the latency figures).
const MAX_TIMES: usize = 8192;

/// What the hooks remember beside the store.
#[derive(Default)]
struct Hooks {
    /// [`precise`] time at which each sequence number was applied in this tab.
    applied: BTreeMap<u64, f64>,
    /// Reasons the host refused this tab's commands.
    rejected: Vec<String>,
    /// What the trust bar told this tab (a peer's cheat that could not be refused).
    warned: Vec<String>,
    /// The room's lines the story told this tab (news, cautions).
    story: Vec<String>,
    /// A bot crew per seat that keeps its torpedo ready (see [`test_hook_autoload`]).
    autoload: BTreeMap<SeatId, Crew>,
    /// The last Fire each autoloaded seat could legally declare.
    armed: BTreeMap<SeatId, Intent>,
    timer: bool,
}

thread_local! {
    static STORE: Cell<Option<Store>> = const { Cell::new(None) };
    static HOOKS: RefCell<Hooks> = RefCell::new(Hooks::default());
}

/// Makes `store` the one the hooks drive (called once by the app's root,
/// before the first pump): [`pumped`] hears of each of its pumps.
pub fn install(store: Store) {
    STORE.with(|s| s.set(Some(store)));
    store.watch_pumps(pumped);
}

fn store() -> Option<Store> {
    STORE.with(Cell::get)
}

fn with_hooks<T>(f: impl FnOnce(&mut Hooks) -> T) -> T {
    HOOKS.with(|h| f(&mut h.borrow_mut()))
}

/// Told by [`Store::pump`] after each pump (see [`install`]): records when events were
/// applied (`at`, taken as the session returned) and the host's refusals,
/// and refreshes `window.__duel`.
pub fn pumped(store: &Store, p: &Pumped, at: f64) {
    with_hooks(|h| {
        for (seq, _) in &p.events {
            h.applied.entry(*seq).or_insert(at);
        }
        while h.applied.len() > MAX_TIMES {
            h.applied.pop_first();
        }
        h.rejected.extend(p.rejections.iter().cloned());
        h.warned.extend(p.warnings.iter().map(|w| w.text.clone()));
        h.story.extend(p.story.iter().cloned());
        h.story.extend(p.handover.iter().chain(&p.cover).cloned());
    });
    if p.game_changed || p.room_changed {
        publish_debug(store);
    }
    if p.game_changed {
        remember_position(store);
    }
}

/// Appends `"head:hash"` of a live game to `window.__duelSeen`: the positions
/// this tab showed, which a replay of the game must show again.
fn remember_position(store: &Store) {
    use js_sys::{Array, Reflect};
    let Some(window) = web_sys::window() else { return };
    let Some(Some(seen)) = store.with_session(|s| {
        if s.as_replay().is_some() {
            return None;
        }
        s.game().map(|g| format!("{}:{:016x}", s.head(), g.state_hash()))
    }) else {
        return;
    };
    let key = JsValue::from("__duelSeen");
    let list =
        Reflect::get(&window, &key).ok().and_then(|v| v.dyn_into::<Array>().ok()).unwrap_or_else(|| {
            let list = Array::new();
            let _ = Reflect::set(&window, &key, &list);
            list
        });
    list.push(&JsValue::from(seen));
}

/// Sets `window.__duel` to a frozen `{head, hash, seats, me, link}` (`hash`
/// as 16 hex digits: a `u64` does not fit a JS number).
fn publish_debug(store: &Store) {
    use js_sys::{Array, Object, Reflect};
    let Some(window) = web_sys::window() else { return };
    let Some(o) = store.with_session(|s| {
        let o = Object::new();
        let seats: Array = my_seats(s).iter().map(|s| JsValue::from(s.0)).collect();
        let fields: [(&str, JsValue); 5] = [
            ("head", JsValue::from(s.head() as f64)),
            ("hash", s.game().map_or(JsValue::NULL, |g| JsValue::from(format!("{:016x}", g.state_hash())))),
            ("seats", Object::freeze(&seats).into()),
            ("me", s.me().map_or(JsValue::NULL, |m| JsValue::from(m.0))),
            ("link", JsValue::from(s.link_state().label())),
        ];
        for (k, v) in fields {
            let _ = Reflect::set(&o, &JsValue::from(k), &v);
        }
        o
    }) else {
        return;
    };
    let _ = Reflect::set(&window, &JsValue::from("__duel"), &Object::freeze(&o));
}

fn my_seats(s: &dyn crate::session::SessionApi) -> Vec<SeatId> {
    match (s.room(), s.me()) {
        (Some(room), Some(me)) => room.seats_of(me),
        _ => Vec::new(),
    }
}

/// The first Fire `seat` may declare now (none during a freeze).
fn fire_intent(game: &Game, seat: SeatId) -> Option<Intent> {
    if game.freeze().is_some() {
        return None;
    }
    game.legal_intents(seat).into_iter().find(|i| matches!(i, Intent::Fire { .. }))
}

/// An intent that changes the state without moving the game on: reroll one
/// energy die, else reroll a station die, else any legal non-freeze intent.
fn cheap_intent(game: &Game, seat: SeatId) -> Option<Intent> {
    let legal = game.legal_intents(seat);
    let pick = |f: &dyn Fn(&Intent) -> bool| legal.iter().find(|i| f(i)).cloned();
    pick(&|i| matches!(i, Intent::RollEnergy { dice } if dice.len() == 1))
        .or_else(|| pick(&|i| matches!(i, Intent::RollDice { dice, .. } if dice.len() == 1)))
        .or_else(|| pick(&|i| !i.is_freeze()))
}

/// Opens `room` the way the app does: `host` creates it in this tab (or, if
/// this browser holds its save, resumes it, as a reloaded host tab does),
/// otherwise joins it as a guest. `name` is the player's name. Opening the
/// room this tab already runs in the same role (a reload that followed the
/// room link) does nothing.
#[wasm_bindgen]
pub fn test_hook_open(room: String, host: bool, name: String) {
    let Some(store) = store() else { return };
    crate::net::saves::set_name(&name);
    let running = store.kind.get_untracked();
    if running == (SessionKind::Online { room: room.clone(), host }) {
        return;
    }
    with_hooks(|h| *h = Hooks { timer: h.timer, ..Hooks::default() });
    if host && net::saves::load_host(&room).is_none() {
        boot::host_room(store, room);
    } else if let Err(missing) = boot::enter_room(store, &room) {
        // As the home screen's Join would: nothing opened.
        leptos::logging::log!("[test hooks] {missing}");
    }
}

fn outcome(sent: Result<(), String>) -> String {
    match sent {
        Ok(()) => json!({ "ok": true }).to_string(),
        Err(e) => json!({ "ok": false, "error": e }).to_string(),
    }
}

/// Claims `seat` for this tab's player.
#[wasm_bindgen]
pub fn test_hook_claim(seat: u8) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    outcome(store.try_command(Command::Claim { seat: SeatId(seat) }))
}

/// Gives `seat` up: to a bot mid-game, as the Seats card's "Give to a bot" does.
#[wasm_bindgen]
pub fn test_hook_release(seat: u8) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    outcome(store.try_command(Command::Release { seat: SeatId(seat) }))
}

/// The quiet person's offer (D46) on this device: `after_ms` shortens the
/// bound (30 s in play) so a browser test need not wait it out on the wall
/// clock, and the quiet starts again from now; `undefined` leaves it.
/// Returns `{ok, offered}`: the stations a bot works for the person now.
#[wasm_bindgen]
pub fn test_hook_quiet(after_ms: Option<u32>) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    match store.with_session(|s| s.quiet(after_ms.map(u64::from))) {
        Some(offered) => {
            json!({ "ok": true, "offered": offered.iter().map(|s| s.name()).collect::<Vec<_>>() }).to_string()
        }
        None => outcome(Err("no session".into())),
    }
}

/// This tab plays the adversary: sends every other player a forged
/// election message (`"election"`, `"batch"`, `"hosting"`), or elects
/// itself with its own ballot alone while its host is live and hosts its
/// own copy (`"self-election"`; see `session::forge`). Returns `{ok, sent?, error?}`.
#[wasm_bindgen]
pub fn test_hook_forge(kind: String) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    let now = store.session_now();
    let sent = store.with_session(|s| s.forge(now, &kind));
    store.pump();
    match sent {
        Some(Ok(sent)) => json!({ "ok": true, "sent": sent }).to_string(),
        Some(Err(e)) => outcome(Err(e)),
        None => outcome(Err("no session".into())),
    }
}

/// This tab's host cheats from now on (see `session::forge::cheat_named`):
/// the other tabs' audits must tell their players. Returns `{ok, error?}`.
#[wasm_bindgen]
pub fn test_hook_cheat(kind: String) -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    outcome(store.with_session(|s| s.cheat(&kind)).unwrap_or(Err("no session".into())))
}

/// Starts the game (room owner only).
#[wasm_bindgen]
pub fn test_hook_start() -> String {
    let Some(store) = store() else { return outcome(Err("no app".into())) };
    outcome(store.try_command(Command::Start))
}

/// Sends one intent for `seat`: `"cheap"` (see [`cheap_intent`]: the state
/// changes, the game hardly advances; for latency runs) through
/// [`Store::submit`], a tap's path; `"fire"` declares the Fire this seat can
/// (or, failing that, last could while autoloaded) without the local check,
/// like a tap that landed before the other crew's freeze reached this
/// screen: the host arbitrates. Fire ends the seat's autoload. Returns
/// `{ok, error?, t0, head}`: `t0` is [`precise`] just before sending, `head`
/// the head before.
#[wasm_bindgen]
pub fn test_hook_act(seat: u8, kind: String) -> String {
    let Some(store) = store() else { return String::from("null") };
    let seat = SeatId(seat);
    let fire = kind == "fire";
    let Some((head, now)) = store.with_session(|s| {
        let game = s.game();
        let now = if fire {
            game.and_then(|g| fire_intent(g, seat))
        } else {
            game.and_then(|g| cheap_intent(g, seat))
        };
        (s.head(), now)
    }) else {
        return String::from("null");
    };
    let intent = if fire {
        with_hooks(|h| {
            h.autoload.remove(&seat);
            now.or_else(|| h.armed.get(&seat).cloned())
        })
    } else {
        now
    };
    let Some(intent) = intent else {
        return json!({ "ok": false, "error": "no such legal intent", "head": head }).to_string();
    };
    let t0 = precise();
    let sent =
        if fire { store.try_command(Command::Intent { seat, intent }) } else { store.submit(seat, intent) };
    match sent {
        Ok(()) => json!({ "ok": true, "t0": t0, "head": head }).to_string(),
        Err(e) => json!({ "ok": false, "error": e, "head": head }).to_string(),
    }
}

/// When event `seq` was applied in this tab ([`precise`] clock), or -1.
#[wasm_bindgen]
pub fn test_hook_applied_at(seq: u64) -> f64 {
    with_hooks(|h| h.applied.get(&seq).copied()).unwrap_or(-1.0)
}
