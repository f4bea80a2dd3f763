//! The app's state as signals, and the one way to act: [`Store::act`] (see [`act`]).
//!
//! The session (host, replica, bots) lives in a local `StoredValue`; after
//! every pump the store copies what changed into signals (the replica's
//! `Game`, the room view, the event log), and components derive what they
//! show from those with memos. Components get read access only
//! ([`ReadSignal`]s and memos); the write halves stay in the store, which
//! alone writes them. Components never touch game state: they send
//! intents (an [`Act`]), and the state comes back from the host like everyone else's.
//! What a component owns (UI state: the shown tab, picks) is in [`Ui`].

use std::sync::Arc;

use duel_bots::EnergyRequest;
use duel_core::ship::Ship;
use duel_core::{Game, Intent, SeatId, ShipId};
use duel_net::{Command, PlayerNo, RoomView, Timing};
use leptos::prelude::*;

use crate::course::Lesson;
use crate::feed::Log;
use crate::net::ConnState;
use crate::pause::{PauseClock, PauseReason};
use crate::platform::now_ms;
use crate::route::Route;
use crate::session::{Options, SessionApi, SessionKind};
use crate::ui::sound;
use crate::ui::tab::Tab;
use crate::ui::toast::Toasts;
use ui::Ui;

pub mod act;
mod actions;
mod bots;
mod clock;
mod keep;
mod maps;
mod pairing;
mod pump;
mod reads;
mod replay;
mod route;
mod save;
pub mod seats;
#[cfg(test)]
mod tests;
mod thunder;
pub mod ui;

pub use act::{Act, ActError, Acted, Errand, Services};
pub use maps::SavedMaps;

#[cfg(feature = "test-hooks")]
pub use pump::PumpWatch;
pub use replay::ReplayControl;
pub use save::Persist;

/// Ships in the largest layout (two a side, or the free-for-all).
const MAX_SHIPS: usize = 4;

/// Signals derived from the session, plus the session itself. `Copy`: pass it anywhere.
#[derive(Clone, Copy)]
pub struct Store {
    session: StoredValue<Option<Box<dyn SessionApi>>, LocalStorage>,
    last_save: StoredValue<u64>,
    save_due: StoredValue<bool>,
    /// Batch times of the running game, and whether its record was kept.
    keeper: StoredValue<crate::records::Keeper>,
    /// The practice clock (stopped while the game is paused).
    clock: StoredValue<PauseClock>,
    /// Why a practice game is paused (`None`: running).
    pub paused: ReadSignal<Option<PauseReason>>,
    /// The write halves of the signals below: only the store writes them.
    set: Setters,
    /// Writing a room's save, carrying out errands: the services', handed in (see [`Services`]).
    services: Services,
    /// The running room's camera pairings (online rooms only; set after install).
    pairings: pairing::Pairings,
    /// Told of every pump (the browser tests' hooks; see [`Store::watch_pumps`]).
    #[cfg(feature = "test-hooks")]
    pump_watch: StoredValue<Option<PumpWatch>>,
    pub kind: ReadSignal<SessionKind>,
    /// The screen shown (kept in step with the address's hash; see [`Store::show_route`]).
    pub route: ReadSignal<Route>,
    pub game: ReadSignal<Option<Arc<Game>>>,
    pub room: ReadSignal<Option<RoomView>>,
    pub me: ReadSignal<Option<PlayerNo>>,
    pub owner: ReadSignal<bool>,
    /// The link to the room (offline in practice), with the reason when it failed.
    pub link: ReadSignal<ConnState>,
    /// While the room elects a new host: how it stands, in words.
    pub election: ReadSignal<Option<String>>,
    pub bots_paused: ReadSignal<bool>,
    pub calls: ReadSignal<Vec<EnergyRequest>>,
    pub timing: ReadSignal<Timing>,
    pub log: ReadSignal<Log>,
    /// A coarse clock (ms since the epoch) for countdowns, ticked by the pump loop.
    pub now: ReadSignal<u64>,
    /// Each ship, re-read only when it changed (shared by every station screen).
    ships: [Memo<Option<Ship>>; MAX_SHIPS],
    /// The tabs this device offers now (its seats' stations, captains, the board).
    pub tabs: Memo<Vec<Tab>>,
    pub toasts: Toasts,
    pub opts: Options,
    pub ui: Ui,
    /// The player's own maps (`store/maps.rs`).
    pub maps: SavedMaps,
    /// The lesson the running practice is (set after its session is installed,
    /// [`Store::set_lesson`]).
    pub lesson: ReadSignal<Option<&'static Lesson>>,
}

/// The write halves of the store's signals.
#[derive(Clone, Copy)]
struct Setters {
    kind: WriteSignal<SessionKind>,
    route: WriteSignal<Route>,
    game: WriteSignal<Option<Arc<Game>>>,
    room: WriteSignal<Option<RoomView>>,
    me: WriteSignal<Option<PlayerNo>>,
    owner: WriteSignal<bool>,
    link: WriteSignal<ConnState>,
    election: WriteSignal<Option<String>>,
    bots_paused: WriteSignal<bool>,
    calls: WriteSignal<Vec<EnergyRequest>>,
    timing: WriteSignal<Timing>,
    log: WriteSignal<Log>,
    now: WriteSignal<u64>,
    paused: WriteSignal<Option<PauseReason>>,
    lesson: WriteSignal<Option<&'static Lesson>>,
}

impl Store {
    /// An empty store (no session yet) with the page's options and the
    /// services' functions (`boot::SERVICES`).
    pub fn new(opts: Options, services: Services) -> Store {
        let (kind, set_kind) = signal(SessionKind::None);
        let (route, set_route) = signal(Route::Home);
        let (game, set_game) = signal(None::<Arc<Game>>);
        let (room, set_room) = signal(None::<RoomView>);
        let (me, set_me) = signal(None::<PlayerNo>);
        let (owner, set_owner) = signal(false);
        let (link, set_link) = signal(ConnState::Offline);
        let (election, set_election) = signal(None::<String>);
        let (bots_paused, set_bots_paused) = signal(opts.bots_paused);
        let (calls, set_calls) = signal(Vec::new());
        let (timing, set_timing) = signal(Timing::default());
        let (log, set_log) = signal(Log::default());
        let (now, set_now) = signal(now_ms());
        let (paused, set_paused) = signal(None::<PauseReason>);
        let (lesson, set_lesson) = signal(None::<&'static Lesson>);
        let ships = std::array::from_fn(|i| {
            Memo::new(move |_| game.with(|g| g.as_ref().and_then(|g| g.ship(ShipId(i as u8)).cloned())))
        });
        let tabs = Memo::new(move |_| {
            let seats = seats::held(room, me, true);
            game.with(|g| g.as_ref().map(|g| seats::tabs(g, &seats)).unwrap_or_else(|| vec![Tab::Board]))
        });
        Store {
            session: StoredValue::new_local(None),
            last_save: StoredValue::new(0),
            save_due: StoredValue::new(false),
            keeper: StoredValue::new(crate::records::Keeper::default()),
            clock: StoredValue::new(PauseClock::default()),
            paused,
            services,
            pairings: pairing::Pairings::new(),
            #[cfg(feature = "test-hooks")]
            pump_watch: StoredValue::new(None),
            set: Setters {
                kind: set_kind,
                route: set_route,
                game: set_game,
                room: set_room,
                me: set_me,
                owner: set_owner,
                link: set_link,
                election: set_election,
                bots_paused: set_bots_paused,
                calls: set_calls,
                timing: set_timing,
                log: set_log,
                now: set_now,
                paused: set_paused,
                lesson: set_lesson,
            },
            kind,
            route,
            game,
            room,
            me,
            owner,
            link,
            election,
            bots_paused,
            calls,
            timing,
            log,
            now,
            ships,
            tabs,
            toasts: Toasts::new(),
            opts,
            ui: Ui::new(tabs, opts.seed),
            maps: SavedMaps::load(),
            lesson,
        }
    }

    /// Makes `session` the running one (the old one, if any, is dropped).
    pub fn install(&self, session: Box<dyn SessionApi>, kind: SessionKind) {
        let log = Log::from_history(session.history());
        self.set.timing.set(session.timing());
        self.set.bots_paused.set(session.bots_ref().paused());
        let mut session = session;
        session.bots().set_pace(self.ui.bot_pace.get_untracked());
        self.session.set_value(Some(session));
        self.set_pairing(None);
        self.set.kind.set(kind.clone());
        self.set.game.set(None);
        self.set.room.set(None);
        self.set.log.set(log);
        self.keeper.set_value(crate::records::Keeper::default());
        self.clock.set_value(PauseClock::behind(if kind == SessionKind::Practice {
            crate::pause::practice_behind()
        } else {
            0
        }));
        self.set.paused.set(None);
        self.ui.reset();
        self.set.lesson.set(None);
        self.pump();
    }

    /// The story told afresh from `events` (a replay jumped): what the feed,
    /// the freeze card and the result screen's records would show there.
    pub fn retell(&self, events: &[duel_core::Event]) {
        let log = self.game.with_untracked(|g| Log::told(g.as_deref(), events));
        self.set.log.set(log);
    }

    /// Makes the running practice `lesson` (or none: its card goes first, so
    /// nothing of it reacts to a new game).
    pub fn set_lesson(&self, lesson: Option<&'static Lesson>) {
        self.set.lesson.set(lesson);
    }

    /// Drops the running session (leaving a room or a practice).
    pub fn uninstall(&self) {
        self.session.set_value(None);
        self.set_pairing(None);
        self.set.kind.set(SessionKind::None);
        self.set.game.set(None);
        self.set.room.set(None);
        self.set.me.set(None);
        self.set.owner.set(false);
        self.set.link.set(ConnState::Offline);
        self.set.log.set(Log::default());
        self.clock.set_value(PauseClock::default());
        self.set.paused.set(None);
        self.ui.reset();
        self.set.lesson.set(None);
    }

    /// Runs `f` on the session, if any.
    pub fn with_session<U>(&self, f: impl FnOnce(&mut dyn SessionApi) -> U) -> Option<U> {
        self.session.try_update_value(|s| s.as_mut().map(|s| f(s.as_mut()))).flatten()
    }

    /// Sends a person's intent for `seat`; a refusal shows its reason. Returns whether it went.
    pub fn send(&self, seat: SeatId, intent: Intent) -> bool {
        match self.submit(seat, intent) {
            Ok(()) => true,
            Err(reason) => {
                self.toasts.error(reason);
                false
            }
        }
    }

    /// Sends a person's intent for `seat` (with its sound) and pumps at once.
    ///
    /// # Errors
    /// Why the local copy already refuses it, or that no session runs.
    pub fn submit(&self, seat: SeatId, intent: Intent) -> Result<(), String> {
        if self.paused.get_untracked().is_some() {
            return Err("The game is paused: press Resume (or P) to play on.".to_string());
        }
        if self.link.with_untracked(|l| *l == ConnState::HostAway) {
            return Err("Waiting for the host: it is not answering, so your move is not sent.".to_string());
        }
        let cue = sound::cue_for(&intent);
        let now = self.session_now();
        self.with_session(|s| s.submit(now, seat, intent)).ok_or_else(no_session)??;
        if let Some(cue) = cue {
            sound::play(cue, self.ui.muted.get_untracked());
        }
        self.pump();
        Ok(())
    }

    /// Sends a lobby command; a refusal shows its reason.
    pub fn command(&self, command: Command) {
        if let Err(reason) = self.try_command(command) {
            self.toasts.error(reason);
        }
    }

    /// Sends a lobby command (or an intent without the local check) and pumps at once.
    ///
    /// # Errors
    /// Why it could not be sent (not joined yet, too many waiting), or that no session runs.
    pub fn try_command(&self, command: Command) -> Result<(), String> {
        let now = self.session_now();
        self.with_session(|s| s.command(now, command)).ok_or_else(no_session)??;
        self.pump();
        Ok(())
    }

    /// The clock tick of the pump loop: countdowns and toast expiry.
    pub fn tick(&self) {
        let now = now_ms();
        // Countdowns count session time: a pause stops them too.
        self.set.now.set(self.session_now());
        self.toasts.expire(now);
        self.save(now, false);
        // The screen stays on while a battle is on screen; the result, the lobby and home let it sleep.
        let battle = self.game.with_untracked(|g| g.as_ref().is_some_and(|g| g.outcome().is_none()));
        let shown = matches!(self.route.get_untracked(), Route::Play | Route::Board);
        crate::platform::device::keep_awake(self.ui.keep_awake.get_untracked() && battle && shown);
    }

    /// Ship `ship`, as a memo that changes only when the ship does.
    pub fn ship(&self, ship: ShipId) -> Memo<Option<Ship>> {
        self.ships[usize::from(ship.0).min(MAX_SHIPS - 1)]
    }
}

fn no_session() -> String {
    String::from("no game is running")
}

/// The store of the running app (provided by the root, `crate::app::App`).
pub fn use_store() -> Store {
    expect_context::<Store>()
}
