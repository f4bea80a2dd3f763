//! The running duel as signals, and the only ways to act on it. The
//! [`Session`] lives in a local `StoredValue`; after every change the game
//! is published as a signal and the log is told. Components read the
//! signals and call [`Duel::seal`] / [`Duel::send`]: they never touch the
//! game. What only the screen cares about (the die picked, the plan being
//! laid out) is in [`PlanUi`] and [`ActUi`].

use std::sync::Arc;
use std::time::Duration;

use duel_core::thunderstruck::{Event, Game, Intent, Placement, Player};
use leptos::prelude::*;

pub use super::picks::{ActUi, PlanUi};
use super::room::RoomSeat;
use super::save;
use super::session::{Pace, Session, Setup, ME};
use super::story::Story;
use crate::platform::{now_ms, random};
use crate::route::{go, Route};
use crate::session::Options;
use crate::store::Store;
use duel_core::SeatId;

/// The "seat" of a device that only watches: no player of any duel.
const WATCHER: Player = Player(u8::MAX);

/// How long the prompts wait for the host's answer before taking taps again.
const SENDING_AT_MOST: Duration = Duration::from_millis(2_000);

/// How often the session is pumped (bots' pace is set by [`Pace`], not by this).
const PUMP: Duration = Duration::from_millis(40);

/// The duel context (provided by the app's root). `Copy`.
#[derive(Clone, Copy)]
pub struct Duel {
    session: StoredValue<Option<Session>, LocalStorage>,
    /// In a room: this device's seat and secrets (then `session` stays empty).
    room: StoredValue<Option<RoomSeat>, LocalStorage>,
    set_game: WriteSignal<Option<Arc<Game>>>,
    set_story: WriteSignal<Story>,
    /// The game as the table holds it (`None`: no duel running).
    pub game: ReadSignal<Option<Arc<Game>>>,
    pub story: ReadSignal<Story>,
    /// The last refusal, as a sentence (cleared by the next successful move).
    pub notice: RwSignal<Option<String>>,
    pub plan: PlanUi,
    pub act: ActUi,
    /// The seat this screen plays (Red in practice; this device's seat in a room).
    pub me: Player,
    /// In a room: an intent of this seat is on its way to the host (the
    /// prompts wait for its answer instead of taking a second tap).
    pub sending: RwSignal<bool>,
    opts: Options,
    /// Where a finished duel that could not be kept says so (the app's toasts).
    toasts: crate::ui::toast::Toasts,
}

impl Duel {
    /// The context, with a saved duel resumed if there is one, and its pump.
    pub fn new(opts: Options) -> Duel {
        let duel = Duel::blank(opts, ME);
        match save::load(duel.pace()) {
            Some(Ok(session)) => duel.install(session),
            Some(Err(e)) => leptos::logging::warn!("the saved Thunderstruck duel could not be resumed: {e}"),
            None => {}
        }
        // The app lives as long as the page: the interval stays.
        set_interval(move || duel.pump(), PUMP);
        duel
    }

    /// A duel context with nothing running yet, played from seat `me`.
    fn blank(opts: Options, me: Player) -> Duel {
        let (game, set_game) = signal(None::<Arc<Game>>);
        let (story, set_story) = signal(Story::default());
        Duel {
            session: StoredValue::new_local(None),
            room: StoredValue::new_local(None),
            set_game,
            set_story,
            game,
            story,
            notice: RwSignal::new(None),
            plan: PlanUi::new(),
            act: ActUi::new(),
            me,
            sending: RwSignal::new(false),
            opts,
            toasts: use_context::<Store>().map_or_else(crate::ui::toast::Toasts::new, |s| s.toasts),
        }
    }

    /// The duel of the room `store` runs, played from this device's `seat`:
    /// the game follows the room's replica, the story its events, and the
    /// seat's protocol steps go out as soon as they are due. Its pump stops
    /// with the calling component.
    pub fn room(store: Store, room: &str, seat: SeatId) -> Duel {
        let duel = Duel::follow(store, Player(seat.0));
        duel.room.set_value(Some(RoomSeat::open(room, seat)));
        if let Ok(handle) = set_interval_with_handle(move || duel.room_step(store), PUMP) {
            on_cleanup(move || handle.clear());
        }
        duel
    }

    /// The duel of the room `store` runs, watched from a device with no
    /// seat (the TV at the table): every console shows on the ship cards.
    pub fn watch(store: Store) -> Duel {
        Duel::follow(store, WATCHER)
    }

    /// A duel context that follows the room's replica: the game and the story.
    fn follow(store: Store, me: Player) -> Duel {
        let duel = Duel::blank(store.opts, me);
        Effect::new(move |_| {
            let game = store.game.with(|g| g.as_ref().and_then(|g| g.thunderstruck().cloned()).map(Arc::new));
            if let Some(g) = &game {
                if !g.waiting_on().contains(&duel.me) {
                    duel.act.reset();
                }
            }
            // Another player's event (a second Manoeuvre winner steering first) must not
            // bring back the prompt this device already answered: the answer is in flight
            // until the replica holds nothing unanswered.
            if store.pending() == 0 {
                duel.sending.set(false);
            }
            duel.set_game.set(game);
        });
        Effect::new(move |_| {
            let events = store.thunder_events.get().1;
            if events.iter().any(|e| matches!(e, Event::Beacon { .. })) {
                duel.reset_plan();
            }
            store.game.with_untracked(|g| {
                if let Some(g) = g.as_ref().and_then(|g| g.thunderstruck()) {
                    duel.set_story.update(|s| s.record(g.board(), &events));
                }
            });
        });
        duel
    }

    /// In a room: sends this seat's protocol step when one is due.
    fn room_step(&self, store: Store) {
        let Some(game) = self.game.get_untracked() else { return };
        let step = self.room.with_value(|r| r.as_ref().and_then(|r| r.step(&game).map(|i| (r.seat, i))));
        if let Some((seat, intent)) = step {
            if store.pending() == 0 {
                let _ = store.submit(seat, duel_core::Intent::Thunderstruck(intent));
            }
        }
    }

    /// Whether this duel is a room's (a seat's, or watched), not this tab's practice.
    fn in_room(&self) -> bool {
        self.me == WATCHER || self.room.with_value(Option::is_some)
    }

    fn pace(&self) -> Pace {
        Pace::new(self.opts.fast, self.opts.speed)
    }

    /// Starts a new duel with `setup` and shows it.
    pub fn start(&self, setup: Setup) {
        let seed = self.opts.seed.unwrap_or_else(random::u64);
        // A seeded page (tests, demos) gets seeded secrets too: the same taps replay the same duel.
        let mut n = 0u8;
        let masters = move || {
            n = n.wrapping_add(1);
            let mut m = [0u8; 32];
            match self.opts.seed {
                Some(s) => {
                    m[..8].copy_from_slice(&s.to_le_bytes());
                    m[8] = n;
                }
                None => random::fill(&mut m),
            }
            m
        };
        match Session::new(setup, seed, masters, self.pace()) {
            Ok(session) => {
                self.install(session);
                self.pump();
            }
            Err(e) => self.notice.set(Some(e.to_string())),
        }
    }

    fn install(&self, session: Session) {
        let game = Arc::new(session.game().clone());
        // A resumed duel tells its log again.
        let mut story = Story::default();
        story.record(game.board(), session.events());
        self.session.set_value(Some(session));
        self.set_story.set(story);
        self.reset_plan();
        self.act.reset();
        self.notice.set(None);
        self.set_game.set(Some(game));
    }

    /// The duel played in this tab as a saved game (`None` in a room: the
    /// room's replica keeps that one).
    pub fn record(&self) -> Option<duel_net::GameRecord> {
        self.session.with_value(|s| {
            let s = s.as_ref()?;
            let setup = s.setup();
            let bots = format!(": bot ({})", setup.level.name());
            crate::records::record::offline_thunderstruck(setup.config(s.seed()), s.events(), &bots, now_ms())
        })
    }

    /// Ends the running duel (it is forgotten) and goes home.
    pub fn leave(&self, store: crate::store::Store) {
        if self.in_room() {
            crate::boot::leave(store);
            return;
        }
        self.quit();
        go(store, Route::Home);
    }

    /// Abandons the running duel (it is forgotten): the set-up screen shows.
    pub fn quit(&self) {
        if self.in_room() {
            crate::boot::leave(expect_context::<Store>());
            return;
        }
        self.session.set_value(None);
        save::forget();
        self.set_game.set(None);
        self.set_story.set(Story::default());
    }

    /// The same set-up again, from round 1.
    pub fn again(&self) {
        let setup = self.session.with_value(|s| s.as_ref().map(Session::setup)).unwrap_or_default();
        self.start(setup);
    }

    fn reset_plan(&self) {
        self.plan.rerolls.set(0);
        self.plan.draft.set(Vec::new());
        self.plan.picked.set(None);
    }

    /// The person's dice this round after `rerolls` rerolls (untracked: read it in a memo over `game`).
    pub fn dice(&self, rerolls: u8) -> Option<Vec<duel_core::Pip>> {
        if self.in_room() {
            let game = self.game.get_untracked()?;
            return self.room.with_value(|r| r.as_ref().and_then(|r| r.desk().dice(&game, rerolls)));
        }
        self.session.with_value(|s| s.as_ref().and_then(|s| s.dice(rerolls)))
    }

    /// Whether this duel is played in a room (not against this tab's bots).
    pub fn online(&self) -> bool {
        self.in_room()
    }

    /// The plan the person locked in this round.
    pub fn my_plan(&self) -> Option<(u8, Placement)> {
        if self.in_room() {
            let game = self.game.get_untracked()?;
            return self
                .room
                .with_value(|r| r.as_ref().and_then(|r| r.desk().plan(&game).map(|(n, p)| (n, p.clone()))));
        }
        self.session.with_value(|s| s.as_ref().and_then(Session::my_plan))
    }

    /// Whether `player`'s plan is locked in.
    pub fn sealed(&self, player: Player) -> bool {
        if self.in_room() {
            return self.game.with_untracked(|g| {
                g.as_ref().and_then(|g| g.ship(player)).is_some_and(|s| {
                    matches!(
                        s.planning,
                        duel_core::thunderstruck::Planning::Sealed { .. }
                            | duel_core::thunderstruck::Planning::Revealed
                    )
                })
            });
        }
        self.session.with_value(|s| s.as_ref().is_some_and(|s| s.sealed(player)))
    }

    fn pump(&self) {
        let now = now_ms();
        let events = self.session.try_update_value(|s| s.as_mut().map(|s| s.pump(now))).flatten();
        if let Some(events) = events.filter(|e| !e.is_empty()) {
            self.publish(&events);
        }
    }

    /// Locks in the person's plan as drafted.
    pub fn seal(&self) {
        let rerolls = self.plan.rerolls.get_untracked();
        let placement = Placement::new(self.plan.draft.get_untracked());
        if self.in_room() {
            let Some(game) = self.game.get_untracked() else { return };
            let sealed = self
                .room
                .try_update_value(|r| r.as_mut().map(|r| (r.seat, r.seal(&game, rerolls, placement))));
            match sealed.flatten() {
                Some((seat, Ok(intent))) => self.send_to_room(seat, intent),
                Some((_, Err(refusal))) => self.notice.set(Some(refusal.to_string())),
                None => {}
            }
            return;
        }
        let now = now_ms();
        let result = self.session.try_update_value(|s| s.as_mut().map(|s| s.seal(now, rerolls, placement)));
        self.answer(result.flatten());
    }

    /// Sends one of the person's Action Phase intents.
    pub fn send(&self, intent: Intent) {
        if let Some(seat) = self.room.with_value(|r| r.as_ref().map(|r| r.seat)) {
            self.send_to_room(seat, intent);
            return;
        }
        let now = now_ms();
        let result = self.session.try_update_value(|s| s.as_mut().map(|s| s.submit(now, intent)));
        self.answer(result.flatten());
    }

    /// Sends a Thunderstruck intent through the room's session; the state comes back from the host.
    fn send_to_room(&self, seat: SeatId, intent: Intent) {
        let store = expect_context::<Store>();
        match store.submit(seat, duel_core::Intent::Thunderstruck(intent)) {
            Ok(()) => {
                self.notice.set(None);
                self.act.reset();
                // Until the host's events come back (or a refusal: then the toast says why).
                self.sending.set(true);
                let sending = self.sending;
                set_timeout(move || sending.set(false), SENDING_AT_MOST);
            }
            Err(reason) => self.notice.set(Some(reason)),
        }
    }

    fn answer(&self, result: Option<Result<Vec<Event>, duel_core::thunderstruck::Refusal>>) {
        match result {
            Some(Ok(events)) => {
                self.notice.set(None);
                self.act.reset();
                self.publish(&events);
            }
            Some(Err(refusal)) => self.notice.set(Some(refusal.to_string())),
            None => self.notice.set(Some("No duel is running.".into())),
        }
    }

    fn publish(&self, events: &[Event]) {
        let Some(game) = self.session.with_value(|s| s.as_ref().map(|s| Arc::new(s.game().clone()))) else {
            return;
        };
        if events.iter().any(|e| matches!(e, Event::Beacon { .. })) {
            self.reset_plan();
        }
        // Someone else's move may end the person's half-made one (a hit, a new round).
        if !game.waiting_on().contains(&self.me) {
            self.act.reset();
        }
        self.set_story.update(|s| s.record(game.board(), events));
        let over = game.is_over() && !events.is_empty();
        self.set_game.set(Some(game));
        if over {
            // The finished duel joins the saved games (issue 17), as a room's match does.
            if let Some(record) = self.record() {
                crate::records::keeper::keep(self.toasts, record);
            }
        }
        self.session.with_value(|s| {
            if let Some(s) = s {
                save::store(s);
            }
        });
    }
}

/// The duel context of the running app.
pub fn use_duel() -> Duel {
    expect_context::<Duel>()
}
