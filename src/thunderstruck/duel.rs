//! The running duel as signals, and the only ways to act on it. The duel is
//! the store's game, whatever runs it: a room's host elsewhere, or this
//! tab's own host in practice (R23: the same host, dice and deadlines
//! either way). Components read the signals and call [`Duel::seal`] /
//! [`Duel::send`]: they never touch the game. What only the screen cares
//! about (the die picked, the plan being laid out) is in [`PlanUi`] and
//! [`ActUi`].

use std::sync::Arc;
use std::time::Duration;

use duel_core::thunderstruck::{Event, Game, Intent, Placement, Planning, Player};
use duel_core::SeatId;
use leptos::prelude::*;

pub use super::picks::{ActUi, PlanUi};
use super::room::RoomSeat;
use super::story::Story;
use crate::session::practice::ThunderPractice;
use crate::session::Mode;
use crate::store::Store;

/// The "seat" of a device that only watches: no player of any duel.
const WATCHER: Player = Player(u8::MAX);

/// How long the prompts wait for the host's answer before taking taps again.
const SENDING_AT_MOST: Duration = Duration::from_millis(2_000);

/// How often this seat's protocol steps are looked for.
const PUMP: Duration = Duration::from_millis(40);

/// The duel context (provided by the duel's screen). `Copy`.
#[derive(Clone, Copy)]
pub struct Duel {
    store: Store,
    /// This device's seat and secrets (`None` for a device that only watches).
    room: StoredValue<Option<RoomSeat>, LocalStorage>,
    set_game: WriteSignal<Option<Arc<Game>>>,
    set_story: WriteSignal<Story>,
    /// The duel as the replica holds it (`None`: no duel running).
    pub game: ReadSignal<Option<Arc<Game>>>,
    pub story: ReadSignal<Story>,
    /// The last refusal, as a sentence (cleared by the next successful move).
    pub notice: RwSignal<Option<String>>,
    pub plan: PlanUi,
    pub act: ActUi,
    /// The seat this screen plays (this device's seat; Red in practice).
    pub me: Player,
    /// An intent of this seat is on its way to the host (the prompts wait
    /// for its answer instead of taking a second tap).
    pub sending: RwSignal<bool>,
    /// Events in the copy last seen: fewer now means a new duel began under
    /// this screen ("Play again"), which starts with a clean slate.
    applied: StoredValue<u64>,
}

impl Duel {
    /// The duel the store runs, played from this device's `seat`: the game
    /// follows the replica, the story its events, and the seat's protocol
    /// steps go out as soon as they are due. Its pump stops with the calling
    /// component. `room` names where the seat's secrets are kept.
    pub fn seat(store: Store, room: &str, seat: SeatId) -> Duel {
        let duel = Duel::follow(store, Player(seat.0));
        let fresh = store.game.with_untracked(|g| {
            g.as_ref().and_then(|g| g.thunderstruck()).is_some_and(|d| new_duel_for(d, duel.me))
        });
        duel.room.set_value(Some(RoomSeat::open(room, seat, fresh)));
        if let Ok(handle) = set_interval_with_handle(move || duel.step(), PUMP) {
            on_cleanup(move || handle.clear());
        }
        duel
    }

    /// The duel the store runs, watched from a device with no seat (the TV
    /// at the table, a replay): every console shows on the ship cards.
    pub fn watch(store: Store) -> Duel {
        Duel::follow(store, WATCHER)
    }

    /// A duel context that follows the replica: the game and the story.
    fn follow(store: Store, me: Player) -> Duel {
        let (game, set_game) = signal(None::<Arc<Game>>);
        let (story, set_story) = signal(Story::default());
        let duel = Duel {
            store,
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
            applied: StoredValue::new(0),
        };
        Effect::new(move |_| {
            duel.renew_if_new();
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
        // The duel so far, told at once where this tab holds the host's log (a
        // practice, a hosted room: a reload tells it again); a guest tells what it sees.
        let history: Vec<Event> = store
            .history()
            .into_iter()
            .filter_map(|e| match e {
                duel_core::Event::Thunderstruck(e) => Some(e),
                _ => None,
            })
            .collect();
        let told = !history.is_empty();
        store.game.with_untracked(|g| {
            if let Some(g) = g.as_ref().and_then(|g| g.thunderstruck()) {
                duel.set_story.update(|s| s.record(g.board(), &history));
            }
        });
        Effect::new(move |seen: Option<()>| {
            let events = store.thunder_events.get().1;
            duel.renew_if_new();
            // The batch of the last pump before this screen is in the history told above.
            if seen.is_none() && told {
                return;
            }
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

    /// A new duel in the same session (the copy went back): the story, the
    /// picks and the seat's secrets start afresh. Either effect may see it first.
    fn renew_if_new(&self) {
        let applied = self.store.game.with_untracked(|g| g.as_ref().map_or(0, |g| g.events_applied()));
        let before = self.applied.get_value();
        self.applied.set_value(applied);
        if applied >= before {
            return;
        }
        self.set_story.set(Story::default());
        self.reset_plan();
        self.act.reset();
        self.notice.set(None);
        self.room.update_value(|r| {
            if let Some(r) = r {
                r.renew();
            }
        });
    }

    /// Sends this seat's protocol step (commit a seed, reveal) when one is due.
    fn step(&self) {
        let Some(game) = self.game.get_untracked() else { return };
        let step = self.room.with_value(|r| r.as_ref().and_then(|r| r.step(&game).map(|i| (r.seat, i))));
        if let Some((seat, intent)) = step {
            if self.store.pending() == 0 {
                let _ = self.store.submit(seat, duel_core::Intent::Thunderstruck(intent));
            }
        }
    }

    /// Whether this duel is this tab's practice against bots (not a room's).
    pub fn practice(&self) -> bool {
        self.store.mode.get_untracked() == Mode::Practice
    }

    /// Leaves the duel (a practice is forgotten) and goes home.
    pub fn leave(&self) {
        crate::boot::leave(self.store);
    }

    /// The same set-up again, from round 1, against the same bots.
    pub fn again(&self) {
        let config = self.game.with_untracked(|g| g.as_ref().map(|g| g.config()));
        let Some(config) = config else { return };
        let level = self.store.room.with_untracked(|r| {
            r.as_ref().map(|r| crate::session::difficulty(r.bots.level(duel_core::SeatId(1))))
        });
        let choice = ThunderPractice {
            players: config.players,
            rounds: config.rounds,
            level: level.unwrap_or(ThunderPractice::default().level),
            red_first: config.first == Player(0),
        };
        crate::boot::thunderstruck_practice(self.store, choice);
    }

    fn reset_plan(&self) {
        self.plan.rerolls.set(0);
        self.plan.draft.set(Vec::new());
        self.plan.picked.set(None);
    }

    /// The person's dice this round after `rerolls` rerolls (untracked: read it in a memo over `game`).
    pub fn dice(&self, rerolls: u8) -> Option<Vec<duel_core::Pip>> {
        let game = self.game.get_untracked()?;
        self.room.with_value(|r| r.as_ref().and_then(|r| r.desk().dice(&game, rerolls)))
    }

    /// The plan the person locked in this round.
    pub fn my_plan(&self) -> Option<(u8, Placement)> {
        let game = self.game.get_untracked()?;
        self.room.with_value(|r| r.as_ref().and_then(|r| r.desk().plan(&game).map(|(n, p)| (n, p.clone()))))
    }

    /// Whether `player`'s plan is locked in.
    pub fn sealed(&self, player: Player) -> bool {
        self.game.with_untracked(|g| {
            g.as_ref()
                .and_then(|g| g.ship(player))
                .is_some_and(|s| matches!(s.planning, Planning::Sealed { .. } | Planning::Revealed))
        })
    }

    /// Locks in the person's plan as drafted.
    pub fn seal(&self) {
        let rerolls = self.plan.rerolls.get_untracked();
        let placement = Placement::new(self.plan.draft.get_untracked());
        let Some(game) = self.game.get_untracked() else { return };
        let sealed =
            self.room.try_update_value(|r| r.as_mut().map(|r| (r.seat, r.seal(&game, rerolls, placement))));
        match sealed.flatten() {
            Some((seat, Ok(intent))) => self.send_as(seat, intent),
            Some((_, Err(refusal))) => self.notice.set(Some(refusal.to_string())),
            None => {}
        }
    }

    /// Sends one of the person's Action Phase intents.
    pub fn send(&self, intent: Intent) {
        if let Some(seat) = self.room.with_value(|r| r.as_ref().map(|r| r.seat)) {
            self.send_as(seat, intent);
        }
    }

    /// Sends a Thunderstruck intent through the store's session; the state comes back from the host.
    fn send_as(&self, seat: SeatId, intent: Intent) {
        match self.store.submit(seat, duel_core::Intent::Thunderstruck(intent)) {
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
}

/// Whether `duel` is new to `me`: round 1 with no seed of `me` committed, so
/// no secret kept from an earlier duel (a practice before, a rematch in the
/// same room) is needed, and none should be reused (a seed already revealed
/// would let the host see this seat's dice coming).
fn new_duel_for(duel: &Game, me: Player) -> bool {
    duel.round() == 1 && duel.ship(me).is_some_and(|s| s.planning == Planning::Unseeded)
}

/// The duel context of the duel's screen.
pub fn use_duel() -> Duel {
    expect_context::<Duel>()
}
