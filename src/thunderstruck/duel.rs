//! The running duel as the screen reads it, and the only ways to act on it.
//! The duel is the store's game, whatever runs it: a room's host elsewhere,
//! or this tab's own host in practice (R23: the same host, dice and
//! deadlines either way). The seat's secrets and its protocol steps are the
//! session's (`session/thunder_desk.rs`), its story the store's log
//! (`feed::ThunderStory`). Components read memos of the store and call
//! [`Duel::seal`] / [`Duel::send`]: they never touch the game. What only the
//! screen cares about (the die picked, the plan being laid out) is in
//! [`PlanUi`] and [`ActUi`].

use std::sync::Arc;
use std::time::Duration;

use duel_core::thunderstruck::{Game, Intent, Placement, Planning, Player};
use duel_core::SeatId;
use leptos::prelude::*;

pub use super::picks::{ActUi, PlanUi};
use crate::feed::ThunderStory;
use crate::session::practice::ThunderPractice;
use crate::session::SessionKind;
use crate::store::{Act, Acted, Errand, Store};

/// The "seat" of a device that only watches: no player of any duel.
const WATCHER: Player = Player(u8::MAX);

/// How long the prompts wait for the host's answer before taking taps again.
const SENDING_AT_MOST: Duration = Duration::from_millis(2_000);

/// The duel context (provided by the duel's screen). `Copy`.
#[derive(Clone, Copy)]
pub struct Duel {
    store: Store,
    /// The seat this device flies (`None` for a device that only watches).
    seat: Option<SeatId>,
    /// The duel as the replica holds it (`None`: no duel running), a memo of the store's game.
    pub game: Memo<Option<Arc<Game>>>,
    /// The last refusal, as a sentence (cleared by the next successful move).
    pub notice: RwSignal<Option<String>>,
    pub plan: PlanUi,
    pub act: ActUi,
    /// The seat this screen plays (this device's seat; Red in practice).
    pub me: Player,
    /// An intent of this seat is on its way to the host (the prompts wait
    /// for its answer instead of taking a second tap).
    pub sending: RwSignal<bool>,
}

impl Duel {
    /// The duel the store runs, played from this device's `seat`.
    pub fn seat(store: Store, seat: SeatId) -> Duel {
        Duel::follow(store, Some(seat))
    }

    /// The duel the store runs, watched from a device with no seat (the TV
    /// at the table, a replay): every console shows on the ship cards.
    pub fn watch(store: Store) -> Duel {
        Duel::follow(store, None)
    }

    fn follow(store: Store, seat: Option<SeatId>) -> Duel {
        let game = Memo::new(move |_| {
            store.game.with(|g| g.as_ref().and_then(|g| g.thunderstruck().cloned()).map(Arc::new))
        });
        let duel = Duel {
            store,
            seat,
            game,
            notice: RwSignal::new(None),
            plan: PlanUi::new(),
            act: ActUi::new(),
            me: seat.map_or(WATCHER, |s| Player(s.0)),
            sending: RwSignal::new(false),
        };
        duel.follow_picks();
        duel
    }

    /// The screen's own picks follow the duel: a new duel clears them all, a
    /// new round's roll the plan being laid out, a move no longer asked of
    /// this seat the die in hand; and an answer from the host ends the wait
    /// for it. Only UI state is written here: the duel itself is `game`.
    fn follow_picks(self) {
        let store = self.store;
        Effect::new(move |before: Option<(u64, Option<(u8, u64)>)>| {
            let (applied, roll, asked) = store.game.with(|g| {
                let applied = g.as_ref().map_or(0, |g| g.events_applied());
                let duel = g.as_ref().and_then(|g| g.thunderstruck());
                let roll = duel.and_then(|d| match d.phase() {
                    duel_core::thunderstruck::Phase::Planning { beacon: Some(b) } => Some((d.round(), *b)),
                    _ => None,
                });
                (applied, roll, duel.is_some_and(|d| d.waiting_on().contains(&self.me)))
            });
            if let Some((was_applied, was_roll)) = before {
                if applied < was_applied {
                    self.reset_plan();
                    self.act.reset();
                    self.notice.set(None);
                } else if roll.is_some() && roll != was_roll {
                    self.reset_plan();
                }
            }
            if !asked {
                self.act.reset();
            }
            // Another player's event (a second Manoeuvre winner steering first) must not
            // bring back the prompt this device already answered: the answer is in flight
            // until the replica holds nothing unanswered.
            if store.pending() == 0 {
                self.sending.set(false);
            }
            (applied, roll)
        });
    }

    /// The duel's story so far (tracked: read it in a view or a memo).
    pub fn story<U>(&self, f: impl FnOnce(&ThunderStory) -> U) -> U {
        self.store.log.with(|l| f(&l.thunder))
    }

    /// Whether this duel is this tab's practice against bots (not a room's).
    pub fn practice(&self) -> bool {
        self.store.kind.get_untracked() == SessionKind::Practice
    }

    /// Leaves the duel (a practice is forgotten) and goes home.
    pub fn leave(&self) {
        self.store.act(Errand::Leave);
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
        self.store.act(Errand::ThunderstruckPractice(choice));
    }

    fn reset_plan(&self) {
        self.plan.rerolls.set(0);
        self.plan.draft.set(Vec::new());
        self.plan.picked.set(None);
    }

    /// The person's dice this round after `rerolls` rerolls (untracked: read it in a memo over `game`).
    pub fn dice(&self, rerolls: u8) -> Option<Vec<duel_core::Pip>> {
        self.seat?;
        self.store.duel_dice(rerolls)
    }

    /// The plan the person locked in this round (untracked, like [`Duel::dice`]).
    pub fn my_plan(&self) -> Option<(u8, Placement)> {
        self.seat?;
        self.store.duel_plan()
    }

    /// Whether `player`'s plan is locked in.
    pub fn sealed(&self, player: Player) -> bool {
        self.game.with_untracked(|g| {
            g.as_ref()
                .and_then(|g| g.ship(player))
                .is_some_and(|s| matches!(s.planning, Planning::Sealed { .. } | Planning::Revealed))
        })
    }

    /// Locks in the person's plan as drafted (the store seals it with the session's desk).
    pub fn seal(&self) {
        if self.seat.is_none() {
            return;
        }
        let rerolls = self.plan.rerolls.get_untracked();
        let placement = Placement::new(self.plan.draft.get_untracked());
        let sealed = self.store.act(Act::SealPlan { rerolls, placement });
        self.answered(sealed);
    }

    /// Sends one of the person's Action Phase intents.
    pub fn send(&self, intent: Intent) {
        if let Some(seat) = self.seat {
            let sent = self.store.act(Act::Submit { seat, intent: duel_core::Intent::Thunderstruck(intent) });
            self.answered(sent);
        }
    }

    /// After an intent went to the store's session: the picks are spent and
    /// the prompts wait for the host; or the refusal, in words.
    fn answered(&self, sent: Acted) {
        match sent {
            Acted::Done => {
                self.notice.set(None);
                self.act.reset();
                // Until the host's events come back (or a refusal: then the toast says why).
                self.sending.set(true);
                let sending = self.sending;
                set_timeout(move || sending.set(false), SENDING_AT_MOST);
            }
            Acted::Refused(reason) => self.notice.set(Some(reason.to_string())),
            Acted::NotDone => {}
        }
    }
}

/// The duel context of the duel's screen.
pub fn use_duel() -> Duel {
    expect_context::<Duel>()
}
