//! The app's state as signals, and the one way to act: [`Store::send`].
//!
//! The session (host, replica, bots) lives in a local `StoredValue`; after
//! every pump the store copies what changed into signals (the replica's
//! `Game`, the room view, the event log), and components derive what they
//! show from those with memos. Components never touch game state: they send
//! intents, and the state comes back from the host like everyone else's.

use std::sync::Arc;

use duel_bots::{Difficulty, EnergyRequest};
use duel_core::ship::Ship;
use duel_core::{Game, Intent, SeatId, ShipId};
use duel_net::{Command, PlayerNo, RoomView, Timing};
use leptos::prelude::*;

use super::boot::Mode;
use super::route::Route;
use crate::game::feed::Log;
use crate::platform::now_ms;
use crate::session::{LinkState, Options, SessionApi};
use crate::ui::sound;
use crate::ui::state::Ui;
use crate::ui::toast::Toasts;

/// Ships in the largest layout (two a side, or the free-for-all).
const MAX_SHIPS: usize = 4;

/// How often (at most) the host's room is written to storage.
const SAVE_EVERY_MS: u64 = 1_000;

/// Signals derived from the session, plus the session itself. `Copy`: pass it anywhere.
#[derive(Clone, Copy)]
pub struct Store {
    session: StoredValue<Option<Box<dyn SessionApi>>, LocalStorage>,
    last_save: StoredValue<u64>,
    save_due: StoredValue<bool>,
    pub mode: RwSignal<Mode>,
    /// The screen shown (kept in step with the address's hash).
    pub route: RwSignal<Route>,
    pub game: RwSignal<Option<Arc<Game>>>,
    pub room: RwSignal<Option<RoomView>>,
    pub me: RwSignal<Option<PlayerNo>>,
    pub owner: RwSignal<bool>,
    pub link: RwSignal<LinkState>,
    pub link_note: RwSignal<Option<String>>,
    pub levels: RwSignal<Vec<(SeatId, Difficulty)>>,
    pub bots_paused: RwSignal<bool>,
    pub calls: RwSignal<Vec<EnergyRequest>>,
    pub timing: RwSignal<Timing>,
    pub log: RwSignal<Log>,
    /// Each ship, re-read only when it changed (shared by every station screen).
    ships: [Memo<Option<Ship>>; MAX_SHIPS],
    pub toasts: Toasts,
    /// A coarse clock (ms since the epoch) for countdowns, ticked by the pump loop.
    pub now: RwSignal<u64>,
    pub opts: Options,
    pub ui: Ui,
}

impl Store {
    /// An empty store (no session yet) with the page's options.
    pub fn new(opts: Options) -> Store {
        let game: RwSignal<Option<Arc<Game>>> = RwSignal::new(None);
        let ships = std::array::from_fn(|i| {
            Memo::new(move |_| game.with(|g| g.as_ref().and_then(|g| g.ship(ShipId(i as u8)).cloned())))
        });
        Store {
            ships,
            session: StoredValue::new_local(None),
            last_save: StoredValue::new(0),
            save_due: StoredValue::new(false),
            mode: RwSignal::new(Mode::None),
            route: RwSignal::new(Route::Home),
            game,
            room: RwSignal::new(None),
            me: RwSignal::new(None),
            owner: RwSignal::new(false),
            link: RwSignal::new(LinkState::Offline),
            link_note: RwSignal::new(None),
            levels: RwSignal::new(Vec::new()),
            bots_paused: RwSignal::new(opts.bots_paused),
            calls: RwSignal::new(Vec::new()),
            timing: RwSignal::new(Timing::default()),
            log: RwSignal::new(Log::default()),
            toasts: Toasts::new(),
            now: RwSignal::new(now_ms()),
            opts,
            ui: Ui::new(),
        }
    }

    /// Makes `session` the running one (the old one, if any, is dropped).
    pub fn install(&self, session: Box<dyn SessionApi>, mode: Mode) {
        let history = session.history();
        self.timing.set(session.timing());
        self.levels.set(session.bots_ref().levels());
        self.bots_paused.set(session.bots_ref().paused());
        self.session.set_value(Some(session));
        self.mode.set(mode);
        self.game.set(None);
        self.room.set(None);
        self.log.set(Log::from_history(&history));
        self.ui.reset();
        self.pump();
    }

    /// Drops the running session (leaving a room or a practice).
    pub fn uninstall(&self) {
        self.session.set_value(None);
        self.mode.set(Mode::None);
        self.game.set(None);
        self.room.set(None);
        self.me.set(None);
        self.owner.set(false);
        self.log.set(Log::default());
        self.ui.reset();
    }

    /// Runs `f` on the session, if any.
    pub fn with_session<U>(&self, f: impl FnOnce(&mut dyn SessionApi) -> U) -> Option<U> {
        self.session.try_update_value(|s| s.as_mut().map(|s| f(s.as_mut()))).flatten()
    }

    /// Sends a person's intent for `seat`; a refusal shows its reason. Returns whether it went.
    pub fn send(&self, seat: SeatId, intent: Intent) -> bool {
        let cue = sound::cue_for(&intent);
        match self.with_session(|s| s.submit(now_ms(), seat, intent)) {
            Some(Ok(())) => {
                if let Some(cue) = cue {
                    sound::play(cue, self.ui.muted.get_untracked());
                }
                self.pump();
                true
            }
            Some(Err(reason)) => {
                self.toasts.error(reason);
                false
            }
            None => false,
        }
    }

    /// Sends a lobby command; a refusal shows its reason.
    pub fn command(&self, command: Command) {
        match self.with_session(|s| s.command(now_ms(), command)) {
            Some(Ok(())) => self.pump(),
            Some(Err(reason)) => self.toasts.error(reason),
            None => {}
        }
    }

    /// Moves the session on and publishes what changed.
    pub fn pump(&self) {
        let now = now_ms();
        let Some((p, game, room, state)) = self.with_session(|s| {
            let p = s.pump(now);
            let game = p.game_changed.then(|| s.game().cloned().map(Arc::new));
            let room = p.room_changed.then(|| s.room().cloned());
            let state =
                (s.me(), s.is_owner(), s.link_state(), s.bots_ref().open_calls().to_vec(), s.link_note());
            (p, game, room, state)
        }) else {
            return;
        };
        let (me, owner, link, calls, note) = state;
        if let Some(game) = game {
            self.game.set(game);
        }
        if let Some(room) = room {
            self.room.set(room);
        }
        if self.me.get_untracked() != me {
            self.me.set(me);
        }
        if self.owner.get_untracked() != owner {
            self.owner.set(owner);
        }
        if self.link.get_untracked() != link {
            self.link.set(link);
        }
        if self.link_note.with_untracked(|n| *n != note) {
            self.link_note.set(note);
        }
        if self.calls.with_untracked(|c| *c != calls) {
            self.calls.set(calls);
        }
        if !p.events.is_empty() {
            let muted = self.ui.muted.get_untracked();
            self.game.with_untracked(|g| {
                if let Some(g) = g {
                    for cue in sound::cues_for_events(g, &p.events) {
                        sound::play(cue, muted);
                    }
                }
            });
            self.log.update(|log| self.game.with_untracked(|g| log.record(g.as_deref(), &p.events, now)));
        }
        for reason in p.rejections {
            self.toasts.error(reason);
        }
        if let Some(reason) = p.refused {
            self.toasts.error(format!("The room refused this device: {reason}"));
        }
        if p.save_due {
            // Saved on the next clock tick, off the input → screen path.
            self.save_due.set_value(true);
        }
        if p.game_changed || p.room_changed {
            self.publish_debug();
        }
    }

    /// `window.__duel` for browser tests: head, state hash, seats, player, link.
    fn publish_debug(&self) {
        let snapshot = self.with_session(|s| crate::net::DebugSnapshot {
            head: s.head(),
            hash: s.game().map(|g| g.state_hash()),
            seats: match (s.room(), s.me()) {
                (Some(room), Some(me)) => room.seats_of(me).iter().map(|seat| seat.0).collect(),
                _ => Vec::new(),
            },
            me: s.me().map(|m| m.0),
            link: s.link_state().label().to_string(),
        });
        if let Some(snapshot) = snapshot {
            crate::net::publish_debug(&snapshot);
        }
    }

    /// Writes the host's room to storage: when `force`d, or when it changed
    /// and the last write is a second old.
    pub fn save(&self, now: u64, force: bool) {
        let due =
            self.save_due.get_value() && now.saturating_sub(self.last_save.get_value()) >= SAVE_EVERY_MS;
        if !force && !due {
            return;
        }
        self.save_due.set_value(false);
        let Some(Some(bytes)) = self.with_session(|s| s.save()) else { return };
        self.last_save.set_value(now);
        let levels = self.with_session(|s| s.bots_ref().levels()).unwrap_or_default();
        super::boot::persist(self.mode.get_untracked(), &bytes, &levels);
    }

    /// The clock tick of the pump loop: countdowns and toast expiry.
    pub fn tick(&self) {
        let now = now_ms();
        self.now.set(now);
        self.toasts.expire(now);
        self.save(now, false);
    }

    /// Sets the level of the bot in `seat` (owner only: the owner's tab runs the bots).
    pub fn set_level(&self, seat: SeatId, level: Difficulty) {
        let levels = self.with_session(|s| {
            s.bots().set_level(seat, level);
            s.bots_ref().levels()
        });
        if let Some(levels) = levels {
            self.levels.set(levels);
        }
    }

    /// Pauses or resumes the bots.
    pub fn set_bots_paused(&self, paused: bool) {
        self.with_session(|s| s.bots().set_paused(paused));
        self.bots_paused.set(paused);
    }

    /// A person shouts for energy for a station: bot Engineering honours it first.
    pub fn call_out(&self, request: EnergyRequest) {
        self.game.with_untracked(|g| {
            if let Some(g) = g {
                self.with_session(|s| s.bots().call_out(g, request));
            }
        });
        self.toasts.info(request.shout());
        self.pump();
    }

    /// Ship `ship`, as a memo that changes only when the ship does.
    pub fn ship(&self, ship: ShipId) -> Memo<Option<Ship>> {
        self.ships[usize::from(ship.0).min(MAX_SHIPS - 1)]
    }

    /// The seats this device holds (tracked: a memo re-runs when they change).
    pub fn my_seats(&self) -> Vec<SeatId> {
        let me = self.me.get();
        self.room.with(|room| match (room, me) {
            (Some(room), Some(me)) => room.seats_of(me),
            _ => Vec::new(),
        })
    }

    /// The seats this device holds, read without tracking (event handlers).
    pub fn my_seats_untracked(&self) -> Vec<SeatId> {
        let me = self.me.get_untracked();
        self.room.with_untracked(|room| match (room, me) {
            (Some(room), Some(me)) => room.seats_of(me),
            _ => Vec::new(),
        })
    }
}

/// The store of the running app (provided by [`super::App`]).
pub fn use_store() -> Store {
    expect_context::<Store>()
}
